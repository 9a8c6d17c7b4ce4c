/**
 * The tree viewer's data checked against the runner: the regenerated tree is the run's tree (its MPT
 * size equals the run's MPG at that depth) and the recorded alpha-beta trace visits exactly as many
 * nodes as the run counted for that pass; cut-off marks and the layout are consistent.
 */
import { describe, expect, test } from 'vitest';
import { buildTreeView, layoutTree, regenerateTree } from '../../renderer/src/logic/tree-view.ts';
import { runTree, type ResultLine } from '../../shared/experiments/run-tree.ts';
import { parseSpec, seriesLabel, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';

function spec(model: unknown, iterative: boolean, depth = 4): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment', version: 1, name: 'viewer', model, trees: 4, seed: 11, depth, iterative,
    series: [
      { algorithm: 'alphabeta', ordering: 'estimate' }, { algorithm: 'alphabeta', ordering: 'fcf-weighted:1,0.5,0.5' },
      { algorithm: 'alphabeta', ordering: 'natural' }, { algorithm: 'negascout', ordering: 'estimate' }, { algorithm: 'mtdf', ordering: 'estimate' },
    ],
  });
}

const prefix = { kind: 'prefix-value', bmin: 2, bmax: 5, damage: 6, noise: { kind: 'uniform', e: 4 } };

describe('tree viewer data', () => {
  test.each([
    ['prefix-value, iterative', spec(prefix, true)],
    ['prefix-value, one search', spec(prefix, false)],
    ['incremental, iterative', spec({ ...prefix, kind: 'incremental' }, true)],
  ])('%s: MPT = run MPG, alpha-beta traces = run pass counts', async (_, s) => {
    for (let tree = 0; tree < s.trees; tree++) {
      const lines: ResultLine[] = [];
      await runTree(s, tree, (l) => lines.push(l));
      const depth = s.depth;
      const line = lines.find((l) => l.depth === depth)!;
      const v = buildTreeView(s, tree, depth);
      expect(v.mptSize).toBe(line.mpg);
      expect(v.values[v.graph.root]).toBe(line.value);
      expect(validateMinimaxProof(v.graph, [...v.mpt.keys()].filter((i) => v.mpt[i]))).toEqual({ valid: true, value: line.value });
      v.traces.forEach((t, k) => {
        const r = line.results.find((x) => x.series === seriesLabel(s.series[k]))!;
        expect(t.value).toBe(line.value);
        // alpha-beta visits a tree node at most once per pass: distinct visits = the pass's count.
        if (s.series[k].algorithm === 'alphabeta') expect(t.visited).toBe(r.passVisited);
        else expect(t.visited).toBeLessThanOrEqual(r.passVisited);
        // visit numbers are 1..visited, each once
        const nums = [...t.order].filter((x) => x > 0).sort((a, b) => a - b);
        expect(nums).toEqual(Array.from({ length: t.visited }, (_, i) => i + 1));
        // a cut-off node has a child never visited; a visited interior node without one has all children visited
        const g = v.graph;
        for (let u = 0; u < g.nodeCount; u++) {
          const kids = [...g.children.subarray(g.childOffsets[u], g.childOffsets[u + 1])];
          if (t.cut[u]) expect(kids.some((c) => t.order[c] === 0)).toBe(true);
          // a child is never visited before its parent
          for (const c of kids) if (t.order[c] > 0) expect(t.order[u]).toBeGreaterThan(0);
          for (const c of kids) if (t.order[c] > 0) expect(t.order[c]).toBeGreaterThan(t.order[u]);
        }
      });
    }
  });

  test('uniform trees (values only at leaves) are generated at the viewing depth', () => {
    const s = parseSpec({
      format: 'gtlab-experiment', version: 1, name: 'u', model: { kind: 'uniform', degree: 3, leaves: { kind: 'range', lo: 0, hi: 9 } },
      trees: 2, seed: 3, depth: 6, iterative: false, series: [{ algorithm: 'alphabeta', ordering: 'natural' }],
    });
    const r = regenerateTree(s, 1, 3);
    expect(r.regenerated).toBe(true);
    expect(r.graph.nodeCount).toBe(1 + 3 + 9 + 27);
    expect(buildTreeView(s, 1, 6).regenerated).toBe(false);
  });

  test('limits: tree index, depth and size are refused with the allowed range', () => {
    const s = spec({ ...prefix, bmin: 8, bmax: 8 }, true, 6);
    expect(() => regenerateTree(s, 4, 2)).toThrow('tree = 4 is not allowed: it must be an integer in [0..3]');
    expect(() => regenerateTree(s, 0, 7)).toThrow('depth = 7 is not allowed: it must be an integer in [1..6]');
    expect(() => buildTreeView(s, 0, 5)).toThrow(/more than 4000 nodes/);
  });

  test('layout: leaves left to right in move order, parents centred over their children', () => {
    const v = buildTreeView(spec(prefix, true), 2, 4);
    const g = v.graph;
    const l = layoutTree(g, v.depth);
    let lastLeafX = -Infinity;
    for (let u = 0; u < g.nodeCount; u++) { // ids are depth-first pre-order: leaves in move order
      const a = g.childOffsets[u], b = g.childOffsets[u + 1];
      if (a === b) {
        expect(l.x[u]).toBeGreaterThan(lastLeafX);
        lastLeafX = l.x[u];
      } else {
        expect(l.x[u]).toBeCloseTo((l.x[g.children[a]] + l.x[g.children[b - 1]]) / 2, 9);
      }
      expect(l.y[u]).toBe(v.depth[u] * (l.height / 4));
    }
    expect(Math.max(...l.x)).toBe(l.width);
  });
});
