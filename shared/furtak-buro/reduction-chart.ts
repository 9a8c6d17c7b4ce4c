/**
 * The ECharts option of a reduction-versus-parameter figure (Furtak & Buro 2009, Sec. 8: FCF's node
 * reduction against value-only ordering at depth 10, as one parameter of the tree family varies — the
 * evaluation error E of the error sweep). x = the parameter's values, y = reduction in %, one line per
 * algorithm with its 95 % interval as error bars, and the paper's published reductions as open markers
 * where it gives one. A parameter whose values are not numbers (a reading such as "expanded") is drawn
 * on a category axis in the order given. Pure data → option; rendered by node/render-figure.ts like
 * every other figure.
 */
import { PALETTE } from '../figures/figure-style.ts';
import { chartTitle } from '../figures/chart-title.ts';

interface ReductionPoint {
  /** a number on a value axis, or one of the options' `categories` */
  x: number | string;
  reduction: number;
  ci95: [number, number];
}

export interface ReductionSeries {
  name: string;
  points: ReductionPoint[];
  /** the paper's figure at `x` (drawn as an open marker), if it gives one */
  paper?: { x: number | string; reduction: number };
}

export interface ReductionChartOptions {
  title: string;
  subtitle?: string;
  xName: string;
  yName?: string;
  fontFamily?: string;
  /** the x values of a parameter that is not numeric, in order: a category axis */
  categories?: string[];
}

const pct = (x: number) => (Number.isFinite(x) ? Math.round(x * 1000) / 10 : null);

export function reductionChartOption(
  series: readonly ReductionSeries[],
  o: ReductionChartOptions,
): Record<string, unknown> {
  const font = o.fontFamily ?? 'sans-serif';
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => Number(p.x))))].sort((a, b) => a - b);
  const out: Record<string, unknown>[] = [];
  series.forEach((s, k) => {
    const color = PALETTE[k % PALETTE.length];
    out.push({
      name: s.name,
      type: 'line',
      color,
      symbol: 'circle',
      symbolSize: 6,
      lineStyle: { width: 2 },
      data: s.points.map((p) => [p.x, pct(p.reduction)]),
    });
    // Error bars: one vertical segment per point (a line series of [x, lo], [x, hi] pairs broken by nulls).
    out.push({
      name: `${s.name} (95% CI)`,
      type: 'line',
      color,
      symbol: 'none',
      lineStyle: { width: 1 },
      silent: true,
      connectNulls: false,
      data: s.points.flatMap((p) => [
        [p.x, pct(p.ci95[0])],
        [p.x, pct(p.ci95[1])],
        [p.x, null],
      ]),
      tooltip: { show: false },
    });
    if (s.paper) {
      out.push({
        name: `${s.name}: paper`,
        type: 'scatter',
        color,
        symbol: 'emptyDiamond',
        symbolSize: 11,
        data: [[s.paper.x, pct(s.paper.reduction)]],
      });
    }
  });
  return {
    animation: false,
    textStyle: { fontFamily: font },
    title: chartTitle(o.title, o.subtitle ?? '', font),
    tooltip: { trigger: 'axis' },
    legend: {
      data: series.flatMap((s) => (s.paper ? [s.name, `${s.name}: paper`] : [s.name])),
      bottom: 0,
      itemGap: 20,
      textStyle: { fontFamily: font },
    },
    grid: { left: 70, right: 30, top: 70, bottom: 80 },
    xAxis: o.categories
      ? {
          type: 'category',
          data: o.categories,
          name: o.xName,
          nameLocation: 'middle',
          nameGap: 28,
          nameTextStyle: { fontFamily: font },
        }
      : {
          type: 'value',
          name: o.xName,
          nameLocation: 'middle',
          nameGap: 28,
          min: xs[0],
          max: xs[xs.length - 1],
          nameTextStyle: { fontFamily: font },
        },
    yAxis: {
      type: 'value',
      name: o.yName ?? 'node reduction by FCF (%)',
      nameLocation: 'middle',
      nameGap: 45,
      min: 0,
      max: 100,
      nameTextStyle: { fontFamily: font },
    },
    series: out,
  };
}
