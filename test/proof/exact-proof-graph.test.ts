import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { checkGraph, solveGraph, type Graph } from '../../shared/game/graph.ts';
import {
  EXACT_PROOF_GRAPH_LIMITS,
  minimumMinimaxProofGraph,
  minimumTargetProofGraph,
} from '../../shared/proof/exact-proof-graph.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { minimumTargetProofTree } from '../../shared/proof/target-proof-tree.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { validateTargetProof } from '../../shared/proof/validate-target-proof.ts';
import { setCoverGraph } from '../../shared/set-cover/set-cover.ts';
import { minimumSetCover, randomSetCoverInstance } from '../../shared/set-cover/set-cover-instance.ts';
import { arbLayeredDag, arbSmallTree, graphFromLists } from '../helpers/random-graph.ts';

/** Smallest subset containing the root accepted by `valid` (all 2^(N−1) subsets), or Infinity. */
function bruteForce(g: Graph, valid: (nodes: number[]) => boolean): number {
  const n = g.nodeCount;
  let best = Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    if (((mask >> g.root) & 1) === 0) continue;
    const nodes: number[] = [];
    for (let v = 0; v < n; v++) if ((mask >> v) & 1) nodes.push(v);
    if (nodes.length >= best) continue;
    if (valid(nodes)) best = nodes.length;
  }
  return best;
}

const rootValue = (g: Graph) => solveGraph(g, checkGraph(g))[g.root];

/** Both types checked against brute force on one graph; returns whether sharing beat the unfolded tree. */
function checkAgainstBruteForce(g: Graph, t: number): boolean {
  let beatUnfolded = false;
  const mm = minimumMinimaxProofGraph(g);
  expect(mm.size).toBe(bruteForce(g, (h) => validateMinimaxProof(g, h).valid));
  expect(mm.nodes.length).toBe(mm.size);
  expect(mm.nodes[0]).toBe(g.root);
  expect(validateMinimaxProof(g, mm.nodes)).toEqual({ valid: true, value: mm.value });
  expect(mm.size).toBeLessThanOrEqual(mm.unfoldedDistinct);
  if (mm.size < mm.unfoldedDistinct) beatUnfolded = true;

  const tp = minimumTargetProofGraph(g, t);
  const brute = bruteForce(g, (h) => validateTargetProof(g, h, t).valid);
  if (rootValue(g) < t) {
    expect(tp.proven).toBe(false);
    expect(brute).toBe(Infinity);
    return beatUnfolded;
  }
  if (!tp.proven) throw new Error(`not proven: ${tp.reason}`);
  expect(tp.size).toBe(brute);
  expect(tp.nodes.length).toBe(tp.size);
  expect(validateTargetProof(g, tp.nodes, t).valid).toBe(true);
  expect(tp.size).toBeLessThanOrEqual(tp.unfoldedDistinct);
  if (tp.size < tp.unfoldedDistinct) beatUnfolded = true;
  return beatUnfolded;
}

describe('exact minimum proof graph = brute force over all node subsets (existing validators)', () => {
  test('tiny random DAGs (≤ 13 nodes), both types, any target', () => {
    let beat = 0;
    fc.assert(
      fc.property(arbLayeredDag(4, 3), fc.integer({ min: -3, max: 3 }), (g, t) => {
        if (checkAgainstBruteForce(g, t)) beat++;
      }),
      { numRuns: 120 },
    );
    // Non-vacuity: sharing makes the exact minimum smaller than the unfolded tree's proof on some DAGs.
    expect(beat).toBeGreaterThan(0);
  });

  test('wider DAGs (≤ 15 nodes, many transpositions)', () => {
    fc.assert(
      fc.property(arbLayeredDag(3, 5, 1), fc.integer({ min: -1, max: 1 }), (g, t) => {
        checkAgainstBruteForce(g, t);
      }),
      { numRuns: 25 },
    );
  });

  test('tiny random trees (≤ 13 nodes)', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 13, maxDepth: 5 }), fc.integer({ min: -2, max: 2 }), (g, t) => {
        checkAgainstBruteForce(g, t);
      }),
      { numRuns: 80 },
    );
  });

  test('tiny set-cover reduction graphs (≤ 14 nodes): the sharing the reduction is about', () => {
    for (let seed = 0; seed < 30; seed++) {
      const inst = randomSetCoverInstance({ universe: 1 + (seed % 5), sets: 1 + ((seed * 7) % 5), density: 0.4, seed });
      for (const variant of ['target', 'minimax'] as const) {
        const g = setCoverGraph(inst, variant);
        if (g.nodeCount > 14) continue;
        checkAgainstBruteForce(g, 1);
      }
    }
  });
});

describe('on trees the exact minimum is the minimum proof tree', () => {
  test('minimax: = minimumProofTree(g).size; target: = minimumTargetProofTree(g, t).size', () => {
    fc.assert(
      fc.property(
        arbSmallTree({ maxNodes: 60, maxDepth: 6, valueRange: 3 }),
        fc.integer({ min: -3, max: 3 }),
        (g, t) => {
          const mm = minimumMinimaxProofGraph(g);
          expect(mm.size).toBe(minimumProofTree(g).size);
          expect(validateMinimaxProof(g, mm.nodes).valid).toBe(true);
          const tp = minimumTargetProofGraph(g, t);
          const tree = minimumTargetProofTree(g, t);
          expect(tp.proven).toBe(tree.proven);
          if (tp.proven && tree.proven) {
            expect(tp.size).toBe(tree.size);
            expect(validateTargetProof(g, tp.nodes, t).valid).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('larger DAGs: valid, never above the unfolded proof, deterministic', () => {
  test('random layered DAGs up to ~40 nodes', () => {
    fc.assert(
      fc.property(arbLayeredDag(6, 6, 2), (g) => {
        const mm = minimumMinimaxProofGraph(g);
        expect(validateMinimaxProof(g, mm.nodes).valid).toBe(true);
        expect(mm.size).toBeLessThanOrEqual(minimumProofTree(g).distinct);
        const again = minimumMinimaxProofGraph(g);
        expect([again.size, again.searchNodes, Array.from(again.nodes)]).toEqual([
          mm.size,
          mm.searchNodes,
          Array.from(mm.nodes),
        ]);
        const t = mm.value;
        const tp = minimumTargetProofGraph(g, t);
        if (!tp.proven) throw new Error(tp.reason);
        expect(validateTargetProof(g, tp.nodes, t).valid).toBe(true);
        // A minimax proof contains a target proof for f(root): the target minimum is no larger.
        expect(tp.size).toBeLessThanOrEqual(mm.size);
      }),
      { numRuns: 60 },
    );
  });

  test('set-cover graphs: 2 + n + k* (target) and 4 + n + k* (minimax), k* from the independent cover solver', () => {
    for (let seed = 0; seed < 12; seed++) {
      const inst = randomSetCoverInstance({ universe: 8 + seed, sets: 6 + seed, density: 0.25, seed });
      const k = minimumSetCover(inst).size;
      const t = minimumTargetProofGraph(setCoverGraph(inst, 'target'), 1);
      if (!t.proven) throw new Error(t.reason);
      expect(t.size).toBe(2 + inst.universe + k);
      expect(minimumMinimaxProofGraph(setCoverGraph(inst, 'minimax')).size).toBe(4 + inst.universe + k);
    }
  });
});

describe('limits and refusals', () => {
  const chain = (len: number) =>
    graphFromLists(
      Array.from({ length: len }, (_, v) => (v + 1 < len ? [v + 1] : [])),
      [1],
    );

  test('graphs above maxNodes / maxEdges are refused, naming the limit and what to lower', () => {
    const g = chain(10);
    expect(() => minimumMinimaxProofGraph(g, { maxNodes: 9 })).toThrow(RangeError);
    expect(() => minimumMinimaxProofGraph(g, { maxNodes: 9 })).toThrow(
      /^maxNodes: the graph has 10 nodes, more than the 9 .*lower the graph size/,
    );
    expect(() => minimumTargetProofGraph(g, 0, { maxEdges: 8 })).toThrow(
      /^maxEdges: the graph has 9 edges, more than the 8 .*lower the graph size/,
    );
    expect(minimumMinimaxProofGraph(g, { maxNodes: 10, maxEdges: 9 }).size).toBe(10);
    expect(EXACT_PROOF_GRAPH_LIMITS.maxNodes).toBeGreaterThanOrEqual(100);
  });

  test('a search above the budget is refused, and the same budget that suffices gives the answer', () => {
    const inst = randomSetCoverInstance({ universe: 20, sets: 20, density: 0.3, seed: 0 });
    const g = setCoverGraph(inst, 'target');
    const r = minimumTargetProofGraph(g, 1);
    if (!r.proven) throw new Error(r.reason);
    expect(r.searchNodes).toBeGreaterThan(2);
    expect(() => minimumTargetProofGraph(g, 1, { budget: r.searchNodes - 1 })).toThrow(
      new RegExp(
        `^budget: the exact minimum proof graph search did not finish within ${r.searchNodes - 1} branch-and-bound nodes`,
      ),
    );
    const ok = minimumTargetProofGraph(g, 1, { budget: r.searchNodes });
    expect(ok.proven && ok.size).toBe(r.size);
  });

  test('bad limits and targets are RangeErrors naming the field', () => {
    const g = chain(3);
    expect(() => minimumMinimaxProofGraph(g, { budget: 0 })).toThrow(/^budget = 0 is not allowed/);
    expect(() => minimumMinimaxProofGraph(g, { maxNodes: 1.5 })).toThrow(/^maxNodes = 1.5 is not allowed/);
    expect(() => minimumTargetProofGraph(g, NaN)).toThrow(/^target t = NaN/);
    const no = minimumTargetProofGraph(g, 5);
    expect(no.proven).toBe(false);
  });
});
