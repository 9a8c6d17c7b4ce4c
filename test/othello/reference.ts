/**
 * An independent Othello reference for the tests: a board as an array of 64 cells (0 empty, 1 the
 * player to move, 2 the opponent), legal moves and flips by scanning the 8 directions square by square,
 * the final score, and plain negamax over every line of play (passes included). Slow and obvious, so
 * the bitboard game (shared/othello/) is checked against code that shares nothing with it.
 */
import { OthelloPosition, type Side } from '../../shared/othello/position.ts';

export type Cells = number[];

const DIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** The cells of a position from its player to move's view. */
export function cellsOf(p: OthelloPosition): Cells {
  const s = p.toString();
  const me = p.side === 0 ? 'X' : 'O';
  return [...s.slice(0, 64)].map((c) => (c === '-' ? 0 : c === me ? 1 : 2));
}

/** Squares flipped by the player to move playing on x (empty when x is illegal). */
export function naiveFlips(c: Cells, x: number): number[] {
  if (c[x] !== 0) return [];
  const out: number[] = [];
  for (const [dr, dc] of DIRS) {
    const run: number[] = [];
    let r = (x >> 3) + dr,
      col = (x & 7) + dc;
    while (r >= 0 && r < 8 && col >= 0 && col < 8 && c[r * 8 + col] === 2) {
      run.push(r * 8 + col);
      r += dr;
      col += dc;
    }
    if (run.length > 0 && r >= 0 && r < 8 && col >= 0 && col < 8 && c[r * 8 + col] === 1) out.push(...run);
  }
  return out;
}

/** Legal moves of the player to move, ascending squares. */
export function naiveMoves(c: Cells): number[] {
  const out: number[] = [];
  for (let x = 0; x < 64; x++) if (naiveFlips(c, x).length > 0) out.push(x);
  return out;
}

/** The position after the player to move plays x (or passes, x = -1), in the new mover's view. */
export function naivePlay(c: Cells, x: number): Cells {
  const n = c.slice();
  if (x >= 0) {
    for (const f of naiveFlips(c, x)) n[f] = 1;
    n[x] = 1;
  }
  return n.map((v) => (v === 0 ? 0 : 3 - v));
}

export function naiveScore(c: Cells): number {
  const a = c.filter((v) => v === 1).length;
  const b = c.filter((v) => v === 2).length;
  const e = 64 - a - b;
  return a > b ? a - b + e : a < b ? a - b - e : 0;
}

/** Exact negamax value by visiting every line of play. */
export function naiveNegamax(c: Cells): number {
  const ms = naiveMoves(c);
  if (ms.length === 0) {
    const flipped = c.map((v) => (v === 0 ? 0 : 3 - v));
    if (naiveMoves(flipped).length === 0) return naiveScore(c);
    return 0 - naiveNegamax(flipped);
  }
  let best = -Infinity;
  for (const x of ms) best = Math.max(best, -naiveNegamax(naivePlay(c, x)));
  return best + 0; // no −0
}

/** The position of cells in `side`'s view. */
export function positionOf(c: Cells, side: Side): OthelloPosition {
  let b = '';
  for (const v of c) b += v === 0 ? '-' : (v === 1) === (side === 0) ? 'X' : 'O';
  return OthelloPosition.parse(`${b} ${side === 0 ? 'X' : 'O'}`);
}

export const START = '---------------------------OX------XO--------------------------- X';

/**
 * A position reached from the start by `plies` random legal moves (passes when forced), drawn from
 * `rand` (a function giving integers in [0, n)); stops early at the end of the game.
 */
export function randomPlayout(plies: number, rand: (n: number) => number): OthelloPosition {
  let c = cellsOf(OthelloPosition.parse(START));
  let side: Side = 0;
  for (let k = 0; k < plies; k++) {
    const ms = naiveMoves(c);
    if (ms.length === 0) {
      const flipped = c.map((v) => (v === 0 ? 0 : 3 - v));
      if (naiveMoves(flipped).length === 0) break;
      c = flipped;
    } else {
      c = naivePlay(c, ms[rand(ms.length)]);
    }
    side = (1 - side) as Side;
  }
  return positionOf(c, side);
}
