/**
 * The Figure 4 summary (Furtak & Buro 2009, Sec. 8): per depth the mean MPG size, per series (algorithm ×
 * ordering) the mean of nodes ÷ MPG with a 95 % interval, and per algorithm the node reduction of the
 * fastest-cut-first ordering against the value-only one at the deepest depth — the paper's "node
 * reductions of 35 % and 39 % for NegaScout and MTD(f) respectively at depth 10".
 *
 * Nodes and the MPG are counted alike by default: visited nodes (leaves included) ÷ the `seen` minimum proof
 * tree size (the spec's `measure.counter` and `measure.denominator` say which).
 *
 * Reduction = 1 − r̄_FCF / r̄_value, r̄ the mean over trees of nodes ÷ MPG (what one reads off Figure 4),
 * with a 95 % interval by the delta method for a ratio of paired means; beside it the mean of the
 * per-tree paired reductions 1 − nodes_FCF / nodes_value (MPG cancels) with its t interval.
 */
import {
  lineDivisor,
  meanCI,
  summarize,
  tQuantile975,
  type Counter,
  type RunSummary,
} from '../experiments/statistics.ts';
import { compareLines, type ResultLine } from '../io/result-line-fields.ts';
import {
  deepeningSuffix,
  searchKnowledge,
  seriesLabel,
  specDepths,
  type ExperimentSpec,
  type SearchKnowledge,
} from '../experiments/spec.ts';
import type { Horizon } from '../game/game.ts';
import { COUNTING_CONVENTION } from '../search/counters.ts';
import { parseOrdering } from '../search/ordering/parse-ordering.ts';

/** The value-only ordering every FCF series is compared with. */
export const VALUE_ONLY = 'estimate';

/** The group a series is compared within: its algorithm, memory and deepening ("alphabeta + TT", "mtdf (no TT)"). */
function groupOf(s: ExperimentSpec['series'][number]): string {
  return `${s.algorithm}${s.memory === 'both' ? ' + TT' : s.memory === 'annotations-only' ? ' (no TT)' : ''}${deepeningSuffix(s)}`;
}

/**
 * Whether the spec compares as Figure 4 does: some group holds a value-only series and a partner that
 * orders by value and size together (a fastest-cut-first ordering). Such a run gets the reductions,
 * the report and the figure, whatever the spec is named.
 */
export function comparesFastestCutFirst(spec: ExperimentSpec): boolean {
  return spec.series.some(
    (v) =>
      v.ordering === VALUE_ONLY &&
      spec.series.some((f) => {
        if (f === v || groupOf(f) !== groupOf(v)) return false;
        const o = parseOrdering(f.ordering);
        return o.needsSize && o.needsValue;
      }),
  );
}

export interface ReductionEstimate {
  /** number of trees (pairs) */
  n: number;
  /** 1 − mean(x) / mean(y) */
  reduction: number;
  ci95: [number, number];
  /** mean over trees of 1 − x_t / y_t */
  pairedMean: number;
  pairedCi95: [number, number];
}

/**
 * Reduction of x against y, paired by tree: x_t and y_t are the two orderings' counts of tree t (or the
 * counts ÷ MPG: the ratio of means is then the one read off the figure).
 */
export function reductionEstimate(x: readonly number[], y: readonly number[]): ReductionEstimate {
  if (x.length !== y.length)
    throw new RangeError(
      `reduction: ${x.length} FCF values but ${y.length} value-only values (they must be paired by tree)`,
    );
  const n = x.length;
  const nan: [number, number] = [NaN, NaN];
  if (n === 0) return { n, reduction: NaN, ci95: nan, pairedMean: NaN, pairedCi95: nan };
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  const r = mx / my;
  let ci95 = nan;
  if (n > 1) {
    // Delta method: Var(x̄/ȳ) ≈ Var(x − R·y) / (n·ȳ²).
    let ss = 0;
    for (let t = 0; t < n; t++) ss += (x[t] - r * y[t]) ** 2;
    const h = (tQuantile975(n - 1) * Math.sqrt(ss / (n - 1) / n)) / my;
    ci95 = [1 - r - h, 1 - r + h];
  }
  const paired = meanCI(x.map((xt, t) => 1 - xt / y[t]));
  return { n, reduction: 1 - r, ci95, pairedMean: paired.mean, pairedCi95: [paired.lo, paired.hi] };
}

interface Fig4Series {
  series: string;
  algorithm: string;
  ordering: string;
  /** mean over trees of counter ÷ MPG per depth, with its 95 % interval */
  ratio: number[];
  ci95: [number, number][];
  /** mean counter per depth */
  mean: number[];
}

export interface Fig4Comparison extends ReductionEstimate {
  algorithm: string;
  /** the series compared (fewer nodes = positive reduction) and the one it is compared against */
  series: string;
  against: string;
  depth: number;
  /** the algorithm's first FCF series against value only: the figure the paper reports */
  headline: boolean;
  /** the same reduction measured with the other counter */
  other: ReductionEstimate & { counter: Counter };
}

export interface Fig4Summary extends Omit<RunSummary, 'series'> {
  /** what a node at the search horizon scored (the model's horizon; exact for models without one) */
  horizon: Horizon;
  /** what the orderings knew (spec.sizeInfo, sizeStandIn, ttMove, guess, absent fields read as their defaults) */
  sizeInfo: SearchKnowledge['sizeInfo'];
  sizeStandIn: SearchKnowledge['sizeStandIn'];
  ttMove: SearchKnowledge['ttMove'];
  guess: SearchKnowledge['guess'];
  counting: string;
  series: Fig4Series[];
  /** per algorithm (and "algorithm + TT" for series with a transposition table): its first FCF series against value only, at the deepest depth */
  reduction: Record<string, number>;
  /** the 95 % interval of each reduction */
  reductionCi95: Record<string, [number, number]>;
  /** every FCF series against value only, and every later FCF series against the first */
  comparisons: Fig4Comparison[];
}

function countsAt(
  lines: readonly ResultLine[],
  depth: number,
  a: string,
  b: string,
  counter: Counter,
  perMpg: boolean,
): [number[], number[]] {
  const x: number[] = [];
  const y: number[] = [];
  for (const l of lines) {
    if (l.depth !== depth) continue;
    const ra = l.results.find((r) => r.series === a);
    const rb = l.results.find((r) => r.series === b);
    if (!ra || !rb) continue;
    const divisor = lineDivisor(l, counter);
    if (perMpg && !(divisor !== null && divisor > 0)) continue;
    const m = perMpg ? divisor! : 1;
    x.push(ra[counter] / m);
    y.push(rb[counter] / m);
  }
  return [x, y];
}

export function fig4Summary(
  spec: ExperimentSpec,
  input: readonly ResultLine[],
  counter: Counter = spec.measure.counter,
): Fig4Summary {
  const lines = [...input].sort(compareLines); // tree order: the same digits whatever order the lines arrived in
  const depths = specDepths(spec);
  const labels = spec.series.map(seriesLabel);
  const base = summarize(lines, labels, depths, counter, spec.measure.denominator);
  const otherCounter: Counter = counter === 'visited' ? 'expanded' : 'visited';
  const deepest = depths[depths.length - 1];
  const perMpg = spec.measure.mpg;
  const series: Fig4Series[] = base.series.map((s, k) => ({
    series: s.series,
    algorithm: spec.series[k].algorithm,
    ordering: spec.series[k].ordering,
    ratio: s.ratio,
    ci95: s.ci95,
    mean: s.mean,
  }));
  const reduction: Record<string, number> = {};
  const reductionCi95: Record<string, [number, number]> = {};
  const comparisons: Fig4Comparison[] = [];
  // Series compare within their algorithm and memory: "alphabeta", "alphabeta + TT" (transposition table),
  // "mtdf (no TT)" (the annotations alone, for MTD(f) which otherwise keeps a table). With iterative
  // deepening chosen per series (real positions), also by it: "alphabeta / ID", "alphabeta / plain".
  const groups = [...new Set(spec.series.map(groupOf))];
  for (const group of groups) {
    const algorithm = group;
    const mine = spec.series.map((s, k) => ({ s, label: labels[k] })).filter((x) => groupOf(x.s) === group);
    const value = mine.find((x) => x.s.ordering === VALUE_ONLY);
    const fcf = mine.filter((x) => x.s.ordering !== VALUE_ONLY);
    const compare = (a: string, b: string, headline = false) => {
      const [x, y] = countsAt(lines, deepest, a, b, counter, perMpg);
      const [ox, oy] = countsAt(lines, deepest, a, b, otherCounter, perMpg);
      const e: Fig4Comparison = {
        algorithm,
        series: a,
        against: b,
        depth: deepest,
        headline,
        ...reductionEstimate(x, y),
        other: { counter: otherCounter, ...reductionEstimate(ox, oy) },
      };
      comparisons.push(e);
      return e;
    };
    if (value) {
      fcf.forEach((f, k) => {
        const e = compare(f.label, value.label, k === 0);
        if (k === 0) {
          reduction[algorithm] = e.reduction;
          reductionCi95[algorithm] = e.ci95;
        }
      });
    }
    for (const f of fcf.slice(1)) compare(f.label, fcf[0].label);
  }
  const horizon: Horizon = 'horizon' in spec.model && spec.model.horizon !== undefined ? spec.model.horizon : 'exact';
  return {
    ...base,
    horizon,
    ...searchKnowledge(spec),
    counting: countingText(counter, spec.measure.denominator, base.interior),
    series,
    reduction,
    reductionCi95,
    comparisons,
  };
}

/** What a ratio counts and divides by, in words (the report, the figure's axis and subtitle). */
function countingText(
  counter: Counter,
  denominator: ExperimentSpec['measure']['denominator'],
  interior = false,
): string {
  const nodes =
    counter === 'visited'
      ? 'visited nodes (every node a search generates, leaves included)'
      : 'expanded nodes (interior nodes whose children were generated)';
  const tree =
    denominator === 'seen'
      ? 'the minimum proof tree of the depth-d tree as the searches scored it (`seen`'
      : 'the minimum proof tree of the depth-d tree with exact values at its horizon (`true`';
  const part = interior
    ? 'the fewest interior nodes of a proof of that tree (Figure 2 with leaf cost 0)'
    : 'root and leaves included)';
  return `${nodes}, cumulative over the iterative-deepening passes 1..d (${COUNTING_CONVENTION}), divided by ${interior ? `${tree}): ${part}` : `${tree}, ${part}`}`;
}
