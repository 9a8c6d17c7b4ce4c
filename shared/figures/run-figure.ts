/**
 * The figure of one run or of up to six runs compared (Furtak & Buro 2009, Fig. 4, and the workbench's
 * own views), composed from a figure's settings (./figure-spec.ts): nodes ÷ MPG or absolute counts per
 * depth (ratio-chart.ts) or every tree as a point (tree-scatter.ts); the series chosen, ordered and
 * renamed; a colour per series and a dash and marker per run (figure-style.ts), so a comparison's legend
 * is one key per series plus one per run rather than their product; or, for three runs and more (or as
 * the figure says), one panel per algorithm, the run told by colour and the ordering by dash. Runs are
 * keyed by their names. One builder for the live chart, the
 * browser's exports, the desktop host's exports and `gtlab plot`, so a figure looks the same wherever it
 * is made; every figure's subtitle records the spec, seed, tree count and version of each run. Pure
 * data → option; no DOM. The layout for export (legend, title, size) is ./figure-layout.ts.
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import { depthAxisName, seriesLabel, specDepths } from '../experiments/spec.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import { summarizeRun, type Counter, type RunSummary } from '../experiments/statistics.ts';
import { GENERATOR } from '../version.ts';
import { labelNames } from '../experiments/display-names.ts';
import { PRESETS } from '../experiments/presets.ts';
import { ratioLinesOption, type DrawnLine, type LegendKey, type RatioChartData } from './ratio-chart.ts';
import { treeScatterOption } from './tree-scatter.ts';
import { alignRuns } from './compare-runs.ts';
import {
  LINE_DASHES,
  lineStyle,
  RUN_KEY_COLOR,
  RUN_STYLES,
  RUN_SYMBOLS,
  seriesColor,
  seriesFactors,
  type SeriesFactors,
} from './figure-style.ts';
import { defaultFigure, MAX_RUNS, PANELS_FROM_RUNS, type ChartMode, type FigureSpec } from './figure-spec.ts';

export type { ChartMode };

type Option = Record<string, unknown>;

export interface ChartRun {
  name: string;
  spec: ExperimentSpec;
  summary: RunSummary;
  lines: readonly ResultLine[];
  /** the version that produced the run (default: this one) */
  generator?: string;
}

export interface RunFigureOptions {
  /** font family of every text (exported figures embed or rasterise it) */
  fontFamily?: string;
}

/** A run of `spec` as the builder's input, counted with `counter`. */
function chartRun(spec: ExperimentSpec, lines: readonly ResultLine[], counter: Counter, generator?: string): ChartRun {
  return { name: spec.name, spec, lines, generator, summary: summarizeRun(spec, lines, counter) };
}

/** The counter a figure uses for a run: the figure's, else the run's spec. */
function figureCounter(fig: FigureSpec, spec: ExperimentSpec): Counter {
  return fig.counter ?? spec.measure.counter;
}

/** A run's title: its preset's, else the run's name. */
function runTitle(run: Pick<ChartRun, 'name' | 'spec'>): string {
  return PRESETS.find((p) => p.name === run.spec.name)?.title ?? run.name;
}

/** The subtitle every figure carries. */
export function figureSubtitle(spec: ExperimentSpec, trees: number, generator = GENERATOR): string {
  return `${spec.name} · seed ${spec.seed} · ${trees} of ${spec.trees} trees · ${generator}`;
}

/**
 * A comparison's subtitle: each run's spec, seed and trees (after the run's name where the figure names
 * it), and the version once where all runs share it.
 */
function comparisonSubtitle(runs: readonly ChartRun[], names: readonly (string | undefined)[]): string {
  const generators = new Set(runs.map((r) => r.generator ?? GENERATOR));
  const one = generators.size === 1;
  const parts = runs.map((r, j) => {
    const full = figureSubtitle(r.spec, r.summary.trees, r.generator);
    const fields = one ? full.slice(0, full.lastIndexOf(' · ')) : full;
    return names[j] === undefined ? fields : `${names[j]}: ${fields}`;
  });
  return `${parts.join('; ')}${one ? ` · ${[...generators][0]}` : ''}`;
}

/**
 * The series a figure draws: its list (ids checked against the runs) or every series of the first run;
 * each under the figure's name for it, else its display name (../experiments/display-names.ts).
 */
function figureSeries(fig: FigureSpec, runs: readonly ChartRun[]): { id: string; label: string }[] {
  const known = [...new Set(runs.flatMap((r) => r.spec.series.map(seriesLabel)))];
  if (!fig.series) {
    const ids = runs[0].spec.series.map(seriesLabel);
    const names = labelNames(ids);
    return ids.map((id, k) => ({ id, label: names[k] }));
  }
  for (const s of fig.series) {
    if (!known.includes(s.id))
      throw new RangeError(
        `figure series "${s.id}" is not a series of ${runs.length > 1 ? 'these runs' : 'this run'}; they are: ${known.join(', ')}`,
      );
  }
  const names = labelNames(fig.series.map((s) => s.id));
  return fig.series.map((s, k) => ({ id: s.id, label: s.label ?? names[k] }));
}

/**
 * The names of the runs in the legend and subtitle: the figure's, else each run's name; runs of one name
 * are told apart by their seed, else by their place ("name (2)").
 */
function runNames(fig: FigureSpec, runs: readonly ChartRun[]): string[] {
  const base = runs.map((r, j) => fig.runs?.[j] ?? r.name);
  const count = (xs: string[], x: string) => xs.filter((y) => y === x).length;
  const seeded = base.map((b, j) => (count(base, b) > 1 && !fig.runs?.[j] ? `${b} seed ${runs[j].spec.seed}` : b));
  return seeded.map((b, j) => (count(seeded, b) > 1 && seeded.indexOf(b) !== j ? `${b} (${j + 1})` : b));
}

/** The figure of `runs` (the first is the reference; more than one is a comparison) as `fig` sets it. */
export function runFigureOption(
  runs: readonly ChartRun[],
  fig: FigureSpec = defaultFigure(),
  o: RunFigureOptions = {},
): Option {
  if (runs.length < 1 || runs.length > MAX_RUNS)
    throw new RangeError(`a figure shows 1 to ${MAX_RUNS} runs, not ${runs.length}`);
  const series = figureSeries(fig, runs);
  const names = runNames(fig, runs);
  const compare = runs.length > 1;
  const subtitle = compare
    ? comparisonSubtitle(runs, fig.runs ?? [])
    : figureSubtitle(runs[0].spec, runs[0].summary.trees, runs[0].generator);
  const defaultTitle = [...new Set(runs.map(runTitle))].join(' vs ');
  const text = {
    fontFamily: o.fontFamily,
    title: fig.title.show ? (fig.title.text ?? defaultTitle) : '',
    subtitle: fig.subtitle.show ? subtitle : '',
  };
  const mode: ChartMode = fig.mode;
  if (mode === 'scatter') {
    if (compare)
      throw new RangeError('the per-tree scatter shows one run; overlay runs in the ratio or absolute figure');
    const r = runs[0];
    return treeScatterOption(
      r.lines,
      series.map((s) => s.id),
      specDepths(r.spec),
      {
        ...text,
        labels: series.map((s) => s.label),
        counter: r.summary.counter,
        denominator: r.spec.measure.denominator,
      },
    );
  }
  const aligned = alignRuns(runs.map((r) => r.summary));
  const factors = seriesFactors(series.map((s) => s.label));
  const panels = compare && (fig.panels ?? (runs.length >= PANELS_FROM_RUNS ? 'algorithm' : 'none')) === 'algorithm';
  if (panels && !factors) {
    if (fig.panels === 'algorithm')
      throw new RangeError(
        'one panel per algorithm needs series named "algorithm / ordering"; these are: ' +
          series.map((s) => s.label).join(', '),
      );
  } else if (panels && factors)
    return ratioLinesOption(panelData(runs, series, names, factors, aligned), {
      ...text,
      mode,
      bands: fig.bands,
      xName: depthAxisName(runs[0].spec),
    });
  const lines: DrawnLine[] = [];
  runs.forEach((_, j) => {
    series.forEach((s, k) => {
      const ser = aligned.series[j].find((x) => x.series === s.id);
      if (!ser) return; // this run has no such series
      lines.push({
        name: compare ? `${names[j]}: ${s.label}` : s.label,
        ...lineStyle(k, j, factors),
        ratio: ser.ratio,
        mean: ser.mean,
        ci95: ser.ci95,
      });
    });
  });
  // The runs' keys: grey, with the run's marker (and dash, where the dash is not the ordering's), by name.
  const runKeys: LegendKey[] = compare
    ? names.map((n, j) => ({
        name: n,
        color: RUN_KEY_COLOR,
        ...(factors ? { dash: 'solid' as const, symbol: RUN_SYMBOLS[j] } : RUN_STYLES[j]),
      }))
    : [];
  // A comparison's legend: one key per series (its colour, and its dash where the dash is the ordering's), then the runs'.
  const keys: LegendKey[] | undefined = compare
    ? [
        ...series.map((s, k) => ({
          name: s.label,
          ...lineStyle(k, 0, factors),
          symbol: 'none',
          ...(factors ? {} : { icon: 'roundRect' }),
        })),
        ...runKeys,
      ]
    : undefined;
  // The compact legend: a colour per algorithm, a dash per ordering, a marker per run.
  const compactKeys: LegendKey[] | undefined = factors
    ? [
        ...factors.groups.map((g, i) => ({
          name: g,
          color: seriesColor(i),
          dash: 'solid' as const,
          symbol: 'none',
          icon: 'roundRect',
        })),
        ...factors.variants.map((v, i) => ({ name: v, color: RUN_KEY_COLOR, dash: LINE_DASHES[i], symbol: 'none' })),
        ...runKeys,
      ]
    : undefined;
  const s0 = runs[0].summary;
  return ratioLinesOption(
    {
      counter: s0.counter,
      denominator: s0.denominator,
      interior: s0.interior,
      depths: aligned.depths,
      lines,
      keys,
      compactKeys,
    },
    { ...text, mode, bands: fig.bands, xName: depthAxisName(runs[0].spec) },
  );
}

/**
 * Runs compared one panel per algorithm: in each panel every run's lines of that algorithm, the run told
 * by colour (and marker), the ordering by dash; the legend a key per run and per ordering.
 */
function panelData(
  runs: readonly ChartRun[],
  series: readonly { id: string; label: string }[],
  names: readonly string[],
  factors: SeriesFactors,
  aligned: ReturnType<typeof alignRuns>,
): RatioChartData {
  const lines: DrawnLine[] = [];
  runs.forEach((_, j) => {
    series.forEach((s, k) => {
      const ser = aligned.series[j].find((x) => x.series === s.id);
      if (!ser) return;
      lines.push({
        name: `${names[j]}: ${s.label}`,
        color: seriesColor(j),
        dash: LINE_DASHES[factors.variant[k]],
        symbol: RUN_SYMBOLS[j],
        ratio: ser.ratio,
        mean: ser.mean,
        ci95: ser.ci95,
        panel: factors.group[k],
      });
    });
  });
  const keys: LegendKey[] = [
    ...names.map((n, j) => ({ name: n, color: seriesColor(j), dash: 'solid' as const, symbol: RUN_SYMBOLS[j] })),
    ...factors.variants.map((v, i) => ({ name: v, color: RUN_KEY_COLOR, dash: LINE_DASHES[i], symbol: 'none' })),
  ];
  const s0 = runs[0].summary;
  return {
    counter: s0.counter,
    denominator: s0.denominator,
    interior: s0.interior,
    depths: aligned.depths,
    lines,
    keys,
    panels: factors.groups,
  };
}

/** A run as stored (its spec, result lines and the version that produced it). */
export interface StoredRun {
  spec: ExperimentSpec;
  lines: readonly ResultLine[];
  generator?: string;
}

/** The figure `fig` describes of stored runs: each counted with the figure's counter (else the first run's). */
export function storedRunsFigure(runs: readonly StoredRun[], fig: FigureSpec, o: RunFigureOptions = {}): Option {
  const counter = figureCounter(fig, runs[0].spec);
  return runFigureOption(
    runs.map((r) => chartRun(r.spec, r.lines, counter, r.generator)),
    fig,
    o,
  );
}

/** The exported file's name: the run's stem, mode, counter and whether runs are compared. */
export function figureFileName(
  stem: string,
  fig: FigureSpec,
  spec: ExperimentSpec,
  compared: number,
  format: string,
): string {
  return `${stem}-${fig.mode}-${figureCounter(fig, spec)}${compared > 0 ? `-compare${compared + 1}` : ''}.${format}`;
}

/** Data points drawn (non-null y), for tests and the status line. */
export function countPoints(option: Option): number {
  return ((option.series ?? []) as { data?: unknown[][] }[]).reduce(
    (a, x) => a + (x.data ?? []).filter((p) => p[1] !== null && p[1] !== undefined).length,
    0,
  );
}
