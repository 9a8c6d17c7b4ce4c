/**
 * The Othello kernel (shared/othello/othello-kernel.ts) against the generic engine on the same positions:
 * value, best root move, every counter, the transposition table's bytes after each search, and the visit
 * limit's stopping point must be identical. The kernel side searches an OthelloGame through the public
 * searches (so the registration is tested too); the generic side searches the same game behind a
 * ForwardingGame, whose class has no kernel. Random endgames of 4..10 empties, natural, value and
 * fastest-first ordering, alpha-beta and NegaScout, with a small table (collisions and replacements
 * happen) or none, a sequence of windows on one table (MTD(f)'s tests, wide and null windows), full depth
 * and shallower depths (the static estimate at the horizon).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import { INF, type Game } from '../../shared/game/game.ts';
import { othelloKernel } from '../../shared/othello/othello-kernel.ts';
import { OthelloGame } from '../../shared/othello/othello-game.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { newCounters } from '../../shared/search/counters.ts';
import { kernelFor, kernelNodeSearch } from '../../shared/search/kernels.ts';
import { mtdf } from '../../shared/search/mtdf.ts';
import { negaScout } from '../../shared/search/negascout.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { fastestFirstOrdering } from '../../shared/search/ordering/fastest-first.ts';
import { naturalOrdering } from '../../shared/search/ordering/natural.ts';
import { SearchContext, SearchLimitError, type TtMove } from '../../shared/search/search-context.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { randomPlayout } from './reference.ts';

const ORDERINGS = [naturalOrdering, estimateOrdering, fastestFirstOrdering];

/** A random position with at most 10 empties (some end earlier and have fewer). */
function position(seed: number, empties: number) {
  const r = mulberry32(seed);
  return randomPlayout(60 - empties, (n) => Math.floor(r() * n));
}

interface Outcome {
  value: number;
  bestMove: number;
  counters: { visited: number; expanded: number; leaves: number };
  stopped: boolean;
}

/** One search; a SearchLimitError is an outcome too (with the counters where it stopped). */
function searchOnce(
  game: Game,
  algorithm: 'alphabeta' | 'negascout',
  depth: number,
  alpha: number,
  beta: number,
  opts: { ordering: (typeof ORDERINGS)[number]; tt: TranspositionTable | null; ttMove: TtMove; maxVisited: number },
): Outcome {
  const counters = newCounters();
  try {
    const r = (algorithm === 'alphabeta' ? alphaBeta : negaScout)(game, depth, { ...opts, counters }, alpha, beta);
    return { value: r.value, bestMove: r.bestMove, counters, stopped: false };
  } catch (e) {
    if (!(e instanceof SearchLimitError)) throw e;
    return { value: NaN, bestMove: -1, counters, stopped: true };
  }
}

const bytes = (tt: TranspositionTable) => new Uint8Array(tt.buffer);

describe('the Othello kernel once shared/othello/othello-game.ts is loaded', () => {
  test('is the kernel of an OthelloGame under natural, value and fastest-first ordering, with and without a table', () => {
    const g = new OthelloGame(position(1, 8));
    for (const o of ORDERINGS) expect(kernelFor(g, o)).toBe(othelloKernel);
    const ctx = new SearchContext(g, { ordering: fastestFirstOrdering, tt: new TranspositionTable(8) });
    expect(kernelNodeSearch(ctx)).not.toBeNull();
    expect(kernelFor(new ForwardingGame(g), fastestFirstOrdering)).toBeNull();
  });
});

describe('the Othello kernel against the generic engine', () => {
  test('a sequence of searches on one table (or none): value, best move, counters, table bytes, limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 4, max: 10 }),
        fc.constantFrom(...ORDERINGS),
        fc.constantFrom('alphabeta' as const, 'negascout' as const),
        fc.constantFrom('table', 'none'),
        fc.constantFrom('first' as const, 'ordered' as const),
        fc.array(fc.tuple(fc.integer({ min: -66, max: 66 }), fc.integer({ min: 1, max: 40 })), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined }),
        (seed, empties, ordering, algorithm, memory, ttMove, windows, shallower, limit) => {
          const p = position(seed, empties);
          const fast = new OthelloGame(p);
          const slow = new ForwardingGame(new OthelloGame(p));
          const depth = Math.max(0, fast.maxPly - shallower);
          const ttFast = memory === 'table' ? new TranspositionTable(6) : null;
          const ttSlow = memory === 'table' ? new TranspositionTable(6) : null;
          for (const [lo, width] of windows) {
            // wide windows, null windows and the infinite one
            const alpha = width >= 40 ? -INF : lo;
            const beta = width >= 40 ? INF : lo + (width > 30 ? 1 : width);
            const opts = { ordering, ttMove, maxVisited: limit ?? Infinity };
            const a = searchOnce(fast, algorithm, depth, alpha, beta, { ...opts, tt: ttFast });
            const b = searchOnce(slow, algorithm, depth, alpha, beta, { ...opts, tt: ttSlow });
            const what = `${p.toString()} ${algorithm} ${ordering.name} depth ${depth} (${alpha}, ${beta})`;
            expect(a, what).toEqual(b);
            if (ttFast !== null) expect(bytes(ttFast), `${what}: the table`).toEqual(bytes(ttSlow!));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('MTD(f) (its null-window tests on the context) and the solver on ≤ 10 empties', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 4, max: 10 }),
        fc.constantFrom(...ORDERINGS),
        fc.integer({ min: -20, max: 20 }),
        (seed, empties, ordering, guess) => {
          const p = position(seed, empties);
          const fast = new OthelloGame(p);
          const slow = new ForwardingGame(new OthelloGame(p));
          const ttFast = new TranspositionTable(7);
          const ttSlow = new TranspositionTable(7);
          const a = mtdf(fast, fast.maxPly, { ordering, tt: ttFast }, guess);
          const b = mtdf(slow, fast.maxPly, { ordering, tt: ttSlow }, guess);
          expect(a, p.toString()).toEqual(b);
          expect(bytes(ttFast)).toEqual(bytes(ttSlow));
        },
      ),
      { numRuns: 200 },
    );
  });
});
