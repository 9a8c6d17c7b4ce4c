/**
 * Static evaluation of a Connect-Four position at a search horizon, for the player to move, on the
 * scale of Pons' scores (./position.ts) so exact and heuristic values mix in one search:
 *
 *  1. Exact where two plies of look-ahead settle it (the tests of Pons' part 9, no search):
 *       the player to move can win at once           → (43 − n) / 2, rounded down (n = stones played)
 *       every move loses at once (two open threats, or
 *       the only block or every move sits under one)  → −((42 − n) / 2), rounded down
 *  2. Otherwise a heuristic h strictly inside (−1, 1), so it never outranks a proven win (≥ 1) or loss
 *     (≤ −1) and only competes with draws (0) and other estimates. Over the 69 lines of four cells, a
 *     line holding k ≥ 1 stones of one player and none of the other scores W[k] = 1, 3, 9 for k = 1, 2, 3
 *     to that player (a k = 3 line is an open threat); S = (mover's total) − (opponent's total) and
 *     h = S / (|S| + 32), odd and increasing in S.
 *
 * Rivest's min/max approximation needs positive values: map v ↦ (v + 22) / 44 into (0, 1), which keeps
 * the order (every score lies in [−21, 21]).
 */
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  H1,
  HEIGHT,
  WIDTH,
  popcount,
  nonLosingMoves,
  NON_LOSING_HI,
  winningCells,
  WIN_HI,
} from './bitboard.ts';

const LINE_WEIGHTS: readonly number[] = [0, 1, 3, 9, 0];
/** S is squashed by S / (|S| + HEURISTIC_SCALE). */
const HEURISTIC_SCALE = 32;

/** The 69 lines of four cells as (lo, hi) masks. */
const LINE_LO = new Int32Array(69);
const LINE_HI = new Int32Array(69);
{
  let k = 0;
  const dirs = [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ];
  for (const [dc, dr] of dirs) {
    for (let c = 0; c < WIDTH; c++) {
      for (let r = 0; r < HEIGHT; r++) {
        const ce = c + 3 * dc,
          re = r + 3 * dr;
        if (ce < 0 || ce >= WIDTH || re < 0 || re >= HEIGHT) continue;
        let lo = 0,
          hi = 0;
        for (let j = 0; j < 4; j++) {
          const cc = c + j * dc,
            rr = r + j * dr;
          if (cc < 4) lo |= 1 << (H1 * cc + rr);
          else hi |= 1 << (H1 * (cc - 4) + rr);
        }
        LINE_LO[k] = lo;
        LINE_HI[k] = hi;
        k++;
      }
    }
  }
  if (k !== 69) throw new Error(`internal: ${k} lines of four, expected 69`);
}

/**
 * The exact value of a non-terminal position when (1) above settles it, else NaN. `cl, ch` are the
 * stones of the player to move, `ml, mh` all stones, `n` the number of stones.
 */
export function shallowExact(cl: number, ch: number, ml: number, mh: number, n: number): number {
  if (n >= CELLS) return 0;
  const pl = (ml + BOTTOM_LO) & BOARD_LO;
  const ph = (mh + BOTTOM_HI) & BOARD_HI;
  const wl = winningCells(cl, ch, ml, mh);
  if (((wl & pl) | (WIN_HI[0] & ph)) !== 0) return (CELLS + 1 - n) >> 1;
  const owl = winningCells(cl ^ ml, ch ^ mh, ml, mh);
  if ((nonLosingMoves(ml, mh, owl, WIN_HI[0]) | NON_LOSING_HI[0]) === 0) return -((CELLS - n) >> 1);
  return NaN;
}

/** The heuristic S of (2) above, before squashing. */
export function lineScore(cl: number, ch: number, ml: number, mh: number): number {
  const ol = cl ^ ml,
    oh = ch ^ mh;
  let s = 0;
  for (let k = 0; k < 69; k++) {
    const lo = LINE_LO[k],
      hi = LINE_HI[k];
    const a = popcount(cl & lo) + popcount(ch & hi);
    const b = popcount(ol & lo) + popcount(oh & hi);
    if (b === 0) s += LINE_WEIGHTS[a];
    else if (a === 0) s -= LINE_WEIGHTS[b];
  }
  return s;
}

/** The static value of a non-terminal position (not won, not full) for the player to move. */
export function evaluatePosition(cl: number, ch: number, ml: number, mh: number, n: number): number {
  const x = shallowExact(cl, ch, ml, mh, n);
  if (x === x) return x;
  const s = lineScore(cl, ch, ml, mh);
  return s / (Math.abs(s) + HEURISTIC_SCALE);
}
