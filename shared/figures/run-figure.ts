/**
 * The figure of a run (Furtak & Buro 2009, Fig. 4, and the workbench's own views): nodes ÷ MPG or absolute
 * counts per depth (ratio-chart.ts), every tree as a point (tree-scatter.ts), or two runs overlaid
 * (compare-runs.ts). One builder for the live chart, the browser's exports, the desktop host's exports
 * and `gtlab plot`, so a figure looks the same wherever it is made; every figure's subtitle records the
 * spec, seed, tree count and the version that produced the run. Pure data → option; no DOM.
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import { seriesLabel, specDepths } from '../experiments/spec.ts';
import type { ResultLine } from '../experiments/run-tree.ts';
import { summarizeRun, type Counter, type RunSummary } from '../experiments/statistics.ts';
import { GENERATOR } from '../version.ts';
import { ratioChartOption } from './ratio-chart.ts';
import { treeScatterOption } from './tree-scatter.ts';
import { mergeSummaries } from './compare-runs.ts';
import { fitLegend } from './legend-layout.ts';

export type ChartMode = 'ratio' | 'absolute' | 'scatter';
export const CHART_MODES: readonly ChartMode[] = ['ratio', 'absolute', 'scatter'];

type Option = Record<string, unknown>;

// Two exported sizes then a field interface: the same shape only as ../models/prefix-value-search.ts's kernel limits
// and PrefixValueShape; unrelated declarations.
/** 6.5 in × 4 in at 96 CSS px per inch: a full text-width figure */
export const FIGURE_WIDTH = 624;
export const FIGURE_HEIGHT = 384;

export interface ChartRun {
  name: string;
  spec: ExperimentSpec;
  summary: RunSummary;
  lines: readonly ResultLine[];
  /** the version that produced the run (default: this one) */
  generator?: string;
}

export interface RunFigureOptions {
  /** default: the spec's name (with "(A) vs … (B)" when comparing) */
  title?: string;
  /** font family of every text (exported figures embed or rasterise it) */
  fontFamily?: string;
}

/** A run of `spec` as the builder's input, counted with `counter`. */
export function chartRun(spec: ExperimentSpec, lines: readonly ResultLine[], counter: Counter, generator?: string): ChartRun {
  return { name: spec.name, spec, lines, generator, summary: summarizeRun(spec, lines, counter) };
}

/** The subtitle every figure carries. */
export function figureSubtitle(spec: ExperimentSpec, trees: number, generator = GENERATOR): string {
  return `${spec.name} · seed ${spec.seed} · ${trees} of ${spec.trees} trees · ${generator}`;
}

export function runFigureOption(mode: ChartMode, counter: Counter, run: ChartRun, compare: ChartRun | null = null, o: RunFigureOptions = {}): Option {
  const subtitle = figureSubtitle(run.spec, run.summary.trees, run.generator);
  const font = { fontFamily: o.fontFamily };
  if (mode === 'scatter') {
    return treeScatterOption(run.lines, run.spec.series.map(seriesLabel), specDepths(run.spec), { ...font, subtitle, counter, denominator: run.spec.measure.denominator, title: o.title ?? run.spec.name });
  }
  if (compare) {
    const merged = mergeSummaries(run.summary, compare.summary, `A ${run.name}`, `B ${compare.name}`);
    return ratioChartOption(merged, {
      ...font, mode, title: o.title ?? `${run.spec.name} (A) vs ${compare.spec.name} (B)`,
      subtitle: `A: ${subtitle} | B: ${figureSubtitle(compare.spec, compare.summary.trees, compare.generator)}`,
    });
  }
  return ratioChartOption(run.summary, { ...font, mode, title: o.title ?? run.spec.name, subtitle });
}

/** The option as exported: room for the legend at this width, no animation or tooltip, white ground. */
export function exportOption(option: Option, width: number): Option {
  return { ...fitLegend(option, width), animation: false, tooltip: { show: false }, backgroundColor: '#ffffff' };
}

/** Data points drawn (non-null y), for tests and the status line. */
export function countPoints(option: Option): number {
  return ((option.series ?? []) as { data?: unknown[][] }[]).reduce((a, x) => a + (x.data ?? []).filter((p) => p[1] !== null && p[1] !== undefined).length, 0);
}
