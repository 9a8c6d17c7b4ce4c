/**
 * The interior-node view of the minimum proof: Figure 2 with leaf cost 0 gives the fewest
 * interior nodes of any minimax proof tree, I. Checked against brute force over node subsets on tiny
 * trees, the branch and bound (exact and `seen` horizon) against that oracle on the materialised
 * truncations, and I against every search: a search that proves a value expands at least I nodes.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { solveGraph, type Graph } from '../../shared/game/graph.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { materializeTruncation } from '../../shared/game/materialize.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { minimumProofTree, mptSizeOfGame } from '../../shared/proof/minimax-proof-tree.ts';
import { MptBranchAndBound } from '../../shared/proof/mpt-branch-and-bound.ts';
import { MptSeen } from '../../shared/proof/mpt-seen.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { runSearch } from '../../shared/search/algorithms.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { newCounters } from '../../shared/search/counters.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { META, arbLayeredDag, arbSmallTree, graphFromLists } from '../helpers/random-graph.ts';
import { arbPrefixValueParams as arbParams, arbTreeAndDepth, searchesOn, seenSizes, subsetNodes } from './helpers.ts';

/** Fewest nodes with children (in g) over all valid minimax proofs, by the validator; Infinity if none. */
function bruteForceInterior(g: Graph): number {
  const n = g.nodeCount;
  let best = Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    if (!(mask & (1 << g.root))) continue;
    const nodes = subsetNodes(mask, n);
    const interior = nodes.filter((v) => g.childOffsets[v + 1] > g.childOffsets[v]).length;
    if (interior >= best) continue;
    if (validateMinimaxProof(g, nodes).valid) best = interior;
  }
  return best;
}

describe('Figure 2 with leaf cost 0: the fewest interior nodes of a proof', () => {
  test('a hand-made tree where the smallest proof and the proof with fewest interior nodes differ', () => {
    // Root 0: best move 1 (a leaf), worse move 2 (z, f = 1) to refute with one child u, f(u) ≤ 0:
    // u1 = 3 (three leaves: size 4, one interior node) or u2 = 4 (→ 8 → leaf 9: size 3, two interior).
    // Smallest proof {0, 1, 2, 4, 8, 9}: 6 nodes, 4 interior; fewest interior {0, 1, 2, 3, 5, 6, 7}: 3 of 7.
    const g = graphFromLists(
      [[1, 2], [], [3, 4], [5, 6, 7], [8], [], [], [], [9], []],
      [0, 0, 0, 0, 0, 1, 1, 1, 0, -1],
    );
    expect(minimumProofTree(g).size).toBe(6);
    expect(Array.from(minimumProofTree(g).nodes).sort((a, b) => a - b)).toEqual([0, 1, 2, 4, 8, 9]);
    const interior = minimumProofTree(g, { leafCost: 0 });
    expect(interior.size).toBe(3);
    expect(Array.from(interior.nodes).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 5, 6, 7]);
    expect(validateMinimaxProof(g, Array.from(interior.nodes)).valid).toBe(true);
    expect(bruteForceInterior(g)).toBe(3);
    // The branch and bound (exact and seen) finds the same two minima.
    for (const leafCost of [0, 1] as const) {
      const want = leafCost === 0 ? 3 : 6;
      expect(new MptBranchAndBound(new ExplicitGame(g), { leafCost }).size(64)).toBe(want);
      expect(new MptSeen(new ExplicitGame(g), { errorBound: 0, leafCost }).size(64)).toBe(want);
    }
  });

  test('equals the brute-force minimum over all subsets on tiny trees', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 12, maxDepth: 5 }), (g) => {
        expect(minimumProofTree(g, { leafCost: 0 }).size).toBe(bruteForceInterior(g));
      }),
      { numRuns: 150 },
    );
  });

  test('the printed recursion on an implicit game (mptSizeOfGame) agrees with minimumProofTree, leaf cost 0 and 1', () => {
    fc.assert(
      fc.property(arbTreeAndDepth(80, 6, 4), ([g, depth]) => {
        const game = new ExplicitGame(g);
        const truncation = materializeTruncation(game, depth, META);
        for (const leafCost of [0, 1] as const) {
          expect(mptSizeOfGame(game, depth, { leafCost })).toBe(minimumProofTree(truncation, { leafCost }).size);
        }
      }),
      { numRuns: 150 },
    );
    const p = { height: 5, bmin: 2, bmax: 4, damage: 5, seed: 9 };
    for (let d = 0; d <= 5; d++) {
      const truncation = materializeTruncation(new PrefixValueTree(p), d, META);
      expect(mptSizeOfGame(new PrefixValueTree(p), d, { leafCost: 0 })).toBe(
        minimumProofTree(truncation, { leafCost: 0 }).size,
      );
    }
  });

  test('a leaf cost other than 0 or 1 is a RangeError naming the field (both oracles)', () => {
    const g = graphFromLists([[1, 2], [], []], [0, 1, 2]);
    expect(() => minimumProofTree(g, { leafCost: 2 as 0 })).toThrow(/leafCost = 2 is not allowed: it must be 0 or 1/);
    expect(() => mptSizeOfGame(new ExplicitGame(g), 1, { leafCost: -1 as 0 })).toThrow(
      /leafCost = -1 is not allowed: it must be 0 or 1/,
    );
  });
});

describe('branch and bound with leaf cost 0', () => {
  test('equals the printed recursion (mptSizeOfGame, leaf cost 0) on prefix value trees at every depth', () => {
    fc.assert(
      fc.property(arbParams(6, 20_000), fc.boolean(), (p, useMin) => {
        const sizes = new MptBranchAndBound(new PrefixValueTree(p), {
          minBranching: useMin ? p.bmin : 0,
          leafCost: 0,
        }).sizesByDepth(p.height + 1);
        for (let d = 0; d <= p.height + 1; d++)
          expect(sizes[d]).toBe(mptSizeOfGame(new PrefixValueTree(p), d, { leafCost: 0 }));
      }),
      { numRuns: 100 },
    );
  });

  test('on explicit trees with terminals at any depth and on DAGs (minBranching 0): a terminal child costs 0, the bounds stay admissible', () => {
    // A cut node refuted by a terminal costs 1 with leaf cost 0 (node 2 here, by terminal 6): a lower bound
    // assuming the refuting all-node has children (LC = 1 + 1) overestimated it and pruned the smallest proof
    // (found by fast-check: 7 instead of 6).
    const g = graphFromLists([[1, 2, 3], [4, 5], [6], [7], [8, 9], [10], [], [11], [12], [], [], [], []], [-1]);
    expect(minimumProofTree(g, { leafCost: 0 }).size).toBe(6);
    expect(new MptBranchAndBound(new ExplicitGame(g), { leafCost: 0 }).size(64)).toBe(6);
    fc.assert(
      fc.property(arbTreeAndDepth(), ([t, depth]) => {
        const game = new ExplicitGame(t);
        const bb = new MptBranchAndBound(game, { leafCost: 0 });
        expect(bb.size(64)).toBe(minimumProofTree(t, { leafCost: 0 }).size);
        expect(bb.size(depth)).toBe(mptSizeOfGame(game, depth, { leafCost: 0 }));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(arbLayeredDag(5, 4), (d) => {
        expect(new MptBranchAndBound(new ExplicitGame(d), { leafCost: 0 }).size(64)).toBe(
          minimumProofTree(d, { leafCost: 0 }).size,
        );
      }),
      { numRuns: 100 },
    );
  });

  test('seen, on explicit trees with terminals at any depth and a noisy horizon, equals Figure 2 on the truncation', () => {
    fc.assert(
      fc.property(
        arbSmallTree({ maxNodes: 100, maxDepth: 6, maxBranching: 4, valueRange: 3 }),
        fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 100, maxLength: 100 }),
        (t, noise) => {
          const f = solveGraph(t);
          const g: Graph = { ...t, estimate: Float64Array.from(f, (x, v) => x + noise[v % noise.length]) };
          const game = new ExplicitGame(g, { horizon: 'estimate' });
          for (const leafCost of [0, 1] as const) {
            const seen = new MptSeen(new ExplicitGame(g, { horizon: 'estimate' }), {
              errorBound: 2,
              leafCost,
            }).sizesByDepth(7);
            for (let d = 0; d <= 7; d++)
              expect(seen[d]).toBe(minimumProofTree(materializeTruncation(game, d, META), { leafCost }).size);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('true and seen equal Figure 2 (leaf cost 0) on the materialised truncation, every depth; leaf cost 1 unchanged', () => {
    fc.assert(
      fc.property(arbParams(6, 2_000, true), fc.boolean(), (p, useMin) => {
        const game = new PrefixValueTree(p);
        const minBranching = useMin ? p.bmin : 0;
        const seen = seenSizes(p, { minBranching, leafCost: 0 });
        const seenSize = seenSizes(p, { minBranching });
        const exact =
          p.zeroDamage === false
            ? null
            : new MptBranchAndBound(new PrefixValueTree({ ...p, horizon: 'exact' }), { minBranching, leafCost: 0 });
        for (let d = 0; d <= p.height + 1; d++) {
          const truncation = materializeTruncation(game, d, META);
          expect(seen[d]).toBe(minimumProofTree(truncation, { leafCost: 0 }).size);
          expect(seenSize[d]).toBe(minimumProofTree(truncation).size);
          if (exact) {
            const exactTruncation = materializeTruncation(new PrefixValueTree({ ...p, horizon: 'exact' }), d, META);
            expect(exact.size(d)).toBe(minimumProofTree(exactTruncation, { leafCost: 0 }).size);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  test('a leaf cost other than 0 or 1 is a RangeError naming the field', () => {
    const p = { height: 3, bmin: 2, bmax: 3, damage: 4, seed: 1 };
    expect(() => new MptBranchAndBound(new PrefixValueTree(p), { leafCost: 2 as 0 })).toThrow(
      /leafCost = 2 is not allowed: it must be 0 or 1/,
    );
  });

  test('every search expands at least the fewest interior nodes of a proof of the tree it searched', () => {
    const arbOrdering = fc.constantFrom('natural', 'estimate', 'fcf-ratio', 'fcf-weighted:1,3,2');
    fc.assert(
      fc.property(arbParams(6, 3_000, true), arbOrdering, (p, o) => {
        const ordering = parseOrdering(o);
        const game = new PrefixValueTree(p);
        const interior = seenSizes(p, { leafCost: 0 });
        for (const algorithm of searchesOn(p)) {
          for (let d = 0; d <= p.height + 1; d++) {
            const counters = newCounters();
            runSearch(algorithm, game, d, { ordering, counters });
            if (counters.expanded < interior[d])
              expect.fail(`${algorithm} depth ${d}: expanded ${counters.expanded} < interior ${interior[d]}`);
          }
          if (p.height === 0) continue;
          for (const r of iterativeDeepening(game, algorithm, p.height, { ordering })) {
            if (r.pass.expanded < interior[r.depth])
              expect.fail(
                `${algorithm} ID pass ${r.depth}: expanded ${r.pass.expanded} < interior ${interior[r.depth]}`,
              );
          }
        }
      }),
      { numRuns: 120 },
    );
  });
});
