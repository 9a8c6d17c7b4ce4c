/**
 * The ECharts option of the pathology figure (Nau 1982; Althöfer 1990 via Abdelbar 2012): x = search
 * depth, y = probability of choosing a correct move, one line per method (minimax, Althöfer) with its
 * 95 % Wilson band, drawn as ../figures/ratio-chart.ts draws its bands (../figures/ci-band.ts). Pure data → option; no
 * DOM.
 */
import { PATHOLOGY_METHOD_NAMES, type PathologyResult } from './pathology.ts';
import { PALETTE } from '../figures/figure-style.ts';
import { chartTitle } from '../figures/chart-title.ts';
import { ciBandSeries, finite } from '../figures/ci-band.ts';

export interface PathologyChartOptions {
  title?: string;
  subtitle?: string;
  fontFamily?: string;
  animation?: boolean;
}

export function pathologyChartOption(r: PathologyResult, o: PathologyChartOptions = {}): Record<string, unknown> {
  const font = o.fontFamily ?? 'sans-serif';
  const series: Record<string, unknown>[] = [];
  r.series.forEach((s, k) => {
    const color = PALETTE[k % PALETTE.length];
    const name = PATHOLOGY_METHOD_NAMES[s.method];
    series.push({
      name,
      type: 'line',
      color,
      symbol: 'circle',
      symbolSize: 5,
      lineStyle: { width: 2 },
      data: r.depths.map((d, i) => [d, finite(s.p[i])]),
    });
    series.push(
      ...ciBandSeries(
        name,
        `ci-${k}`,
        { color, opacity: 0.18 },
        r.depths,
        (i) => s.lo[i],
        (i) => s.hi[i],
      ),
    );
  });
  const m = r.spec.model;
  const subtitle =
    o.subtitle ??
    `${m.kind} trees, height ${m.height}, noise ${r.spec.noise.kind} ${r.spec.noise.e}; ${r.decisive} decisive of ${r.trees} trees, seed ${r.spec.seed}`;
  return {
    animation: o.animation ?? false,
    textStyle: { fontFamily: font },
    title: chartTitle(o.title ?? 'Probability of a correct move vs. search depth', subtitle, font),
    tooltip: { trigger: 'axis' },
    legend: {
      data: r.series.map((s) => PATHOLOGY_METHOD_NAMES[s.method]),
      bottom: 0,
      itemGap: 28,
      textStyle: { fontFamily: font },
    },
    grid: { left: 70, right: 30, top: 70, bottom: 80 },
    xAxis: {
      type: 'value',
      name: 'search depth',
      nameLocation: 'middle',
      nameGap: 28,
      min: Math.min(...r.depths),
      max: Math.max(...r.depths),
      interval: 1,
      nameTextStyle: { fontFamily: font },
    },
    yAxis: {
      type: 'value',
      name: 'P(correct move)',
      nameLocation: 'middle',
      nameGap: 50,
      scale: true,
      max: 1,
      nameTextStyle: { fontFamily: font },
    },
    series,
  };
}
