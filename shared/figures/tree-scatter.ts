/**
 * Per-tree scatter: every tree's cumulative nodes ÷ MPG size at every depth, one colour per series
 * (the spread behind the means of ./ratio-chart.ts; Furtak & Buro 2009, Fig. 4 shows only means).
 * Series sit side by side around each integer depth, with a small deterministic jitter per tree so
 * equal values stay visible. Pure data → ECharts option; no DOM.
 */
import type { ResultLine } from '../io/result-line-fields.ts';
import { dividesByInterior, lineDivisor, type Counter } from '../experiments/statistics.ts';
import type { Denominator } from '../experiments/spec.ts';
import { depthAxis, proofMeasure, type ChartOptions } from './ratio-chart.ts';
import { GRID_LINE, seriesColor } from './figure-style.ts';
import { chartTitle } from './chart-title.ts';

/** Deterministic jitter in [-0.5, 0.5) from a tree index (an integer hash; no random state). */
export function jitter(tree: number): number {
  let h = Math.imul(tree ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32 - 0.5;
}

/** Points [x, ratio, tree] of one series; lines without an MPG size contribute nothing. */
export function scatterPoints(
  lines: readonly ResultLine[],
  series: string,
  k: number,
  seriesCount: number,
  counter: Counter = 'expanded',
): [number, number, number][] {
  const band = 0.7 / Math.max(1, seriesCount); // each series gets its own slot within ±0.35 of the depth
  const centre = (k - (seriesCount - 1) / 2) * band;
  const pts: [number, number, number][] = [];
  for (const l of lines) {
    const m = lineDivisor(l, counter);
    if (m === null || m <= 0) continue;
    const r = l.results.find((x) => x.series === series);
    if (!r) continue;
    pts.push([l.depth + centre + jitter(l.tree) * band * 0.8, r[counter] / m, l.tree]);
  }
  return pts;
}

export function treeScatterOption(
  lines: readonly ResultLine[],
  series: readonly string[],
  depths: readonly number[],
  o: ChartOptions & { counter?: Counter; denominator?: Denominator; labels?: readonly string[] } = {},
): Record<string, unknown> {
  // The drawn names (renamed by a figure's settings) of the spec's series labels.
  const names = o.labels ?? series;
  const font = o.fontFamily ?? 'sans-serif';
  const counter = o.counter ?? 'expanded';
  return {
    animation: o.animation ?? false,
    textStyle: { fontFamily: font },
    title: chartTitle(o.title ?? '', o.subtitle ?? '', font),
    tooltip: { trigger: 'item' },
    legend: { data: [...names], bottom: 0, textStyle: { fontFamily: font } },
    grid: { left: 70, right: 30, top: o.title ? 70 : 30, bottom: 80 },
    xAxis: depthAxis(depths, font, 1),
    yAxis: {
      type: 'value',
      name: `cumulative ${counter} nodes ÷ ${proofMeasure(o.denominator ?? 'seen', dividesByInterior(lines, counter))} (per tree)`,
      nameLocation: 'middle',
      nameGap: 50,
      scale: true,
      nameTextStyle: { fontFamily: font },
      splitLine: { lineStyle: { color: GRID_LINE } },
    },
    series: series.map((id, k) => ({
      name: names[k],
      type: 'scatter',
      color: seriesColor(k),
      symbolSize: 4,
      large: true,
      itemStyle: { opacity: 0.55 },
      data: scatterPoints(lines, id, k, series.length, counter),
    })),
  };
}
