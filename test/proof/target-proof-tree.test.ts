import { test, expect, describe } from 'vitest';
import fc from 'fast-check';
import { minimumTargetProofTree } from '../../shared/proof/target-proof-tree.ts';
import { validateTargetProof } from '../../shared/proof/validate-target-proof.ts';
import type { Graph } from '../../shared/game/graph.ts';
import { arbLayeredDag, arbSmallTree, graphFromLists } from '../helpers/random-graph.ts';
import { solve, subsetNodes, targetValidDirect, unfold } from './helpers.ts';

/** Validator ⇔ Sec. 2.1 on every subset; returns the smallest valid subset's size (Infinity if none). */
function checkAllSubsets(g: Graph, t: number): number {
  const f = solve(g);
  const n = g.nodeCount;
  const inH = new Uint8Array(n);
  let best = Infinity;
  for (let mask = 0; mask < 1 << n; mask++) {
    for (let v = 0; v < n; v++) inH[v] = (mask >> v) & 1;
    const nodes = subsetNodes(mask, n);
    const direct = targetValidDirect(g, f, inH, t);
    const r = validateTargetProof(g, nodes, t);
    expect(r.valid, `subset ${nodes.join(',')} t=${t}`).toBe(direct);
    if (r.valid) {
      expect(r.value).toBeGreaterThanOrEqual(t);
      expect(r.value).toBeLessThanOrEqual(f[g.root]);
      if (nodes.length < best) best = nodes.length;
    } else {
      expect(r.reason.length).toBeGreaterThan(0);
    }
  }
  return best;
}

const arbT = fc.integer({ min: -3, max: 3 });

describe('target proofs (Sec. 2.1, 5.1)', () => {
  test('validator ⇔ definition on every subset, and the minimum tree equals the brute-force minimum', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 11, maxDepth: 5 }), arbT, (g, t) => {
        const f = solve(g);
        const best = checkAllSubsets(g, t);
        const r = minimumTargetProofTree(g, t);
        if (f[g.root] < t) {
          expect(best).toBe(Infinity);
          expect(r.proven).toBe(false);
          return;
        }
        if (!r.proven) throw new Error(r.reason);
        expect(r.size).toBe(best);
        expect(r.nodes.length).toBe(r.size);
        expect(r.distinct).toBe(r.size);
        expect(r.nodes[0]).toBe(g.root);
        expect(validateTargetProof(g, r.nodes, t).valid).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  test('on larger trees the minimum tree is valid and no single node can be removed', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 80, maxDepth: 6, valueRange: 3 }), arbT, (g, t) => {
        const r = minimumTargetProofTree(g, t);
        if (!r.proven) {
          expect(solve(g)[g.root]).toBeLessThan(t);
          return;
        }
        expect(validateTargetProof(g, r.nodes, t).valid).toBe(true);
        for (let k = 0; k < r.nodes.length; k++) {
          const less = Array.from(r.nodes);
          less.splice(k, 1);
          expect(validateTargetProof(g, less, t).valid).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });

  test('DAGs: validator ⇔ definition; size is the unfolded tree’s; distinct nodes validate and bound the minimum graph', () => {
    fc.assert(
      fc.property(
        arbLayeredDag(3, 3).filter((g) => g.nodeCount <= 10),
        arbT,
        (g, t) => {
          const best = checkAllSubsets(g, t);
          const r = minimumTargetProofTree(g, t);
          if (!r.proven) {
            expect(best).toBe(Infinity);
            return;
          }
          const u = minimumTargetProofTree(unfold(g), t);
          expect(u.proven && u.size).toBe(r.size);
          expect(r.distinct).toBeLessThanOrEqual(r.size);
          expect(new Set(r.nodes).size).toBe(r.distinct);
          expect(validateTargetProof(g, r.nodes, t).valid).toBe(true);
          expect(best).toBeLessThanOrEqual(r.distinct);
        },
      ),
      { numRuns: 120 },
    );
  });

  describe('reasons', () => {
    // 0 (p0) → 1, 2 (p1); 1 → 3, 4 (p0 leaves 2, 5); 2 → 5, 6 (p0 leaves 0, 4). f(1) = -2, f(2) = 0, f(0) = 2.
    const g = graphFromLists([[1, 2], [3, 4], [5, 6], [], [], [], []], [0, 0, 0, 2, 5, 0, 4]);

    test('refusal when the root cannot reach t', () => {
      expect(solve(g)[0]).toBe(2);
      expect(minimumTargetProofTree(g, 3)).toEqual({
        proven: false,
        reason: 'f(root) = 2 < t = 3: the root player cannot achieve 3, so no target proof exists',
      });
      expect(minimumTargetProofTree(g, 2)).toEqual({
        proven: true,
        size: 4,
        distinct: 4,
        nodes: Int32Array.of(0, 1, 3, 4),
      });
      expect(() => minimumTargetProofTree(g, NaN)).toThrow(/target t = NaN is not allowed/);
    });

    test('structural violations and a too-weak proof', () => {
      expect(validateTargetProof(g, [0, 1, 3, 4], 2)).toEqual({ valid: true, value: 2 });
      expect(validateTargetProof(g, [1, 3, 4], 2)).toEqual({ valid: false, reason: 'root 0 not in H' });
      expect(validateTargetProof(g, [0], 2)).toEqual({
        valid: false,
        reason: 'node 0 (player 0) is in H but none of its children (1, 2) is; a root-player node needs one',
      });
      expect(validateTargetProof(g, [0, 1, 3], 2)).toEqual({
        valid: false,
        reason: 'node 1 (player 1) is in H but its child 4 is not; an opponent node needs all its children',
      });
      expect(validateTargetProof(g, [0, 2, 5, 6], 2)).toEqual({
        valid: false,
        reason:
          'H proves f^(H)(root) = 0, below t = 2 (its best child in H, node 2, proves only 0 for the root player); f(root) = 2',
      });
      expect(validateTargetProof(g, [0, 2, 5, 6], 0)).toEqual({ valid: true, value: 0 });
      expect(validateTargetProof(g, [0, 9], 0)).toMatchObject({
        valid: false,
        reason: expect.stringContaining('node id 9 at position 1'),
      });
      expect(validateTargetProof(g, [0, 0], 0)).toMatchObject({
        valid: false,
        reason: expect.stringContaining('node 0 appears twice'),
      });
    });
  });
});
