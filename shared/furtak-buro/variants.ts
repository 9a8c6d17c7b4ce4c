/**
 * The Figure 4 experiment and its variants (Furtak & Buro 2009, Sec. 8), as data shared by the presets,
 * the tuner and the report: the tree family, which FCF term is tuned, and where P_i comes from.
 *
 *  - fig4:    branching U[4..12], damage U[−6..0], estimate error U[−4..4]; FCF term S_i/P_i (with S_i),
 *             P_i the hard threshold "V_i ≥ β" (the paper's Figure 4); never-searched children random.
 *  - size:    the same trees; S_i alone as the FCF term ("no significant difference" in the paper).
 *  - learned: the same trees; P_i learned from training trees of the family ("~3 % better").
 *  - static:  the fig4 trees with never-searched children ordered by their static noisy estimates.
 *  - perfect: as fig4, with estimate error 0 ("even when the node evaluation functions were given
 *             perfect accuracy").
 *  - exact:   the fig4 trees and orderings with the horizon scored exactly (the other reading of the
 *             paper: the estimate error then never reaches a search with random never-searched children).
 *  - all-sizes: the fig4 experiment with S_i known for every child, computed on demand (what the
 *             ordering knew before sizeInfo existed), against the paper's reading `expanded`.
 *  - paper:   the fig4 trees and orderings read as the text supports best (docs/furtak-buro.md, "The
 *             readings of Sec. 8"): trees 10 levels taller than the search, so every pass's horizon scores the noisy
 *             estimate, and MTD(f)'s table narrowing windows and cutting without putting its stored move
 *             first (Plaat et al.'s table stores bounds; Sec. 8's orderings decide the order).
 *
 * Every variant but `all-sizes` lets an ordering know S_i only for children an earlier pass expanded
 * (sizeInfo "expanded", Sec. 8: "the out-degree is 'free' to compute, given that we have expanded the
 * node anyway"; "the ordering of child nodes which have not yet been expanded is random"); the others
 * get the stand-in FIG4_SIZE_STAND_IN.
 *
 * Every variant but `exact` scores a node at the search horizon with its noisy estimate f̂ = f + e
 * (Sec. 7; "evaluation errors drawn from [−4..4]" as a parameter of the experiment, Sec. 8).
 */
import type { AlgorithmName } from '../search/algorithms.ts';
import type { ModelSpec, SizeInfo, SizeStandIn } from '../experiments/spec.ts';
import type { TtMove } from '../search/search-context.ts';
import type { FcfTerm, Unexpanded } from './tune-weights.ts';

export const FIG4_ALGORITHMS = ['alphabeta', 'negascout', 'mtdf'] as const satisfies readonly AlgorithmName[];
export type Fig4Algorithm = (typeof FIG4_ALGORITHMS)[number];

export const VARIANTS = ['fig4', 'size', 'learned', 'static', 'perfect', 'exact', 'all-sizes', 'paper'] as const;
export type Variant = (typeof VARIANTS)[number];

/** Seed of the evaluation trees (the presets) and of the training trees (tuning, learning P_i): distinct. */
export const EVALUATION_SEED = 2009;
export const TRAINING_SEED = 4711;

/**
 * "The ordering of child nodes which have not yet been expanded is random" (Sec. 8): a child no earlier
 * pass searched gets a random V_i below its searched siblings' (see SearchOptions.unexpanded).
 */
export const FIG4_UNEXPANDED: Unexpanded = 'random';

/** V_i of never-searched children in a variant: random as in the paper, or the static estimates. */
export function variantUnexpanded(v: Variant): Unexpanded {
  return v === 'static' ? 'estimate' : FIG4_UNEXPANDED;
}

/** For which children a variant's orderings know S_i (spec.sizeInfo). */
export function variantSizeInfo(v: Variant): SizeInfo {
  return v === 'all-sizes' ? 'all' : 'expanded';
}

/** S_i of a child whose size the ordering may not know, in every variant (spec.sizeStandIn). */
export const FIG4_SIZE_STAND_IN: SizeStandIn = 'mean';

/** The table's stored move in a variant (spec.ttMove): searched first, or ordered like any other child. */
export function variantTtMove(v: Variant): TtMove {
  return v === 'paper' ? 'ordered' : 'first';
}

/** How many levels a variant's trees reach beyond the deepest pass (height = depth + this). */
export function variantBeyond(v: Variant): number {
  return v === 'paper' ? 10 : 0;
}

export function variantModel(v: Variant): ModelSpec {
  return {
    kind: 'prefix-value',
    bmin: 4,
    bmax: 12,
    damage: 6,
    noise: { kind: 'uniform', e: v === 'perfect' ? 0 : 4 },
    horizon: v === 'exact' ? 'exact' : 'estimate',
  };
}

export function variantTerm(v: Variant): FcfTerm {
  return v === 'size' ? 'size' : 'ratio';
}

export function variantUsesLearnedP(v: Variant): boolean {
  return v === 'learned';
}
