/**
 * Connect-Four bitboards in two 32-bit words (Pons, "Solving Connect 4: how to build a perfect AI",
 * part 6 "Bitboard").
 *
 * Pons' layout: column c (0-based, left to right), row r (0 = bottom) is bit 7c + r of a 49-bit board;
 * row 6 of every column is a sentinel that is never set, so a column's stones plus one carry stay inside
 * the column and shifts by 1, 6, 7, 8 never connect cells of unrelated lines.
 *
 * 49 bits do not fit a JavaScript int32 and BigInt is far too slow for the hot loop (measured on Pons'
 * Middle-Easy positions: about 600 ns per `compute_winning_position` with BigInt against 40-60 ns with
 * two words), so the board is split at a column boundary: `lo` holds columns 0..3 (bits 0..27), `hi` holds columns 4..6 (bits 0..20),
 * i.e. the 49-bit board is lo + hi·2^28. A move touches one word only (the carry of `mask + bottom`
 * stays in its column); only the shifts of line detection cross the split, done with two shifts and an
 * OR. The result of `winningCells` is bit-for-bit Pons' `compute_winning_position`.
 */
export const WIDTH = 7;
export const HEIGHT = 6;
export const CELLS = WIDTH * HEIGHT;
/** bits per column: HEIGHT + the sentinel */
export const H1 = HEIGHT + 1;
/** bit at which the hi word starts in the 49-bit board */
const SPLIT = 28;
/** 2^28: the 49-bit board as a number is lo + hi * HI_SCALE (exact, below 2^53) */
export const HI_SCALE = 268435456;

function columnsMask(first: number, last: number, bits: number): number {
  let m = 0;
  for (let c = first; c <= last; c++) m |= bits << (H1 * (c - first));
  return m;
}

/** bottom cell of every column */
export const BOTTOM_LO = columnsMask(0, 3, 1);
export const BOTTOM_HI = columnsMask(4, 6, 1);
/** every real cell (sentinels excluded) */
export const BOARD_LO = columnsMask(0, 3, (1 << HEIGHT) - 1);
export const BOARD_HI = columnsMask(4, 6, (1 << HEIGHT) - 1);

/** Word (0 = lo, 1 = hi) and bit offset of column c's bottom cell inside it. */
export function columnWord(c: number): number {
  return c < 4 ? 0 : 1;
}
function columnShift(c: number): number {
  return H1 * (c < 4 ? c : c - 4);
}
/** the top cell of column c: set in the mask when the column is full */
export function topMask(c: number): number {
  return 1 << (HEIGHT - 1 + columnShift(c));
}
/** the bottom cell of column c */
export function bottomMask(c: number): number {
  return 1 << columnShift(c);
}

/** Number of set bits of a 32-bit word. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * hi word of the last `winningCells` result (the lo word is returned). A typed array rather than an
 * exported `let`: where the module is compiled to CommonJS (tsx loading it from a CommonJS caller) an
 * exported binding is read through a getter, which was measured to cost more than the whole call.
 */
export const WIN_HI = new Int32Array(1);

/** hi word of the last `lineGaps` result (the lo word is returned) */
const GAPS_HI = new Int32Array(1);

/**
 * Empty or not, the cells that complete xxx., xx.x, x.xx or .xxx for the stones (pl, ph) along direction
 * s (7 horizontal, 6 and 8 the diagonals), from P << k·s and P >> k·s, k = 1..3, as 49-bit shifts of
 * (lo, hi). Returns the lo word; the hi word is left in `GAPS_HI[0]`. Called with a constant s, which the
 * optimising compiler folds into constant shift counts once it inlines the call: measured as fast as the
 * three directions written out, where a loop over s was slower.
 */
function lineGaps(pl: number, ph: number, s: number): number {
  const l1l = pl << s,
    l1h = (ph << s) | (pl >>> (SPLIT - s));
  const l2l = pl << (2 * s),
    l2h = (ph << (2 * s)) | (pl >>> (SPLIT - 2 * s));
  const l3l = pl << (3 * s),
    l3h = (ph << (3 * s)) | (pl >>> (SPLIT - 3 * s));
  const r1l = (pl >>> s) | (ph << (SPLIT - s)),
    r1h = ph >>> s;
  const r2l = (pl >>> (2 * s)) | (ph << (SPLIT - 2 * s)),
    r2h = ph >>> (2 * s);
  const r3l = (pl >>> (3 * s)) | (ph << (SPLIT - 3 * s)),
    r3h = ph >>> (3 * s);
  GAPS_HI[0] = (l1h & l2h & (l3h | r1h)) | (r1h & r2h & (l1h | r3h));
  return (l1l & l2l & (l3l | r1l)) | (r1l & r2l & (l1l | r3l));
}

/**
 * Empty cells that would complete four in a row for the stones (pl, ph), given the occupied cells
 * (ml, mh): Pons' `compute_winning_position`. Returns the lo word; the hi word is left in `WIN_HI[0]`.
 * Cells need not be playable yet (a cell above an empty one counts).
 */
export function winningCells(pl: number, ph: number, ml: number, mh: number): number {
  // vertical: three stones below (never crosses the split: a column's sentinel is always empty)
  let rl = (pl << 1) & (pl << 2) & (pl << 3);
  let rh = (ph << 1) & (ph << 2) & (ph << 3);
  rl |= lineGaps(pl, ph, 7);
  rh |= GAPS_HI[0];
  rl |= lineGaps(pl, ph, 6);
  rh |= GAPS_HI[0];
  rl |= lineGaps(pl, ph, 8);
  rh |= GAPS_HI[0];
  WIN_HI[0] = rh & BOARD_HI & ~mh;
  return rl & BOARD_LO & ~ml;
}

/** hi word of the last `nonLosingMoves` result (the lo word is returned), as WIN_HI is for winningCells. */
export const NON_LOSING_HI = new Int32Array(1);

/**
 * The playable cells of the player to move that do not lose at once, given all stones (ml, mh) and the
 * opponent's winning cells (owl, owh): Pons' `possibleNonLosingMoves` (part 9). An opponent's
 * playable winning cell must be taken (two of them cannot both be, so nothing is left), and a cell
 * right below an opponent's winning cell is never played. Empty when every move loses at once.
 */
export function nonLosingMoves(ml: number, mh: number, owl: number, owh: number): number {
  let pl = (ml + BOTTOM_LO) & BOARD_LO;
  let ph = (mh + BOTTOM_HI) & BOARD_HI;
  const fl = pl & owl,
    fh = ph & owh;
  if ((fl | fh) !== 0) {
    if ((fl & (fl - 1)) !== 0 || (fh & (fh - 1)) !== 0 || (fl !== 0 && fh !== 0)) {
      NON_LOSING_HI[0] = 0;
      return 0;
    }
    pl = fl;
    ph = fh;
  }
  NON_LOSING_HI[0] = ph & ~(owh >>> 1);
  return pl & ~(owl >>> 1);
}

/**
 * Whether the stones (pl, ph) contain four in a row (Pons' `alignment`), with 49-bit shifts across the
 * split. Used to check a position after a move, and by tests.
 */
export function hasFour(pl: number, ph: number): boolean {
  // vertical, per word (sentinels separate columns)
  let ml = pl & (pl >>> 1);
  if ((ml & (ml >>> 2)) !== 0) return true;
  let mh = ph & (ph >>> 1);
  if ((mh & (mh >>> 2)) !== 0) return true;
  for (let s = H1 - 1; s <= H1 + 1; s++) {
    // m = P & (P >> s), then m & (m >> 2s)
    ml = pl & ((pl >>> s) | (ph << (SPLIT - s)));
    mh = ph & (ph >>> s);
    const s2 = 2 * s;
    if ((ml & ((ml >>> s2) | (mh << (SPLIT - s2))) & BOARD_LO) !== 0) return true;
    if ((mh & (mh >>> s2)) !== 0) return true;
  }
  return false;
}
