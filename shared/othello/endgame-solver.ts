/**
 * The solve mode: exact Othello endgame solving with the parts endgame solvers use (Buro's LOGISTELLO,
 * Delorme's Edax and reversi-solver, github.com/abulmo/reversi-solver), each a named switch so that its
 * effect on nodes and time is measured (bench/othello-bench.ts) and every setting keeps the exact score
 * (test/othello/endgame-solver.test.ts):
 *
 *  - `shallow` N   at N empties and fewer, a plain fail-soft alpha-beta: no table, no mobility keys, the
 *                  empties of quadrants with an odd number of empties first (parity); the last two
 *                  empties written out (each move's reply settled on the last square), the last
 *                  empty settled by counting its flips without playing it, as Delorme's solver does
 *                  its last two; 0: off (the deep search runs to the end of the game). It runs in
 *                  WebAssembly where the host has it (./shallow-kernel.wat, node for node this file's
 *                  shallowNode, which remains for a host without it);
 *  - `etc`         enhanced transposition cutoffs (Plaat et al. 1996): before searching a node's
 *                  children, a child whose stored upper bound already makes the move reach β cuts
 *                  (where the children are deep nodes: the shallow search keeps no entries);
 *  - `twoSlot`     two entries per table bucket: the deepest (most empties) and the newest; off: one
 *                  entry per bucket, always replaced;
 *  - `ttMove`      the table's stored move searched first;
 *  - `stability`   stability cutoffs: at nodes of 2 to 5 empties, the opponent's stable discs
 *                  (./stability.ts) bound the score from above by 64 − 2·stable, and a bound at most
 *                  alpha fails low without a search. Tried only where the opponent holds at least 5
 *                  discs more than the bound needs stable: with fewer, or more empties, it seldom cuts
 *                  and costs more than it saves (measured with `npm run bench:othello`);
 *  - `richKey`     fastest-first's key made richer (./endgame-sort.ts): the opponent's weighted
 *                  mobility (a corner move counts three times) and, a quarter as much, its potential
 *                  mobility after the move, as Edax sorts its endgame moves; off: the plain count;
 *  - `sortSearch` N  at nodes of N empties and more, the sort search (./endgame-sort.ts): each child's
 *                  value one ply deep with a mobility estimate at the leaves, the ordering by shallow
 *                  search of Buro's and Delorme's programs, added to the rich key; 0: off.
 *
 * Above the shallow depth the search orders by fastest-first (fewest opponent moves first, Furtak &
 * Buro 2009, Sec. 6; a forced pass counts as none), or the rich key and the sort search where they are
 * on, ties going to the better square class (corners, then the squares of no class, C-squares,
 * X-squares, as endgame programs presort their squares), the table's move first when `ttMove` is on,
 * and stores each result as bounds in the table. A child's key is computed only when the table's move
 * did not cut and more than one child is left: one move generation on its boards (fastest-first), one
 * with a neighbourhood count (the rich key), or a one-ply search (the sort search; its positions are
 * not counted as nodes, their cost shows in the CPU time). Values are exact final disc differentials in [−64, 64] (empties to the winner), so a stored
 * bound holds whatever window found it: the table has no depth, and every entry's bounds are merged.
 * The node counts differ from the generic engine's (./solver.ts); this mode is compared with it by
 * score and best move only. One node is one position searched: each call of the node functions
 * (the deep node, the shallow node, the last two empties' and the last empty's), a pass's position
 * included, the last empty's counting included; a stability or table cutoff counts its node. The
 * last two empties count what a shallow node would: their node, a pass's, each reply's last empty.
 *
 * Moves and flips by ./bitboard-kernel.ts; the Zobrist key as ./zobrist.ts; boards, keys and children
 * on the per-ply stack of ./search-stack.ts (non-reentrant, as the kernel).
 */
import type { OthelloPosition } from './position.ts';
import * as zobrist from './zobrist.ts';
import { SearchLimitError } from '../search/search-context.ts';
import { PROGRESS_TICK } from '../util/progress-pace.ts';
import * as bitboards from './bitboard-kernel.ts';
import * as stack from './search-stack.ts';
import { STABLE_HI, stableDiscs } from './stability.ts';
import { replyWeight, SORT_INFINITY, sortSearch } from './endgame-sort.ts';
import { shallowKernel, type ShallowKernelSearch } from './shallow-kernel.ts';

// Local bindings of the hot imports (module loaders may compile ES imports to getters).
const { KEY_AFTER_HI, SIDE_HI, SIDE_LO, keyAfter } = zobrist;
const { count, endScore, finalScore, flips, HI, lastFlipCount, moves } = bitboards;
const { FL_HI, FL_LO, K_HI, K_LO, KEY, listSquares, ME_HI, ME_LO, OP_HI, OP_LO, passAt, PASS, pickBest, playAt } =
  stack;
const { PLIES, ROW, setRoot, SQ, TAKEN } = stack;

/** The switches of the solve mode (header comment). */
export interface EndgameSwitches {
  /** plain search at this many empties and fewer (0: off) */
  shallow: number;
  /** enhanced transposition cutoffs */
  etc: boolean;
  /** two entries per bucket, the deepest and the newest (off: one, always replaced) */
  twoSlot: boolean;
  /** the table's move first */
  ttMove: boolean;
  /** stability cutoffs */
  stability: boolean;
  /** fastest-first's key made richer: weighted mobility and potential mobility */
  richKey: boolean;
  /** the sort search at nodes with this many empties and more (0: off) */
  sortSearch: number;
}

/** Every part on; the shallow search from 7 empties, the sort search from 14 (measured with `npm run bench:othello`). */
export const ENDGAME_ON: EndgameSwitches = {
  shallow: 7,
  etc: true,
  twoSlot: true,
  ttMove: true,
  stability: true,
  richKey: true,
  sortSearch: 14,
};
/**
 * The win/draw/loss solve's parts (window [−1, 1]): every part on but the rich key and the sort search, which
 * cost it more than they save there (FFO #41-#45, `gtlab othello solve --solve-mode --weak` with MTD(f): 142 M nodes and 30 s of CPU without them,
 * 223 M and 46 s with them; #42 alone 5.5 M against 29 M), where they save a third on the exact solves.
 */
export const ENDGAME_WEAK: EndgameSwitches = { ...ENDGAME_ON, richKey: false, sortSearch: 0 };
/** The solve mode's parts unless a part is switched: the win/draw/loss solve's (`weak`) or the exact solve's. */
export function defaultSwitches(weak: boolean): EndgameSwitches {
  return weak ? ENDGAME_WEAK : ENDGAME_ON;
}
/** Every part off: the fastest-first search with a one-entry table to the end of the game. */
export const ENDGAME_OFF: EndgameSwitches = {
  shallow: 0,
  etc: false,
  twoSlot: false,
  ttMove: false,
  stability: false,
  richKey: false,
  sortSearch: 0,
};
/** The largest shallow depth allowed (the plain search's cost grows fast above it). */
export const SHALLOW_MAX = 12;

/** The sort search's depth in plies below the child (measured with `npm run bench:othello`). */
const SORT_DEPTH = 1;
/** The best move of a node not expanded. */
const NONE = 65;

/** Per ply of the deep search, beside the stack's rows: the children's Zobrist keys (for ETC and descent). */
const CK_LO = new Int32Array(PLIES * ROW);
const CK_HI = new Int32Array(PLIES * ROW);

/**
 * The square classes that break fastest-first's ties, searched first to last: 0 the corners, 1 the
 * squares of no class, 2 the C-squares (beside a corner on an edge), 3 the X-squares (diagonal to a
 * corner). A move next to an empty corner tends to give it away; a corner cannot be taken back.
 */
const SQUARE_CLASS = new Int8Array(64).fill(1);
for (const [corner, c1, c2, xSquare] of [
  [0, 1, 8, 9],
  [7, 6, 15, 14],
  [56, 57, 48, 49],
  [63, 62, 55, 54],
]) {
  SQUARE_CLASS[corner] = 0;
  SQUARE_CLASS[c1] = 2;
  SQUARE_CLASS[c2] = 2;
  SQUARE_CLASS[xSquare] = 3;
}

/** The table sizes allowed: 2^bits buckets, bits in this range. */
export const ENDGAME_TABLE_BITS = [4, 26] as const;

/**
 * The table: buckets of two entries of four int32 words — key low, key high, the clear count it was
 * stored under, and (lower + 64) | (upper + 64) << 8 | (move + 1) << 16 | empties << 24.
 */
export class EndgameTable {
  readonly bits: number;
  readonly word: Int32Array;
  readonly mask: number;
  epoch = 1;
  constructor(bits = 21) {
    if (!Number.isInteger(bits) || bits < ENDGAME_TABLE_BITS[0] || bits > ENDGAME_TABLE_BITS[1])
      throw new RangeError(
        `endgame table bits = ${bits} is not allowed: it must be an integer in [${ENDGAME_TABLE_BITS[0]}..${ENDGAME_TABLE_BITS[1]}]`,
      );
    this.bits = bits;
    this.mask = (1 << bits) - 1;
    this.word = new Int32Array((1 << bits) * 8);
  }
  clear(): void {
    this.epoch++;
    if (this.epoch === 0x7fffffff) {
      this.word.fill(0);
      this.epoch = 1;
    }
  }
}

// The search in progress.
let sw: EndgameSwitches = ENDGAME_ON;
let table: EndgameTable = new EndgameTable(4);
let scout = false;
let rootSide = 0;
let limit = Infinity;
let rootMove = NONE;
let tick: ((visited: number) => void) | null = null;
/** The WebAssembly shallow search (./shallow-kernel.ts), or null: the TypeScript one. */
let kernel: ShallowKernelSearch | null = null;
let kernelStability = 0;

// The visits so far are `mark − left`: `left` counts down to the next event (a progress tick, or the
// visit past the limit), so that a visit is one decrement of a small integer. (One counter of the
// visits would pass 2^31 in a long solve and become a boxed double, every increment an allocation.)
let mark = 0;
let left = 1;

function visit(): void {
  if (--left === 0) event();
}

/** At a visit count of `mark`: past the limit, a SearchLimitError; at a multiple of PROGRESS_TICK, the tick. */
function event(): void {
  if (mark > limit) throw new SearchLimitError(limit);
  if (mark % PROGRESS_TICK === 0 && tick !== null) tick(mark);
  countFrom(mark);
}

/**
 * The kernel's count reached 0: so does `left` (the visits stay `mark − left` when the event throws), then
 * the event, and the next count goes back to the kernel.
 */
function kernelEvent(): number {
  left = 0;
  event();
  return left;
}

/** Count on from `visited` visits: the next event at the next multiple of PROGRESS_TICK or the visit past the limit. */
function countFrom(visited: number): void {
  mark = Math.min(visited - (visited % PROGRESS_TICK) + PROGRESS_TICK, limit + 1);
  left = mark - visited;
}

/** The data word of the entry for (kl, kh), or 0 (no entry holds a data word of 0: upper + 64 > 0 or lower + 64 > 0). */
function probe(kl: number, kh: number): number {
  const w = table.word;
  const b = ((kl ^ Math.imul(kh, 0x9e3779b1)) & table.mask) << 3;
  const ep = table.epoch;
  if (w[b] === kl && w[b + 1] === kh && w[b + 2] === ep) return w[b + 3];
  if (sw.twoSlot && w[b + 4] === kl && w[b + 5] === kh && w[b + 6] === ep) return w[b + 7];
  return 0;
}

/** Store the fail-soft result `best` of a search with window (alpha, beta), merged with the node's bounds. */
function store(kl: number, kh: number, empties: number, alpha: number, beta: number, best: number, move: number): void {
  let lower = best > alpha ? best : -64;
  let upper = best < beta ? best : 64;
  const w = table.word;
  const b = ((kl ^ Math.imul(kh, 0x9e3779b1)) & table.mask) << 3;
  const ep = table.epoch;
  let at = -1;
  if (w[b] === kl && w[b + 1] === kh && w[b + 2] === ep) at = b;
  else if (sw.twoSlot && w[b + 4] === kl && w[b + 5] === kh && w[b + 6] === ep) at = b + 4;
  if (at >= 0) {
    const d = w[at + 3];
    const lo = (d & 0xff) - 64,
      up = ((d >> 8) & 0xff) - 64;
    if (lo > lower) lower = lo;
    if (up < upper) upper = up;
  } else if (!sw.twoSlot) {
    at = b;
  } else if (w[b + 2] !== ep || empties >= w[b + 3] >>> 24) {
    // deeper than (or as deep as) the deepest: it takes the first slot, the old deepest becomes the newest
    w[b + 4] = w[b];
    w[b + 5] = w[b + 1];
    w[b + 6] = w[b + 2];
    w[b + 7] = w[b + 3];
    at = b;
  } else {
    at = b + 4;
  }
  w[at] = kl;
  w[at + 1] = kh;
  w[at + 2] = ep;
  w[at + 3] = (lower + 64) | ((upper + 64) << 8) | ((move + 1) << 16) | (empties << 24);
}

/** The empties of the nodes where stability cutoffs are tried, and the margin of discs they need (header). */
const STABILITY_MIN = 2;
const STABILITY_MAX = 5;
const STABILITY_MARGIN = 5;

/**
 * The stability cutoff of the player (ml, mh) against (ol, oh) with lower bound alpha: the score is at
 * most 64 − 2·(the opponent's stable discs); that bound when it is at most alpha, else 65 (no cut).
 */
function stabilityCut(ml: number, mh: number, ol: number, oh: number, alpha: number): number {
  // the bound reaches alpha with ⌈(64 − alpha) / 2⌉ stable discs
  if (count(ol, oh) - STABILITY_MARGIN < (65 - alpha) >> 1) return 65;
  const up = 64 - 2 * count(stableDiscs(ol, oh, ml, mh), STABLE_HI[0]);
  return up <= alpha ? up : 65;
}

/**
 * The last empty square x, disc difference d for the player (ml, mh) against (ol, oh): the score
 * after x is played (by the player, else by the opponent) or left empty, counting its flips without
 * playing it. One node.
 */
function last1(ml: number, mh: number, ol: number, oh: number, d: number, x: number): number {
  visit();
  let n = lastFlipCount(ml, mh, x);
  if (n > 0) return d + 2 * n + 1;
  n = lastFlipCount(ol, oh, x);
  if (n > 0) return d - 2 * n - 1;
  return endScore(d, 1);
}

/**
 * The last two empty squares x1 < x2 (their parity order: both lie in odd quadrants or both in one
 * even quadrant, so square order), disc difference d: fail-soft alpha-beta written out, each move's
 * reply settled by last1 on the other square; a pass when the player has neither move and the
 * opponent has one. The nodes are the shallow search's: this node, a pass's node, each last1.
 */
function last2(
  ml: number,
  mh: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  x1: number,
  x2: number,
  d: number,
): number {
  visit();
  if (sw.stability && STABILITY_MIN <= 2) {
    const up = stabilityCut(ml, mh, ol, oh, alpha);
    if (up !== 65) return up;
  }
  let best = -65;
  let fl = flips(ml, mh, ol, oh, x1);
  if ((fl | HI[1]) !== 0) {
    best = playThenLast1(ml, mh, ol, oh, x1, fl, HI[1], d, x2);
    if (best >= beta) return best;
  }
  fl = flips(ml, mh, ol, oh, x2);
  if ((fl | HI[1]) !== 0) {
    const v = playThenLast1(ml, mh, ol, oh, x2, fl, HI[1], d, x1);
    if (v > best) best = v;
  }
  if (best > -65) return best;
  if ((flips(ol, oh, ml, mh, x1) | HI[1] | flips(ol, oh, ml, mh, x2) | HI[1]) === 0) return endScore(d, 2);
  return 0 - last2(ol, oh, ml, mh, 0 - beta, 0 - alpha, x1, x2, 0 - d);
}

/**
 * The value for the player (ml, mh), disc difference d, of playing x (flipping fl, fh) with one empty
 * square y left: the opponent's last1 on y.
 */
function playThenLast1(
  ml: number,
  mh: number,
  ol: number,
  oh: number,
  x: number,
  fl: number,
  fh: number,
  d: number,
  y: number,
): number {
  return (
    0 -
    last1(
      ol & ~fl,
      oh & ~fh,
      x < 32 ? ml | fl | (1 << x) : ml | fl,
      x < 32 ? mh | fh : mh | fh | (1 << (x - 32)),
      -1 - d - 2 * count(fl, fh),
      y,
    )
  );
}

/**
 * The squares of the two quadrants of a word (columns A-D and E-H of its four rows) that hold an odd
 * number of the set w: the word's bytes folded by XOR into one, whose low and high nibbles XOR each
 * quadrant's columns; a nibble's parity read from the 16-bit table 0x6996.
 */
export function oddQuadrants(w: number): number {
  let y = w ^ (w >>> 16);
  y ^= y >>> 8;
  return (-((0x6996 >>> (y & 15)) & 1) & 0x0f0f0f0f) | (-((0x6996 >>> ((y >>> 4) & 15)) & 1) & 0xf0f0f0f0);
}

/** The lowest square of the non-empty set (lo, hi). */
function lowest(lo: number, hi: number): number {
  return lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi);
}

/**
 * Fail-soft value by plain alpha-beta with parity order (`empties` ≥ 1 empty squares); the last two
 * empties by last2, the last one by last1. The empties are scanned in place, not listed into a row of
 * the stack: listing them costs this search a tenth of its time.
 */
function shallowNode(
  ml: number,
  mh: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  empties: number,
): number {
  const el = ~(ml | ol),
    eh = ~(mh | oh);
  if (empties <= 2) {
    const d = count(ml, mh) - count(ol, oh);
    const x1 = lowest(el, eh);
    if (empties === 1) return last1(ml, mh, ol, oh, d, x1);
    return last2(ml, mh, ol, oh, alpha, beta, x1, x1 < 32 ? lowest(el & (el - 1), eh) : lowest(0, eh & (eh - 1)), d);
  }
  visit();
  if (sw.stability && empties >= STABILITY_MIN && empties <= STABILITY_MAX) {
    const up = stabilityCut(ml, mh, ol, oh, alpha);
    if (up !== 65) return up;
  }
  // odd quadrants first
  const oddLo = oddQuadrants(el),
    oddHi = oddQuadrants(eh);
  let best = -65;
  for (let pass = 0; pass < 2; pass++) {
    let lo = el & (pass === 0 ? oddLo : ~oddLo),
      hi = eh & (pass === 0 ? oddHi : ~oddHi);
    while ((lo | hi) !== 0) {
      let x: number;
      if (lo !== 0) {
        x = 31 - Math.clz32(lo & -lo);
        lo &= lo - 1;
      } else {
        x = 63 - Math.clz32(hi & -hi);
        hi &= hi - 1;
      }
      const fl = flips(ml, mh, ol, oh, x);
      const fh = HI[1];
      if ((fl | fh) === 0) continue;
      const v =
        0 -
        shallowNode(
          ol & ~fl,
          oh & ~fh,
          x < 32 ? ml | fl | (1 << x) : ml | fl,
          x < 32 ? mh | fh : mh | fh | (1 << (x - 32)),
          0 - beta,
          0 - alpha,
          empties - 1,
        );
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) return best;
        }
      }
    }
  }
  if (best > -65) return best;
  if ((moves(ol, oh, ml, mh) | HI[0]) === 0) return finalScore(count(ml, mh), count(ol, oh));
  return 0 - shallowNode(ol, oh, ml, mh, 0 - beta, 0 - alpha, empties);
}

/**
 * The shallow search from a root of `empties` ≥ 1 empty squares: the kernel's where WebAssembly runs and
 * two or more squares are empty, with the visits counted on there, else shallowNode (a root of one empty
 * is one last1 here, so that the kernel's last1 has one caller and is inlined into last2).
 */
function shallowRoot(
  ml: number,
  mh: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  empties: number,
): number {
  if (kernel === null || empties === 1) return shallowNode(ml, mh, ol, oh, alpha, beta, empties);
  // left ≤ PROGRESS_TICK (countFrom), well within the 2^23 the kernel's packed result holds
  const r = kernel(ml, mh, ol, oh, alpha, beta, empties, kernelStability, left);
  left = r >> 8;
  return (r & 0xff) - 65;
}

/** Fail-soft value of the node at ply p (`empties` empty squares) with window (alpha, beta). */
function deepNode(p: number, alpha: number, beta: number, empties: number): number {
  const ml = ME_LO[p],
    mh = ME_HI[p],
    ol = OP_LO[p],
    oh = OP_HI[p];
  if (empties <= sw.shallow && p > 0) {
    if (empties === 0) {
      visit();
      return finalScore(count(ml, mh), count(ol, oh));
    }
    return shallowRoot(ml, mh, ol, oh, alpha, beta, empties);
  }
  visit();
  const kl = K_LO[p],
    kh = K_HI[p];
  const d = probe(kl, kh);
  let ttSquare = -1;
  if (d !== 0) {
    const lo = (d & 0xff) - 64,
      up = ((d >> 8) & 0xff) - 64;
    if (p > 0) {
      if (lo >= beta || lo === up) return lo;
      if (up <= alpha) return up;
      if (lo > alpha) alpha = lo;
      if (up < beta) beta = up;
    }
    ttSquare = ((d >>> 16) & 0xff) - 1;
  }
  if (sw.stability && empties >= STABILITY_MIN && empties <= STABILITY_MAX && p > 0) {
    const up = stabilityCut(ml, mh, ol, oh, alpha);
    if (up !== 65) return up;
  }
  const row = p * ROW;
  const lo = moves(ml, mh, ol, oh);
  const hi = HI[0];
  const q = p + 1;
  if ((lo | hi) === 0) {
    if ((moves(ol, oh, ml, mh) | HI[0]) === 0) return finalScore(count(ml, mh), count(ol, oh));
    passAt(q, ml, mh, ol, oh);
    K_LO[q] = kl ^ SIDE_LO;
    K_HI[q] = kh ^ SIDE_HI;
    const v = 0 - deepNode(q, 0 - beta, 0 - alpha, empties);
    if (p === 0) rootMove = PASS;
    return v;
  }
  // the children: squares, flips, and keys where the children are deep nodes (the shallow search neither
  // reads nor writes the table, so children it searches have no entry to look up)
  const colour = (rootSide ^ (p & 1)) << 6;
  const n = listSquares(lo, hi, row);
  const deepChildren = empties - 1 > sw.shallow;
  let first = -1;
  for (let i = row; i < row + n; i++) {
    const x = SQ[i];
    const fl = flips(ml, mh, ol, oh, x);
    const fh = HI[1];
    FL_LO[i] = fl;
    FL_HI[i] = fh;
    if (deepChildren) {
      CK_LO[i] = keyAfter(kl, kh, colour, x, fl, fh);
      CK_HI[i] = KEY_AFTER_HI[0];
    }
    if (x === ttSquare && sw.ttMove) first = i - row;
  }
  if (sw.etc && p > 0 && deepChildren) {
    // a child whose upper bound u makes this move worth −u ≥ β cuts without a search
    for (let i = row; i < row + n; i++) {
      const cd = probe(CK_LO[i], CK_HI[i]);
      if (cd !== 0) {
        const v = 64 - ((cd >> 8) & 0xff); // −(upper)
        if (v >= beta) return v;
      }
    }
  }
  const alpha0 = alpha;
  let best = -65;
  let bestSquare = NONE;
  let keyed = false;
  for (let k = 0; k < n; k++) {
    let i: number;
    if (k === 0 && first >= 0) {
      i = first;
    } else if (n - k === 1 && !keyed) {
      i = first === 0 ? 1 : 0; // the one child left: no keys needed
    } else {
      if (!keyed) {
        keyed = true;
        if (sw.sortSearch > 0 && empties >= sw.sortSearch) {
          // the sort search's value of the child (the opponent's view), then the rich key, then the class
          for (let j = row; j < row + n; j++) {
            const x = SQ[j];
            playAt(q, ml, mh, ol, oh, x, FL_LO[j], FL_HI[j]);
            const cl = ME_LO[q],
              ch = ME_HI[q],
              cm = OP_LO[q],
              cn = OP_HI[q];
            const v = sortSearch(cl, ch, cm, cn, SORT_DEPTH, -SORT_INFINITY, SORT_INFINITY);
            KEY[j] = 0 - (v + (replyWeight(cl, ch, cm, cn) << 2) + SQUARE_CLASS[x]);
          }
        } else if (sw.richKey) {
          // the rich key: the opponent's weighted and potential mobility after the move, then the class
          for (let j = row; j < row + n; j++) {
            const x = SQ[j];
            playAt(q, ml, mh, ol, oh, x, FL_LO[j], FL_HI[j]);
            KEY[j] = 0 - ((replyWeight(ME_LO[q], ME_HI[q], OP_LO[q], OP_HI[q]) << 2) + SQUARE_CLASS[x]);
          }
        } else {
          // fastest-first: the opponent's moves after the move, then the square's class
          for (let j = row; j < row + n; j++) {
            const x = SQ[j];
            playAt(q, ml, mh, ol, oh, x, FL_LO[j], FL_HI[j]);
            const m = count(moves(ME_LO[q], ME_HI[q], OP_LO[q], OP_HI[q]), HI[0]);
            KEY[j] = 0 - ((m << 2) + SQUARE_CLASS[x]);
          }
        }
        if (first >= 0) KEY[row + first] = TAKEN;
      }
      i = pickBest(row, n);
    }
    const x = SQ[row + i];
    playAt(q, ml, mh, ol, oh, x, FL_LO[row + i], FL_HI[row + i]);
    K_LO[q] = CK_LO[row + i];
    K_HI[q] = CK_HI[row + i];
    let v: number;
    if (k === 0 || !scout) {
      v = 0 - deepNode(q, 0 - beta, 0 - alpha, empties - 1);
    } else {
      v = 0 - deepNode(q, -1 - alpha, 0 - alpha, empties - 1);
      if (v > alpha && v < beta) v = 0 - deepNode(q, 0 - beta, 0 - v, empties - 1);
    }
    if (v > best) {
      best = v;
      bestSquare = x;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  store(kl, kh, empties, alpha0, beta, best, bestSquare);
  if (p === 0) rootMove = bestSquare;
  return best;
}

/** What a solve-mode search returns: the root's value and best move (a square, PASS, or 65: none). */
interface EndgameSearchResult {
  value: number;
  move: number;
}

/** The switches of the search about to start, and the shallow search's kernel for it. */
function useSwitches(s: EndgameSwitches): void {
  sw = s;
  kernel = shallowKernel(kernelEvent);
  kernelStability = s.stability ? 1 : 0;
}

/**
 * One search of the root `position` with window (alpha, beta) ⊆ [−65, 65] (NegaScout's null windows
 * below the root when `negaScout`), on `tt` (not cleared: successive searches share it), counting
 * visits into `counters.visited` (a SearchLimitError once more than maxVisited).
 */
function endgameSearch(
  position: OthelloPosition,
  alpha: number,
  beta: number,
  opts: {
    switches: EndgameSwitches;
    tt: EndgameTable;
    negaScout: boolean;
    counters: { visited: number };
    maxVisited: number;
    onTick: ((visited: number) => void) | null;
  },
): EndgameSearchResult {
  const s = opts.switches;
  if (!Number.isInteger(s.shallow) || s.shallow < 0 || s.shallow > SHALLOW_MAX)
    throw new RangeError(`shallow = ${s.shallow} is not allowed: it must be an integer in [0..${SHALLOW_MAX}]`);
  if (!Number.isInteger(s.sortSearch) || s.sortSearch < 0 || s.sortSearch > 60)
    throw new RangeError(`sortSearch = ${s.sortSearch} is not allowed: it must be an integer in [0..60]`);
  useSwitches(s);
  table = opts.tt;
  scout = opts.negaScout;
  setRoot(position);
  rootSide = position.side;
  limit = opts.maxVisited;
  tick = opts.onTick;
  countFrom(opts.counters.visited);
  rootMove = NONE;
  try {
    const value = deepNode(0, alpha, beta, position.empties);
    return { value: value + 0, move: rootMove };
  } finally {
    opts.counters.visited = mark - left;
    tick = null;
  }
}

/**
 * The shallow search alone on `position` (0 to SHALLOW_MAX empties) with window (alpha, beta) under
 * `switches` (only `stability` acts in it): its fail-soft value and its nodes. For the tests, which
 * hold it against negamax, and the benchmark.
 */
export function shallowSearch(
  position: OthelloPosition,
  alpha: number,
  beta: number,
  switches: EndgameSwitches = ENDGAME_ON,
): { value: number; nodes: number } {
  const empties = position.empties;
  if (empties > SHALLOW_MAX)
    throw new RangeError(`shallowSearch: ${empties} empties is not allowed: at most ${SHALLOW_MAX}`);
  const value = shallowValue(
    position.ownLo,
    position.ownHi,
    position.oppLo,
    position.oppHi,
    alpha,
    beta,
    empties,
    switches,
  );
  return { value, nodes: mark - left };
}

/**
 * The shallow search's fail-soft value of the position of the player (ml, mh) to move against (ol, oh),
 * `empties` (0 to SHALLOW_MAX) empty squares, with window (alpha, beta): for a caller that asks for many
 * small positions one after another outside any solve (./exact-value-table.ts), without building a
 * position. It shares this module's state with the solve mode, so it must not be called inside a search.
 */
export function shallowValue(
  ml: number,
  mh: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  empties: number,
  switches: EndgameSwitches = ENDGAME_ON,
): number {
  useSwitches(switches);
  limit = Infinity;
  tick = null;
  countFrom(0);
  if (empties === 0) {
    visit();
    return finalScore(count(ml, mh), count(ol, oh)) + 0;
  }
  return shallowRoot(ml, mh, ol, oh, alpha, beta, empties) + 0;
}

/** The searches the solve mode drives (./solver.ts's algorithm names). */
export const ENDGAME_ALGORITHMS = ['mtdf', 'alphabeta', 'negascout'] as const;
export type EndgameAlgorithm = (typeof ENDGAME_ALGORITHMS)[number];

// One table kept for the next solve that brings none (cleared before each solve).
let spare: EndgameTable | null = null;

/**
 * Solve `position` in the solve mode: MTD(f) (null-window tests from 0 within the scores' range [−64, 64]), alpha-beta or NegaScout
 * with the full window [−65, 65]; weak: windows around 0 as ./solver.ts does. The best move of an
 * MTD(f) whose last test failed low is confirmed by one more test at β = score, which fails high on a
 * best move (its nodes are `moveNodes`). `move` is a square, PASS, or −1 when the game is over.
 */
export function solveEndgame(
  position: OthelloPosition,
  opts: {
    switches: EndgameSwitches;
    algorithm: EndgameAlgorithm;
    weak: boolean;
    tt?: EndgameTable;
    maxVisited?: number;
    /** called every PROGRESS_TICK visits with the nodes visited so far (the move check's counted on) */
    onTick?: ((nodes: number) => void) | null;
  },
): { score: number; move: number; nodes: number; moveNodes: number } {
  const tt = opts.tt ?? (spare ??= new EndgameTable(20));
  tt.clear();
  const counters = { visited: 0 };
  const base = {
    switches: opts.switches,
    tt,
    negaScout: opts.algorithm === 'negascout',
    counters,
    maxVisited: opts.maxVisited ?? Infinity,
    onTick: opts.onTick ?? null,
  };
  const run = (alpha: number, beta: number) => endgameSearch(position, alpha, beta, base);
  let score: number;
  let move: number;
  let moveNodes = 0;
  if (opts.weak) {
    if (opts.algorithm !== 'mtdf') {
      const r = run(-1, 1);
      score = Math.sign(r.value);
      move = r.move;
    } else {
      let r = run(0, 1);
      if (r.value < 1) r = run(-1, 0);
      score = r.value >= 1 ? 1 : r.value >= 0 ? 0 : -1;
      move = r.move;
    }
  } else if (opts.algorithm === 'mtdf') {
    // A final score lies in [−64, 64]: a test above 64 or below −64 would search a whole tree for a bound already known.
    let g = 0,
      lower = -64,
      upper = 64;
    let failedLow = false;
    move = NONE;
    while (lower < upper) {
      const beta = g === lower ? g + 1 : g;
      const r = run(beta - 1, beta);
      g = r.value;
      move = r.move;
      failedLow = g < beta;
      if (failedLow) upper = g;
      else lower = g;
    }
    score = g;
    if (failedLow && move !== NONE) {
      const tick = base.onTick;
      const check = {
        ...base,
        counters: { visited: 0 },
        onTick: tick === null ? null : (n: number) => tick(counters.visited + n),
      };
      move = endgameSearch(position, score - 1, score, check).move;
      moveNodes = check.counters.visited;
    }
  } else {
    const r = run(-65, 65);
    score = r.value;
    move = r.move;
  }
  return { score: score + 0, move: move === NONE ? -1 : move, nodes: counters.visited, moveNodes };
}
