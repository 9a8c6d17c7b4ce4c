/**
 * Othello bitboards in two 32-bit words, the standard representation of endgame solvers (e.g.
 * Buro's LOGISTELLO, Edax): one 64-bit set per colour, bit s = square s, s = 8·row + column with
 * A1 = 0, H1 = 7, A2 = 8, …, H8 = 63 (the square order of the .obf line). JavaScript has no fast
 * 64-bit integers (BigInt allocates), so every set is a pair `lo` (squares 0..31, rows 1-4) and `hi`
 * (squares 32..63, rows 5-8) of int32 words; a shift by k of the 64-bit set is two shifts and an OR.
 *
 * Move generation is the shift-and-mask flood in the 8 directions (Kogge-Stone style without the
 * doubling, six steps since at most six opponent discs lie between a move and its anchor): from the
 * mover's discs, step through runs of opponent discs (masked so a horizontal or diagonal step never
 * wraps from column H to column A), and a step onto an empty square after at least one opponent disc
 * is a legal move. Flips of a move walk the 8 rays from its square. Nothing here allocates: functions
 * that return a 64-bit set return the low word and leave the high word in `out.hi`.
 */

/** Columns B..G: a horizontal or diagonal step from these squares stays on the board's row. */
const INNER_LO = 0x7e7e7e7e | 0;
const INNER_HI = 0x7e7e7e7e | 0;

/** The high word of the last 64-bit result (functions return the low word). */
export const out = { hi: 0 };

/** Number of set bits of a 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of set bits of the 64-bit set (lo, hi). */
export function popcount(lo: number, hi: number): number {
  return popcount32(lo) + popcount32(hi);
}

/** Index (0..31) of the lowest set bit of a non-zero word. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Whether square s is in the set (lo, hi). */
export function has(lo: number, hi: number, s: number): boolean {
  return (s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1) === 1;
}

/**
 * Moves of one direction: the empty squares reached from `p` through one or more discs of `m` (the
 * opponent's discs, already masked for the direction), stepping by `k` bits towards higher squares
 * (`up`) or lower ones.
 */
function flood(pl: number, ph: number, ml: number, mh: number, el: number, eh: number, k: number, up: boolean): number {
  const r = 32 - k;
  let tl: number, th: number, sl: number, sh: number;
  if (up) {
    tl = (pl << k) & ml;
    th = ((ph << k) | (pl >>> r)) & mh;
    for (let j = 0; j < 5; j++) {
      sl = tl << k;
      sh = (th << k) | (tl >>> r);
      tl |= sl & ml;
      th |= sh & mh;
    }
    sl = tl << k;
    sh = (th << k) | (tl >>> r);
  } else {
    tl = ((pl >>> k) | (ph << r)) & ml;
    th = (ph >>> k) & mh;
    for (let j = 0; j < 5; j++) {
      sl = (tl >>> k) | (th << r);
      sh = th >>> k;
      tl |= sl & ml;
      th |= sh & mh;
    }
    sl = (tl >>> k) | (th << r);
    sh = th >>> k;
  }
  out.hi = sh & eh;
  return sl & el;
}

/** The four axes by their shift: east–west 1, south–north 8, and the diagonals 9 and 7. */
const AXES = Int8Array.of(1, 8, 9, 7);

/**
 * Legal moves of the player with discs (pl, ph) against the opponent's (ol, oh): the low word is
 * returned, the high word left in `out.hi`. Each axis is flooded both ways; the inner mask stops a
 * horizontal or diagonal step wrapping between rows, while a vertical step takes the whole opponent set
 * (its shifts off the board vanish).
 */
export function moves(pl: number, ph: number, ol: number, oh: number): number {
  const el = ~(pl | ol),
    eh = ~(ph | oh);
  const il = ol & INNER_LO,
    ih = oh & INNER_HI;
  let lo = 0,
    hi = 0;
  for (let a = 0; a < 4; a++) {
    const k = AXES[a];
    const ml = k === 8 ? ol : il,
      mh = k === 8 ? oh : ih;
    lo |= flood(pl, ph, ml, mh, el, eh, k, true);
    hi |= out.hi;
    lo |= flood(pl, ph, ml, mh, el, eh, k, false);
    hi |= out.hi;
  }
  out.hi = hi;
  return lo;
}

// The 8 directions as (row step, column step).
const DR = Int8Array.of(0, 0, 1, -1, 1, 1, -1, -1);
const DC = Int8Array.of(1, -1, 0, 0, 1, -1, 1, -1);

/**
 * Discs flipped when the player with discs (pl, ph) plays on square x against the opponent's (ol, oh):
 * along each ray from x, a run of opponent discs closed by one of the player's. Low word returned, high
 * word in `out.hi`; 0 and 0 when x flips nothing (x is then not a legal move).
 */
export function flips(pl: number, ph: number, ol: number, oh: number, x: number): number {
  const r0 = x >> 3,
    c0 = x & 7;
  let fl = 0,
    fh = 0;
  for (let d = 0; d < 8; d++) {
    const dr = DR[d],
      dc = DC[d];
    let r = r0 + dr,
      c = c0 + dc;
    let al = 0,
      ah = 0;
    while (r >= 0 && r < 8 && c >= 0 && c < 8) {
      const s = (r << 3) | c;
      const high = s >= 32;
      const b = 1 << (s & 31);
      if (((high ? oh : ol) & b) === 0) {
        // the run ends here: it flips if one of the player's discs closes it
        if (((high ? ph : pl) & b) !== 0) {
          fl |= al;
          fh |= ah;
        }
        break;
      }
      if (high) ah |= b;
      else al |= b;
      r += dr;
      c += dc;
    }
  }
  out.hi = fh;
  return fl;
}

/** Corners A1, H1 (low word) and A8, H8 (high word). */
export const CORNERS_LO = 0x81;
export const CORNERS_HI = 0x81000000 | 0;

/** Square name "A1".."H8" of square s. */
export function squareName(s: number): string {
  return String.fromCharCode(65 + (s & 7)) + String((s >> 3) + 1);
}

/** Square index of a name "A1".."H8" (case-insensitive), or -1. */
export function squareIndex(name: string): number {
  const m = /^([A-Ha-h])([1-8])$/.exec(name);
  if (!m) return -1;
  return (Number(m[2]) - 1) * 8 + (m[1].toUpperCase().charCodeAt(0) - 65);
}
