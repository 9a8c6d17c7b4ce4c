/**
 * Summary statistics of a run: per depth and series, the mean of nodes ÷ MPG over trees with a 95 %
 * confidence interval (Student t), the mean MPG sizes (the chosen denominator, `seen` and `true`), and
 * mean absolute counts.
 */
import { compareLines, type ResultLine } from '../io/result-line-fields.ts';
import { seriesLabel, specDepths, type Denominator, type ExperimentSpec } from './spec.ts';

/** Two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom; beyond, the normal 1.96. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function tQuantile975(df: number): number {
  if (df < 1) return NaN;
  if (df <= 30) return T975[df - 1];
  if (df <= 60) return 2.042 - ((df - 30) / 30) * (2.042 - 2.0); // t(60) = 2.000
  if (df <= 120) return 2.0 - ((df - 60) / 60) * (2.0 - 1.98); // t(120) = 1.980
  return 1.96;
}

export interface MeanCI {
  n: number;
  mean: number;
  lo: number;
  hi: number;
}

export function meanCI(xs: readonly number[]): MeanCI {
  const n = xs.length;
  if (n === 0) return { n, mean: NaN, lo: NaN, hi: NaN };
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { n, mean, lo: NaN, hi: NaN };
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1);
  const h = tQuantile975(n - 1) * Math.sqrt(v / n);
  return { n, mean, lo: mean - h, hi: mean + h };
}

export type Counter = 'visited' | 'expanded' | 'leaves';

export interface SeriesSummary {
  series: string;
  /** mean over trees of counter ÷ MPG, per depth (NaN without MPG) */
  ratio: number[];
  ci95: [number, number][];
  /** mean absolute counter per depth */
  mean: number[];
}

export interface RunSummary {
  counter: Counter;
  /** which minimum proof size `mpg` and the ratios use (the result lines' `mpg`) */
  denominator: Denominator;
  depths: number[];
  trees: number;
  /** mean denominator per depth */
  mpg: number[];
  /** mean `seen` and `true` minimum proof sizes per depth (NaN where not measured) */
  mpgSeen: number[];
  mpgTrue: number[];
  /** mean fewest interior nodes of a proof of the denominator's tree per depth (NaN where not measured) */
  mpgInterior: number[];
  /** the ratios divide expanded nodes by `mpgInterior` (the interior-node view), not by the proof's size */
  interior: boolean;
  series: SeriesSummary[];
}

/**
 * What a line's count is divided by: expanded nodes by the proof's interior nodes where the run measured
 * them (counted alike: interior with interior), every other counter by the proof's size (`mpg`).
 */
export function lineDivisor(l: ResultLine, counter: Counter): number | null {
  return counter === 'expanded' && typeof l.mpgInterior === 'number' ? l.mpgInterior : l.mpg;
}

/** Whether a summary of these lines divides by the proofs' interior nodes: expanded nodes of a run that measured them. */
export function dividesByInterior(lines: readonly ResultLine[], counter: Counter): boolean {
  return counter === 'expanded' && lines.length > 0 && lines.every((l) => typeof l.mpgInterior === 'number');
}

/**
 * Summarise result lines (any order, any subset of trees: a run in progress summarises what is done).
 * Lines are taken in tree order (compareLines), so the means are the same to the last digit whatever
 * order the workers delivered them in.
 */
export function summarize(
  lines: readonly ResultLine[],
  series: readonly string[],
  depths: readonly number[],
  counter: Counter = 'visited',
  denominator: Denominator = 'seen',
): RunSummary {
  const byDepth = new Map<number, ResultLine[]>();
  for (const l of [...lines].sort(compareLines)) {
    const a = byDepth.get(l.depth);
    if (a) a.push(l);
    else byDepth.set(l.depth, [l]);
  }
  const trees = new Set(lines.map((l) => l.tree)).size;
  // Lines written before both denominators existed have neither field.
  const meanOf = (pick: (l: ResultLine) => number | null | undefined) =>
    depths.map((d) => meanCI((byDepth.get(d) ?? []).map(pick).filter((x): x is number => typeof x === 'number')).mean);
  const interior = dividesByInterior(lines, counter);
  return {
    counter,
    denominator,
    interior,
    depths: [...depths],
    trees,
    mpg: meanOf((l) => l.mpg),
    mpgSeen: meanOf((l) => l.mpgSeen),
    mpgTrue: meanOf((l) => l.mpgTrue),
    mpgInterior: meanOf((l) => l.mpgInterior),
    series: series.map((name) => {
      const ratio: number[] = [];
      const ci95: [number, number][] = [];
      const mean: number[] = [];
      for (const d of depths) {
        const at = byDepth.get(d) ?? [];
        const counts: number[] = [];
        const ratios: number[] = [];
        for (const l of at) {
          const r = l.results.find((x) => x.series === name);
          if (!r) continue;
          counts.push(r[counter]);
          const m = lineDivisor(l, counter);
          if (m !== null && m > 0) ratios.push(r[counter] / m);
        }
        const m = meanCI(ratios);
        ratio.push(m.mean);
        ci95.push([m.lo, m.hi]);
        mean.push(meanCI(counts).mean);
      }
      return { series: name, ratio, ci95, mean };
    }),
  };
}

/** The summary of a run of `spec`: its series labels and depths, its counter (unless another is asked) and denominator. */
export function summarizeRun(
  spec: ExperimentSpec,
  lines: readonly ResultLine[],
  counter: Counter = spec.measure.counter,
): RunSummary {
  return summarize(lines, spec.series.map(seriesLabel), specDepths(spec), counter, spec.measure.denominator);
}
