/**
 * The viewer's view of a trace: which nodes are shown as nodes are opened and closed, the tidy layout
 * (property-tested over random open sets), the principal-variation steps, hit testing, the per-node
 * words, and the files of the shown subtree.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parseSpec } from '../../shared/experiments/spec.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { nodeAt, pathTo, pvChild, ROOT, type TraceTree } from '../../shared/trace/trace-tree.ts';
import { exportTrace, shownSubtree } from '../../shared/trace/trace-export.ts';
import { PV } from '../../shared/proof/proof-sink.ts';
import {
  nodeDetails,
  onlyVisitedBy,
  regionWords,
  resultClaim,
  SLOT,
  TraceView,
} from '../../renderer/src/logic/trace-view.ts';
import { ExportError } from '../../shared/io/export-error.ts';

const spec = parseSpec({
  format: 'gtlab-experiment',
  version: 1,
  name: 'view',
  trees: 2,
  seed: 3,
  depth: 5,
  model: { kind: 'prefix-value', bmin: 2, bmax: 4, damage: 6, noise: { kind: 'uniform', e: 4 } },
  series: [
    { algorithm: 'alphabeta', ordering: 'estimate' },
    { algorithm: 'alphabeta', ordering: 'fcf-weighted:1,0.5,0.5' },
  ],
});
const trace: TraceTree = buildTrace(spec, 1, 5);
const expandable = Array.from({ length: trace.count }, (_, v) => v).filter((v) => trace.first[v] >= 0);

/** Shown nodes by definition: the root, and the children of every open shown node. */
function shownByDefinition(v: TraceView): Set<number> {
  const out = new Set<number>([ROOT]);
  const stack = [ROOT];
  while (stack.length) {
    const u = stack.pop()!;
    if (v.open[u] === 1)
      for (let c = trace.first[u]; c < trace.first[u] + trace.degree[u]; c++) {
        out.add(c);
        stack.push(c);
      }
  }
  return out;
}

describe('trace view', () => {
  test('layout over random open sets: preorder, leaves one slot apart in move order, parents centred', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...expandable), { maxLength: 40 }), (opens) => {
        const v = new TraceView(trace);
        for (const n of opens) v.expand(n);
        const want = shownByDefinition(v);
        const got = [...v.visible.subarray(0, v.shown)];
        expect(new Set(got)).toEqual(want);
        expect(got).toHaveLength(want.size);
        const leaves = got.filter((n) => v.open[n] === 0 || trace.degree[n] === 0);
        leaves.forEach((n, i) => expect(v.x[n]).toBe(i * SLOT));
        for (const n of got) {
          expect(v.y[n]).toBe(trace.ply[n] * 64);
          if (v.open[n] === 1 && trace.degree[n] > 0) {
            expect(v.x[n]).toBe((v.x[trace.first[n]] + v.x[trace.first[n] + trace.degree[n] - 1]) / 2);
          }
          expect(v.isShown(n)).toBe(true);
          expect(v.hit(v.x[n] + 1, v.y[n] - 1, 4)).toBe(n);
        }
        expect(v.width).toBe(Math.max(0, leaves.length - 1) * SLOT);
      }),
      { numRuns: 60 },
    );
  });

  test('opening a deep node opens its ancestors; closing hides the subtree', () => {
    const deep = expandable[expandable.length - 1];
    const v = new TraceView(trace);
    expect(v.expand(deep)).toBe(true);
    expect(v.isShown(trace.first[deep])).toBe(true);
    v.collapse(ROOT);
    expect(v.shown).toBe(1);
    expect(v.expand(trace.count - 1)).toBe(trace.first[trace.count - 1] >= 0);
  });

  test('open nodes carry over by path to another trace of the same tree (a focused one)', () => {
    const v = new TraceView(trace);
    v.expandWholePv();
    const deepest = expandable.reduce((a, b) => (trace.ply[b] > trace.ply[a] ? b : a));
    v.expand(deepest);
    const focused = buildTrace(spec, 1, 5, { focus: pathTo(trace, deepest), budget: 40 });
    const w = new TraceView(focused);
    w.openAt(v.openPaths());
    // every open node the focused trace holds is open there, with its ancestors
    for (const p of v.openPaths()) {
      const u = nodeAt(focused, p);
      if (u >= 0 && focused.first[u] >= 0) expect(w.open[u]).toBe(1);
    }
    // and nothing else: the shown nodes are the root and the children of those open nodes
    const open = new Set(v.openPaths().map((p) => p.join('.')));
    for (let i = 1; i < w.shown; i++)
      expect(open.has(pathTo(focused, focused.parent[w.visible[i]]).join('.'))).toBe(true);
    expect(w.isShown(nodeAt(focused, pathTo(trace, deepest)))).toBe(true);
  });

  test("PV steps follow the proof's PV nodes to the horizon", () => {
    const v = new TraceView(trace);
    let n = ROOT,
      steps = 0;
    for (let c = v.expandPv(n); c >= 0; c = v.expandPv(n)) {
      expect(trace.role[c]).toBe(PV);
      expect(trace.bound[c]).toBe(0 - trace.bound[n]);
      n = c;
      steps++;
    }
    expect(steps).toBeGreaterThan(0);
    expect(pvChild(trace, n)).toBe(-1);
    const w = new TraceView(trace);
    expect(w.expandWholePv()).toBe(n);
    expect(w.shown).toBe(v.shown);
  });

  test('node words: series side by side, the difference count, fail-soft claims', () => {
    const d = nodeDetails(trace, ROOT);
    expect(d.path).toBe('root');
    expect(d.proof).toBe(`= ${trace.bound[ROOT]}`);
    expect(d.series.map((s) => s.spent)).toEqual(trace.series.map((s) => s.spent[ROOT]));
    expect(d.series.every((s) => s.share === 1)).toBe(true);
    let only = 0;
    for (let u = 0; u < trace.count; u++) if (trace.series[0].visits[u] > 0 && trace.series[1].visits[u] === 0) only++;
    expect(onlyVisitedBy(trace, 0, 1, ROOT)).toBe(only);
    expect(resultClaim(-3, 4, -3)).toBe('≤ -3 (fail low)');
    expect(resultClaim(-3, 4, 5)).toBe('≥ 5 (fail high)');
    expect(resultClaim(-3, 4, 1)).toBe('= 1');
  });

  test('files of the shown subtree: JSON keeps every node and number, DOT and TikZ draw them, TikZ refuses large ones', () => {
    const v = new TraceView(trace);
    v.expandWholePv();
    const nodes = shownSubtree(trace, v.open, ROOT);
    expect(new Set(nodes)).toEqual(shownByDefinition(v));
    const prov = { spec: 'view', seed: 3, tree: 1, depth: 5, generator: 'test' };
    const j = JSON.parse(exportTrace(trace, nodes, prov, 'json'));
    expect(j).toMatchObject({
      format: 'gtlab-trace',
      version: 1,
      spec: 'view',
      seed: 3,
      tree: 1,
      depth: 5,
      mptSize: trace.mptSize,
    });
    expect(j.region).toEqual({ ...trace.region, words: regionWords(trace) });
    expect(j.nodes).toHaveLength(nodes.length);
    expect(j.nodes[0].series[1].spent).toBe(trace.series[1].spent[ROOT]);
    for (const n of j.nodes.slice(1)) expect(j.nodes[n.parent].path).toEqual(n.path.slice(0, -1));
    const dot = exportTrace(trace, nodes, prov, 'dot');
    expect(dot.match(/ -> /g)).toHaveLength(nodes.length - 1);
    expect(dot).toContain(`// region of the trace: ${regionWords(trace)}\n`);
    const tex = exportTrace(trace, nodes, prov, 'tex');
    expect(tex.match(/\[/g)!.length).toBe(nodes.length);
    const all = new TraceView(trace);
    for (const n of expandable) all.open[n] = 1;
    all.layout();
    const big = shownSubtree(trace, all.open, ROOT);
    if (big.length > 200) expect(() => exportTrace(trace, big, prov, 'tex')).toThrow(ExportError);
    expect(big.length).toBe(trace.count);
  });
});
