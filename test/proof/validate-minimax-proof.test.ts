import { test, expect, describe } from 'vitest';
import fc from 'fast-check';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import type { Graph } from '../../shared/game/graph.ts';
import { arbLayeredDag, arbSmallTree, graphFromLists } from '../helpers/random-graph.ts';
import { muValidDirect, solve, subsetNodes } from './helpers.ts';

/** Every subset of the graph's nodes (root in or not): validator ⇔ the μ definition. */
function checkAllSubsets(g: Graph): number {
  const f = solve(g);
  const n = g.nodeCount;
  const inH = new Uint8Array(n);
  let valid = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    for (let v = 0; v < n; v++) inH[v] = (mask >> v) & 1;
    const direct = muValidDirect(g, f, inH);
    const r = validateMinimaxProof(g, subsetNodes(mask, n));
    expect(r.valid, `subset ${subsetNodes(mask, n).join(',')}`).toBe(direct);
    if (r.valid) {
      valid++;
      expect(r.value).toBe(f[g.root]);
    } else {
      expect(r.reason.length).toBeGreaterThan(0);
    }
  }
  return valid;
}

describe('validateMinimaxProof ⇔ the μ definition (Sec. 2.2), every subset', () => {
  test('tiny trees', () => {
    fc.assert(
      fc.property(arbSmallTree({ maxNodes: 10, maxDepth: 5 }), (g) => {
        // The full node set is always a proof, so at least one subset is valid.
        expect(checkAllSubsets(g)).toBeGreaterThan(0);
      }),
      { numRuns: 120 },
    );
  });

  test('tiny DAGs', () => {
    fc.assert(
      fc.property(
        arbLayeredDag(3, 3).filter((g) => g.nodeCount <= 10),
        (g) => {
          expect(checkAllSubsets(g)).toBeGreaterThan(0);
        },
      ),
      { numRuns: 120 },
    );
  });

  test('a tree where the order of children decides (ties, a cut that needs the PV first)', () => {
    // Root 0 (player 0): children 1 (leaf 0) and 2 (player 1) with children 3 (leaf 5), 4 (leaf 0).
    // f(2) = 0, so -f(2) = 0 = f(root): with 1 first, 2 is refuted by 4 alone (value ≥ 0 for player 1).
    const g = graphFromLists([[1, 2], [], [3, 4], [], []], [0, 0, 0, 5, 0]);
    expect(solve(g)[0]).toBe(0);
    expect(checkAllSubsets(g)).toBeGreaterThan(0);
    expect(validateMinimaxProof(g, [0, 1, 2, 4])).toEqual({ valid: true, value: 0 });
    expect(validateMinimaxProof(g, [0, 1, 2, 3]).valid).toBe(false);
  });
});

describe('validateMinimaxProof reasons', () => {
  // 0 (p0) → 1 (p1), 2 (p1); 1 → 3, 4 (p0 leaves 1, 3); 2 → 5, 6 (p0 leaves 2, -1).
  // f(1) = -1, f(2) = 1, f(0) = 1 via node 1.
  const g = graphFromLists([[1, 2], [3, 4], [5, 6], [], [], [], []], [0, 0, 0, 1, 3, 2, -1]);

  test('the full tree and a minimum proof are valid', () => {
    expect(solve(g)[0]).toBe(1);
    expect(validateMinimaxProof(g, [0, 1, 2, 3, 4, 5, 6])).toEqual({ valid: true, value: 1 });
    expect(validateMinimaxProof(g, [0, 1, 3, 4, 2, 6])).toEqual({ valid: true, value: 1 });
  });

  test('root not in H', () => {
    expect(validateMinimaxProof(g, [1, 3, 4])).toEqual({ valid: false, reason: 'root 0 not in H' });
    expect(validateMinimaxProof(g, [])).toEqual({ valid: false, reason: 'root 0 not in H' });
  });

  test('ids out of range, non-integers, duplicates', () => {
    expect(validateMinimaxProof(g, [0, 7])).toEqual({
      valid: false,
      reason: 'node id 7 at position 1 is not allowed: ids must be integers in [0..6]',
    });
    expect(validateMinimaxProof(g, [0, -1]).valid).toBe(false);
    expect(validateMinimaxProof(g, [0, 1.5])).toMatchObject({
      reason: expect.stringContaining('node id 1.5 at position 1'),
    });
    expect(validateMinimaxProof(g, [0, 1, 3, 1])).toEqual({
      valid: false,
      reason: 'node 1 appears twice (positions 1 and 3); a proof lists each node once',
    });
  });

  test('a missing child of an opponent node on the PV', () => {
    // Node 1 must be proven exactly (-1): it needs both 3 and 4.
    expect(validateMinimaxProof(g, [0, 1, 3, 2, 6])).toEqual({
      valid: false,
      reason:
        'H proves only [-∞, 1] for the root: node 1 (player 1) is in H but its child 4 is not; the bounds prove only [-1, +∞]',
    });
  });

  test('a refutation with the wrong child', () => {
    // Node 2 (value 1 for player 1) must be shown ≥ -1 from its view: child 6 (f = -1) does it, 5 does not.
    expect(validateMinimaxProof(g, [0, 1, 3, 4, 2, 5])).toEqual({
      valid: false,
      reason:
        'H proves only [1, 2] for the root: node 2 (player 1) must prove a value ≥ -1 (its value is 1), but none of its children that do so (6) is in H; the bounds prove only [-2, +∞]',
    });
  });

  test('a node in H whose children are all missing', () => {
    // Descends into node 1, which must prove ≥ -1 for player 1 (the root has α = 1 only after it).
    expect(validateMinimaxProof(g, [0, 1, 2])).toEqual({
      valid: false,
      reason:
        'H proves only [-∞, +∞] for the root: node 1 (player 1) must prove a value ≥ -1 (its value is -1), but none of its children that do so (3) is in H; the bounds prove only [-∞, +∞]',
    });
  });
});
