/**
 * Alpha-beta and NegaScout specialised to Othello endgames (the `OthelloGame` cursor of
 * ./othello-game.ts): a kernel of the registry (../search/kernel.ts), registered for OthelloGame by
 * ./othello-game.ts when that module loads, in two parts:
 *
 *  - without memories: the plain searches (`search`), natural, value (static estimate) or fastest-first
 *    ordering;
 *  - with a transposition table and no annotation tree (`nodeSearch`, on a search context): the
 *    solver's searches (./solver.ts: MTD(f)'s null-window tests, alpha-beta and NegaScout with a
 *    table, the best-move check), the same orderings, the table's move first or not.
 *
 * Anything else (annotations, observers, the FCF keys, other size sources) goes through the generic
 * engine (../search/pv-node.ts).
 *
 * Why it exists: the generic engine reaches the game through its `Game` methods and the ordering
 * through the search context's Float64 rows, and computes every child's key before the table's move
 * is tried. Here the boards, keys and children live on the per-ply stack of ./search-stack.ts, move
 * generation and flips are written out on two int32 words (./bitboard-kernel.ts), the Zobrist key is
 * updated as the cursor does it (./zobrist.ts's keyAfter), and a node computes its children's keys
 * only when the table's move did not cut. The design follows the C endgame solvers (Delorme's reversi-solver, Edax):
 * one node function, state in arrays indexed by ply.
 *
 * Contract (../search/kernel.ts): for every position, depth, window, ordering and visit limit it
 * returns what the generic engine returns — value, best root move, visited / expanded / leaves, the
 * SearchLimitError at the same visit — and leaves the same table entries (same keys, bounds and moves,
 * so later tests see what the generic engine would have left); test/othello/othello-kernel.test.ts
 * checks that on random positions. The node steps repeat ../search/pv-node.ts, SearchContext's
 * probeTT / orderChildren / nextChild and OthelloGame's expand / descend / childDegree /
 * childEstimate / evaluate on purpose: that repetition is the specialisation.
 *
 * The module-level stack makes it non-reentrant; it calls nothing that searches (the table, the
 * tick callback), so no search starts inside another in the same thread.
 */
import { INF, type Game } from '../game/game.ts';
import type { Counters } from '../search/counters.ts';
import type { Kernel, KernelResult, NodeSearch } from '../search/kernel.ts';
import { estimateOrdering } from '../search/ordering/by-estimate.ts';
import { fastestFirstOrdering } from '../search/ordering/fastest-first.ts';
import type { MoveOrdering } from '../search/ordering/move-ordering.ts';
import { naturalOrdering } from '../search/ordering/natural.ts';
import { SearchLimitError, type SearchContext } from '../search/search-context.ts';
import { NO_ENTRY, type TranspositionTable } from '../search/transposition-table.ts';
import type { OthelloPosition } from './position.ts';
import * as bitboards from './bitboard-kernel.ts';
import * as stack from './search-stack.ts';
import * as zobrist from './zobrist.ts';
import { PROGRESS_TICK } from '../util/progress-pace.ts';

// Local bindings of the hot imports (module loaders may compile ES imports to getters).
const { KEY_AFTER_HI, SIDE_HI, SIDE_LO, keyAfter } = zobrist;
const { count, finalScore, flips, HI, moves, popcount32, replies } = bitboards;
const { FL_HI, FL_LO, K_HI, K_LO, KEY, listSquares, ME_HI, ME_LO, OP_HI, OP_LO, passAt, PASS, pickBest, playAt } =
  stack;
const { PLIES, ROW, setRoot, SQ, TAKEN } = stack;
const TICK_MASK = PROGRESS_TICK - 1;

/** What the kernel reads of an OthelloGame (./othello-game.ts): its root and its tick callback. */
interface OthelloKernelGame extends Game {
  readonly root: OthelloPosition;
  onTick: (() => void) | null;
}

const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

const ORDER_NATURAL = 0;
const ORDER_ESTIMATE = 1;
const ORDER_FASTEST = 2;

// The search in progress (set per search).
let order = ORDER_NATURAL;
let table: TranspositionTable | null = null;
let ttFirst = true;
let scout = false;
let rootSide = 0;
let visited = 0,
  expanded = 0,
  leaves = 0,
  limit = Infinity;
let rootMove = -1;
let steps = 0;
let tick: (() => void) | null = null;
/** the counters the search adds to (brought up to date before each tick, which may read them) */
let out: Counters | null = null;

/** OthelloGame.evaluate for the player (ml, mh) against (ol, oh): exact if over, else mobility and corners. */
function evaluate(ml: number, mh: number, ol: number, oh: number): number {
  const m = popcount32(moves(ml, mh, ol, oh)) + popcount32(HI[0]);
  const n = popcount32(moves(ol, oh, ml, mh)) + popcount32(HI[0]);
  if (m === 0 && n === 0) return finalScore(count(ml, mh), count(ol, oh));
  const c =
    popcount32(ml & CORNERS_LO) +
    popcount32(mh & CORNERS_HI) -
    popcount32(ol & CORNERS_LO) -
    popcount32(oh & CORNERS_HI);
  return m - n + 8 * c;
}

/**
 * The ordering keys of the n children of the node at ply p (row `row`): fastest-first −S_i (the
 * opponent's moves after the move, 1 for a forced pass, 0 if the game ends), value ordering the
 * child's estimate from the parent's view (−evaluate of the child).
 */
function writeKeys(p: number, row: number, n: number): void {
  const ml = ME_LO[p],
    mh = ME_HI[p],
    ol = OP_LO[p],
    oh = OP_HI[p];
  for (let i = 0; i < n; i++) {
    const x = SQ[row + i];
    let nl: number, nh: number, cl: number, ch: number; // the child: mover n, opponent c
    if (x === PASS) {
      nl = ol;
      nh = oh;
      cl = ml;
      ch = mh;
    } else {
      const fl = flips(ml, mh, ol, oh, x);
      const fh = HI[1];
      FL_LO[row + i] = fl;
      FL_HI[row + i] = fh;
      nl = ol & ~fl;
      nh = oh & ~fh;
      cl = x < 32 ? ml | fl | (1 << x) : ml | fl;
      ch = x < 32 ? mh | fh : mh | fh | (1 << (x - 32));
    }
    if (order === ORDER_FASTEST) {
      KEY[row + i] = 0 - replies(nl, nh, cl, ch);
    } else {
      KEY[row + i] = 0 - evaluate(nl, nh, cl, ch);
    }
  }
}

/** Fail-soft value of the node at ply p searched `depth` plies with window (alpha, beta): pvNode's steps. */
function node(p: number, depth: number, alpha: number, beta: number): number {
  if (++visited > limit) throw new SearchLimitError(limit);
  const ml = ME_LO[p],
    mh = ME_HI[p],
    ol = OP_LO[p],
    oh = OP_HI[p];
  if (depth === 0) {
    leaves++;
    return evaluate(ml, mh, ol, oh);
  }
  const tt = table;
  let slot = NO_ENTRY;
  if (tt !== null) {
    slot = tt.probe(K_HI[p], K_LO[p]);
    if (slot !== NO_ENTRY && tt.depthAt(slot) === depth) {
      const lo = tt.lowerAt(slot);
      const up = tt.upperAt(slot);
      if (lo >= beta || lo === up) return lo;
      if (up <= alpha) return up;
      if (lo > alpha) alpha = lo;
      if (up < beta) beta = up;
    }
  }
  const row = p * ROW;
  const lo = moves(ml, mh, ol, oh);
  const hi = HI[0];
  let n = 0;
  if ((lo | hi) === 0) {
    if ((moves(ol, oh, ml, mh) | HI[0]) === 0) {
      leaves++;
      return finalScore(count(ml, mh), count(ol, oh));
    }
    SQ[row] = PASS;
    n = 1;
  } else {
    n = listSquares(lo, hi, row);
  }
  expanded++;
  let first = -1;
  if (slot !== NO_ENTRY && ttFirst) {
    const m = tt!.moveAt(slot);
    if (m < n) first = m;
  }
  const alpha0 = alpha;
  const q = p + 1;
  const colour = (rootSide ^ (p & 1)) << 6;
  const kl = K_LO[p],
    kh = K_HI[p];
  let best = -INF;
  let bestMove = -1;
  let nat = 0; // natural order: the next index to try
  let keyed = false; // whether writeKeys computed the children's flips
  for (let k = 0; k < n; k++) {
    let i: number;
    if (k === 0 && first >= 0) {
      i = first;
    } else if (order === ORDER_NATURAL || (n - k === 1 && !keyed)) {
      // natural order, or the one child left before any key was computed
      i = nat++;
      if (i === first) i = nat++;
    } else {
      if (k === 0 || (k === 1 && first >= 0)) {
        writeKeys(p, row, n);
        keyed = true;
        if (first >= 0) KEY[row + first] = TAKEN;
      }
      i = pickBest(row, n);
    }
    // descend: the child's boards and key at ply q
    const x = SQ[row + i];
    if (x === PASS) {
      passAt(q, ml, mh, ol, oh);
      K_LO[q] = kl ^ SIDE_LO;
      K_HI[q] = kh ^ SIDE_HI;
    } else {
      const fl = keyed ? FL_LO[row + i] : flips(ml, mh, ol, oh, x);
      const fh = keyed ? FL_HI[row + i] : HI[1];
      playAt(q, ml, mh, ol, oh, x, fl, fh);
      K_LO[q] = keyAfter(kl, kh, colour, x, fl, fh);
      K_HI[q] = KEY_AFTER_HI[0];
    }
    if ((++steps & TICK_MASK) === 0 && tick !== null) report();
    let v: number;
    if (k === 0 || !scout) {
      v = 0 - node(q, depth - 1, 0 - beta, 0 - alpha);
    } else {
      v = 0 - node(q, depth - 1, -1 - alpha, 0 - alpha);
      if (v > alpha && v < beta && depth > 1) v = 0 - node(q, depth - 1, 0 - beta, 0 - v);
    }
    if (v > best) {
      best = v;
      bestMove = i;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  if (tt !== null) tt.storeResult(K_HI[p], K_LO[p], depth, alpha0, beta, best, bestMove);
  if (p === 0) rootMove = bestMove;
  return best;
}

/** Call the tick callback with the counters up to date. */
function report(): void {
  out!.visited = visited;
  out!.expanded = expanded;
  out!.leaves = leaves;
  tick!();
}

/** The kernel's code of an ordering, or −1 for one it does not implement. */
function orderCode(o: MoveOrdering): number {
  return o === naturalOrdering
    ? ORDER_NATURAL
    : o === estimateOrdering
      ? ORDER_ESTIMATE
      : o === fastestFirstOrdering
        ? ORDER_FASTEST
        : -1;
}

/**
 * Search the game's root with (alpha, beta): the module state set for the search, the counters brought
 * up to date also when the visit limit stops it. Returns the root's value; the best root move is left in
 * rootMove (`rootMove0` unless the search expands the root).
 */
function run(
  game: OthelloKernelGame,
  depth: number,
  alpha: number,
  beta: number,
  counters: Counters,
  maxVisited: number,
  rootMove0: number,
): number {
  const r = game.root;
  setRoot(r);
  rootSide = r.side;
  tick = game.onTick;
  visited = counters.visited;
  expanded = counters.expanded;
  leaves = counters.leaves;
  out = counters;
  limit = maxVisited;
  rootMove = rootMove0;
  try {
    return node(0, depth, alpha, beta);
  } finally {
    counters.visited = visited;
    counters.expanded = expanded;
    counters.leaves = leaves;
    tick = null;
    table = null;
    out = null;
  }
}

/** The kernel as registered for OthelloGame: natural, value and fastest-first ordering. */
export const othelloKernel: Kernel<OthelloKernelGame> = {
  orderings: [naturalOrdering, estimateOrdering, fastestFirstOrdering],
  search(game, algorithm, depth, alpha, beta, ordering, counters, maxVisited): KernelResult | null {
    const code = orderCode(ordering);
    if (code < 0 || game.maxPly + 2 > PLIES) return null;
    order = code;
    scout = algorithm === 'negascout';
    table = null;
    ttFirst = true;
    const value = run(game, depth, alpha, beta, counters, maxVisited, -1);
    return { value, bestMove: rootMove };
  },
  nodeSearch(game, ctx: SearchContext): NodeSearch | null {
    const code = orderCode(ctx.ordering);
    if (code < 0 || game.maxPly + 2 > PLIES) return null;
    if (ctx.ann !== null || ctx.cutObserver !== null || ctx.observer !== null) return null;
    if (code === ORDER_FASTEST && ctx.sizeMode !== 0) return null; // stand-in sizes: the generic engine
    return (depth, alpha, beta) => {
      order = code;
      scout = ctx.scout;
      table = ctx.tt;
      ttFirst = ctx.ttFirst;
      const value = run(game, depth, alpha, beta, ctx.counters, ctx.maxVisited, ctx.rootMove);
      ctx.rootMove = rootMove;
      return value;
    };
  },
};
