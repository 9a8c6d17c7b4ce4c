/**
 * P_i learned from training trees (Furtak & Buro 2009, Sec. 8), as the text an ordering string carries
 * (`learned:MIN:P0,P1,…`, see parse-ordering.ts), so a spec records the exact table it was run with.
 * The learning itself is shared/search/ordering/learn-cut-probability.ts (value-only ordering while
 * training, the same algorithm as the one the table is for).
 */
import { collectCutStatistics, cutProbabilityFromStatistics } from '../search/ordering/learn-cut-probability.ts';
import { estimateOrdering } from '../search/ordering/by-estimate.ts';
import type { AlgorithmName } from '../search/algorithms.ts';
import type { Game } from '../game/game.ts';
import { makeGame } from '../models/registry.ts';
import type { ModelSpec } from '../experiments/spec.ts';

export interface LearnTableOptions {
  model: ModelSpec;
  algorithm: AlgorithmName;
  seed: number;
  trees: number;
  depth: number;
  unexpanded?: 'estimate' | 'random';
  minTrials?: number;
}

/** The learned P(margin) table of training trees 0..trees−1 of `seed`, as `learned:MIN:P0,…` (4 decimals). */
export function learnTable(o: LearnTableOptions): string {
  function* games(): Generator<Game> {
    for (let t = 0; t < o.trees; t++) yield makeGame(o.model, o.depth, o.seed, t);
  }
  const stats = collectCutStatistics(games(), {
    algorithm: o.algorithm,
    ordering: estimateOrdering,
    depth: o.depth,
    unexpanded: o.unexpanded,
  });
  const p = cutProbabilityFromStatistics(stats, o.minTrials ?? 30);
  const m = /^learned\((-?\d+)\.\.(-?\d+)\)$/.exec(p.name);
  if (!m) throw new Error(`unexpected learned cut probability name "${p.name}"`);
  const lo = Number(m[1]);
  const hi = Number(m[2]);
  const probs: string[] = [];
  for (let k = lo; k <= hi; k++) probs.push(String(Math.round(p.p(k, 0) * 1e4) / 1e4));
  return `learned:${lo}:${probs.join(',')}`;
}
