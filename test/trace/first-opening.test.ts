/**
 * Opening a trace searches once: the first trace of a run's tree and depth takes its census in the
 * searches that record it, and a second one (another focus, or the same tree opened again) narrows the
 * kept census and searches once too. The searches are counted where every trace runs them, in
 * searchSeries, with the nodes they visited: one search of each series, whose visits are the trace's.
 */
import { describe, expect, test, vi } from 'vitest';
import { parseSpec, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { pathTo, ROOT, type TraceTree } from '../../shared/trace/trace-tree.ts';

const searched = vi.hoisted(() => ({ searches: 0, visited: 0 }));

vi.mock('../../shared/experiments/search-series.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../shared/experiments/search-series.ts')>();
  return {
    ...m,
    searchSeries: (...args: Parameters<typeof m.searchSeries>) => {
      const passes = m.searchSeries(...args);
      searched.searches++;
      searched.visited += passes[passes.length - 1].cumulative.visited;
      return passes;
    },
  };
});

const spec: ExperimentSpec = parseSpec({
  format: 'gtlab-experiment',
  version: 1,
  name: 'first opening',
  model: { kind: 'prefix-value', bmin: 2, bmax: 4, damage: 5, noise: { kind: 'uniform', e: 3 } },
  trees: 2,
  seed: 3,
  depth: 7,
  iterative: true,
  series: [
    { algorithm: 'alphabeta', ordering: 'estimate' },
    { algorithm: 'negascout', ordering: 'fcf-weighted:1,0.5,0.5' },
    { algorithm: 'mtdf', ordering: 'estimate', memory: 'both' },
  ],
});

/** The searches a trace built by `build` ran, and the nodes they visited. */
function counted(build: () => TraceTree): { trace: TraceTree; searches: number; visited: number } {
  searched.searches = 0;
  searched.visited = 0;
  const trace = build();
  return { trace, searches: searched.searches, visited: searched.visited };
}

/** Every call of every series the trace counts in its root's subtree. */
const traceVisits = (t: TraceTree) => t.series.reduce((sum, s) => sum + s.spent[ROOT], 0);

describe('opening a trace', () => {
  test('a first opening searches each series once, and so does opening a node at its edge', () => {
    const first = counted(() => buildTrace(spec, 1, 7, { budget: 80 }));
    expect(first.searches).toBe(spec.series.length);
    expect(first.visited).toBe(traceVisits(first.trace));
    let edge = -1;
    for (let v = 0; v < first.trace.count; v++) if (first.trace.more[v] === 1) edge = v;
    expect(edge).toBeGreaterThan(ROOT);
    const focused = counted(() => buildTrace(spec, 1, 7, { focus: pathTo(first.trace, edge), budget: 80 }));
    expect(focused.searches).toBe(spec.series.length);
    expect(focused.trace.region.focus).toEqual(pathTo(first.trace, edge));
    const again = counted(() => buildTrace(spec, 1, 7, { budget: 80 }));
    expect(again.searches).toBe(spec.series.length);
    expect(again.trace).toEqual(first.trace);
  });
});
