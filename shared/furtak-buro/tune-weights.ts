/**
 * Tuning the fastest-cut-first weights per algorithm (Furtak & Buro 2009, Sec. 8: "the weights for
 * combining heuristic components needed to be tuned. We made a best effort to determine the optimal
 * weights in each case"). Tuned on training trees from a seed different from the evaluation seed.
 *
 * Procedure (exhaustive search on a fixed grid): the key is wV·V_i − wR·s_i/P_i − wS·s_i; only the
 * ratios of the weights matter, so wV = 1. Every point (wR, wS) of grid × grid is evaluated (wR = 0 alone
 * when S_i is the only FCF term), so no local optimum can trap the search. Cost = mean over the training
 * trees of the cumulative nodes (the experiment's counter: visited, or expanded) of iterative deepening
 * 1..depth. The chosen point is the cheapest (ties: the first in grid order, smaller wR then smaller wS);
 * the runner-up is the next cheapest, and the margin between them is a paired reduction over the trees.
 * Since (0, 0) orders by value alone, the choice is never worse than value-only on the training set.
 *
 * The searches are the runs' own: each evaluation is a result line of `runTree` (../experiments/search-series.ts
 * searches), several grid points for every algorithm in one job, so a job pool spreads a grid over its
 * workers. Every per-tree cost is kept in a TreeCosts cache keyed by the spec's tree-defining fields,
 * the tree, the algorithm and the ordering: a point is never searched twice on a tree, whichever
 * variant, term or report asks for it again. Deterministic: the trees come from (seed, i).
 */
import { SERIES_ALGORITHMS, type SeriesAlgorithm } from '../search/registry.ts';
import { parseOrdering } from '../search/ordering/parse-ordering.ts';
import { runTree } from '../experiments/run-tree.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import {
  parseSpec,
  searchKnowledge,
  SPEC_FORMAT,
  SPEC_VERSION,
  type ExperimentSpec,
  type ModelSpec,
  type SearchKnowledge,
  type SeriesSpec,
} from '../experiments/spec.ts';
import { checkInt, EXPERIMENT_MAX_DEPTH } from '../util/range.ts';
import type { Counter } from '../experiments/statistics.ts';
import { reductionEstimate } from './fig4-summary.ts';

export type Unexpanded = 'estimate' | 'random';

/** What the orderings may know and how the table's move and MTD(f)'s guess are used: spec fields, absent = the spec's defaults. */
type Knowledge = Partial<Pick<ExperimentSpec, 'sizeInfo' | 'sizeStandIn' | 'ttMove' | 'guess'>>;

/** Which FCF term is free: S_i/P_i and S_i (wR, wS), or S_i alone (wR = 0, as "S_i as the FCF term"). */
export type FcfTerm = 'ratio' | 'size';

export const DEFAULT_GRID: readonly number[] = [0, 0.5, 1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 128, 256];

/** Series per job: the spec's limit, as whole grid points for every algorithm tuned. */
const MAX_SERIES_PER_JOB = 32;

/** The value-only ordering every point is compared against. */
const VALUE_ONLY = 'estimate';

export interface TuneOptions {
  model: ModelSpec;
  /** tuned together: each job searches its grid points with every one of them */
  algorithms: readonly SeriesAlgorithm[];
  /** seed of the training trees: must differ from the evaluation seed */
  seed: number;
  trees: number;
  /** iterative deepening 1..depth; the cost is the cumulative count at this depth */
  depth: number;
  /** height of the training trees (default: the depth, so the deepest pass reaches the terminal nodes) */
  height?: number;
  term: FcfTerm;
  /** V_i of never-searched children under iterative deepening (default "estimate"; see SearchOptions) */
  unexpanded?: Unexpanded;
  /** what the cost counts (default visited, the figure's counter) */
  counter?: Counter;
  /** what the orderings may know (sizeInfo, its stand-in), ttMove and MTD(f)'s guess, as the spec's fields */
  knowledge?: Knowledge;
  /** per algorithm, the P_i part of the ordering: "hard" (default) or "learned:MIN:P0,…" (see parse-ordering.ts) */
  prob?: Partial<Record<SeriesAlgorithm, string>>;
  grid?: readonly number[];
}

export interface TunedWeights {
  value: number;
  ratio: number;
  size: number;
}

/** One grid point's weights and mean cost, and its reduction against value-only on the same trees. */
interface GridChoice {
  wR: number;
  wS: number;
  ordering: string;
  cost: number;
  /** 1 − cost / value-only cost */
  reduction: number;
}

export interface TuneResult {
  algorithm: SeriesAlgorithm;
  term: FcfTerm;
  prob: string;
  /** height of the training trees */
  height: number;
  unexpanded: Unexpanded;
  counter: Counter;
  /** the knowledge fields the searches ran with, resolved */
  knowledge: SearchKnowledge;
  /** the chosen weights, their ordering string and mean cost */
  weights: TunedWeights;
  ordering: string;
  cost: number;
  /** the value-only ("estimate") ordering's cost on the same trees */
  baseline: number;
  /** every grid point evaluated, in grid order: [wR, wS, mean cost] */
  grid: [number, number, number][];
  chosen: GridChoice;
  /** the next cheapest point (null when the grid has one point) */
  runnerUp: GridChoice | null;
  /** the chosen point's node reduction against the runner-up, paired by tree, with its 95 % interval */
  margin: { reduction: number; ci95: [number, number] } | null;
  /** per grid point (in `grid` order), and for value-only, the cost of each training tree */
  perTree: { grid: number[][]; baseline: number[] };
}

/** The ordering string for weights and a P_i part. */
export function weightedOrdering(w: TunedWeights, prob = 'hard'): string {
  return `fcf-weighted:${w.value},${w.ratio},${w.size}${prob === 'hard' ? '' : `;${prob}`}`;
}

/** The (wR, wS) points a term tunes, in grid order: every pair, or wR = 0 with every wS. */
export function gridPoints(grid: readonly number[], term: FcfTerm): [number, number][] {
  const ratios = term === 'ratio' ? grid : [0];
  return ratios.flatMap((wR) => grid.map((wS): [number, number] => [wR, wS]));
}

function check(o: TuneOptions): void {
  checkInt('tune: trees', o.trees, 1, 100_000);
  checkInt('tune: depth', o.depth, 1, EXPERIMENT_MAX_DEPTH);
  if (o.height !== undefined) checkInt('tune: height', o.height, o.depth, EXPERIMENT_MAX_DEPTH);
  if (!Number.isSafeInteger(o.seed)) throw new RangeError(`tune: seed = ${o.seed} must be a safe integer`);
  if (o.unexpanded !== undefined && o.unexpanded !== 'estimate' && o.unexpanded !== 'random')
    throw new RangeError(`tune: unexpanded = ${String(o.unexpanded)} must be estimate or random`);
  if (o.counter !== undefined && o.counter !== 'visited' && o.counter !== 'expanded')
    throw new RangeError(`tune: counter = ${String(o.counter)} must be visited or expanded`);
  if (o.term !== 'ratio' && o.term !== 'size')
    throw new RangeError(`tune: term = ${String(o.term)} must be ratio or size`);
  if (
    o.algorithms.length === 0 ||
    new Set(o.algorithms).size !== o.algorithms.length ||
    o.algorithms.some((a) => !(SERIES_ALGORITHMS as readonly string[]).includes(a))
  ) {
    throw new RangeError(
      `tune: algorithms = ${o.algorithms.join(',')} must be distinct names of ${SERIES_ALGORITHMS.join(', ')}`,
    );
  }
  const grid = o.grid ?? DEFAULT_GRID;
  if (grid.length === 0 || grid.some((g) => !(Number.isFinite(g) && g >= 0)))
    throw new RangeError('tune: grid must be a non-empty list of finite numbers ≥ 0');
  if (new Set(grid).size !== grid.length)
    throw new RangeError(`tune: grid = ${grid.join(',')} must not repeat a value`);
  if (!grid.includes(0)) throw new RangeError('tune: grid must contain 0 (the value-only point)');
  for (const a of o.algorithms) parseOrdering(weightedOrdering({ value: 1, ratio: 0, size: 0 }, o.prob?.[a] ?? 'hard')); // the P_i part, early
}

/** The spec of one tuning job: the training trees, the given series, no denominators (the cost needs none). */
function tuningSpec(o: TuneOptions, series: SeriesSpec[]): ExperimentSpec {
  return parseSpec({
    format: SPEC_FORMAT,
    version: SPEC_VERSION,
    name: 'fcf-weight-tuning',
    model: o.model,
    trees: o.trees,
    seed: o.seed,
    depth: o.depth,
    ...(o.height === undefined || o.height === o.depth ? {} : { height: o.height }),
    iterative: true,
    unexpanded: o.unexpanded ?? 'estimate',
    ...o.knowledge,
    series,
    measure: { mpg: false },
  });
}

/** What defines a tree's cost besides the series: the spec without its name, series, tree count and measures. */
function treeContext(spec: ExperimentSpec): string {
  const { name: _n, description: _d, series: _s, trees: _t, measure: _m, ...rest } = spec;
  return JSON.stringify(rest);
}

const seriesKey = (s: SeriesSpec) => `${s.algorithm}\u0000${s.ordering}\u0000${s.memory ?? ''}`;

/**
 * Per-tree costs already measured: (tree context, series) → the cumulative counts of each tree at the
 * deepest pass (NaN: not measured yet). One cache serves every variant, term and report of a command.
 */
export class TreeCosts {
  private readonly map = new Map<string, { visited: Float64Array; expanded: Float64Array }>();

  private entry(context: string, s: SeriesSpec, trees: number, create: boolean) {
    const k = `${context}\u0001${seriesKey(s)}`;
    let e = this.map.get(k);
    if (e && e.visited.length < trees && create) {
      const grow = (a: Float64Array) => Float64Array.from({ length: trees }, (_, i) => (i < a.length ? a[i] : NaN));
      e = { visited: grow(e.visited), expanded: grow(e.expanded) };
      this.map.set(k, e);
    }
    if (!e && create) {
      e = { visited: new Float64Array(trees).fill(NaN), expanded: new Float64Array(trees).fill(NaN) };
      this.map.set(k, e);
    }
    return e;
  }

  /** Whether tree `tree` of series `s` is measured, in the trees of `context` (treeContext of their spec). */
  has(context: string, s: SeriesSpec, tree: number): boolean {
    const e = this.entry(context, s, 0, false);
    return e !== undefined && tree < e.visited.length && !Number.isNaN(e.visited[tree]);
  }

  get(context: string, s: SeriesSpec, tree: number, counter: 'visited' | 'expanded'): number {
    const e = this.entry(context, s, 0, false);
    const v = e && tree < e.visited.length ? (counter === 'expanded' ? e.expanded : e.visited)[tree] : NaN;
    if (Number.isNaN(v))
      throw new Error(`tune: no ${counter} count of tree ${tree} for ${s.algorithm} / ${s.ordering}`);
    return v;
  }

  /** Keep the deepest line of a tuning spec's tree. */
  add(spec: ExperimentSpec, line: ResultLine): void {
    if (line.depth !== spec.depth) return;
    const context = treeContext(spec);
    spec.series.forEach((s, k) => {
      const e = this.entry(context, s, spec.trees, true)!;
      e.visited[line.tree] = line.results[k].visited;
      e.expanded[line.tree] = line.results[k].expanded;
    });
  }
}

/**
 * Runs every tree of a spec but those in `skip`, handing each result line to `onLine` as it arrives (a
 * job pool's run, or runTree in this process); rejects naming the tree when one fails.
 */
export type SpecRunner = (
  spec: ExperimentSpec,
  skip: ReadonlySet<number>,
  onLine: (line: ResultLine) => void,
) => Promise<void>;

/** The runner without workers: `runTree` for each tree, here. */
const runInProcess: SpecRunner = async (spec, skip, onLine) => {
  for (let t = 0; t < spec.trees; t++) if (!skip.has(t)) await runTree(spec, t, onLine);
};

export interface TuneProgress {
  /** tree jobs finished and queued (a job: one tree, several grid points for every algorithm) */
  done: number;
  total: number;
}

/**
 * Tune every algorithm of `o` over the full grid. Jobs hold whole grid points for every algorithm; only
 * (tree, series) pairs the cache lacks are searched, all jobs are handed to `run` at once (a pool keeps
 * its workers busy), and the results per algorithm follow `o.algorithms`.
 */
export async function tuneWeights(
  o: TuneOptions,
  run: SpecRunner = runInProcess,
  cache = new TreeCosts(),
  onProgress?: (p: TuneProgress) => void,
): Promise<TuneResult[]> {
  check(o);
  const grid = o.grid ?? DEFAULT_GRID;
  const counter = o.counter === 'expanded' ? 'expanded' : 'visited';
  const points = gridPoints(grid, o.term);
  const probOf = (a: SeriesAlgorithm) => o.prob?.[a] ?? 'hard';
  const orderingOf = (a: SeriesAlgorithm, [wR, wS]: [number, number]) =>
    weightedOrdering({ value: 1, ratio: wR, size: wS }, probOf(a));
  // One group per ordering point (value-only first): the series of every algorithm at that point.
  const groups: SeriesSpec[][] = [
    o.algorithms.map((algorithm) => ({ algorithm, ordering: VALUE_ONLY })),
    ...points.map((p) => o.algorithms.map((algorithm) => ({ algorithm, ordering: orderingOf(algorithm, p) }))),
  ];
  const first = tuningSpec(o, groups[0]);
  const context = treeContext(first);
  // The series some tree still lacks (each once), packed into jobs of whole points; a job skips the
  // trees on which the cache already holds every one of its series.
  const keys = new Set<string>();
  const missing = groups.flat().filter((s) => {
    const k = seriesKey(s);
    if (keys.has(k)) return false;
    keys.add(k);
    for (let t = 0; t < o.trees; t++) if (!cache.has(context, s, t)) return true;
    return false;
  });
  const chunk = Math.max(1, Math.floor(MAX_SERIES_PER_JOB / o.algorithms.length)) * o.algorithms.length;
  const jobs: { spec: ExperimentSpec; skip: Set<number> }[] = [];
  for (let i = 0; i < missing.length; i += chunk) {
    const series = missing.slice(i, i + chunk);
    const skip = new Set<number>();
    for (let t = 0; t < o.trees; t++) if (series.every((s) => cache.has(context, s, t))) skip.add(t);
    jobs.push({ spec: tuningSpec(o, series), skip });
  }
  const total = jobs.reduce((n, j) => n + o.trees - j.skip.size, 0);
  let done = 0;
  onProgress?.({ done, total });
  await Promise.all(
    jobs.map(({ spec, skip }) =>
      run(spec, skip, (line) => {
        cache.add(spec, line);
        if (line.depth === spec.depth) onProgress?.({ done: ++done, total });
      }),
    ),
  );

  const costs = (s: SeriesSpec) => Array.from({ length: o.trees }, (_, t) => cache.get(context, s, t, counter));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return o.algorithms.map((algorithm) => {
    const baselineTrees = costs({ algorithm, ordering: VALUE_ONLY });
    const baseline = mean(baselineTrees);
    const perPoint = points.map((p) => costs({ algorithm, ordering: orderingOf(algorithm, p) }));
    const means = perPoint.map(mean);
    // Stable: equal costs keep grid order, so the first cheapest point is chosen.
    const rank = means.map((_, i) => i).sort((a, b) => means[a] - means[b] || a - b);
    const choice = (i: number): GridChoice => ({
      wR: points[i][0],
      wS: points[i][1],
      ordering: orderingOf(algorithm, points[i]),
      cost: means[i],
      reduction: 1 - means[i] / baseline,
    });
    const chosen = choice(rank[0]);
    const runnerUp = rank.length > 1 ? choice(rank[1]) : null;
    const m = rank.length > 1 ? reductionEstimate(perPoint[rank[0]], perPoint[rank[1]]) : null;
    return {
      algorithm,
      term: o.term,
      prob: probOf(algorithm),
      height: o.height ?? o.depth,
      unexpanded: o.unexpanded ?? 'estimate',
      counter,
      knowledge: searchKnowledge(first),
      weights: { value: 1, ratio: chosen.wR, size: chosen.wS },
      ordering: chosen.ordering,
      cost: chosen.cost,
      baseline,
      grid: points.map(([wR, wS], i): [number, number, number] => [wR, wS, means[i]]),
      chosen,
      runnerUp,
      margin: m && { reduction: m.reduction, ci95: m.ci95 },
      perTree: { grid: perPoint, baseline: baselineTrees },
    };
  });
}
