/**
 * The per-ply stack of the Othello search kernels (./othello-kernel.ts, ./endgame-solver.ts): a
 * depth-first search's state in module-level typed arrays indexed by ply, as the C endgame solvers keep
 * it (Delorme's reversi-solver, Edax), so that a node allocates nothing. Per ply p: the player to move's
 * discs (ME), the opponent's (OP) and the Zobrist key (K), each as two int32 words; per ply a row of
 * ROW slots from p·ROW: the children's squares (SQ), ordering keys (KEY) and flips (FL).
 *
 * One stack serves both searches: neither calls the other, and neither starts a search inside its own
 * (they call nothing that searches), so in one thread at most one search is on it at a time.
 */
import type { OthelloPosition } from './position.ts';
import { zobristKey } from './zobrist.ts';

/** The square of a pass in a row of children. */
export const PASS = 64;
/** Plies the stack holds: a game from 60 empties lasts at most 120 plies. */
export const PLIES = 128;
/** Slots per ply in the rows of children (a position has at most 33 moves). */
export const ROW = 64;
/** A key below every ordering key (keys are mobilities and estimates, |key| < 2^20): a child already searched. */
export const TAKEN = -0x40000000;

export const ME_LO = new Int32Array(PLIES);
export const ME_HI = new Int32Array(PLIES);
export const OP_LO = new Int32Array(PLIES);
export const OP_HI = new Int32Array(PLIES);
export const K_LO = new Int32Array(PLIES);
export const K_HI = new Int32Array(PLIES);
/** the children's squares per ply (row ply·ROW) */
export const SQ = new Int8Array(PLIES * ROW);
/** the children's ordering keys per ply (highest first); TAKEN once searched */
export const KEY = new Int32Array(PLIES * ROW);
/** the children's flips (low and high words), computed once and reused when the child is searched */
export const FL_LO = new Int32Array(PLIES * ROW);
export const FL_HI = new Int32Array(PLIES * ROW);

/** Write the squares of the set (lo, hi) into SQ from `at`, lowest first; returns how many. */
export function listSquares(lo: number, hi: number, at: number): number {
  let n = at;
  while (lo !== 0) {
    SQ[n++] = 31 - Math.clz32(lo & -lo);
    lo &= lo - 1;
  }
  while (hi !== 0) {
    SQ[n++] = 63 - Math.clz32(hi & -hi);
    hi &= hi - 1;
  }
  return n - at;
}

/**
 * The untaken child of highest key among the n of row `row`, the lowest index on ties, marked TAKEN;
 * returns its index in the row. ../search/ordering/move-ordering.ts pickNextInt's branch-free loop,
 * written out on this module's row (calling pickNextInt on KEY measured 1-3 % slower on FFO #1-#19).
 */
export function pickBest(row: number, n: number): number {
  let m = row;
  let mk = KEY[row];
  for (let j = row + 1; j < row + n; j++) {
    const x = KEY[j];
    const better = (mk - x) >> 31;
    m ^= (m ^ j) & better;
    mk ^= (mk ^ x) & better;
  }
  KEY[m] = TAKEN;
  return m - row;
}

/**
 * Write at ply q the position after the player (ml, mh) plays square x (not a pass) against (ol, oh),
 * flipping (fl, fh): in the next player's view, the opponent to move.
 */
export function playAt(
  q: number,
  ml: number,
  mh: number,
  ol: number,
  oh: number,
  x: number,
  fl: number,
  fh: number,
): void {
  ME_LO[q] = ol & ~fl;
  ME_HI[q] = oh & ~fh;
  OP_LO[q] = x < 32 ? ml | fl | (1 << x) : ml | fl;
  OP_HI[q] = x < 32 ? mh | fh : mh | fh | (1 << (x - 32));
}

/** Write at ply q the position after the player (ml, mh) passes against (ol, oh). */
export function passAt(q: number, ml: number, mh: number, ol: number, oh: number): void {
  ME_LO[q] = ol;
  ME_HI[q] = oh;
  OP_LO[q] = ml;
  OP_HI[q] = mh;
}

/** Write the root position at ply 0: its player to move's discs, the opponent's, its Zobrist key. */
export function setRoot(position: OthelloPosition): void {
  ME_LO[0] = position.ownLo;
  ME_HI[0] = position.ownHi;
  OP_LO[0] = position.oppLo;
  OP_HI[0] = position.oppHi;
  const [kl, kh] = zobristKey(position);
  K_LO[0] = kl;
  K_HI[0] = kh;
}
