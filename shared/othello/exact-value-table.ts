/**
 * Exact values of Othello positions to the end of the game, asked for one position after another by the
 * minimum proof tree kernel (./othello-mpt.ts), which reads the exact value of every child of the nodes
 * it expands (Furtak & Buro 2009, Figure 2 needs f at interior nodes). What ../search/solved-game.ts does
 * on the Game cursor, on bitboards: fail-soft alpha-beta with a table of bounds that outlives every solve,
 * so the many overlapping solves (a node, then its children, then theirs) share their work, down to
 * SHALLOW empties; a position of SHALLOW empties or fewer is solved afresh each time it is asked for, by
 * the solve mode's shallow search (./endgame-solver.ts shallowValue: parity order, the last two empties
 * written out, stability cutoffs, in WebAssembly where it runs), which is never stored.
 *
 * A value to the end of the game belongs to the position alone, whatever asked for it, so the table is
 * kept for the life of the process: positions of one best line, and the proofs of successive positions,
 * share it. An entry holds the whole position (four int32 words), so a stored bound is never another
 * position's, and its data word: (lower + 64) | (upper + 64) << 8 | (move + 1) << 16 | empties << 24.
 * Two entries per bucket: the one of most empties and the newest.
 *
 * Order: the table's move first, then fewest opponent replies first (fastest-first). Every node above
 * SHALLOW empties is stored. Below, the shallow search costs less than the table: on FFO #40's best line
 * at 15 empties (`npm run bench:othello-mpt`) the proof takes 28-35 CPU s with it against 98.5 s with this
 * search and its table down to the end, the same sizes and expansions, and thresholds from 4 to 8 empties
 * measure alike. Moves and flips by ./bitboard-kernel.ts; per-ply rows of this module (non-reentrant; the
 * shallow search it calls shares the solve mode's state, so neither runs inside the other).
 */
import * as bitboards from './bitboard-kernel.ts';
import { ENDGAME_ON, shallowValue } from './endgame-solver.ts';

// Local bindings of the hot imports (module loaders may compile ES imports to getters).
const { count, finalScore, flips, HI, moves } = bitboards;

/** Plies a solve may descend (a game from 60 empties lasts at most 120). */
const PLIES = 128;
/** Slots per ply (a position has at most 33 moves). */
const ROW = 64;
/** Empties at and below which the shallow search solves a position (the solve mode's threshold). */
const SHALLOW = ENDGAME_ON.shallow;
/** A key below every ordering key: a child already searched. */
const TAKEN = -0x40000000;
/** The table's size: 2^TABLE_BITS buckets of two entries. */
const TABLE_BITS = 22;
const WORDS = 5;

const SQ = new Int8Array(PLIES * ROW);
const KEY = new Int32Array(PLIES * ROW);
const FL_LO = new Int32Array(PLIES * ROW);
const FL_HI = new Int32Array(PLIES * ROW);

let table: Int32Array | null = null;
const MASK = (1 << TABLE_BITS) - 1;

function bucket(ml: number, mh: number, ol: number, oh: number): number {
  let h = Math.imul(ml, 0x9e3779b1) ^ Math.imul(mh, 0x85ebca77) ^ Math.imul(ol, 0xc2b2ae3d) ^ Math.imul(oh, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h & MASK) * 2 * WORDS;
}

/** The word index of the entry holding the position, or −1. */
function find(t: Int32Array, b: number, ml: number, mh: number, ol: number, oh: number): number {
  for (let e = b; e < b + 2 * WORDS; e += WORDS) {
    if (t[e + 4] !== 0 && t[e] === ml && t[e + 1] === mh && t[e + 2] === ol && t[e + 3] === oh) return e;
  }
  return -1;
}

/** The exact final disc differential of the position, the player (ml, mh) to move against (ol, oh). */
export function exactValue(ml: number, mh: number, ol: number, oh: number): number {
  table ??= new Int32Array((MASK + 1) * 2 * WORDS);
  return node(0, ml, mh, ol, oh, -65, 65) + 0;
}

/** Fail-soft alpha-beta: the exact value when it lies in (alpha, beta), else a bound on the side it fell. */
function node(p: number, ml: number, mh: number, ol: number, oh: number, alpha: number, beta: number): number {
  const empties = 64 - count(ml | ol, mh | oh);
  if (empties <= SHALLOW) return shallowValue(ml, mh, ol, oh, alpha, beta, empties);
  const t = table!;
  const b = bucket(ml, mh, ol, oh);
  let first = -1;
  const e0 = find(t, b, ml, mh, ol, oh);
  if (e0 >= 0) {
    const d = t[e0 + 4];
    const l = (d & 0xff) - 64,
      u = ((d >>> 8) & 0xff) - 64;
    if (l === u || l >= beta) return l;
    if (u <= alpha) return u;
    if (l > alpha) alpha = l;
    if (u < beta) beta = u;
    first = ((d >>> 16) & 0xff) - 1;
  }
  let lo = moves(ml, mh, ol, oh);
  let hi = HI[0];
  if ((lo | hi) === 0) {
    if ((moves(ol, oh, ml, mh) | HI[0]) === 0) return finalScore(count(ml, mh), count(ol, oh));
    const v = 0 - node(p + 1, ol, oh, ml, mh, -beta, -alpha);
    store(b, ml, mh, ol, oh, alpha, beta, v, 64, empties);
    return v;
  }
  const row = p * ROW;
  let n = 0;
  while (lo !== 0) {
    SQ[row + n++] = 31 - Math.clz32(lo & -lo);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    SQ[row + n++] = 63 - Math.clz32(hi & -hi);
    hi &= hi - 1;
  }
  for (let i = 0; i < n; i++) {
    const x = SQ[row + i];
    const fl = flips(ml, mh, ol, oh, x);
    const fh = HI[1];
    FL_LO[row + i] = fl;
    FL_HI[row + i] = fh;
    if (x === first) KEY[row + i] = 0x3fffffff;
    else {
      const cl = ol & ~fl,
        ch = oh & ~fh;
      const pl = x < 32 ? ml | fl | (1 << x) : ml | fl,
        ph = x < 32 ? mh | fh : mh | fh | (1 << (x - 32));
      KEY[row + i] = -count(moves(cl, ch, pl, ph), HI[0]);
    }
  }
  const a0 = alpha;
  let best = -65,
    bestMove = 64;
  for (let j = 0; j < n; j++) {
    const i = pickBest(row, n);
    const x = SQ[row + i],
      fl = FL_LO[row + i],
      fh = FL_HI[row + i];
    const v =
      0 -
      node(
        p + 1,
        ol & ~fl,
        oh & ~fh,
        x < 32 ? ml | fl | (1 << x) : ml | fl,
        x < 32 ? mh | fh : mh | fh | (1 << (x - 32)),
        -beta,
        -Math.max(alpha, best),
      );
    if (v > best) {
      best = v;
      bestMove = x;
      if (best >= beta) break;
    }
  }
  store(b, ml, mh, ol, oh, a0, beta, best, bestMove, empties);
  return best;
}

/** The untaken child of highest key in the row (lowest index on ties), marked taken; its index. */
function pickBest(row: number, n: number): number {
  let m = row;
  for (let j = row + 1; j < row + n; j++) if (KEY[j] > KEY[m]) m = j;
  KEY[m] = TAKEN;
  return m - row;
}

/** Store the result `best` of a search with window (alpha, beta), merged with the position's bounds. */
function store(
  b: number,
  ml: number,
  mh: number,
  ol: number,
  oh: number,
  alpha: number,
  beta: number,
  best: number,
  move: number,
  empties: number,
): void {
  const t = table!;
  let e = find(t, b, ml, mh, ol, oh);
  let l = -64,
    u = 64;
  if (e >= 0) {
    const d = t[e + 4];
    l = (d & 0xff) - 64;
    u = ((d >>> 8) & 0xff) - 64;
  } else {
    // The first slot keeps the entry of most empties, the second the newest.
    e = empties >= t[b + 4] >>> 24 ? b : b + WORDS;
    t[e] = ml;
    t[e + 1] = mh;
    t[e + 2] = ol;
    t[e + 3] = oh;
  }
  if (best <= alpha) u = Math.min(u, best);
  else if (best >= beta) l = Math.max(l, best);
  else l = u = best;
  t[e + 4] = (l + 64) | ((u + 64) << 8) | ((move + 1) << 16) | (empties << 24);
}
