/**
 * The algorithm registry: every registered search returns the minimax value (random trees, DAGs with
 * its memory, prefix value trees, iterative deepening), its capabilities hold, and everything derived
 * from the registry (the spec's series enum, the CLI's choices) lists it.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { arbDag, arbTree } from '../helpers/random-graph.ts';
import { uniformNoiseTree } from '../helpers/uniform-noise-tree.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { randomOrdering } from '../../shared/search/ordering/random.ts';
import { fcfRatio } from '../../shared/search/ordering/fastest-cut-first.ts';
import { naturalOrdering } from '../../shared/search/ordering/natural.ts';
import {
  ALGORITHM_REGISTRY,
  ALGORITHMS,
  SERIES_ALGORITHMS,
  algorithmDescriptor,
} from '../../shared/search/registry.ts';
import { parseSpec } from '../../shared/experiments/spec.ts';

const ORDERINGS = [naturalOrdering, estimateOrdering, randomOrdering(5), fcfRatio()];

describe('the algorithm registry', () => {
  test('names are unique and every descriptor is found by its name', () => {
    expect(new Set(ALGORITHMS).size).toBe(ALGORITHM_REGISTRY.length);
    for (const d of ALGORITHM_REGISTRY) expect(algorithmDescriptor(d.name)).toBe(d);
    expect(SERIES_ALGORITHMS).toEqual(
      ALGORITHM_REGISTRY.filter((d) => d.capabilities.iterativeDeepening).map((d) => d.name),
    );
  });

  test.each(ALGORITHM_REGISTRY.map((d) => [d.name, d] as const))(
    '%s returns the minimax value on random trees, every ordering and depth',
    (_, d) => {
      fc.assert(
        fc.property(arbTree(), fc.integer({ min: 0, max: ORDERINGS.length - 1 }), (graph, oi) => {
          const g = new ExplicitGame(graph);
          for (let depth = 0; depth <= g.maxPly; depth++) {
            const mm = minimax(g, depth);
            const r = d.search(g, depth, { ordering: ORDERINGS[oi] }, 0);
            expect(r.value).toBe(mm.value);
            expect(r.counters.leaves + r.counters.expanded).toBeGreaterThanOrEqual(1);
          }
        }),
        { numRuns: 120 },
      );
    },
  );

  test.each(ALGORITHM_REGISTRY.map((d) => [d.name, d] as const))(
    '%s returns the minimax value on random DAGs with a transposition table',
    (_, d) => {
      fc.assert(
        fc.property(arbDag(), (graph) => {
          const g = new ExplicitGame(graph);
          const r = d.search(g, g.maxPly, { tt: new TranspositionTable(8), ordering: estimateOrdering }, 0);
          expect(r.value).toBe(g.solved[graph.root]);
        }),
        { numRuns: 100 },
      );
    },
  );

  test.each(SERIES_ALGORITHMS.map((a) => [a] as const))(
    '%s: iterative deepening gives the minimax value at every depth on prefix value trees',
    (a) => {
      for (let t = 0; t < 4; t++) {
        const g = uniformNoiseTree({ height: 6, bmin: 2, bmax: 5, damage: 5, e: 3, seed: 19, tree: t });
        const passes = iterativeDeepening(g, a, 6, { ordering: estimateOrdering });
        passes.forEach((p) => expect(p.value).toBe(minimax(g, p.depth).value));
      }
    },
  );

  test('every series algorithm is accepted by the spec', () => {
    for (const algorithm of SERIES_ALGORITHMS) {
      const spec = parseSpec({
        format: 'gtlab-experiment',
        version: 1,
        name: algorithm,
        model: { kind: 'prefix-value', bmin: 2, bmax: 3, damage: 2 },
        trees: 1,
        seed: 1,
        depth: 3,
        series: [{ algorithm, ordering: 'estimate' }],
      });
      expect(spec.series[0].algorithm).toBe(algorithm);
    }
  });
});
