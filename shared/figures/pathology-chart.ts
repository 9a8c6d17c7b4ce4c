/**
 * The ECharts option of the pathology figure (Nau 1982; Althöfer 1990 via Abdelbar 2012): x = search
 * depth, y = probability of choosing a correct move, one line per method (minimax, Althöfer) with its
 * 95 % Wilson band, drawn like ./ratio-chart.ts (a transparent lower line and a filled difference
 * stacked on it). Pure data → option; no DOM.
 */
import { PATHOLOGY_METHOD_NAMES, type PathologyResult } from '../experiments/pathology.ts';
import { PALETTE } from './figure-style.ts';
import { chartTitle } from './chart-title.ts';

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
    const stack = `ci-${k}`;
    series.push({
      name: `${name} (95% CI)`,
      type: 'line',
      stack,
      symbol: 'none',
      lineStyle: { opacity: 0 },
      silent: true,
      data: r.depths.map((d, i) => [d, finite(s.lo[i])]),
      tooltip: { show: false },
    });
    series.push({
      name: `${name} (95% CI) `,
      type: 'line',
      stack,
      symbol: 'none',
      lineStyle: { opacity: 0 },
      silent: true,
      areaStyle: { color, opacity: 0.18 },
      data: r.depths.map((d, i) => [d, finite(s.hi[i] - s.lo[i])]),
      tooltip: { show: false },
    });
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

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
