/**
 * One unit of an experiment: tree `tree` of a spec, every series searched by iterative deepening
 * (Furtak & Buro 2009, Sec. 8: cumulative nodes over the passes, each pass ordered by the annotations
 * of the previous ones) and the exact minimum proof tree size of the depth-d tree at every depth.
 * Emits one result line per depth. Pure: the same spec and tree index give the same line anywhere.
 */
import type { Game } from '../game/game.ts';
import { materialize } from '../game/materialize.ts';
import { iterativeDeepening, type PassResult } from '../search/iterative-deepening.ts';
import { runSearch } from '../search/algorithms.ts';
import { parseOrdering } from '../search/ordering/parse-ordering.ts';
import { minimumProofTree } from '../proof/minimax-proof-tree.ts';
import { MptBranchAndBound } from '../proof/mpt-branch-and-bound.ts';
import { MptSeen } from '../proof/mpt-seen.ts';
import { makeGame } from './model-factory.ts';
import { modelDescriptor } from '../models/registry.ts';
import { seriesLabel, specDepths, specHeight, type ExperimentSpec, type ModelSpec } from './spec.ts';

export interface SeriesResult {
  series: string;
  /** cumulative over the iterative-deepening passes 1..depth (the counting convention of counters.ts) */
  visited: number;
  expanded: number;
  leaves: number;
  /** the pass at this depth alone */
  passVisited: number;
  passExpanded: number;
}

export interface ResultLine {
  tree: number;
  depth: number;
  /** negamax value of the root of the depth-d tree (every series agrees; checked) */
  value: number;
  /**
   * The denominator the spec chose (`measure.denominator`: mpgSeen or mpgTrue), or null when not
   * measured. The models of a spec are trees, where the minimum proof graph (F&B Sec. 2) is that tree,
   * so the file keeps the paper's name `mpg`, which tools read.
   */
  mpg: number | null;
  /** exact minimum proof tree size of the depth-d tree the searches proved (horizon scored as they scored it) */
  mpgSeen: number | null;
  /** exact minimum proof tree size of the depth-d tree with exact values at its horizon */
  mpgTrue: number | null;
  results: SeriesResult[];
}

/** Yield to the host's event loop (lets a worker see a cancel message between long computations). */
export const yieldToHost = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/**
 * Exact MPT sizes of the depth-d truncations of a model's tree, for each depth in `depths`, with the
 * horizon scored as `game.evaluate()` scores it: by branch and bound where the model knows values on
 * the fly (prefix value, Li) and the horizon is exact, by the `seen` branch and bound (null-window tests
 * on the truncation) where it scores heuristic values, else by solving the materialised truncated tree
 * (Figure 2 on an explicit tree).
 */
export function mpgSizes(game: Game, model: ModelSpec, depths: readonly number[], maxNodes: number): number[] {
  game.reset();
  const d = modelDescriptor(model.kind);
  if (!Number.isNaN(game.exactValue())) {
    const minBranching = d.mptMinBranching(model);
    const heuristic = d.horizon?.exact(model) ?? null;
    const bb = heuristic === null
      ? new MptBranchAndBound(game, { minBranching })
      : new MptSeen(game, { minBranching, errorBound: d.horizon!.errorBound(model) });
    return depths.map((depth) => bb.size(depth));
  }
  return depths.map((depth) => {
    const g = materialize(game, depth, { model: 'truncated', params: {}, seed: null, generator: 'mpg' }, maxNodes);
    return minimumProofTree(g).size;
  });
}

/**
 * Both denominators of tree `tree`: `seen` on the tree as searched, `true` on the same tree with the
 * exact horizon (the same numbers, computed once, where the two horizons agree: everywhere without a
 * heuristic horizon, and at depths reaching the tree's height, whose horizon nodes are all terminal).
 */
export function denominators(spec: ExperimentSpec, tree: number, game: Game): { seen: number[]; true: number[] } {
  const depths = specDepths(spec);
  const exact = modelDescriptor(spec.model.kind).horizon?.exact(spec.model) ?? null;
  if (exact === null) {
    const both = mpgSizes(game, spec.model, depths, spec.limits.maxNodes);
    return { seen: both, true: both };
  }
  const height = specHeight(spec);
  const exactGame = makeGame(exact, height, spec.seed, tree);
  const truth = mpgSizes(exactGame, exact, depths, spec.limits.maxNodes);
  const below = depths.filter((d) => d < height);
  const seen = mpgSizes(game, spec.model, below, spec.limits.maxNodes);
  return { seen: depths.map((d, k) => (d < height ? seen[k] : truth[k])), true: truth };
}

export async function runTree(
  spec: ExperimentSpec, tree: number, emit: (line: ResultLine) => void, cancelled: () => boolean = () => false,
): Promise<void> {
  const depths = specDepths(spec);
  const game = makeGame(spec.model, specHeight(spec), spec.seed, tree);
  const perSeries: PassResult[][] = [];
  for (const s of spec.series) {
    const ordering = parseOrdering(s.ordering);
    if (spec.iterative) {
      perSeries.push(iterativeDeepening(game, s.algorithm, spec.depth, { ordering, maxVisited: spec.limits.maxVisitedPerSearch, unexpanded: spec.unexpanded, memory: s.memory }));
    } else {
      const r = runSearch(s.algorithm, game, spec.depth, { ordering, maxVisited: spec.limits.maxVisitedPerSearch });
      perSeries.push([{ depth: spec.depth, value: r.value, bestMove: r.bestMove, pass: r.counters, cumulative: r.counters }]);
    }
    await yieldToHost();
    if (cancelled()) throw new CancelledError();
  }
  const mpgs = spec.measure.mpg ? denominators(spec, tree, game) : null;
  for (let k = 0; k < depths.length; k++) {
    const depth = depths[k];
    const value = perSeries[0][k].value;
    perSeries.forEach((passes, si) => {
      if (passes[k].value !== value) {
        throw new Error(`tree ${tree}, depth ${depth}: ${seriesLabel(spec.series[si])} returned ${passes[k].value}, ${seriesLabel(spec.series[0])} ${value}`);
      }
    });
    const mpgSeen = mpgs ? mpgs.seen[k] : null;
    const mpgTrue = mpgs ? mpgs.true[k] : null;
    emit({
      tree, depth, value, mpg: spec.measure.denominator === 'seen' ? mpgSeen : mpgTrue, mpgSeen, mpgTrue,
      results: perSeries.map((passes, si) => ({
        series: seriesLabel(spec.series[si]),
        visited: passes[k].cumulative.visited,
        expanded: passes[k].cumulative.expanded,
        leaves: passes[k].cumulative.leaves,
        passVisited: passes[k].pass.visited,
        passExpanded: passes[k].pass.expanded,
      })),
    });
    await yieldToHost();
    if (cancelled()) throw new CancelledError();
  }
}
