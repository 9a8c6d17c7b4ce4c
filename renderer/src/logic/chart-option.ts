/**
 * The chart option for a run (and optionally a second run to compare), in one of the three modes: the
 * live chart and the exported figures call this same function, so an export looks like the screen.
 */
import type { ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { seriesLabel, specDepths } from '../../../shared/experiments/spec.ts';
import type { ResultLine } from '../../../shared/experiments/run-tree.ts';
import type { Counter, RunSummary } from '../../../shared/experiments/statistics.ts';
import { ratioChartOption } from '../../../shared/figures/ratio-chart.ts';
import { treeScatterOption } from '../../../shared/figures/tree-scatter.ts';
import { mergeSummaries } from '../../../shared/figures/compare-runs.ts';
import { figureSubtitle } from './files.ts';

export type ChartMode = 'ratio' | 'absolute' | 'scatter';

export interface ChartRun {
  name: string;
  spec: ExperimentSpec;
  summary: RunSummary;
  lines: readonly ResultLine[];
}

export function buildChartOption(mode: ChartMode, counter: Counter, run: ChartRun, compare: ChartRun | null = null): Record<string, unknown> {
  const subtitle = figureSubtitle(run.spec, run.summary.trees);
  if (mode === 'scatter') {
    return treeScatterOption(run.lines, run.spec.series.map(seriesLabel), specDepths(run.spec), { subtitle, counter, title: run.spec.name });
  }
  if (compare) {
    const merged = mergeSummaries(run.summary, compare.summary, `A ${run.name}`, `B ${compare.name}`);
    return ratioChartOption(merged, {
      mode, title: `${run.spec.name} (A) vs ${compare.spec.name} (B)`,
      subtitle: `A: ${subtitle} | B: ${figureSubtitle(compare.spec, compare.summary.trees)}`,
    });
  }
  return ratioChartOption(run.summary, { mode, title: run.spec.name, subtitle });
}

/** Data points drawn (non-null y), for tests and the status line. */
export function countPoints(option: Record<string, unknown>): number {
  return ((option.series ?? []) as { data?: unknown[][] }[]).reduce((a, x) => a + (x.data ?? []).filter((p) => p[1] !== null && p[1] !== undefined).length, 0);
}
