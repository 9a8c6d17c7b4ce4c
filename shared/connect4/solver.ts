/**
 * The solver steps of Pascal Pons' tutorial "Solving Connect 4: how to build a perfect AI", each
 * selectable, written as in his parts so the node counts are his:
 *
 *  - `minimax`   part 3: plain negamax.
 *  - `alphabeta` part 4: negamax alpha-beta with the score window (beta lowered to the best score still
 *                possible), columns left to right.
 *  - `order`     part 5: the same, columns centre first (3, 2, 4, 1, 5, 0, 6).
 *  - `tt`        part 7: + transposition table of upper bounds (Pons' 64 MB table, 8,388,593 entries).
 *  - `id`        part 8: + iterative deepening of the score by null-window searches.
 *  - `losing`    part 9: + only moves that do not lose at once are searched.
 *  - `sorted`    part 10: + moves sorted by the number of winning cells they leave the mover.
 *  - `final`     parts 11-12: + the table of part 11 (8,388,617 entries, the prime above 2^23) holding
 *                lower bounds as well (Pons' final solver, without the opening book).
 *
 * Node counting is Pons' (../../shared/data/connect4/README.md): every call of the negamax function
 * counts one, root included, cumulative over the null-window searches of one solve; from `losing` on,
 * a position whose player to move wins at once is answered before any negamax call (0 nodes), as
 * Pons' solve() does. The table is cleared before every solve. Strong solving returns the exact score
 * (Pons' convention, ./position.ts); weak solving searches the window [−1, 1], so only the sign of the
 * result is meant.
 *
 * State is passed down as the four words of the bitboards plus the stone count, so a node allocates
 * nothing. The `final` step's searches run by default on a WebAssembly kernel (./final-kernel.ts:
 * native 64-bit bitboards, about twice as fast, see bench/c4-vs-pons.ts); `finalNode` below searches
 * node for node the same tree and runs where WebAssembly is missing or when asked for
 * (SolverOptions.kernel).
 */
import {
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  WIDTH,
  bottomMask,
  popcount,
  topMask,
  nonLosingMoves,
  NON_LOSING_HI,
  winningCells,
  WIN_HI,
} from './bitboard.ts';
import { createFinalKernel, type FinalKernel, finalKernelUnavailable } from './final-kernel.ts';
import { CENTRE_FIRST, type Position } from './position.ts';
import { C4TranspositionTable, PONS_TABLE_SIZE, PONS_TABLE_SIZE_PART11 } from './transposition-table.ts';
import { quoted } from '../util/quoted.ts';
import { PROGRESS_TICK } from '../util/progress-pace.ts';

export const STEPS = ['minimax', 'alphabeta', 'order', 'tt', 'id', 'losing', 'sorted', 'final'] as const;
export type Step = (typeof STEPS)[number];

function isStep(s: string): s is Step {
  return (STEPS as readonly string[]).includes(s);
}

/** Pons' bounds of a score stored in the table (part 7): MIN_SCORE = −18, MAX_SCORE = 18. */
const MIN_SCORE = -(CELLS >> 1) + 3;
const MAX_SCORE = ((CELLS + 1) >> 1) - 3;

// Per column: its bottom and top cells in the lo and hi words (0 in the other word), so playing and
// testing a column needs no branch on the word.
const BOT_LO = new Int32Array(WIDTH),
  BOT_HI = new Int32Array(WIDTH);
const TOP_LO = new Int32Array(WIDTH),
  TOP_HI = new Int32Array(WIDTH);
const COL_LO = new Int32Array(WIDTH),
  COL_HI = new Int32Array(WIDTH);
const ORDER = Int32Array.from(CENTRE_FIRST);
const LEFT_TO_RIGHT = Int32Array.of(0, 1, 2, 3, 4, 5, 6);
for (let c = 0; c < WIDTH; c++) {
  const w = c < 4 ? 0 : 1;
  (w === 0 ? BOT_LO : BOT_HI)[c] = bottomMask(c);
  (w === 0 ? TOP_LO : TOP_HI)[c] = topMask(c);
  (w === 0 ? COL_LO : COL_HI)[c] = ((1 << 6) - 1) * bottomMask(c);
}

/** Whether the player to move (stones cl, ch; all stones ml, mh) can win with its next stone. */
function canWinNext(cl: number, ch: number, ml: number, mh: number): boolean {
  const wl = winningCells(cl, ch, ml, mh);
  return ((wl & (ml + BOTTOM_LO)) | (WIN_HI[0] & (mh + BOTTOM_HI))) !== 0;
}

/** C's integer division (truncation toward zero), as Pons' score arithmetic uses it. */
function cdiv2(x: number): number {
  return (x / 2) | 0;
}

export interface SolveResult {
  /** the score for the player to move (weak: only the sign is meant) */
  score: number;
  /** negamax calls (Pons' count) */
  visited: number;
}

export interface SolverOptions {
  /**
   * Entries of the transposition table for every step that has one (default: Pons' size of each step,
   * 8,388,593 up to `sorted`, 8,388,617 for `final`). Node counts depend on it only through overwrites.
   */
  tableSize?: number;
  /** stop with a RangeError once a solve has made this many negamax calls (default: no limit) */
  maxNodes?: number;
  /**
   * called every PROGRESS_TICK negamax calls (../util/progress-pace.ts) with the count so far: cheap
   * enough for a caller to pace its reports by the clock; `progress()` adds the score window
   */
  onTick?: (nodes: number) => void;
  /**
   * What runs the `final` step's searches: 'wasm' (./final-kernel.ts, native 64-bit bitboards) or
   * 'typescript' (finalNode below); both search the same nodes. Default: 'wasm' where the host has
   * WebAssembly, else 'typescript'. Asking for 'wasm' where it is missing is an error.
   */
  kernel?: Kernel;
}

const KERNELS = ['wasm', 'typescript'] as const;
export type Kernel = (typeof KERNELS)[number];

/** How far a solve is: negamax calls so far and the bounds [lo, hi] the score is known to lie in. */
export interface SolveProgress {
  nodes: number;
  lo: number;
  hi: number;
}

/** Calls between ticks, less one (a mask: the check is one AND per node). */
const TICK_MASK = PROGRESS_TICK - 1;

export class Solver {
  /** negamax calls of the current/last solve */
  nodes = 0;
  private readonly tables = new Map<number, C4TranspositionTable>();
  private table: C4TranspositionTable | null = null;
  /** column order of `windowed` (parts 4, 5, 7, 8) */
  private order: Int32Array = ORDER;
  private readonly tableSize: number | undefined;
  /** a solve stops with a RangeError after this many negamax calls (may be changed between solves) */
  maxNodes: number;
  private readonly onTick: ((nodes: number) => void) | undefined;
  /** the kernel of the `final` step (see SolverOptions.kernel) */
  readonly kernel: Kernel;
  private readonly wasm: FinalKernel | null;
  /** whether the current solve's null-window searches run on `wasm` */
  private searchWasm = false;
  /** the score window known so far (the whole score range until a null-window search narrows it) */
  private lo = 0;
  private hi = 0;
  // the features of the current step from `losing` on
  private sortMoves = false;
  private lowerBounds = false;
  // move sorter, one row of WIDTH per stone count
  private readonly sortCol = new Int8Array((CELLS + 1) * WIDTH);
  private readonly sortScore = new Int8Array((CELLS + 1) * WIDTH);
  /** the winning cells of the player who made the move, after it: the child's opponent's */
  private readonly sortWinLo = new Int32Array((CELLS + 1) * WIDTH);
  private readonly sortWinHi = new Int32Array((CELLS + 1) * WIDTH);

  constructor(opts: SolverOptions = {}) {
    this.tableSize = opts.tableSize;
    this.maxNodes = opts.maxNodes ?? Infinity;
    this.onTick = opts.onTick;
    if (!(this.maxNodes >= 1)) throw new RangeError(`maxNodes = ${opts.maxNodes} is not allowed: it must be ≥ 1`);
    if (
      opts.tableSize !== undefined &&
      !(Number.isInteger(opts.tableSize) && opts.tableSize >= 1 && opts.tableSize <= 1 << 28)
    ) {
      throw new RangeError(`tableSize = ${opts.tableSize} is not allowed: it must be an integer in [1..${1 << 28}]`);
    }
    if (opts.kernel !== undefined && !(KERNELS as readonly string[]).includes(opts.kernel))
      throw new RangeError(`kernel = ${opts.kernel} is not allowed: use one of ${KERNELS.join(', ')}`);
    if (opts.kernel === 'wasm' && finalKernelUnavailable() !== '')
      throw new RangeError(`kernel = wasm is not available here: ${finalKernelUnavailable()}`);
    this.wasm =
      opts.kernel === 'typescript'
        ? null
        : createFinalKernel(
            () => this.stop(),
            (nodes) => {
              this.nodes = nodes;
              this.tick();
            },
          );
    this.kernel = this.wasm === null ? 'typescript' : 'wasm';
  }

  /** The (cleared) table of the given default size, allocated once per size. */
  private useTable(defaultSize: number): C4TranspositionTable {
    const size = this.tableSize ?? defaultSize;
    let t = this.tables.get(size);
    if (t === undefined) {
      t = new C4TranspositionTable(size);
      this.tables.set(size, t);
    }
    t.reset();
    this.table = t;
    return t;
  }

  /** Solve a position that is not over (no four in a row) with the given step. */
  solve(p: Position, step: Step, weak = false): SolveResult {
    if (!isStep(step)) throw new RangeError(`step ${quoted(step)} is not allowed: use one of ${STEPS.join(', ')}`);
    if (p.lastMoverWon())
      throw new RangeError('the position is already won (four in a row): there is nothing to solve');
    if (weak && step === 'minimax')
      throw new RangeError(
        `weak solving needs a score window: use it with ${STEPS.slice(1).join(', ')} (plain minimax is always strong)`,
      );
    this.nodes = 0;
    const { curLo: cl, curHi: ch, maskLo: ml, maskHi: mh, moves: n } = p;
    const lo = weak ? -1 : -(CELLS >> 1);
    const hi = weak ? 1 : CELLS >> 1;
    this.lo = weak ? -1 : -((CELLS - n) >> 1);
    this.hi = weak ? 1 : (CELLS + 1 - n) >> 1;
    let score: number;
    switch (step) {
      case 'minimax':
        score = this.minimax(cl, ch, ml, mh, n);
        break;
      case 'alphabeta':
      case 'order':
        this.table = null;
        this.order = step === 'order' ? ORDER : LEFT_TO_RIGHT;
        score = this.windowed(cl, ch, ml, mh, n, lo, hi);
        break;
      case 'tt':
        this.useTable(PONS_TABLE_SIZE);
        this.order = ORDER;
        score = this.windowed(cl, ch, ml, mh, n, lo, hi);
        break;
      case 'id':
        this.useTable(PONS_TABLE_SIZE);
        this.order = ORDER;
        score = this.nullWindow(cl, ch, ml, mh, n, weak, false);
        break;
      default:
        this.searchWasm = step === 'final' && this.wasm !== null;
        if (this.searchWasm) this.wasm!.begin(this.tableSize ?? PONS_TABLE_SIZE_PART11, this.maxNodes);
        else this.useTable(step === 'final' ? PONS_TABLE_SIZE_PART11 : PONS_TABLE_SIZE);
        this.sortMoves = step !== 'losing';
        this.lowerBounds = step === 'final';
        score = this.nullWindow(cl, ch, ml, mh, n, weak, true);
    }
    return { score: score + 0, visited: this.nodes };
  }

  /** Every PROGRESS_TICK calls: the count so far (a cold call out of the node functions). */
  private tick(): void {
    this.onTick?.(this.nodes);
  }

  /** How far the current (or last) solve is: its calls so far and the score window known so far. */
  progress(): SolveProgress {
    return { nodes: this.nodes, lo: this.lo, hi: this.hi };
  }

  private stop(): never {
    throw new RangeError(
      `the solver stopped after ${this.maxNodes} nodes (the node limit, maxNodes or --max-nodes): use a stronger step, or a position with more stones`,
    );
  }

  /** Part 3: plain negamax. */
  private minimax(cl: number, ch: number, ml: number, mh: number, n: number): number {
    if (++this.nodes > this.maxNodes) this.stop();
    if ((this.nodes & TICK_MASK) === 0) this.tick();
    if (n === CELLS) return 0;
    if (canWinNext(cl, ch, ml, mh)) return (CELLS + 1 - n) >> 1;
    let best = -CELLS;
    for (let x = 0; x < WIDTH; x++) {
      if (((ml & TOP_LO[x]) | (mh & TOP_HI[x])) !== 0) continue;
      const s = -this.minimax(cl ^ ml, ch ^ mh, ml | (ml + BOT_LO[x]), mh | (mh + BOT_HI[x]), n + 1);
      if (s > best) best = s;
    }
    return best;
  }

  /**
   * Parts 4, 5 and 7 (one function, as each part extends the last): alpha-beta with the score window
   * (beta lowered to the best score still possible), columns in `this.order` (left to right in part 4,
   * centre first from part 5), and from part 7 `this.table` holding upper bounds (value − MIN_SCORE + 1;
   * 0 = none; null in parts 4 and 5).
   */
  private windowed(cl: number, ch: number, ml: number, mh: number, n: number, alpha: number, beta: number): number {
    if (++this.nodes > this.maxNodes) this.stop();
    if ((this.nodes & TICK_MASK) === 0) this.tick();
    if (n === CELLS) return 0;
    if (canWinNext(cl, ch, ml, mh)) return (CELLS + 1 - n) >> 1;
    let max = (CELLS - 1 - n) >> 1; // cannot win at once any more
    const kl = cl + ml,
      kh = ch + mh;
    const t = this.table;
    if (t !== null) {
      const v = t.get(kl, kh);
      if (v !== 0) max = v + MIN_SCORE - 1;
    }
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    const order = this.order;
    for (let i = 0; i < WIDTH; i++) {
      const x = order[i];
      if (((ml & TOP_LO[x]) | (mh & TOP_HI[x])) !== 0) continue;
      const s = -this.windowed(cl ^ ml, ch ^ mh, ml | (ml + BOT_LO[x]), mh | (mh + BOT_HI[x]), n + 1, -beta, -alpha);
      if (s >= beta) return s;
      if (s > alpha) alpha = s;
    }
    if (t !== null) t.put(kl, kh, alpha - MIN_SCORE + 1);
    return alpha;
  }

  /**
   * Part 8's solve(): narrow [min, max] by null-window searches (med, med + 1), med taken halfway but
   * pulled towards 0 first (min/2, max/2) so the first searches only ask win/draw/loss. With `final`
   * (steps `losing` on), part 9's solve(): a position whose player to move wins at once is answered
   * without a search, and the searches run `finalNode`.
   */
  private nullWindow(cl: number, ch: number, ml: number, mh: number, n: number, weak: boolean, final: boolean): number {
    if (final && canWinNext(cl, ch, ml, mh)) return (CELLS + 1 - n) >> 1;
    let min = -((CELLS - n) >> 1);
    let max = (CELLS + 1 - n) >> 1;
    if (weak) {
      min = -1;
      max = 1;
    }
    while (min < max) {
      let med = min + cdiv2(max - min);
      if (med <= 0 && cdiv2(min) < med) med = cdiv2(min);
      else if (med >= 0 && cdiv2(max) > med) med = cdiv2(max);
      let r: number;
      if (final && this.searchWasm) {
        r = this.wasm!.search(cl, ch, ml, mh, n, med, med + 1);
        this.nodes = this.wasm!.nodes();
      } else if (final) {
        const owl = winningCells(cl ^ ml, ch ^ mh, ml, mh);
        r = this.finalNode(cl, ch, ml, mh, n, med, med + 1, owl, WIN_HI[0]);
      } else r = this.windowed(cl, ch, ml, mh, n, med, med + 1);
      if (r <= med) max = r;
      else min = r;
      this.lo = min;
      this.hi = max;
    }
    return min;
  }

  /**
   * Parts 9-12: the caller guarantees the player to move cannot win at once. Only moves that do not
   * lose at once are searched (none: the opponent wins next); from part 10 they are sorted by how many
   * winning cells they leave the mover (ties centre first); the table holds upper bounds
   * (v − MIN_SCORE + 1) and, from part 12, lower bounds (v + MAX_SCORE − 2·MIN_SCORE + 2). Part 12 (Pons'
   * release part12) lowers beta to the static bound before reading the table; parts 9-11 let a stored
   * upper bound replace it, which prunes the same way since a stored bound never exceeds it. (owl, owh)
   * are the opponent's winning cells, which the parent computed when it ordered its moves (saves one
   * `winningCells` per node).
   */
  private finalNode(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    n: number,
    alpha: number,
    beta: number,
    owl: number,
    owh: number,
  ): number {
    if (++this.nodes > this.maxNodes) this.stop();
    if ((this.nodes & TICK_MASK) === 0) this.tick();
    const pl = nonLosingMoves(ml, mh, owl, owh);
    const ph = NON_LOSING_HI[0];
    if ((pl | ph) === 0) return -((CELLS - n) >> 1);
    if (n >= CELLS - 2) return 0;

    let min = -((CELLS - 2 - n) >> 1); // the opponent cannot win at once
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    let max = (CELLS - 1 - n) >> 1; // we cannot win at once
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    const kl = cl + ml,
      kh = ch + mh;
    const t = this.table!;
    const ti = t.index(kl, kh);
    const v = t.getAt(ti, kl, kh);
    if (v !== 0) {
      if (v > MAX_SCORE - MIN_SCORE + 1) {
        // a lower bound
        min = v + 2 * MIN_SCORE - MAX_SCORE - 2;
        if (alpha < min) {
          alpha = min;
          if (alpha >= beta) return alpha;
        }
      } else {
        // an upper bound
        max = v + MIN_SCORE - 1;
        if (beta > max) {
          beta = max;
          if (alpha >= beta) return beta;
        }
      }
    }

    if (!this.sortMoves) {
      // Part 9 kept apart from the sorted loop below: merged (moves through the sort row) it measured 1.0-1.2x slower.
      for (let i = 0; i < WIDTH; i++) {
        const x = ORDER[i];
        const movl = pl & COL_LO[x],
          movh = ph & COL_HI[x];
        if ((movl | movh) === 0) continue;
        const wl = winningCells(cl | movl, ch | movh, ml, mh);
        const s = -this.finalNode(
          cl ^ ml,
          ch ^ mh,
          ml | movl,
          mh | movh,
          n + 1,
          -beta,
          -alpha,
          wl & ~movl,
          WIN_HI[0] & ~movh,
        );
        if (s >= beta) return this.failHigh(ti, kl, kh, s);
        if (s > alpha) alpha = s;
      }
    } else {
      // MoveSorter: insertion by score, added in reverse centre-first order, taken from the end, so
      // equal scores come out centre first.
      const row = n * WIDTH;
      const sc = this.sortCol,
        ss = this.sortScore,
        swl = this.sortWinLo,
        swh = this.sortWinHi;
      let size = 0;
      for (let i = WIDTH - 1; i >= 0; i--) {
        const x = ORDER[i];
        const movl = pl & COL_LO[x],
          movh = ph & COL_HI[x];
        if ((movl | movh) === 0) continue;
        const wl = winningCells(cl | movl, ch | movh, ml, mh),
          wh = WIN_HI[0];
        const score = popcount(wl) + popcount(wh);
        let pos = size++;
        for (; pos > 0 && ss[row + pos - 1] > score; pos--) {
          sc[row + pos] = sc[row + pos - 1];
          ss[row + pos] = ss[row + pos - 1];
          swl[row + pos] = swl[row + pos - 1];
          swh[row + pos] = swh[row + pos - 1];
        }
        sc[row + pos] = x;
        ss[row + pos] = score;
        swl[row + pos] = wl & ~movl;
        swh[row + pos] = wh & ~movh;
      }
      while (size > 0) {
        const at = row + --size;
        const x = sc[at];
        const s = -this.finalNode(
          cl ^ ml,
          ch ^ mh,
          ml | (ml + BOT_LO[x]),
          mh | (mh + BOT_HI[x]),
          n + 1,
          -beta,
          -alpha,
          swl[at],
          swh[at],
        );
        if (s >= beta) return this.failHigh(ti, kl, kh, s);
        if (s > alpha) alpha = s;
      }
    }
    t.putAt(ti, kl, kh, alpha - MIN_SCORE + 1);
    return alpha;
  }

  /** finalNode's cut: a move scored s ≥ beta, kept in the table as a lower bound from part 12 on. */
  private failHigh(ti: number, kl: number, kh: number, s: number): number {
    if (this.lowerBounds) this.table!.putAt(ti, kl, kh, s + MAX_SCORE - 2 * MIN_SCORE + 2);
    return s;
  }
}
