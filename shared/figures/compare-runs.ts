/**
 * Two runs on one figure: their summaries merged into one RunSummary whose series carry a run prefix
 * ("A: alphabeta / value", "B: …"), over the union of their depths (NaN where a run has no such
 * depth), so ./ratio-chart.ts draws the overlay with the same styling as a single run.
 */
import type { RunSummary, SeriesSummary } from '../experiments/statistics.ts';

export function mergeSummaries(a: RunSummary, b: RunSummary, labelA = 'A', labelB = 'B'): RunSummary {
  if (a.counter !== b.counter) throw new RangeError(`cannot compare runs counted differently: ${a.counter} vs ${b.counter}`);
  if (a.interior !== b.interior) throw new RangeError('cannot compare runs counted differently: one divides expanded nodes by the proof\'s interior nodes, the other by its size');
  if (a.denominator !== b.denominator) throw new RangeError(`cannot compare runs divided by different minimum proof sizes: ${a.denominator} vs ${b.denominator}`);
  const depths = [...new Set([...a.depths, ...b.depths])].sort((x, y) => x - y);
  const at = (s: RunSummary, xs: number[], d: number) => {
    const i = s.depths.indexOf(d);
    return i < 0 ? NaN : xs[i];
  };
  const remap = (s: RunSummary, label: string): SeriesSummary[] => s.series.map((ser) => ({
    series: `${label}: ${ser.series}`,
    ratio: depths.map((d) => at(s, ser.ratio, d)),
    mean: depths.map((d) => at(s, ser.mean, d)),
    ci95: depths.map((d) => {
      const i = s.depths.indexOf(d);
      return i < 0 ? [NaN, NaN] : ser.ci95[i];
    }),
  }));
  // A's denominator where A has the depth, else B's.
  const either = (pick: (s: RunSummary) => number[]) => depths.map((d) => {
    const x = at(a, pick(a), d);
    return Number.isNaN(x) ? at(b, pick(b), d) : x;
  });
  return {
    counter: a.counter,
    denominator: a.denominator,
    depths,
    trees: Math.min(a.trees, b.trees),
    mpg: either((s) => s.mpg),
    mpgSeen: either((s) => s.mpgSeen),
    mpgTrue: either((s) => s.mpgTrue),
    mpgInterior: either((s) => s.mpgInterior),
    interior: a.interior,
    series: [...remap(a, labelA), ...remap(b, labelB)],
  };
}
