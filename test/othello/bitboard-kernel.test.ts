/**
 * The search kernels' move generation and flips (shared/othello/bitboard-kernel.ts) against the naive
 * square-by-square ray walk of ./reference.ts and the game's bitboards (shared/othello/bitboard.ts):
 * on random boards of any density (three colours drawn independently per square, so every run length,
 * edge and word boundary of a ray occurs, not only the shapes a game reaches) and on positions of
 * random games. The count of the last empty's flips against the naive walk on full boards but one square.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import * as game from '../../shared/othello/bitboard.ts';
import { flips, HI, lastFlipCount, moves } from '../../shared/othello/bitboard-kernel.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { type Cells, cellsOf, naiveFlips, naiveMoves, randomPlayout } from './reference.ts';

/** The cells' two colours as int32 words: [player lo, player hi, opponent lo, opponent hi]. */
function wordsOf(c: Cells): [number, number, number, number] {
  const w: [number, number, number, number] = [0, 0, 0, 0];
  for (let s = 0; s < 64; s++) {
    if (c[s] === 0) continue;
    const k = (c[s] === 1 ? 0 : 2) + (s < 32 ? 0 : 1);
    w[k] |= 1 << (s & 31);
  }
  return w;
}

/** The squares of the set (lo, hi), ascending. */
function squaresOf(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < 64; s++) if (((s < 32 ? lo >>> s : hi >>> (s - 32)) & 1) === 1) out.push(s);
  return out;
}

/** Every empty square's flips and the move set, checked against the naive walk and the game's bitboards. */
function checkBoard(c: Cells): void {
  const [pl, ph, ol, oh] = wordsOf(c);
  const board = c.map((v) => '-XO'[v]).join('');
  for (let x = 0; x < 64; x++) {
    if (c[x] !== 0) continue;
    const lo = flips(pl, ph, ol, oh, x);
    const got = squaresOf(lo, HI[1]);
    expect(got, `${board} square ${x}`).toEqual(naiveFlips(c, x).sort((a, b) => a - b));
    const gameLo = game.flips(pl, ph, ol, oh, x);
    expect([lo, HI[1]], `${board} square ${x} against bitboard.ts`).toEqual([gameLo, game.out.hi]);
  }
  const ml = moves(pl, ph, ol, oh);
  expect(squaresOf(ml, HI[0]), `${board} moves`).toEqual(naiveMoves(c));
}

describe('flips and moves of the search kernels', () => {
  test('random boards of every density: each empty square against the naive ray walk', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 100 }), (seed, emptyPct) => {
        const r = mulberry32(seed);
        const c: Cells = Array.from({ length: 64 }, () => (r() * 100 < emptyPct ? 0 : r() < 0.5 ? 1 : 2));
        checkBoard(c);
      }),
      { numRuns: 400 },
    );
  });

  test('positions of random games', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 60 }), (seed, plies) => {
        const r = mulberry32(seed);
        checkBoard(cellsOf(randomPlayout(plies, (n) => Math.floor(r() * n))));
      }),
      { numRuns: 150 },
    );
  });

  test('runs that reach the board edge or cross between the two words flip only when closed', () => {
    // an opponent run from A1 along each of its rays to the edge, unclosed: nothing flips
    const c: Cells = new Array(64).fill(2);
    c[0] = 0;
    checkBoard(c);
    expect(flips(0, 0, ~1, -1, 0) | HI[1]).toBe(0);
    // closed by the player's disc on H8 across the words (the long diagonal): six discs flip
    c[63] = 1;
    checkBoard(c);
    expect(squaresOf(flips(0, 1 << 31, ~1, 0x7fffffff, 0), HI[1])).toEqual([9, 18, 27, 36, 45, 54]);
  });

  test("the last empty's flip count, for either player, on boards full but one square", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 63 }), (seed, x) => {
        const r = mulberry32(seed);
        const c: Cells = Array.from({ length: 64 }, () => (r() < 0.5 ? 1 : 2));
        c[x] = 0;
        const [pl, ph, ol, oh] = wordsOf(c);
        const board = c.map((v) => '-XO'[v]).join('');
        expect(lastFlipCount(pl, ph, x), `${board} player`).toBe(naiveFlips(c, x).length);
        const swapped = c.map((v) => (v === 0 ? 0 : 3 - v));
        expect(lastFlipCount(ol, oh, x), `${board} opponent`).toBe(naiveFlips(swapped, x).length);
      }),
      { numRuns: 1000 },
    );
  });
});
