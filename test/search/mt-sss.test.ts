/**
 * MT-SSS* (shared/search/mt-sss.ts): registered like any algorithm (test/search/registry.test.ts holds
 * it to the minimax value with the others), accepted wherever algorithms are named, and exactly what
 * Plaat et al. 1996 say it is: MTD(f) with the first guess at +∞.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { arbTree } from '../helpers/random-graph.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { INF } from '../../shared/game/game.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { mtdf } from '../../shared/search/mtdf.ts';
import { mtSss } from '../../shared/search/mt-sss.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { ALGORITHMS, SERIES_ALGORITHMS } from '../../shared/search/registry.ts';

describe('MT-SSS*', () => {
  test('is registered, and runs in experiment series', () => {
    expect(ALGORITHMS).toContain('sss');
    expect(SERIES_ALGORITHMS).toContain('sss');
  });

  test('agrees with minimax on random trees at every depth', () => {
    fc.assert(
      fc.property(arbTree(), (graph) => {
        const g = new ExplicitGame(graph);
        for (let d = 0; d <= g.maxPly; d++)
          expect(mtSss(g, d, { ordering: estimateOrdering }).value).toBe(minimax(g, d).value);
      }),
      { numRuns: 150 },
    );
  });

  test('is MTD(+∞): the same value, passes and counts as MTD(f) with the first guess at +∞', () => {
    fc.assert(
      fc.property(arbTree({ range: 6 }), (graph) => {
        const g = new ExplicitGame(graph);
        expect(mtSss(g, g.maxPly, { ordering: estimateOrdering })).toEqual(
          mtdf(g, g.maxPly, { ordering: estimateOrdering }, INF),
        );
      }),
      { numRuns: 100 },
    );
  });
});
