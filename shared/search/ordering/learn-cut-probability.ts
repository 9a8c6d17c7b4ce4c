/**
 * Learning P_i for the S_i/P_i ordering from trees of the same family (Furtak & Buro 2009, Sec. 8:
 * "computing P_i empirically by training on trees from the same generating family produced a slight
 * (~3 %) improvement"). Searches training trees by iterative deepening and records, for every child
 * searched, the margin of its value estimate over β (rounded) and whether it produced a cut; P(margin)
 * is the observed cut frequency with add-one smoothing, clamped to the margins seen often enough.
 */
import type { Game } from '../../game/game.ts';
import { iterativeDeepening } from '../iterative-deepening.ts';
import type { AlgorithmName } from '../algorithms.ts';
import type { CutObserver } from '../search-context.ts';
import { learnedCutProbability, type CutProbability } from './fastest-cut-first.ts';
import type { MoveOrdering } from './move-ordering.ts';

export interface CutStatistics {
  /** margin → [cuts, trials] */
  counts: Map<number, [number, number]>;
}

function cutStatisticsObserver(stats: CutStatistics): CutObserver {
  return {
    record(margin: number, cut: boolean): void {
      const k = Math.round(margin);
      const c = stats.counts.get(k) ?? [0, 0];
      if (cut) c[0]++;
      c[1]++;
      stats.counts.set(k, c);
    },
  };
}

export interface LearnOptions {
  algorithm: AlgorithmName;
  /** ordering used while training (the value-only ordering of the experiment) */
  ordering: MoveOrdering;
  depth: number;
  /** V_i of never-searched children (see SearchOptions.unexpanded) */
  unexpanded?: 'estimate' | 'random';
  /** margins seen fewer times than this are dropped from the table's ends (default 30) */
  minTrials?: number;
}

/** Collect cut statistics over training games. */
export function collectCutStatistics(games: Iterable<Game>, o: LearnOptions): CutStatistics {
  const stats: CutStatistics = { counts: new Map() };
  const observer = cutStatisticsObserver(stats);
  for (const g of games)
    iterativeDeepening(g, o.algorithm, o.depth, {
      ordering: o.ordering,
      cutObserver: observer,
      unexpanded: o.unexpanded,
    });
  return stats;
}

/** The learned P(margin) table, smoothed (cuts + 1) / (trials + 2), over the well-sampled margins. */
export function cutProbabilityFromStatistics(stats: CutStatistics, minTrials = 30): CutProbability {
  const margins = [...stats.counts.entries()]
    .filter(([, [, n]]) => n >= minTrials)
    .map(([m]) => m)
    .sort((a, b) => a - b);
  if (margins.length === 0)
    throw new RangeError(`learning P_i: no margin was seen ${minTrials} times; train on more or deeper trees`);
  const lo = margins[0];
  const hi = margins[margins.length - 1];
  const probs: number[] = [];
  for (let m = lo; m <= hi; m++) {
    const [c, n] = stats.counts.get(m) ?? [0, 0];
    probs.push((c + 1) / (n + 2));
  }
  // A cut is never less likely at a larger margin: enforce monotonicity (pool adjacent violators).
  return learnedCutProbability(lo, monotone(probs));
}

export function learnCutProbability(games: Iterable<Game>, o: LearnOptions): CutProbability {
  return cutProbabilityFromStatistics(collectCutStatistics(games, o), o.minTrials);
}

/** Isotonic (non-decreasing) regression by pooling adjacent violators, equal weights. */
function monotone(p: number[]): number[] {
  const blocks: { sum: number; n: number }[] = [];
  for (const x of p) {
    blocks.push({ sum: x, n: 1 });
    while (
      blocks.length > 1 &&
      blocks[blocks.length - 2].sum / blocks[blocks.length - 2].n >
        blocks[blocks.length - 1].sum / blocks[blocks.length - 1].n
    ) {
      const b = blocks.pop()!;
      blocks[blocks.length - 1].sum += b.sum;
      blocks[blocks.length - 1].n += b.n;
    }
  }
  return blocks.flatMap((b) => Array(b.n).fill(b.sum / b.n) as number[]);
}
