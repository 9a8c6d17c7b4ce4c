/**
 * The ECharts option of the main figure: x = search depth, y = cumulative nodes ÷ MPG size, one line
 * per series (algorithm × ordering) with its 95 % confidence band (Furtak & Buro 2009, Fig. 4; the
 * paper has no bands). One builder for the live chart in the app and for `gtlab plot`, so a figure
 * exported from either looks the same. Pure data → option; no DOM.
 */
import type { RunSummary } from '../experiments/statistics.ts';

export interface ChartOptions {
  title?: string;
  /** subtitle: spec name, seed, version — recorded on every figure */
  subtitle?: string;
  /** 'ratio' (nodes ÷ MPG, linear) or 'absolute' (mean counts, log scale) */
  mode?: 'ratio' | 'absolute';
  /** font family for every text (exported figures embed it) */
  fontFamily?: string;
  animation?: boolean;
}

/** A qualitative palette that stays distinguishable in print and for common colour-vision deficiencies (Okabe–Ito). */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];

/** The divisor on an axis: the minimum proof's size, or its interior nodes (the expanded-node view). */
export function proofMeasure(denominator: string, interior: boolean): string {
  return interior ? `${denominator} minimum proof's interior nodes` : `${denominator} minimum proof size`;
}

export function ratioChartOption(s: RunSummary, o: ChartOptions = {}): Record<string, unknown> {
  const mode = o.mode ?? 'ratio';
  const font = o.fontFamily ?? 'sans-serif';
  const counter = s.counter;
  const yName = mode === 'ratio' ? `cumulative ${counter} nodes ÷ ${proofMeasure(s.denominator, s.interior)}` : `mean cumulative ${counter} nodes`;
  const series: Record<string, unknown>[] = [];
  s.series.forEach((ser, k) => {
    const color = PALETTE[k % PALETTE.length];
    const ys = mode === 'ratio' ? ser.ratio : ser.mean;
    series.push({
      name: ser.series, type: 'line', color, symbol: 'circle', symbolSize: 5, lineStyle: { width: 2 },
      data: s.depths.map((d, i) => [d, finite(ys[i])]),
    });
    if (mode === 'ratio') {
      // The band: a transparent lower line and a filled difference stacked on it.
      const stack = `ci-${k}`;
      series.push({
        name: `${ser.series} (95% CI)`, type: 'line', stack, symbol: 'none', lineStyle: { opacity: 0 }, silent: true,
        data: s.depths.map((d, i) => [d, finite(ser.ci95[i][0])]), tooltip: { show: false },
      });
      series.push({
        name: `${ser.series} (95% CI) `, type: 'line', stack, symbol: 'none', lineStyle: { opacity: 0 }, silent: true,
        areaStyle: { color, opacity: 0.18 },
        data: s.depths.map((d, i) => [d, finite(ser.ci95[i][1] - ser.ci95[i][0])]), tooltip: { show: false },
      });
    }
  });
  return {
    animation: o.animation ?? false,
    textStyle: { fontFamily: font },
    title: { text: o.title ?? '', subtext: o.subtitle ?? '', left: 'center', textStyle: { fontFamily: font, fontSize: 14 }, subtextStyle: { fontFamily: font } },
    tooltip: { trigger: 'axis' },
    legend: { data: s.series.map((x) => x.series), bottom: 0, itemGap: 28, textStyle: { fontFamily: font } },
    grid: { left: 70, right: 30, top: o.title ? 70 : 30, bottom: 80 },
    xAxis: { type: 'value', name: 'search depth', nameLocation: 'middle', nameGap: 28, min: Math.min(...s.depths), max: Math.max(...s.depths), interval: 1, nameTextStyle: { fontFamily: font } },
    yAxis: {
      type: mode === 'ratio' ? 'value' : 'log', name: yName, nameLocation: 'middle', nameGap: 50, scale: mode === 'ratio',
      nameTextStyle: { fontFamily: font },
    },
    series,
  };
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
