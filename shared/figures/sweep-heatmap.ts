/**
 * The ECharts option of a sweep's heatmap (`gtlab sweep summarize DIR --out heatmap.svg`): two swept
 * parameters on the axes, FCF's node reduction at the deepest depth as colour, the value and its 95 %
 * interval written in each cell, one panel per algorithm side by side. Cells that share (x, y) but differ
 * in the other swept parameters are averaged (the subtitle says over what). The tuner's cost surface
 * (`gtlab tune --out`) is drawn by the same function: the reduction of each weight pair against value
 * only, without intervals, a mark on the chosen point and its runner-up, the colour scale fitted to the
 * values. Pure data → option; rendered by node/render-figure.ts like every other figure.
 */
import { chartTitle } from './chart-title.ts';

interface HeatCell {
  x: string;
  y: string;
  reduction: number;
  /** written under the value when given */
  ci95?: [number, number];
  /** a short mark written after the value (the tuner's "★" on its chosen point) */
  mark?: string;
}

export interface HeatPanel {
  title: string;
  cells: HeatCell[];
}

export interface HeatmapOptions {
  title: string;
  subtitle?: string;
  xName: string;
  yName: string;
  xValues: string[];
  yValues: string[];
  fontFamily?: string;
  width: number;
  height: number;
  /** the colour scale's ends in % (default 0..100) */
  range?: [number, number];
}

const pct = (x: number) => (Number.isFinite(x) ? (x * 100).toFixed(1) : '–');

export function sweepHeatmapOption(panels: readonly HeatPanel[], o: HeatmapOptions): Record<string, unknown> {
  const font = o.fontFamily ?? 'sans-serif';
  const n = Math.max(1, panels.length);
  // Room for the longest y label (a product axis reads "first · estimate") beside the axis name.
  const left = Math.max(80, 36 + 7 * Math.max(0, ...o.yValues.map((v) => v.length))),
    right = 20,
    gap = 40,
    top = 86,
    bottom = 96;
  const w = (o.width - left - right - gap * (n - 1)) / n;
  const grid = panels.map((_, k) => ({ left: left + k * (w + gap), width: w, top, bottom }));
  const axis = (k: number) => ({
    xAxis: {
      gridIndex: k,
      type: 'category',
      data: o.xValues,
      name: o.xName,
      nameLocation: 'middle',
      nameGap: 26,
      splitArea: { show: true },
      nameTextStyle: { fontFamily: font },
      axisLabel: { interval: 0, fontFamily: font },
    },
    yAxis: {
      gridIndex: k,
      type: 'category',
      data: o.yValues,
      name: k === 0 ? o.yName : '',
      nameLocation: 'middle',
      nameGap: left - 28,
      splitArea: { show: true },
      nameTextStyle: { fontFamily: font },
      axisLabel: { show: k === 0, interval: 0, fontFamily: font },
    },
  });
  const axes = panels.map((_, k) => axis(k));
  const [lo, hi] = o.range ?? [0, 100];
  return {
    animation: false,
    textStyle: { fontFamily: font },
    title: [
      chartTitle(o.title, o.subtitle ?? '', font),
      ...panels.map((p, k) => ({
        text: p.title,
        left: left + k * (w + gap) + w / 2,
        top: top - 22,
        textAlign: 'center',
        textStyle: { fontFamily: font, fontSize: 12 },
      })),
    ],
    grid,
    xAxis: axes.map((a) => a.xAxis),
    yAxis: axes.map((a) => a.yAxis),
    visualMap: {
      min: lo,
      max: hi,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 8,
      itemWidth: 12,
      itemHeight: 160,
      text: [`${hi} % fewer nodes`, `${lo} %`],
      textStyle: { fontFamily: font },
      inRange: { color: ['#f7fbff', '#c6dbef', '#6baed6', '#2171b5', '#08306b'] },
    },
    series: panels.map((p, k) => ({
      name: p.title,
      type: 'heatmap',
      xAxisIndex: k,
      yAxisIndex: k,
      data: p.cells.map((c) => ({
        value: [
          o.xValues.indexOf(c.x),
          o.yValues.indexOf(c.y),
          Number.isFinite(c.reduction) ? Math.round(c.reduction * 1000) / 10 : null,
        ],
        ci: c.ci95 ?? null,
        mark: c.mark ?? '',
      })),
      label: {
        show: true,
        fontFamily: font,
        fontSize: 10,
        lineHeight: 13,
        // The value (and mark), then its interval; dark cells get white text (ECharts picks a contrasting colour for inside labels).
        formatter: (params: {
          data: { value: [number, number, number | null]; ci: [number, number] | null; mark: string };
        }) => {
          const { value, ci, mark } = params.data;
          return `${value[2] === null ? '–' : value[2].toFixed(1)}${mark}${ci ? `\n[${pct(ci[0])}, ${pct(ci[1])}]` : ''}`;
        },
      },
    })),
  };
}
