/**
 * What the prefix-value kernels (./prefix-value-search.ts, ./prefix-value-wasm.ts, ./prefix-value-mpt.ts)
 * need of a tree: PrefixValueTree's generation parameters, and the largest branching factor and height
 * their rows hold.
 */
import type { Game } from '../game/game.ts';
import type { Counters } from '../search/counters.ts';
import type { KernelAlgorithm } from '../search/kernel.ts';

export const KERNEL_MAX_BRANCHING = 64;
export const KERNEL_MAX_HEIGHT = 64;

/** What the kernel needs of a tree (PrefixValueTree's generation parameters). */
export interface PrefixValueShape {
  bmin: number;
  bspan: number;
  dspan: number;
  zeroDamage: boolean;
  /** uniform noise bound E (0 for no noise: the estimate is then the true value) */
  noiseE: number;
  /** the noise is none or uniform (another kind leaves the tree to the generic engine) */
  kernelNoise: boolean;
  /** a non-terminal node at the search horizon scores its estimate (horizon 'estimate') */
  horizonEstimate: boolean;
  /** height of the tree */
  maxPly: number;
  rootHash: number;
  /** the root's second key word (PrefixValueTree.keyHi) */
  rootKey: number;
  rootValue: number;
}

/** A tree the kernels search: a game that hands over its generation parameters (PrefixValueTree is one). */
export interface ShapedTree extends Game {
  shape(): PrefixValueShape;
}

/**
 * A plain search (no memories) of the tree of `shape` to `depth` with window (alpha, beta), ordered by the
 * static estimate or naturally; counters accumulate into `counters`, also when the visit limit stops it.
 */
export interface PlainSearch {
  shape: PrefixValueShape;
  algorithm: KernelAlgorithm;
  depth: number;
  alpha: number;
  beta: number;
  byEstimate: boolean;
  counters: Counters;
  maxVisited: number;
}

/**
 * The bounds on f of a child of value x in the minimum proof tree kernel (./prefix-value-mpt.ts), as
 * int32 arithmetic: from (x & keep) − loE to x + hiE.
 */
export interface MptBounds {
  keep: number;
  loE: number;
  hiE: number;
}
