/**
 * The solve mode's ordering keys (shared/othello/endgame-sort.ts) against the cell-by-cell reference
 * (./reference.ts): the neighbourhood of a set, the estimate (weighted mobility: a corner move three
 * times; potential mobility: the empties next to the other side's discs), the rich key, and the sort
 * search against plain negamax over the estimate (a pass a ply, a game over beyond every estimate),
 * with random windows (fail-soft bounds), on positions of random games and random boards.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  AROUND_HI,
  around,
  estimate,
  replyWeight,
  SORT_INFINITY,
  sortSearch,
} from '../../shared/othello/endgame-sort.ts';
import type { OthelloPosition } from '../../shared/othello/position.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { type Cells, cellsOf, naiveMoves, naivePlay, naiveScore, positionOf, randomPlayout } from './reference.ts';

const CORNERS = [0, 7, 56, 63];

/** The other side's view (a pass). */
const swap = (c: Cells): Cells => naivePlay(c, -1);
/** Moves of the player to move, a corner three times. */
const weighted = (c: Cells): number => naiveMoves(c).reduce((n, x) => n + (CORNERS.includes(x) ? 3 : 1), 0);
/** Empty squares next to a disc of the opponent (2). */
function potential(c: Cells): number {
  let n = 0;
  for (let x = 0; x < 64; x++) {
    if (c[x] !== 0) continue;
    let next = false;
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const r = (x >> 3) + dr,
          col = (x & 7) + dc;
        if ((dr !== 0 || dc !== 0) && r >= 0 && r < 8 && col >= 0 && col < 8 && c[r * 8 + col] === 2) next = true;
      }
    if (next) n++;
  }
  return n;
}
const naiveEstimate = (c: Cells): number => 4 * (weighted(c) - weighted(swap(c))) + (potential(c) - potential(swap(c)));

function naiveSortSearch(c: Cells, depth: number): number {
  if (depth === 0) return naiveEstimate(c);
  const ms = naiveMoves(c);
  if (ms.length === 0) {
    if (naiveMoves(swap(c)).length === 0) {
      const s = naiveScore(c);
      return s > 0 ? 1024 + s : s < 0 ? s - 1024 : 0;
    }
    return 0 - naiveSortSearch(swap(c), depth - 1);
  }
  return Math.max(...ms.map((x) => 0 - naiveSortSearch(naivePlay(c, x), depth - 1)));
}

/** A position of a random game (any length, passes and game ends included) or a random board (2-32 % empty). */
function randomPosition(seed: number, fromGame: boolean): OthelloPosition {
  const r = mulberry32(seed);
  if (fromGame) return randomPlayout(Math.floor(r() * 61), (n) => Math.floor(r() * n));
  // from nearly full boards (passes and game ends are common there) to a third empty
  const empty = 0.02 + 0.3 * r();
  const c: Cells = Array.from({ length: 64 }, () => {
    const u = r();
    return u < empty ? 0 : u < empty + (1 - empty) / 2 ? 1 : 2;
  });
  return positionOf(c, r() < 0.5 ? 0 : 1);
}

const words = (p: OthelloPosition) => [p.ownLo, p.ownHi, p.oppLo, p.oppHi] as const;

describe('the ordering keys against the reference', () => {
  test('around: the set and the squares next to it, on random sets', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        (lo, hi) => {
          const has = (x: number) => ((x < 32 ? lo >>> x : hi >>> (x - 32)) & 1) === 1;
          let wantLo = 0,
            wantHi = 0;
          for (let x = 0; x < 64; x++) {
            let near = false;
            for (let dr = -1; dr <= 1; dr++)
              for (let dc = -1; dc <= 1; dc++) {
                const r = (x >> 3) + dr,
                  c = (x & 7) + dc;
                if (r >= 0 && r < 8 && c >= 0 && c < 8 && has(r * 8 + c)) near = true;
              }
            if (near) {
              if (x < 32) wantLo |= 1 << x;
              else wantHi |= 1 << (x - 32);
            }
          }
          expect(around(lo, hi), `${lo} ${hi}`).toBe(wantLo);
          expect(AROUND_HI[0], `${lo} ${hi}`).toBe(wantHi);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('estimate and rich key on positions of random games and random boards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.boolean(), (seed, fromGame) => {
        const p = randomPosition(seed, fromGame);
        const c = cellsOf(p);
        expect(estimate(...words(p)), p.toString()).toBe(naiveEstimate(c));
        expect(replyWeight(...words(p)), p.toString()).toBe(4 * weighted(c) + potential(c));
      }),
      { numRuns: 400 },
    );
  });

  test('sort search 0-2 plies: the full window gives negamax over the estimate; a window, fail-soft bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (seed, fromGame, depth, alpha, width) => {
          const p = randomPosition(seed, fromGame);
          const exact = naiveSortSearch(cellsOf(p), depth);
          const what = `${p.toString()} depth ${depth}`;
          expect(sortSearch(...words(p), depth, -SORT_INFINITY, SORT_INFINITY), what).toBe(exact);
          const beta = alpha + width;
          const v = sortSearch(...words(p), depth, alpha, beta);
          if (v <= alpha) expect(exact, `${what} (${alpha}, ${beta})`).toBeLessThanOrEqual(v);
          else if (v >= beta) expect(exact, `${what} (${alpha}, ${beta})`).toBeGreaterThanOrEqual(v);
          else expect(v, `${what} (${alpha}, ${beta})`).toBe(exact);
        },
      ),
      { numRuns: 300 },
    );
  });
});
