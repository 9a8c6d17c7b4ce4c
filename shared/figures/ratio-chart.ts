/**
 * The ECharts option of the main figure: x = search depth, y = cumulative nodes ÷ MPG size, one line
 * per drawn series with its 95 % confidence band (Furtak & Buro 2009, Fig. 4; the paper has no bands).
 * The lines come from one run (ratioChartOption) or from several overlaid (./compare-runs.ts), each
 * with its colour, dash and marker (./figure-style.ts). One builder for the live chart in the app and for
 * `gtlab plot`, so a figure exported from either looks the same. Pure data → option; no DOM.
 */
import type { Counter, RunSummary } from '../experiments/statistics.ts';
import { labelNames } from '../experiments/display-names.ts';
import { GRID_LINE, lineStyle, seriesFactors, type LineDash } from './figure-style.ts';
import { chartTitle } from './chart-title.ts';
import { ciBandSeries, finite } from './ci-band.ts';

export interface ChartOptions {
  title?: string;
  /** subtitle: spec name, seed, version — recorded on every figure (one line per compared run) */
  subtitle?: string;
  /** 'ratio' (nodes ÷ MPG, linear) or 'absolute' (mean counts, log scale) */
  mode?: 'ratio' | 'absolute';
  /** font family for every text (exported figures embed it) */
  fontFamily?: string;
  animation?: boolean;
  /** draw the 95 % bands (ratio mode); default: for one run, not for a comparison (overlaid bands hide the lines) */
  bands?: boolean;
  /** the x axis's name (default "search depth"; the empties k of endgame positions: ../experiments/spec.ts depthAxisName) */
  xName?: string;
}

/** A line as drawn: its name, style and values per depth of the chart (NaN where it has none). */
export interface DrawnLine {
  name: string;
  color: string;
  dash: LineDash;
  symbol: string;
  ratio: number[];
  mean: number[];
  ci95: [number, number][];
  /** the panel it is drawn in (RatioChartData.panels) */
  panel?: number;
}

/** A legend entry that is not a line (the colour key of a series, or the dash key of a run). */
export interface LegendKey {
  name: string;
  color: string;
  dash: LineDash;
  symbol: string;
  /** the legend's icon: a colour block for a series key, the line with its marker (default) for a run key */
  icon?: string;
}

export interface RatioChartData {
  counter: Counter;
  denominator: string;
  interior: boolean;
  depths: number[];
  lines: DrawnLine[];
  /** the legend: these keys instead of one entry per line (comparisons) */
  keys?: LegendKey[];
  /**
   * a shorter legend the export layout may choose instead (./layout-fallbacks.ts): one key per algorithm
   * (colour), per ordering (dash) and per run (marker), where the series factor so
   */
  compactKeys?: LegendKey[];
  /** panel titles: the lines drawn in panels side by side (DrawnLine.panel), with a shared y axis */
  panels?: string[];
}

/** Where an option keeps its compact legend (the legend's data, as `legend.data`), for the layout to choose. */
export const COMPACT_LEGEND = 'gtlabCompactLegend';

/** Where an option keeps its panels' titles (the export layout sets one grid per panel: ./figure-layout.ts). */
export const PANELS = 'gtlabPanels';

/** The divisor on an axis: the minimum proof's size, or its interior nodes (the expanded-node view). */
export function proofMeasure(denominator: string, interior: boolean): string {
  return interior ? `${denominator} minimum proof's interior nodes` : `${denominator} minimum proof size`;
}

/** The y-axis title of a ratio or absolute chart, naming counter and denominator. */
function ratioAxisName(counter: Counter, denominator: string, interior: boolean, mode: 'ratio' | 'absolute'): string {
  return mode === 'ratio'
    ? `cumulative ${counter} nodes ÷ ${proofMeasure(denominator, interior)}`
    : `mean cumulative ${counter} nodes`;
}

/** Where an axis keeps a shorter name for figures too small for its name on two lines (./axis-scale.ts). */
export const SHORT_NAME = 'gtlabShortName';

/** The y-axis title in few words ("visited nodes ÷ min. proof (seen)"). */
function shortAxisName(counter: Counter, denominator: string, interior: boolean, mode: 'ratio' | 'absolute'): string {
  return mode === 'ratio'
    ? `${counter} nodes ÷ min. proof${interior ? ' interior' : ''} (${denominator})`
    : `mean ${counter} nodes`;
}

/** The lines of one run's summary under their display names, styled as the first run's (./figure-style.ts). */
function summaryLines(s: RunSummary): DrawnLine[] {
  const names = labelNames(s.series.map((ser) => ser.series));
  const factors = seriesFactors(names);
  return s.series.map((ser, k) => ({
    name: names[k],
    ...lineStyle(k, 0, factors),
    ratio: ser.ratio,
    mean: ser.mean,
    ci95: ser.ci95,
  }));
}

/** One run's figure (the Fig. 4 report, and every caller with a bare summary). */
export function ratioChartOption(s: RunSummary, o: ChartOptions = {}): Record<string, unknown> {
  return ratioLinesOption(
    { counter: s.counter, denominator: s.denominator, interior: s.interior, depths: s.depths, lines: summaryLines(s) },
    o,
  );
}

export function ratioLinesOption(d: RatioChartData, o: ChartOptions = {}): Record<string, unknown> {
  const mode = o.mode ?? 'ratio';
  const font = o.fontFamily ?? 'sans-serif';
  const bands = mode === 'ratio' && (o.bands ?? !d.keys);
  const series: Record<string, unknown>[] = [];
  d.lines.forEach((line, k) => {
    const ys = mode === 'ratio' ? line.ratio : line.mean;
    series.push({
      name: line.name,
      type: 'line',
      color: line.color,
      symbol: line.symbol,
      symbolSize: 5,
      lineStyle: { width: 2, type: line.dash },
      data: d.depths.map((x, i) => [x, finite(ys[i])]),
      ...(line.panel !== undefined ? { gtlabPanel: line.panel } : {}),
    });
    if (bands) {
      const area = { color: line.color, opacity: d.keys ? 0.1 : 0.18 };
      const ci = line.ci95;
      series.push(
        ...ciBandSeries(
          line.name,
          `ci-${k}`,
          area,
          d.depths,
          (i) => ci[i][0],
          (i) => ci[i][1],
        ).map((b) => (line.panel !== undefined ? { ...b, gtlabPanel: line.panel } : b)),
      );
    }
  });
  // Legend keys are lines without data: ECharts draws their style in the legend and nothing on the plot.
  for (const key of [...(d.keys ?? []), ...(d.compactKeys ?? [])]) {
    series.push({
      name: key.name,
      type: 'line',
      color: key.color,
      symbol: key.symbol,
      symbolSize: 5,
      lineStyle: { width: 2, type: key.dash },
      data: [],
    });
  }
  return {
    animation: o.animation ?? false,
    textStyle: { fontFamily: font },
    title: chartTitle(o.title ?? '', o.subtitle ?? '', font),
    tooltip: { trigger: 'axis' },
    legend: {
      // One run's entries show their line without the marker, which is the same on every line.
      data: d.keys ? legendData(d.keys) : d.lines.map((x) => ({ name: x.name, itemStyle: { opacity: 0 } })),
      bottom: 0,
      itemGap: 28,
      textStyle: { fontFamily: font },
      ...(d.keys ? { selectedMode: false } : {}),
    },
    grid: { left: 70, right: 30, top: o.title ? 70 : 30, bottom: 80 },
    xAxis: depthAxis(d.depths, font, 0, o.xName),
    yAxis: {
      type: mode === 'ratio' ? 'value' : 'log',
      name: ratioAxisName(d.counter, d.denominator, d.interior, mode),
      [SHORT_NAME]: shortAxisName(d.counter, d.denominator, d.interior, mode),
      nameLocation: 'middle',
      nameGap: 50,
      scale: mode === 'ratio',
      nameTextStyle: { fontFamily: font },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    series,
    ...(d.compactKeys ? { [COMPACT_LEGEND]: legendData(d.compactKeys) } : {}),
    ...(d.panels ? { [PANELS]: d.panels } : {}),
  };
}

/** A legend's data: each key's name, with its icon where it has its own; a key without marker hides the one ECharts draws. */
const legendData = (keys: readonly LegendKey[]) =>
  keys.map((k) =>
    k.icon
      ? { name: k.name, icon: k.icon }
      : k.symbol === 'none'
        ? { name: k.name, itemStyle: { opacity: 0 } }
        : k.name,
  );

/** The x-axis of every per-depth chart: one labelled tick per depth (`pad` leaves room beside the ends). */
export function depthAxis(
  depths: readonly number[],
  font: string,
  pad = 0,
  name = 'search depth',
): Record<string, unknown> {
  const lo = Math.min(...depths);
  const hi = Math.max(...depths);
  return {
    type: 'value',
    name,
    nameLocation: 'middle',
    nameGap: 28,
    interval: 1,
    min: lo - (pad > 0 ? 1 : 0),
    max: hi + (pad > 0 ? 1 : 0),
    // With room beside the ends the axis runs from lo − 1 to hi + 1, whose ticks are not depths.
    axisLabel: { formatter: (v: number) => (v >= lo && v <= hi ? String(v) : '') },
    nameTextStyle: { fontFamily: font },
    splitLine: { show: true, lineStyle: { color: GRID_LINE } },
  };
}
