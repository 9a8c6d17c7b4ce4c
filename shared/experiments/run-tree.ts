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
import { minimumProofTree, mptSizeOfGame } from '../proof/minimax-proof-tree.ts';
import { makeGame } from './model-factory.ts';
import { seriesLabel, specDepths, type ExperimentSpec } from './spec.ts';

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
  /** exact minimum proof tree size of the depth-d tree, or null when not measured */
  mpg: number | null;
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

/** Exact MPT size of the depth-d truncation of a model's tree. */
export function mpgSize(game: Game, depth: number, maxNodes: number): number {
  game.reset();
  if (!Number.isNaN(game.exactValue())) return mptSizeOfGame(game, depth);
  // No values on the fly (incremental, uniform): solve the materialised truncated tree.
  const g = materialize(game, depth, { model: 'truncated', params: {}, seed: null, generator: 'mpg' }, maxNodes);
  return minimumProofTree(g).size;
}

export async function runTree(
  spec: ExperimentSpec, tree: number, emit: (line: ResultLine) => void, cancelled: () => boolean = () => false,
): Promise<void> {
  const depths = specDepths(spec);
  const game = makeGame(spec.model, spec.depth, spec.seed, tree);
  const perSeries: PassResult[][] = [];
  for (const s of spec.series) {
    const ordering = parseOrdering(s.ordering);
    if (spec.iterative) {
      perSeries.push(iterativeDeepening(game, s.algorithm, spec.depth, { ordering, maxVisited: spec.limits.maxVisitedPerSearch }));
    } else {
      const r = runSearch(s.algorithm, game, spec.depth, { ordering, maxVisited: spec.limits.maxVisitedPerSearch });
      perSeries.push([{ depth: spec.depth, value: r.value, bestMove: r.bestMove, pass: r.counters, cumulative: r.counters }]);
    }
    await yieldToHost();
    if (cancelled()) throw new CancelledError();
  }
  for (let k = 0; k < depths.length; k++) {
    const depth = depths[k];
    const value = perSeries[0][k].value;
    perSeries.forEach((passes, si) => {
      if (passes[k].value !== value) {
        throw new Error(`tree ${tree}, depth ${depth}: ${seriesLabel(spec.series[si])} returned ${passes[k].value}, ${seriesLabel(spec.series[0])} ${value}`);
      }
    });
    const mpg = spec.measure.mpg ? mpgSize(game, depth, spec.limits.maxNodes) : null;
    emit({
      tree, depth, value, mpg,
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
