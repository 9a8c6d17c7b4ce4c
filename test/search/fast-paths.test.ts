/**
 * The generic engine's fast paths (shared/search/frontier.ts and the bulk estimates of search-context.ts:
 * Game.childValue, childValues, childEstimates, the Int32 keys of childEstimatesInt) change nothing: on
 * random prefix value trees, either horizon, every noise kind, every algorithm, the Figure 4 orderings and
 * knowledge options, with and without iterative deepening's memories, and with a transposition table or
 * none, the searches return exactly what they return on the same tree behind a ForwardingGame, which hides
 * every fast path (every pass's value, best move and counters).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import type { Game } from '../../shared/game/game.ts';
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { runSearch } from '../../shared/search/algorithms.ts';
import { ALGORITHMS, algorithmDescriptor } from '../../shared/search/registry.ts';
import { iterativeDeepening, type IterativeMemory } from '../../shared/search/iterative-deepening.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { pvNode } from '../../shared/search/pv-node.ts';
import { SearchContext, type SearchOptions } from '../../shared/search/search-context.ts';
import { AnnotationTree } from '../../shared/search/annotation-tree.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';

const arbParams: fc.Arbitrary<PrefixValueParams> = fc.record({
  height: fc.integer({ min: 1, max: 6 }),
  bmin: fc.integer({ min: 1, max: 4 }),
  bmax: fc.integer({ min: 4, max: 7 }),
  damage: fc.integer({ min: 0, max: 5 }),
  noise: fc.oneof(
    fc.record({ kind: fc.constant('uniform' as const), e: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ kind: fc.constant('gaussian' as const), c: fc.constantFrom(0.5, 2) }),
    fc.record({ kind: fc.constant('softmax' as const), c: fc.constantFrom(0, 1) }),
  ),
  horizon: fc.constantFrom('estimate' as const, 'exact' as const),
  seed: fc.integer({ min: 0, max: 1000 }),
  tree: fc.integer({ min: 0, max: 50 }),
});

const ORDERINGS = ['estimate', 'natural', 'fcf-weighted:1,2,0.5', 'fcf-ratio'];
const MEMORIES: IterativeMemory[] = ['annotations', 'both', 'none'];

describe('fast paths', () => {
  test('searches with and without them agree on every pass (values, best moves, counters)', () => {
    fc.assert(
      fc.property(
        arbParams,
        fc.constantFrom(...ALGORITHMS.filter((a) => algorithmDescriptor(a).capabilities.iterativeDeepening)),
        fc.constantFrom(...ORDERINGS),
        fc.constantFrom(...MEMORIES),
        fc.constantFrom('random' as const, 'estimate' as const),
        fc.constantFrom('all' as const, 'expanded' as const),
        (p, algo, ordering, memory, unexpanded, sizeInfo) => {
          const opts = { ordering: parseOrdering(ordering), memory, unexpanded, sizeInfo, sizeStandIn: 5.5 };
          const depth = Math.max(1, p.height - 1); // the horizon above the tree's leaves: scored as p.horizon says
          const integer = p.noise?.kind === 'uniform' || p.horizon === 'exact';
          if (!integer && algorithmDescriptor(algo).capabilities.needsIntegerValues) return;
          const fast = iterativeDeepening(new PrefixValueTree(p), algo, depth, opts);
          const slow = iterativeDeepening(new ForwardingGame(new PrefixValueTree(p)), algo, depth, opts);
          expect(fast).toEqual(slow);
          const one = { ordering: opts.ordering, sizeInfo, sizeStandIn: 5.5 };
          expect(runSearch(algo, new PrefixValueTree(p), depth, one)).toEqual(
            runSearch(algo, new ForwardingGame(new PrefixValueTree(p)), depth, one),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  // The public searches take the specialised kernel where it applies; the generic engine's node function is
  // called here directly, with windows narrow enough that many frontier nodes cut.
  test("the generic engine's node function, without memories, agrees in every window", () => {
    fc.assert(
      fc.property(
        arbParams,
        fc.boolean(),
        fc.constantFrom(...ORDERINGS),
        fc.integer({ min: -8, max: 8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (p, scout, ordering, alpha, width, d, table) => {
          // Below the tree's height, so the horizon's nodes are scored as the horizon option says.
          const depth = Math.min(d, p.height);
          const run = (g: Game) => {
            const tt = table ? new TranspositionTable(8) : null; // its moves first, with the Int32 keys too
            const ctx = new SearchContext(g, { ordering: parseOrdering(ordering), tt }, scout);
            const value = pvNode(ctx, depth, alpha, alpha + width, -1);
            return { value, bestMove: ctx.rootMove, counters: ctx.counters };
          };
          expect(run(new PrefixValueTree(p))).toEqual(run(new ForwardingGame(new PrefixValueTree(p))));
        },
      ),
      { numRuns: 600 },
    );
  });

  test('the Int32 estimate keys are taken by estimate ordering without memories, for integer estimates only', () => {
    const p = { height: 4, bmin: 2, bmax: 5, damage: 4, seed: 3 };
    const intKeys = (g: Game, opts: SearchOptions) => new SearchContext(g, opts).intEstimateKeys;
    const byEstimate = { ordering: parseOrdering('estimate') };
    expect(intKeys(new PrefixValueTree({ ...p, noise: { kind: 'uniform', e: 2 } }), byEstimate)).toBe(true);
    expect(intKeys(new PrefixValueTree(p), byEstimate)).toBe(true);
    expect(intKeys(new PrefixValueTree(p), { ...byEstimate, tt: new TranspositionTable(8) })).toBe(true);
    expect(intKeys(new PrefixValueTree({ ...p, noise: { kind: 'gaussian', c: 1 } }), byEstimate)).toBe(false);
    expect(intKeys(new PrefixValueTree(p), { ...byEstimate, annotations: new AnnotationTree(16) })).toBe(false);
    expect(intKeys(new PrefixValueTree(p), { ordering: parseOrdering('fcf-ratio') })).toBe(false);
    expect(intKeys(new ForwardingGame(new PrefixValueTree(p)), byEstimate)).toBe(false);
  });
});
