import { test, expect, describe } from 'vitest';
import fc from 'fast-check';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { negaScout } from '../../shared/search/negascout.ts';
import { mtdf } from '../../shared/search/mtdf.ts';
import { naturalOrdering } from '../../shared/search/ordering/natural.ts';
import { randomOrdering } from '../../shared/search/ordering/random.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import type { MoveOrdering } from '../../shared/search/ordering/move-ordering.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { checkGraph, heights, type Graph } from '../../shared/game/graph.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { META, arbSmallTree } from '../helpers/random-graph.ts';
import { arbSmallPrefixValue } from './helpers.ts';
import { NodeMarkingGame } from '../../shared/game/node-marking-game.ts';

const arbOrdering: fc.Arbitrary<MoveOrdering> = fc.oneof(
  fc.constant(naturalOrdering),
  fc.constant(estimateOrdering),
  fc.integer({ min: 0, max: 1000 }).map((s) => randomOrdering(s)),
);

/**
 * Every search's visited nodes form a valid minimax proof (it proves the value from them), so the MPT
 * is no larger than the distinct nodes visited, which are no more than the visits counted.
 */
function checkSearches(g: Graph, ordering: MoveOrdering, guess: number): void {
  const mpt = minimumProofTree(g);
  const depth = heights(g, checkGraph(g))[g.root];
  const runs = [
    (game: NodeMarkingGame) => alphaBeta(game, depth, { ordering }),
    (game: NodeMarkingGame) => negaScout(game, depth, { ordering }),
    (game: NodeMarkingGame) => mtdf(game, depth, { ordering }, guess),
  ];
  for (const run of runs) {
    const game = new NodeMarkingGame(new ExplicitGame(g));
    const r = run(game);
    expect(r.value).toBe(mpt.value);
    const seen = game.visitedNodes();
    expect(validateMinimaxProof(g, seen)).toEqual({ valid: true, value: mpt.value });
    expect(mpt.size).toBeLessThanOrEqual(seen.length);
    expect(seen.length).toBeLessThanOrEqual(r.counters.visited);
  }
}

describe('MPT size ≤ nodes visited by alpha-beta, NegaScout and MTD(f)', () => {
  test('random trees, any ordering', () => {
    fc.assert(
      fc.property(
        arbSmallTree({ maxNodes: 120, maxDepth: 6, valueRange: 3 }),
        arbOrdering,
        fc.integer({ min: -4, max: 4 }),
        checkSearches,
      ),
      { numRuns: 150 },
    );
  });

  test('materialised prefix value trees with noisy estimates', () => {
    fc.assert(
      fc.property(
        arbSmallPrefixValue({ minDepth: 1, maxDepth: 6, maxDamage: 4, maxNoise: 3 }),
        arbOrdering,
        fc.integer({ min: -4, max: 4 }),
        (params, ordering, guess) => {
          const g = materialize(new PrefixValueTree(params), params.height, {
            ...META,
            model: 'prefix-value',
            params: { ...params },
          });
          checkSearches(g, ordering, guess);
        },
      ),
      { numRuns: 100 },
    );
  });
});
