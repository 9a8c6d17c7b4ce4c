import { test, expect, describe } from 'vitest';
import { countProofLeaves, knuthMooreLeaves } from '../../shared/proof/knuth-moore.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { uniformTree } from './helpers.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';

describe('knuthMooreLeaves', () => {
  test('the formula', () => {
    expect(knuthMooreLeaves(2, 0)).toBe(1);
    expect(knuthMooreLeaves(2, 1)).toBe(2);
    expect(knuthMooreLeaves(2, 2)).toBe(3);
    expect(knuthMooreLeaves(3, 3)).toBe(9 + 3 - 1);
    expect(knuthMooreLeaves(5, 8)).toBe(2 * 625 - 1);
    expect(knuthMooreLeaves(1, 7)).toBe(1);
    expect(() => knuthMooreLeaves(0, 3)).toThrow(/branching b = 0 is not allowed/);
    expect(() => knuthMooreLeaves(2, -1)).toThrow(/depth d = -1 is not allowed/);
  });

  test('countProofLeaves counts only leaves of the graph and checks ids', () => {
    const g = uniformTree(2, 2, (k) => k);
    expect(countProofLeaves(g, [0, 1, 3, 4, 2, 5])).toBe(3);
    expect(() => countProofLeaves(g, [0, 7])).toThrow(/node id 7 at position 1/);
  });
});

describe('uniform trees: the minimum proof tree is the Knuth–Moore minimal tree', () => {
  const cases: [number, number][] = [];
  for (let b = 2; b <= 5; b++) for (let d = 1; d <= 8; d++) if (b ** d <= 400_000) cases.push([b, d]);

  test.each(cases)('b = %i, d = %i', (b, d) => {
    const leaves = b ** d;
    // Distinct leaf values: a seeded shuffle of 0..leaves-1.
    const perm = Array.from({ length: leaves }, (_, i) => i);
    const rnd = mulberry32(b * 100 + d);
    for (let i = leaves - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [perm[i], perm[j]] = [perm[j], perm[i]];
    }
    const km = knuthMooreLeaves(b, d);
    for (const [name, leafValue] of [
      ['distinct', (k: number) => perm[k]],
      ['tied', () => 3],
    ] as const) {
      const g = uniformTree(b, d, leafValue);
      const r = minimumProofTree(g);
      expect(countProofLeaves(g, r.nodes), name).toBe(km);
      if (g.nodeCount <= 5000) expect(validateMinimaxProof(g, r.nodes).valid, name).toBe(true);
      // Perfect ordering: the game's estimates are the exact values.
      const ab = alphaBeta(new ExplicitGame(g), d, { ordering: estimateOrdering });
      expect(ab.value, name).toBe(r.value);
      expect(ab.counters.leaves, name).toBe(km);
    }
  });
});
