/**
 * The Export tab's tree files: the regenerated tree is the run's tree (its minimum proof tree has the
 * run's MPG size and proves the run's value), uniform trees are generated at the viewing depth, and the
 * limits are refused with the allowed range.
 */
import { describe, expect, test } from 'vitest';
import { regenerateTree } from '../../renderer/src/logic/tree-view.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { parseSpec, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';

function spec(model: unknown, iterative: boolean, depth = 4): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name: 'export',
    model,
    trees: 4,
    seed: 11,
    depth,
    iterative,
    series: [{ algorithm: 'alphabeta', ordering: 'estimate' }],
  });
}

const prefix = { kind: 'prefix-value', bmin: 2, bmax: 5, damage: 6, noise: { kind: 'uniform', e: 4 } };

describe('regenerated trees for export', () => {
  test.each([
    ['prefix-value, iterative', spec(prefix, true)],
    ['prefix-value, one search', spec(prefix, false)],
    ['incremental, iterative', spec({ ...prefix, kind: 'incremental' }, true)],
  ])("%s: the MPT of the regenerated tree is the run's MPG and proves its value", async (_, s) => {
    for (let tree = 0; tree < s.trees; tree++) {
      const lines: ResultLine[] = [];
      await runTree(s, tree, (l) => lines.push(l));
      const line = lines.find((l) => l.depth === s.depth)!;
      const { graph } = regenerateTree(s, tree, s.depth);
      const mpt = minimumProofTree(graph);
      expect(mpt.size).toBe(line.mpg);
      expect(validateMinimaxProof(graph, mpt.nodes)).toEqual({ valid: true, value: line.value });
    }
  });

  test('uniform trees (values only at leaves) are generated at the viewing depth', () => {
    const s = parseSpec({
      format: 'gtlab-experiment',
      version: 1,
      name: 'u',
      model: { kind: 'uniform', degree: 3, leaves: { kind: 'range', lo: 0, hi: 9 } },
      trees: 2,
      seed: 3,
      depth: 6,
      iterative: false,
      series: [{ algorithm: 'alphabeta', ordering: 'natural' }],
    });
    const r = regenerateTree(s, 1, 3);
    expect(r.regenerated).toBe(true);
    expect(r.graph.nodeCount).toBe(1 + 3 + 9 + 27);
    expect(regenerateTree(s, 1, 6).regenerated).toBe(false);
  });

  test('limits: tree index, depth and size are refused with the allowed range', () => {
    const s = spec({ ...prefix, bmin: 8, bmax: 8 }, true, 6);
    expect(() => regenerateTree(s, 4, 2)).toThrow('tree = 4 is not allowed: it must be an integer in [0..3]');
    expect(() => regenerateTree(s, 0, 7)).toThrow('depth = 7 is not allowed: it must be an integer in [1..6]');
    expect(() => regenerateTree(s, 0, 6)).toThrow(/40000/);
  });
});
