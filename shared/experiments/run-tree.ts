/**
 * One unit of an experiment: tree `tree` of a spec, every series searched by iterative deepening
 * (Furtak & Buro 2009, Sec. 8: cumulative nodes over the passes, each pass ordered by the annotations
 * of the previous ones) and the exact minimum proof tree size of the depth-d tree at every depth.
 * Emits one result line per depth. Pure: the same spec and tree index give the same line anywhere.
 */
import type { Game } from '../game/game.ts';
import { materialize } from '../game/materialize.ts';
import type { PassResult } from '../search/iterative-deepening.ts';
import { searchSeries } from './search-series.ts';
import type { Graph } from '../game/graph.ts';
import { minimumProofTree, walkMinimumProofTree } from '../proof/minimax-proof-tree.ts';
import { MptBranchAndBound } from '../proof/mpt-branch-and-bound.ts';
import { MptSeen } from '../proof/mpt-seen.ts';
import type { ProofSink } from '../proof/proof-sink.ts';
import { CancelledError, yieldToHost } from './cancel.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import { runPositions } from './run-positions.ts';
import { positionProofTree } from '../proof/position-mpt.ts';
import { makeGame, modelDescriptor } from '../models/registry.ts';
import { seriesLabel, specDepths, specHeight, type Denominator, type ExperimentSpec, type ModelSpec } from './spec.ts';

/**
 * Exact MPT sizes of the depth-d truncations of a model's tree, for each depth in `depths`, with the
 * horizon scored as `game.evaluate()` scores it: by branch and bound where the model knows values on
 * the fly (prefix value, Li) and the horizon is exact, by the `seen` branch and bound (null-window tests
 * on the truncation) where it scores heuristic values, else by solving the materialised truncated tree
 * (Figure 2 on an explicit tree). Leaf cost 0: the fewest interior nodes of a proof instead of its size.
 * `rootValues`: the root values of the truncations, by depth, that searches of `game` already found;
 * the `seen` branch and bound takes them instead of searching again (MptSeenOptions.rootValues).
 */
export function mpgSizes(
  game: Game,
  model: ModelSpec,
  depths: readonly number[],
  maxNodes: number,
  leafCost: 0 | 1 = 1,
  rootValues?: ReadonlyMap<number, number>,
): number[] {
  const mpt = truncationMpt(game, model, maxNodes, leafCost, rootValues);
  return depths.map((depth) => mpt.size(depth));
}

/** The minimum proof tree of a model's depth-d truncations: its size, or one such tree walked into a ProofSink (returning its size). */
interface TruncationMpt {
  size(depth: number): number;
  proofTree(depth: number, sink: ProofSink): number;
}

/** The solver `mpgSizes` describes, for `game` of `model` (its horizon scored as `game.evaluate()` scores it). */
function truncationMpt(
  game: Game,
  model: ModelSpec,
  maxNodes: number,
  leafCost: 0 | 1,
  rootValues?: ReadonlyMap<number, number>,
): TruncationMpt {
  game.reset();
  const d = modelDescriptor(model.kind);
  if (!Number.isNaN(game.exactValue())) {
    const minBranching = d.mptMinBranching(model);
    const heuristic = d.horizon?.exact(model) ?? null;
    return heuristic === null
      ? new MptBranchAndBound(game, { minBranching, leafCost })
      : new MptSeen(game, { minBranching, errorBound: d.horizon!.errorBound(model), leafCost, rootValues });
  }
  const truncated = (depth: number): Graph =>
    materialize(game, depth, { model: 'truncated', params: {}, seed: null, generator: 'mpg' }, maxNodes);
  return {
    size: (depth) => minimumProofTree(truncated(depth), { leafCost }).size,
    proofTree: (depth, sink) => walkMinimumProofTree(truncated(depth), sink, { leafCost }),
  };
}

/**
 * Whether the `seen` denominator at `depth` is computed on the run's own game: always without a heuristic
 * horizon (`exact` null), else below the tree's height. From the height on every horizon node is terminal,
 * so the seen and true trees are one, computed once on the exact-horizon twin `exact`.
 */
function seenOnRunGame(exact: ModelSpec | null, height: number, depth: number): boolean {
  return exact === null || depth < height;
}

export interface Denominators {
  seen: number[];
  true: number[];
  /** with measure.interior: the fewest interior nodes of a proof of the denominator's tree */
  interior: number[] | null;
}

/**
 * The denominators of tree `tree`: `seen` on the tree as searched, `true` on the same tree with the
 * exact horizon (the same numbers, computed once, where the two horizons agree: everywhere without a
 * heuristic horizon, and at depths reaching the tree's height, whose horizon nodes are all terminal),
 * and with `measure.interior` the interior-node count of the chosen one. `rootValues` (by depth, found
 * by searches of `game`) serve the run's game only: the exact-horizon twin's truncations have other values.
 */
export function denominators(
  spec: ExperimentSpec,
  tree: number,
  game: Game,
  rootValues?: ReadonlyMap<number, number>,
): Denominators {
  const depths = specDepths(spec);
  const max = spec.limits.maxNodes;
  const exact = modelDescriptor(spec.model.kind).horizon?.exact(spec.model) ?? null;
  const height = specHeight(spec);
  const exactGame = exact === null ? null : makeGame(exact, height, spec.seed, tree);
  const below = depths.filter((d) => seenOnRunGame(exact, height, d));
  const sizes = (which: Denominator, leafCost: 0 | 1): number[] => {
    if (exactGame === null || exact === null) return mpgSizes(game, spec.model, depths, max, leafCost, rootValues);
    const truth = mpgSizes(exactGame, exact, which === 'true' ? depths : depths.slice(below.length), max, leafCost);
    return which === 'true' ? truth : [...mpgSizes(game, spec.model, below, max, leafCost, rootValues), ...truth];
  };
  const interior = spec.measure.interior ? sizes(spec.measure.denominator, 0) : null;
  if (exactGame === null) {
    const both = sizes('seen', 1);
    return { seen: both, true: both, interior };
  }
  const truth = sizes('true', 1);
  const seen = [...mpgSizes(game, spec.model, below, max, 1, rootValues), ...truth.slice(below.length)];
  return { seen, true: truth, interior };
}

/**
 * The minimum proof tree whose size is `denominators(spec, tree, game).seen` at `depth` (Furtak & Buro
 * 2009, Sec. 5.2, Figure 2): tree `tree` truncated at `depth` as the searches saw it, walked into `sink`
 * (../proof/proof-sink.ts) from the root by child index; returns its size. Chosen as the denominators
 * choose it: the run's game below the tree's height (the `seen` branch and bound with a heuristic
 * horizon), the exact-horizon twin from the height on, and a materialised truncation (at most
 * `spec.limits.maxNodes` nodes) for models without exact interior values. `depth` is any integer ≥ 0.
 * For models of real positions, the minimum proof tree of the position at `depth` (../proof/position-mpt.ts).
 */
export function seenProofTree(spec: ExperimentSpec, tree: number, depth: number, sink: ProofSink): number {
  if (modelDescriptor(spec.model.kind).positions !== undefined)
    return positionProofTree(makeGame(spec.model, depth, spec.seed, tree), sink);
  const exact = modelDescriptor(spec.model.kind).horizon?.exact(spec.model) ?? null;
  const height = specHeight(spec);
  const model = seenOnRunGame(exact, height, depth) ? spec.model : exact!;
  const game = makeGame(model, height, spec.seed, tree);
  return truncationMpt(game, model, spec.limits.maxNodes, 1).proofTree(depth, sink);
}

export async function runTree(
  spec: ExperimentSpec,
  tree: number,
  emit: (line: ResultLine) => void,
  cancelled: () => boolean = () => false,
): Promise<void> {
  if (modelDescriptor(spec.model.kind).positions !== undefined) return runPositions(spec, tree, emit, cancelled);
  const depths = specDepths(spec);
  const game = makeGame(spec.model, specHeight(spec), spec.seed, tree);
  const perSeries: PassResult[][] = [];
  for (const s of spec.series) {
    perSeries.push(searchSeries(spec, s, game, spec.depth));
    await yieldToHost();
    if (cancelled()) throw new CancelledError();
  }
  // Every series must find the same value at every depth; these values are then the truncations' root values.
  const rootValues = new Map<number, number>();
  for (let k = 0; k < depths.length; k++) {
    const value = perSeries[0][k].value;
    perSeries.forEach((passes, si) => {
      if (passes[k].value !== value) {
        throw new Error(
          `tree ${tree}, depth ${depths[k]}: ${seriesLabel(spec.series[si])} returned ${passes[k].value}, ${seriesLabel(spec.series[0])} ${value}`,
        );
      }
    });
    rootValues.set(depths[k], value);
  }
  const mpgs = spec.measure.mpg ? denominators(spec, tree, game, rootValues) : null;
  for (let k = 0; k < depths.length; k++) {
    const depth = depths[k];
    const value = perSeries[0][k].value;
    const mpgSeen = mpgs ? mpgs.seen[k] : null;
    const mpgTrue = mpgs ? mpgs.true[k] : null;
    emit({
      tree,
      depth,
      value,
      mpg: spec.measure.denominator === 'seen' ? mpgSeen : mpgTrue,
      mpgSeen,
      mpgTrue,
      ...(mpgs?.interior ? { mpgInterior: mpgs.interior[k] } : {}),
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
