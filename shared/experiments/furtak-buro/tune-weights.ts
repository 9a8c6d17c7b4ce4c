/**
 * Tuning the fastest-cut-first weights per algorithm (Furtak & Buro 2009, Sec. 8: "the weights for
 * combining heuristic components needed to be tuned. We made a best effort to determine the optimal
 * weights in each case"). Tuned on training trees from a seed different from the evaluation seed.
 *
 * Procedure (coordinate search on a fixed grid): the key is wV·V_i − wR·s_i/P_i − wS·s_i; only the
 * ratios of the weights matter, so wV = 1. Start at (wR, wS) = (0, 0) — exactly the value-only order —
 * and repeatedly try every grid value for one free weight with the others fixed, moving to the best
 * point when it strictly lowers the cost, until a round over all free weights changes nothing. Cost =
 * mean over the training trees of the cumulative nodes (the experiment's counter: visited, or expanded)
 * of iterative deepening 1..depth. Since the start point is the value-only ordering, the result is never worse
 * than value-only on the training set. Deterministic: the trees come from (seed, i).
 */
import { iterativeDeepening } from '../../search/iterative-deepening.ts';
import type { AlgorithmName } from '../../search/algorithms.ts';
import { estimateOrdering } from '../../search/ordering/by-estimate.ts';
import { parseOrdering } from '../../search/ordering/parse-ordering.ts';
import type { MoveOrdering } from '../../search/ordering/move-ordering.ts';
import type { SearchOptions } from '../../search/search-context.ts';
import { makeGame } from '../model-factory.ts';
import type { ModelSpec } from '../spec.ts';
import { checkInt, EXPERIMENT_MAX_DEPTH } from '../../util/range.ts';
import type { Counter } from '../statistics.ts';

export type Unexpanded = 'estimate' | 'random';

/** The search options of a spec's sizeInfo, stand-in and ttMove (../search-series.ts knowledgeOptions). */
export type Knowledge = Pick<SearchOptions, 'sizeInfo' | 'sizeStandIn' | 'ttMove'>;

/** Which FCF term is free: S_i/P_i and S_i (wR, wS), or S_i alone (wR = 0, as "S_i as the FCF term"). */
export type FcfTerm = 'ratio' | 'size';

export const DEFAULT_GRID: readonly number[] = [0, 0.5, 1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 128, 256];

export interface TuneOptions {
  model: ModelSpec;
  algorithm: AlgorithmName;
  /** seed of the training trees: must differ from the evaluation seed */
  seed: number;
  trees: number;
  /** iterative deepening 1..depth; the cost is the cumulative expanded count at this depth */
  depth: number;
  term: FcfTerm;
  /** V_i of never-searched children under iterative deepening (default "estimate"; see SearchOptions) */
  unexpanded?: Unexpanded;
  /** what the cost counts (default visited, the figure's counter) */
  counter?: Counter;
  /** what the orderings may know and where the table's move goes (default: S_i of every child, stored move first) */
  knowledge?: Knowledge;
  /** the P_i part of the ordering: "hard" (default) or "learned:MIN:P0,…" (see parse-ordering.ts) */
  prob?: string;
  grid?: readonly number[];
  maxRounds?: number;
  /** called after each new evaluation (progress) */
  onEvaluation?(e: Evaluation): void;
}

export interface TunedWeights {
  value: number;
  ratio: number;
  size: number;
}

export interface Evaluation {
  weights: TunedWeights;
  /** mean cumulative nodes (the tuning's counter) at `depth` over the training trees */
  cost: number;
}

export interface TuneResult {
  algorithm: AlgorithmName;
  term: FcfTerm;
  prob: string;
  unexpanded: Unexpanded;
  counter: Counter;
  weights: TunedWeights;
  /** the ordering string of the tuned weights */
  ordering: string;
  cost: number;
  /** the value-only ("estimate") ordering's cost on the same trees */
  baseline: number;
  evaluations: Evaluation[];
  rounds: number;
}

/** The ordering string for weights and a P_i part. */
export function weightedOrdering(w: TunedWeights, prob = 'hard'): string {
  return `fcf-weighted:${w.value},${w.ratio},${w.size}${prob === 'hard' ? '' : `;${prob}`}`;
}

/** Mean cumulative nodes (`counter`) at the deepest pass over training trees 0..trees−1 of `seed`. */
export function meanCount(
  model: ModelSpec, algorithm: AlgorithmName, ordering: MoveOrdering, seed: number, trees: number, depth: number, unexpanded: Unexpanded = 'estimate',
  counter: Counter = 'visited', knowledge: Knowledge = {},
): number {
  let sum = 0;
  for (let t = 0; t < trees; t++) {
    const game = makeGame(model, depth, seed, t);
    const passes = iterativeDeepening(game, algorithm, depth, { ordering, unexpanded, ...knowledge });
    sum += passes[passes.length - 1].cumulative[counter];
  }
  return sum / trees;
}

function check(o: TuneOptions): void {
  checkInt('tune: trees', o.trees, 1, 100_000);
  checkInt('tune: depth', o.depth, 1, EXPERIMENT_MAX_DEPTH);
  if (!Number.isSafeInteger(o.seed)) throw new RangeError(`tune: seed = ${o.seed} must be a safe integer`);
  if (o.unexpanded !== undefined && o.unexpanded !== 'estimate' && o.unexpanded !== 'random') throw new RangeError(`tune: unexpanded = ${String(o.unexpanded)} must be estimate or random`);
  if (o.term !== 'ratio' && o.term !== 'size') throw new RangeError(`tune: term = ${String(o.term)} must be ratio or size`);
  const grid = o.grid ?? DEFAULT_GRID;
  if (grid.length === 0 || grid.some((g) => !(Number.isFinite(g) && g >= 0))) throw new RangeError('tune: grid must be a non-empty list of finite numbers ≥ 0');
  if (!grid.includes(0)) throw new RangeError('tune: grid must contain 0 (the value-only start point)');
}

export function tuneWeights(o: TuneOptions): TuneResult {
  check(o);
  const grid = o.grid ?? DEFAULT_GRID;
  const prob = o.prob ?? 'hard';
  const counter = o.counter ?? 'visited';
  parseOrdering(weightedOrdering({ value: 1, ratio: 0, size: 0 }, prob)); // validate the P_i part early
  const memo = new Map<string, number>();
  const evaluations: Evaluation[] = [];
  const cost = (w: TunedWeights): number => {
    const k = `${w.ratio},${w.size}`;
    let c = memo.get(k);
    if (c === undefined) {
      c = meanCount(o.model, o.algorithm, parseOrdering(weightedOrdering(w, prob)), o.seed, o.trees, o.depth, o.unexpanded, counter, o.knowledge);
      memo.set(k, c);
      const e = { weights: { ...w }, cost: c };
      evaluations.push(e);
      o.onEvaluation?.(e);
    }
    return c;
  };
  const baseline = meanCount(o.model, o.algorithm, estimateOrdering, o.seed, o.trees, o.depth, o.unexpanded, counter, o.knowledge);
  const free: (keyof TunedWeights)[] = o.term === 'ratio' ? ['ratio', 'size'] : ['size'];
  let best: TunedWeights = { value: 1, ratio: 0, size: 0 };
  let bestCost = cost(best);
  let rounds = 0;
  const maxRounds = o.maxRounds ?? 4;
  for (let changed = true; changed && rounds < maxRounds; ) {
    changed = false;
    rounds++;
    for (const k of free) {
      for (const g of grid) {
        const w = { ...best, [k]: g };
        const c = cost(w);
        if (c < bestCost) {
          bestCost = c;
          best = w;
          changed = true;
        }
      }
    }
  }
  return { algorithm: o.algorithm, term: o.term, prob, unexpanded: o.unexpanded ?? 'estimate', counter, weights: best, ordering: weightedOrdering(best, prob), cost: bestCost, baseline, evaluations, rounds };
}
