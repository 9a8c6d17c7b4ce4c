import { test, expect, describe } from 'vitest';
import fc from 'fast-check';
import { minimumProofTree, mptSizeOfGame } from '../../shared/proof/minimax-proof-tree.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { GraphError, heights, checkGraph } from '../../shared/game/graph.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { META, arbLayeredDag, arbSmallTree, graphFromLists } from '../helpers/random-graph.ts';
import { arbSmallPrefixValue, solve, subsetNodes, unfold } from './helpers.ts';

/** Smallest valid minimax proof over all node subsets (by the validator), or Infinity. */
function bruteForceMinimum(g: import('../../shared/game/graph.ts').Graph): number {
  const n = g.nodeCount;
  let best = Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    if (!(mask & (1 << g.root))) continue;
    const nodes = subsetNodes(mask, n);
    if (nodes.length >= best) continue;
    if (validateMinimaxProof(g, nodes).valid) best = nodes.length;
  }
  return best;
}

function without(nodes: Int32Array, k: number): number[] {
  const out = Array.from(nodes);
  out.splice(k, 1);
  return out;
}

describe('minimumProofTree (Figure 2 on an explicit graph)', () => {
  test('a hand-checked tree: the PV choice matters when two best moves differ in cost', () => {
    // Root (player 0) has two best moves, 1 (a leaf) and 2 (three leaf children), both value 0 from
    // the root's view; move 3 is worse (-1). Cheapest: 1 exact first, then refute 2 with one child
    // (4) and 3 with one child (7): {0, 1, 2, 4, 3, 7}. Taking 2 as the PV would need all of 4, 5, 6.
    const g = graphFromLists([[1, 2, 3], [], [4, 5, 6], [7, 8], [], [], [], [], []], [0, 0, 0, 0, 0, 0, 0, -1, -1]);
    const f = solve(g);
    expect(Array.from(f)).toEqual([0, 0, 0, 1, 0, 0, 0, -1, -1]);
    const r = minimumProofTree(g);
    expect(r.value).toBe(0);
    expect(Array.from(r.nodes)).toEqual([0, 1, 2, 4, 3, 7]);
    expect(r.size).toBe(6);
    expect(r.distinct).toBe(6);
    expect(bruteForceMinimum(g)).toBe(6);
  });

  test('a leaf root is its own proof', () => {
    const g = graphFromLists([[]], [5]);
    expect(minimumProofTree(g)).toEqual({ size: 1, distinct: 1, value: 5, nodes: Int32Array.of(0) });
    expect(mptSizeOfGame(new ExplicitGame(g), 3)).toBe(1);
  });

  test('equals the brute-force minimum over all subsets on tiny trees; the set is valid and minimal', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 13, maxDepth: 5 }), (g) => {
        const f = solve(g);
        const r = minimumProofTree(g);
        expect(r.value).toBe(f[g.root]);
        expect(r.size).toBe(bruteForceMinimum(g));
        expect(r.nodes.length).toBe(r.size);
        expect(r.distinct).toBe(r.size);
        expect(r.nodes[0]).toBe(g.root);
        expect(validateMinimaxProof(g, r.nodes)).toEqual({ valid: true, value: f[g.root] });
        for (let k = 0; k < r.nodes.length; k++) expect(validateMinimaxProof(g, without(r.nodes, k)).valid).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  test('on larger trees the set is valid, of the reported size, and no single node can be removed', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 80, maxDepth: 6, valueRange: 3 }), (g) => {
        const r = minimumProofTree(g);
        expect(r.nodes.length).toBe(r.size);
        expect(new Set(r.nodes).size).toBe(r.size);
        expect(validateMinimaxProof(g, r.nodes).valid).toBe(true);
        for (let k = 0; k < r.nodes.length; k++) expect(validateMinimaxProof(g, without(r.nodes, k)).valid).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  test('nodes are a pre-order: every node after the root has its parent earlier in the list', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 60, maxDepth: 6 }), (g) => {
        const r = minimumProofTree(g);
        const parent = new Int32Array(g.nodeCount).fill(-1);
        for (let v = 0; v < g.nodeCount; v++)
          for (let j = g.childOffsets[v]; j < g.childOffsets[v + 1]; j++) parent[g.children[j]] = v;
        const pos = new Map<number, number>();
        r.nodes.forEach((v, i) => pos.set(v, i));
        for (let i = 1; i < r.nodes.length; i++) {
          const p = parent[r.nodes[i]];
          expect(pos.get(p)).toBeLessThan(i);
        }
      }),
      { numRuns: 50 },
    );
  });

  test('rejects an invalid graph with a GraphError', () => {
    const g = graphFromLists([[1], [2], [1]], [0, 0, 0], 'dag');
    expect(() => minimumProofTree(g)).toThrow(GraphError);
  });
});

describe('minimumProofTree on DAGs (the unfolded tree)', () => {
  test('size is the unfolded tree’s MPT size, distinct ≤ size, the node set validates, and bounds the minimum proof graph', () => {
    fc.assert(
      fc.property(arbLayeredDag(4, 3), (g) => {
        const r = minimumProofTree(g);
        const t = minimumProofTree(unfold(g));
        expect(r.size).toBe(t.size);
        expect(r.value).toBe(t.value);
        expect(r.distinct).toBe(r.nodes.length);
        expect(new Set(r.nodes).size).toBe(r.distinct);
        expect(r.distinct).toBeLessThanOrEqual(r.size);
        expect(validateMinimaxProof(g, r.nodes).valid).toBe(true);
        if (g.nodeCount <= 12) expect(bruteForceMinimum(g)).toBeLessThanOrEqual(r.distinct);
      }),
      { numRuns: 150 },
    );
  });

  test('a diamond shares its node: distinct < size', () => {
    // 0 → 1, 2 (both player 1); 1, 2 → 3 (player 0) → leaves 4, 5. All 0: every node is on a PV.
    const g = graphFromLists([[1, 2], [3], [3], [4, 5], [], []], [0, 0, 0, 0, 0, 0], 'dag');
    const r = minimumProofTree(g);
    // Unfolded: PV 0, 1, 3, 4 (exact), 5 (refuted); then 2 refuted through its copy of 3, which as an
    // all-node needs both leaves again: 1 + 4 + 4 = 9 nodes, 6 distinct.
    expect(r.size).toBe(minimumProofTree(unfold(g)).size);
    expect(r.size).toBe(9);
    expect(r.distinct).toBe(6);
    expect(validateMinimaxProof(g, r.nodes).valid).toBe(true);
  });
});

describe('mptSizeOfGame (Figure 2 as printed, implicit)', () => {
  test('equals minimumProofTree on the materialised prefix value tree, at every truncation depth', () => {
    fc.assert(
      fc.property(arbSmallPrefixValue({ minDepth: 0, maxDepth: 5, maxDamage: 3, rootRange: 3 }), (params) => {
        const game = new PrefixValueTree(params);
        for (let d = 0; d <= params.height; d++) {
          const g = materialize(game, d, { ...META, model: 'prefix-value', params: { ...params } });
          expect(mptSizeOfGame(game, d)).toBe(minimumProofTree(g).size);
        }
      }),
      { numRuns: 100 },
    );
  });

  test('equals minimumProofTree on explicit random trees (with early leaves)', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 60, maxDepth: 6, valueRange: 3 }), (g) => {
        const h = heights(g, checkGraph(g))[g.root];
        expect(mptSizeOfGame(new ExplicitGame(g), h)).toBe(minimumProofTree(g).size);
      }),
      { numRuns: 100 },
    );
  });

  test('refuses a model without exact interior values', () => {
    const game = new PrefixValueTree({ height: 3, bmin: 2, bmax: 2, damage: 3, seed: 7, zeroDamage: false });
    expect(() => mptSizeOfGame(game, 3)).toThrow(/exactValue\(\) is NaN at ply 0/);
    expect(() => mptSizeOfGame(game, 1.5)).toThrow(/depth = 1.5 is not allowed/);
  });
});
