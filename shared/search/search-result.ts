/**
 * The contract every fixed-depth search from the root shares: the depth it accepts (`checkDepth`) and
 * what it returns (`SearchResult`). Kept apart from the algorithms so that none imports a sibling for it.
 */
import type { Counters } from './counters.ts';

export interface SearchResult {
  value: number;
  /** natural index of the best root move, -1 if the root is a leaf */
  bestMove: number;
  counters: Counters;
}

/** Throws a RangeError unless `depth` (remaining plies) is an integer ≥ 0. */
export function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0) {
    throw new RangeError(`depth = ${depth} is not allowed: it must be an integer ≥ 0`);
  }
}
