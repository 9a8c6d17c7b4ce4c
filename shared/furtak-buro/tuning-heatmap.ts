/**
 * The cost surface of a weight tuning (`gtlab tune … --out surface.png`; Furtak & Buro 2009, Sec. 8's
 * "best effort to determine the optimal weights"): wR across, wS up, each cell the reduction of mean
 * cumulative nodes on the training trees against value-only ordering, one panel per algorithm, ★ on the
 * chosen point and ☆ on its runner-up. Drawn by the sweep heatmap (../figures/sweep-heatmap.ts).
 */
import type { TuneResult } from './tune-weights.ts';
import { sweepHeatmapOption, type HeatPanel } from '../figures/sweep-heatmap.ts';

export interface TuningHeatmapInput {
  /** what was tuned, e.g. "furtak-buro-fig4 / fig4" */
  title: string;
  /** provenance: trees, seed, depth, generator */
  subtitle: string;
  fontFamily?: string;
}

/** Width and height (CSS px) that give every cell room for its value: 40 × 22 px a cell. */
export function tuningHeatmapSize(results: readonly TuneResult[]): { width: number; height: number } {
  const xs = new Set(results.flatMap((r) => r.grid.map((g) => g[0]))).size;
  const ys = new Set(results.flatMap((r) => r.grid.map((g) => g[1]))).size;
  const n = Math.max(1, results.length);
  return {
    width: Math.max(480, 100 + n * Math.max(160, xs * 40) + 40 * (n - 1)),
    height: 182 + Math.max(160, ys * 22),
  };
}

export function tuningHeatmapOption(results: readonly TuneResult[], o: TuningHeatmapInput): Record<string, unknown> {
  const xValues = [...new Set(results.flatMap((r) => r.grid.map((g) => g[0])))].sort((a, b) => a - b).map(String);
  const yValues = [...new Set(results.flatMap((r) => r.grid.map((g) => g[1])))].sort((a, b) => a - b).map(String);
  const panels: HeatPanel[] = results.map((r) => {
    const mark = (wR: number, wS: number) =>
      wR === r.chosen.wR && wS === r.chosen.wS
        ? '★'
        : r.runnerUp && wR === r.runnerUp.wR && wS === r.runnerUp.wS
          ? '☆'
          : '';
    return {
      title: `${r.algorithm}: ★ (${r.chosen.wR}, ${r.chosen.wS})${r.runnerUp ? `, ☆ (${r.runnerUp.wR}, ${r.runnerUp.wS})` : ''}`,
      cells: r.grid.map(([wR, wS, cost]) => ({
        x: String(wR),
        y: String(wS),
        reduction: 1 - cost / r.baseline,
        mark: mark(wR, wS),
      })),
    };
  });
  const values = panels.flatMap((p) => p.cells.map((c) => c.reduction * 100)).filter(Number.isFinite);
  const lo = values.length ? Math.floor(Math.min(...values)) : 0;
  const hi = values.length ? Math.ceil(Math.max(...values)) : 100;
  const { width, height } = tuningHeatmapSize(results);
  return sweepHeatmapOption(panels, {
    title: `${o.title}: nodes saved against value-only ordering (%)`,
    subtitle: o.subtitle,
    xName: 'wR (weight of s_i/P_i)',
    yName: 'wS (weight of s_i)',
    xValues,
    yValues,
    fontFamily: o.fontFamily,
    width,
    height,
    range: [lo, hi > lo ? hi : lo + 1],
  });
}
