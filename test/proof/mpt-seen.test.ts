/**
 * The `seen` minimum proof tree (shared/proof/mpt-seen.ts) against Figure 2 on the materialised
 * truncation (leaves at ply d carry the horizon value, interior values recomputed from them), against
 * today's branch-and-bound with the exact horizon, and as a lower bound on every search's visits.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { materialize, materializeTruncation } from '../../shared/game/materialize.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { MptBranchAndBound } from '../../shared/proof/mpt-branch-and-bound.ts';
import { MptSeen, mptSeenSize } from '../../shared/proof/mpt-seen.ts';
import { prefixValueErrorBound } from '../../shared/models/descriptors/prefix-value.ts';
import { runSearch } from '../../shared/search/algorithms.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { newCounters } from '../../shared/search/counters.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { META } from '../helpers/random-graph.ts';
import { fig4TreeParams } from '../helpers/fig4-tree.ts';
import { arbPrefixValueParams as arbParams, searchesOn, seenSizes } from './helpers.ts';

/** The orderings of the Fig. 4 study: natural, value (estimate), value + FCF (hard or learned P_i). */
const arbOrdering = fc.constantFrom(
  'natural',
  'estimate',
  'fcf-ratio',
  'fcf-weighted:1,3,2',
  'fcf-weighted:2,1,1;learned:-2:0.1,0.5,0.9',
);

describe('MptSeen: the minimum proof tree of the truncation with the horizon evaluation', () => {
  test('equals Figure 2 on the materialised truncation, every depth, both horizons and variants', () => {
    fc.assert(
      fc.property(arbParams(6, 2_000, true), fc.boolean(), (p, useMin) => {
        const game = new PrefixValueTree(p);
        const minBranching = useMin ? p.bmin : 0;
        const tight = new MptSeen(new PrefixValueTree(p), { minBranching, errorBound: prefixValueErrorBound(p) });
        const loose = new MptSeen(new PrefixValueTree(p), { minBranching }); // every value by tests
        const sizes = tight.sizesByDepth(p.height + 1);
        for (let d = 0; d <= p.height + 1; d++) {
          const want = minimumProofTree(materializeTruncation(game, d, META)).size;
          expect(sizes[d]).toBe(want);
          expect(loose.size(d)).toBe(want);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('with the exact horizon it is the `true` branch-and-bound, at every depth', () => {
    fc.assert(
      fc.property(arbParams(7, 30_000), (p0) => {
        const p = { ...p0, zeroDamage: true, horizon: 'exact' as const };
        const want = new MptBranchAndBound(new PrefixValueTree(p), { minBranching: p.bmin }).sizesByDepth(p.height);
        expect(
          new MptSeen(new PrefixValueTree(p), { minBranching: p.bmin, errorBound: 0 }).sizesByDepth(p.height),
        ).toEqual(want);
        expect(new MptSeen(new PrefixValueTree(p), { minBranching: p.bmin }).sizesByDepth(p.height)).toEqual(want);
      }),
      { numRuns: 60 },
    );
  });

  test('the Fig. 4 model at depth 6: the error bound changes the work, not the size', () => {
    const p = fig4TreeParams(3, 1);
    const tight = new MptSeen(new PrefixValueTree(p), { minBranching: 4, errorBound: 4 });
    expect(tight.size(6)).toBe(mptSeenSize(new PrefixValueTree(p), 6, { minBranching: 4 }));
  });

  test('an explicit graph of the full tree with horizon estimate is the same truncation: values and seen sizes', () => {
    fc.assert(
      fc.property(arbParams(5, 1_500, true), (p0) => {
        const p = { ...p0, height: Math.max(1, p0.height), horizon: 'estimate' as const };
        const full = materialize(new PrefixValueTree(p), p.height, META);
        const explicit = new ExplicitGame(full, { horizon: 'estimate' });
        // E for the explicit graph: the largest |estimate − value| at a non-terminal node.
        let e = 0;
        for (let v = 1; v < full.nodeCount; v++) {
          if (full.childOffsets[v + 1] > full.childOffsets[v])
            e = Math.max(e, Math.abs(full.estimate![v] - explicit.solved[v]));
        }
        // (padded: x ± E is rounded where values are not integers)
        const seenExplicit = new MptSeen(explicit, { errorBound: e + 1e-9 * (1 + e) }).sizesByDepth(p.height);
        const seenImplicit = new MptSeen(new PrefixValueTree(p), { errorBound: prefixValueErrorBound(p) }).sizesByDepth(
          p.height,
        );
        expect(seenExplicit).toEqual(seenImplicit);
        // Depth ≥ 1: the root's own estimate is not in the file (materialize records estimates from the parent).
        for (let d = 1; d <= p.height; d++) {
          const want = minimumProofTree(materializeTruncation(new PrefixValueTree(p), d, META)).value;
          expect(alphaBeta(explicit, d).value).toBe(want);
          expect(alphaBeta(new PrefixValueTree(p), d).value).toBe(want);
        }
      }),
      { numRuns: 100 },
    );
  });

  test('every search visits at least the `seen` minimum proof tree of the tree it searched', () => {
    fc.assert(
      fc.property(
        arbParams(6, 3_000, true),
        arbOrdering,
        fc.constantFrom('estimate' as const, 'random' as const),
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom('all' as const, 'searched' as const, 'expanded' as const),
        fc.constantFrom<number | 'last'>('last', 8),
        fc.constantFrom('first' as const, 'ordered' as const),
        (p, o, unexpanded, guess, sizeInfo, sizeStandIn, ttMove) => {
          const ordering = parseOrdering(o);
          const game = new PrefixValueTree(p);
          const seen = seenSizes(p);
          for (const algorithm of searchesOn(p)) {
            for (let d = 0; d <= p.height + 1; d++) {
              const counters = newCounters();
              runSearch(algorithm, game, d, { ordering, counters }, guess);
              if (counters.visited < seen[d])
                expect.fail(`${algorithm} depth ${d}: visited ${counters.visited} < seen MPT ${seen[d]}`);
            }
            if (p.height === 0) continue;
            // Iterative deepening: each pass alone (memories only order moves) and the cumulative count.
            for (const r of iterativeDeepening(game, algorithm, p.height, {
              ordering,
              unexpanded,
              firstGuess: guess,
              sizeInfo,
              sizeStandIn,
              ttMove,
            })) {
              if (r.pass.visited < seen[r.depth])
                expect.fail(`${algorithm} ID pass ${r.depth}: visited ${r.pass.visited} < seen MPT ${seen[r.depth]}`);
              expect(r.cumulative.visited).toBeGreaterThanOrEqual(seen[r.depth]);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('root values found by iterative deepening on the game replace the root searches, with the same sizes', () => {
    fc.assert(
      fc.property(
        arbParams(6, 3_000, true),
        fc.constantFrom('alphabeta' as const, 'negascout' as const, 'mtdf' as const),
        arbOrdering,
        (p, algorithm, o) => {
          const integral = p.horizon !== 'estimate' || p.noise === undefined || p.noise.kind === 'uniform';
          if (!integral && algorithm === 'mtdf') return;
          const passes = iterativeDeepening(new PrefixValueTree(p), algorithm, p.height + 1, {
            ordering: parseOrdering(o),
          });
          const rootValues = new Map(passes.map((r) => [r.depth, r.value]));
          const options = { minBranching: p.bmin, errorBound: prefixValueErrorBound(p) };
          const searched = new MptSeen(new PrefixValueTree(p), options);
          const given = new MptSeen(new PrefixValueTree(p), { ...options, rootValues });
          for (let d = 0; d <= p.height + 1; d++) expect(given.size(d)).toBe(searched.size(d));
          expect(given.values.rootSearches).toBe(0);
          // Without the map each depth from 1 on searches the root (a tree of height 0 has no such depth).
          expect(searched.values.rootSearches).toBe(p.height === 0 ? 0 : p.height + 1);
        },
      ),
      { numRuns: 150 },
    );
  });
});
