/**
 * Stable discs: discs that no continuation of the game can flip, a lower bound on the discs a player
 * ends with, hence a bound on the final score (the stability cutoff of endgame solvers, e.g. Edax's).
 * Sets are two int32 words as in ./bitboard-kernel.ts; nothing allocates.
 *
 * A move flips a disc only along a line through the square played, and only a disc lying between the
 * new disc and an anchor, both of the other colour. So a disc is safe along one of the four lines
 * through it (row, column, two diagonals) when
 *   - the line is full (no move can be played on it), or
 *   - the disc ends the line (its neighbour on that line is off the board), or
 *   - a neighbour on that line is a stable disc of the same colour (a run flipped with the disc would
 *     hold that neighbour too);
 * and a disc safe along all four lines is stable. The set is grown from the empty set, each round
 * adding the player's discs that are safe given the discs of the rounds before, until it stops
 * growing: every disc it holds rests on discs added earlier (corners first), never on itself.
 * test/othello/stability.test.ts checks the set against every continuation of random endgames.
 */

/** The high word of the last stableDiscs() result. */
export const STABLE_HI = new Int32Array(1);

/** Columns A and H; rows 1 and 8 (low, high word); the four edges. */
const COLS_AH = 0x81818181 | 0;
const ROW1_LO = 0xff;
const ROW8_HI = 0xff000000 | 0;
const EDGE_LO = COLS_AH | ROW1_LO;
const EDGE_HI = COLS_AH | ROW8_HI;

/** Columns A, A-B, A-D, H, G-H, E-H (the same in both words). */
const COL_A = 0x01010101;
const COL_AB = 0x03030303;
const COL_AD = 0x0f0f0f0f;
const COL_H = 0x80808080 | 0;
const COL_GH = 0xc0c0c0c0 | 0;
const COL_EH = 0xf0f0f0f0 | 0;

/** The high word of the last emptyDiagonal9/7() result. */
const DIAG_HI = new Int32Array(1);

/**
 * The squares whose A1-H8 diagonal holds an empty square of (el, eh): the empties spread along it in
 * both directions by 1, 2 and 4 squares (steps of ±9, ±18, ±36), each step masked where it would wrap
 * from column H to column A (up the board a step of k squares moves k columns right, so it cannot land
 * on the first k columns; down it cannot land on the last k). Low word returned, high in DIAG_HI[0].
 */
function emptyDiagonal9(el: number, eh: number): number {
  let ul = el,
    uh = eh;
  uh |= ((uh << 9) | (ul >>> 23)) & ~COL_A;
  ul |= (ul << 9) & ~COL_A;
  uh |= ((uh << 18) | (ul >>> 14)) & ~COL_AB;
  ul |= (ul << 18) & ~COL_AB;
  uh |= (ul << 4) & ~COL_AD;
  let dl = el,
    dh = eh;
  dl |= ((dl >>> 9) | (dh << 23)) & ~COL_H;
  dh |= (dh >>> 9) & ~COL_H;
  dl |= ((dl >>> 18) | (dh << 14)) & ~COL_GH;
  dh |= (dh >>> 18) & ~COL_GH;
  dl |= (dh >>> 4) & ~COL_EH;
  DIAG_HI[0] = uh | dh;
  return ul | dl;
}

/** The same for the A8-H1 diagonals (steps of ±7, ±14, ±28; up the board a step moves left). */
function emptyDiagonal7(el: number, eh: number): number {
  let ul = el,
    uh = eh;
  uh |= ((uh << 7) | (ul >>> 25)) & ~COL_H;
  ul |= (ul << 7) & ~COL_H;
  uh |= ((uh << 14) | (ul >>> 18)) & ~COL_GH;
  ul |= (ul << 14) & ~COL_GH;
  uh |= ((uh << 28) | (ul >>> 4)) & ~COL_EH;
  ul |= (ul << 28) & ~COL_EH;
  let dl = el,
    dh = eh;
  dl |= ((dl >>> 7) | (dh << 25)) & ~COL_A;
  dh |= (dh >>> 7) & ~COL_A;
  dl |= ((dl >>> 14) | (dh << 18)) & ~COL_AB;
  dh |= (dh >>> 14) & ~COL_AB;
  dl |= ((dl >>> 28) | (dh << 4)) & ~COL_AD;
  dh |= (dh >>> 28) & ~COL_AD;
  DIAG_HI[0] = uh | dh;
  return ul | dl;
}

/** The bytes of a word that are all ones (0xff), the others 0. */
function fullBytes(w: number): number {
  let t = w & (w >>> 4);
  t &= t >>> 2;
  t &= t >>> 1;
  return Math.imul(t & 0x01010101, 0xff);
}

/**
 * The stable discs of the player (pl, ph) against (ol, oh): low word returned, high word in
 * STABLE_HI[0].
 */
export function stableDiscs(pl: number, ph: number, ol: number, oh: number): number {
  const fl = pl | ol,
    fh = ph | oh;
  // squares whose row, column, or diagonal is full
  const rowL = fullBytes(fl),
    rowH = fullBytes(fh);
  let col = fl & fh;
  col &= col >>> 16;
  col &= col >>> 8;
  const colW = Math.imul(col & 0xff, 0x01010101);
  const d9L = ~emptyDiagonal9(~fl, ~fh),
    d9H = ~DIAG_HI[0];
  const d7L = ~emptyDiagonal7(~fl, ~fh),
    d7H = ~DIAG_HI[0];
  // what is safe without a stable neighbour: a full line, or the disc ends the line
  const hL = rowL | COLS_AH,
    hH = rowH | COLS_AH;
  const vL = colW | ROW1_LO,
    vH = colW | ROW8_HI;
  const aL = d9L | EDGE_LO,
    aH = d9H | EDGE_HI;
  const bL = d7L | EDGE_LO,
    bH = d7H | EDGE_HI;
  // grow: a neighbour one step along the line (±1, ±8, ±9, ±7) stable. A shifted set that wraps
  // from one row's end to the next row's start lands on column A or H, already safe along that line.
  let sl = 0,
    sh = 0;
  for (;;) {
    const nl =
      pl &
      (hL | (sl << 1) | (sl >>> 1) | (sh << 31)) &
      (vL | (sl << 8) | (sl >>> 8) | (sh << 24)) &
      (aL | (sl << 9) | (sl >>> 9) | (sh << 23)) &
      (bL | (sl << 7) | (sl >>> 7) | (sh << 25));
    const nh =
      ph &
      (hH | (sh << 1) | (sl >>> 31) | (sh >>> 1)) &
      (vH | (sh << 8) | (sl >>> 24) | (sh >>> 8)) &
      (aH | (sh << 9) | (sl >>> 23) | (sh >>> 9)) &
      (bH | (sh << 7) | (sl >>> 25) | (sh >>> 7));
    if (nl === sl && nh === sh) break;
    sl = nl;
    sh = nh;
  }
  STABLE_HI[0] = sh;
  return sl;
}
