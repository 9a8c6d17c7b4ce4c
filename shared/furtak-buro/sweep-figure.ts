/**
 * The figure of a summarised sweep (`gtlab sweep summarize … --out figure.svg`, the app's Sweep tab): FCF's
 * node reduction at the deepest depth over two swept parameters as a heatmap per algorithm
 * (../figures/sweep-heatmap.ts), or against one as lines with intervals (./reduction-chart.ts); cells that differ
 * only in the other swept parameters are averaged, and the subtitle says over which. An axis may be a
 * joint one ("model.bmin,model.bmax"): its values read "4..12"; or a product of swept axes
 * ("ttMove*model.horizon"), whose categories are their combinations ("first · exact"), so a matrix of
 * readings is drawn whole instead of averaged. String values (readings) are categories in sweep order.
 * Axes, panels and lines carry display names ("estimate error E", "α-β"); the subtitle keeps the ids the
 * sweep's files use.
 */
import type { SweepRow } from './sweep-summary.ts';
import { productParts, variedAxes } from './sweep-summary.ts';
import { PAPER_REDUCTION } from './report.ts';
import { reductionChartOption } from './reduction-chart.ts';
import { sweepHeatmapOption, type HeatPanel } from '../figures/sweep-heatmap.ts';
import { algorithmName, axisName } from '../experiments/display-names.ts';

export interface SweepFigureInput {
  name: string;
  axes: readonly string[];
  cells: readonly { slug: string; params: Record<string, unknown> }[];
}

import { axisValue } from './sweep-summary.ts';

/** The figure of a summarised sweep: a heatmap over x × y per algorithm, or the reduction against x. */
export function sweepFigureOption(
  record: SweepFigureInput,
  rows: readonly SweepRow[],
  x: string,
  y: string | null,
  width: number,
  height: number,
  fontFamily = 'sans-serif',
): Record<string, unknown> {
  const fcf = rows.filter((r) => r.reduction !== null);
  const algorithms = [...new Set(fcf.map((r) => r.algorithm))];
  const used = new Set([x, ...(y === null ? [] : [y])].flatMap(productParts));
  // The other axes a figure point averages over: those that take several values among the cells of one point
  // (a path that moves with x and y, such as each cell's tuned ordering, averages nothing).
  const pointOf = (c: { params: Record<string, unknown> }) =>
    `${axisValue(c.params, x)}\u0000${y === null ? '' : axisValue(c.params, y)}`;
  const others = variedAxes(record.axes, record.cells).filter(
    (a) =>
      !used.has(a) &&
      record.cells.some((c) =>
        record.cells.some((d) => pointOf(c) === pointOf(d) && axisValue(c.params, a) !== axisValue(d.params, a)),
      ),
  );
  const head = fcf[0];
  const subtitle = `${record.name} · ${head ? `${head.trees} trees per cell, depth ${head.depth}` : 'no finished cells'}${others.length ? ` · mean over ${others.join(', ')}` : ''}`;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const groups = (alg: string, key: (r: SweepRow) => string) => {
    const m = new Map<string, SweepRow[]>();
    for (const r of fcf.filter(
      (r) => r.algorithm === alg && r.series === fcf.find((z) => z.algorithm === alg && z.cell === r.cell)!.series,
    )) {
      const k = key(r);
      m.set(k, [...(m.get(k) ?? []), r]);
    }
    return m;
  };
  const xValues = [...new Set(record.cells.map((c) => axisValue(c.params, x)))];
  if (y === null) {
    const numeric = xValues.every((v) => v.trim() !== '' && Number.isFinite(Number(v)));
    const xOf = (v: string) => (numeric ? Number(v) : v);
    return reductionChartOption(
      algorithms.map((alg) => {
        const g = groups(alg, (r) => axisValue(r.params, x));
        const paper = PAPER_REDUCTION[alg];
        return {
          name: algorithmName(alg),
          points: xValues
            .filter((v) => g.has(v))
            .map((v) => ({
              x: xOf(v),
              reduction: mean(g.get(v)!.map((r) => r.reduction!)),
              ci95: [mean(g.get(v)!.map((r) => r.reductionLo!)), mean(g.get(v)!.map((r) => r.reductionHi!))] as [
                number,
                number,
              ],
            })),
          ...(paper !== undefined && x === 'model.noise.e' ? { paper: { x: 4, reduction: paper } } : {}),
        };
      }),
      {
        title: `${record.name}: FCF node reduction vs ${axisName(x)}`,
        subtitle,
        xName: axisName(x),
        fontFamily,
        ...(numeric ? {} : { categories: xValues }),
      },
    );
  }
  const yValues = [...new Set(record.cells.map((c) => axisValue(c.params, y)))];
  const panels: HeatPanel[] = algorithms.map((alg) => {
    const g = groups(alg, (r) => `${axisValue(r.params, x)}\u0000${axisValue(r.params, y)}`);
    return {
      title: algorithmName(alg),
      cells: [...g.entries()].map(([k, rs]) => {
        const [xv, yv] = k.split('\u0000');
        return {
          x: xv,
          y: yv,
          reduction: mean(rs.map((r) => r.reduction!)),
          ci95: [mean(rs.map((r) => r.reductionLo!)), mean(rs.map((r) => r.reductionHi!))] as [number, number],
        };
      }),
    };
  });
  return sweepHeatmapOption(panels, {
    title: `${record.name}: FCF node reduction (%) at the deepest depth`,
    subtitle,
    xName: axisName(x),
    yName: axisName(y),
    xValues,
    yValues,
    fontFamily,
    width,
    height,
  });
}
