/**
 * Up to six runs on one figure: their summaries over the union of their depths (NaN where a run has no
 * such depth), refusing runs counted or divided differently (their ratios would not be comparable).
 */
import type { RunSummary, SeriesSummary } from '../experiments/statistics.ts';

export interface AlignedRuns {
  depths: number[];
  /** per run, its series with values at `depths` */
  series: SeriesSummary[][];
}

export function alignRuns(runs: readonly RunSummary[]): AlignedRuns {
  const [a] = runs;
  for (const b of runs.slice(1)) {
    if (a.counter !== b.counter)
      throw new RangeError(`cannot compare runs counted differently: ${a.counter} vs ${b.counter}`);
    if (a.interior !== b.interior)
      throw new RangeError(
        "cannot compare runs counted differently: one divides expanded nodes by the proof's interior nodes, the other by its size",
      );
    if (a.denominator !== b.denominator)
      throw new RangeError(
        `cannot compare runs divided by different minimum proof sizes: ${a.denominator} vs ${b.denominator}`,
      );
  }
  const depths = [...new Set(runs.flatMap((s) => s.depths))].sort((x, y) => x - y);
  const series = runs.map((s) => {
    const index = depths.map((d) => s.depths.indexOf(d));
    const at = <T>(xs: T[], none: T) => index.map((i) => (i < 0 ? none : xs[i]));
    return s.series.map((ser) => ({
      series: ser.series,
      ratio: at(ser.ratio, NaN),
      mean: at(ser.mean, NaN),
      ci95: at<[number, number]>(ser.ci95, [NaN, NaN]),
    }));
  });
  return { depths, series };
}
