/**
 * One unit of an experiment on real game positions (Furtak & Buro 2009, Sec. 8's Figure 4 measured on a
 * game, ../models/model-descriptor.ts `positions`): line `tree` of the model, and for every depth k the run
 * measures, the position on that line with k empty squares, searched *to the end of the game* by every
 * series and divided by the exact minimum proof tree of its game tree.
 *
 * What "depth" means here. A position with k empties ends after k moves plus the passes on the way, so a
 * search to the end is a search of depth ≥ k + passes; the game's `maxPly` bounds that from the position,
 * and every series' last (or only) search has that depth, so every value is the exact final result.
 *   - plain: one search to the end (how endgames are usually solved);
 *   - iterative deepening: passes of depth 1, 2, …, k − 1 whose horizon scores the game's static
 *     estimate (`evaluate()` at a non-terminal node), each ordered by the annotations of the ones before,
 *     then the pass to the end; nodes are cumulative over the passes (../search/counters.ts).
 *
 * The denominator is Figure 2 (the minimum minimax proof tree of the exact value) on the position's game
 * *tree*, the unfolding of its DAG of transpositions, computed by the exact branch and bound
 * (../proof/mpt-branch-and-bound.ts) on the game whose interior values are solved as it asks for them
 * (../search/solved-game.ts). The tree's minimum proof is an upper bound of the DAG's minimum proof graph
 * (a proof tree's distinct nodes prove the value on the DAG), which is NP-hard to compute (Sec. 4), so a
 * search with a transposition table may fall below 1. Seen and true denominators are one here: every
 * leaf of the proof is a terminal node, scored exactly.
 */
import { positionMpt } from '../proof/position-mpt.ts';
import { makeGame, modelDescriptor } from '../models/registry.ts';
import { searchSeries } from './search-series.ts';
import { seriesLabel, specDepths, type ExperimentSpec } from './spec.ts';
import { CancelledError, yieldToHost } from './cancel.ts';
import type { ResultLine } from '../io/result-line-fields.ts';

/** The pass depths of an iterative-deepening endgame search of a position with k empties: 1..k−1, then to the end. */
export function endgamePassDepths(k: number, toEnd: number): number[] {
  const depths: number[] = [];
  for (let d = 1; d < k && d < toEnd; d++) depths.push(d);
  depths.push(toEnd);
  return depths;
}

export async function runPositions(
  spec: ExperimentSpec,
  tree: number,
  emit: (line: ResultLine) => void,
  cancelled: () => boolean,
): Promise<void> {
  const positions = modelDescriptor(spec.model.kind).positions!;
  for (const k of specDepths(spec)) {
    const game = makeGame(spec.model, k, spec.seed, tree);
    const toEnd = game.maxPly;
    const passes = spec.series.map((s) => {
      game.reset();
      return searchSeries(spec, s, game, toEnd, {}, endgamePassDepths(k, toEnd)).at(-1)!;
    });
    await yieldToHost();
    if (cancelled()) throw new CancelledError();
    const value = passes[0].value;
    const where = () => `position ${tree}, ${k} empties (${positions.position(spec.model, k, tree)})`;
    passes.forEach((p, si) => {
      if (p.value !== value) {
        throw new Error(
          `${where()}: ${seriesLabel(spec.series[si])} returned ${p.value}, ${seriesLabel(spec.series[0])} ${value}`,
        );
      }
    });
    const proof = spec.measure.mpg ? positionMpt(game) : null;
    if (proof !== null && proof.value !== value)
      throw new Error(`${where()}: the searches returned ${value}, the minimum proof's solver ${proof.value}`);
    const mpt = proof === null ? null : proof.size;
    const interior = spec.measure.mpg && spec.measure.interior ? positionMpt(game, 0).size : null;
    emit({
      tree,
      depth: k,
      value,
      mpg: mpt,
      mpgSeen: mpt,
      mpgTrue: mpt,
      ...(interior !== null ? { mpgInterior: interior } : {}),
      position: positions.position(spec.model, k, tree),
      results: passes.map((p, si) => ({
        series: seriesLabel(spec.series[si]),
        visited: p.cumulative.visited,
        expanded: p.cumulative.expanded,
        leaves: p.cumulative.leaves,
        passVisited: p.pass.visited,
        passExpanded: p.pass.expanded,
      })),
    });
    await yieldToHost();
    if (cancelled()) throw new CancelledError();
  }
}
