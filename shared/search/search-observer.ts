/**
 * A hook on every call of a search function, for tools that show where a search went (the tree
 * viewer's traces). The generic engine calls `enter` with the call's window on arrival at a node (the
 * game cursor is on it) and `leave` with the fail-soft result before returning; re-searches and
 * MTD(f)'s passes are calls of their own, as ./counters.ts counts them. A search given an observer
 * never runs a kernel (./kernels.ts), so every call is seen; searches without one pay a null test.
 *
 * `ordered`, when present, is told at each node whose children were just ordered, before the first
 * is chosen, what the ordering knew of each child (Furtak & Buro 2009, Sec. 8: V_i from the previous
 * pass or random, S_i the out-degree of an expanded child): bits below per child, the V_i and S_i it
 * was given and the key it computed.
 */
export interface SearchObserver {
  enter(alpha: number, beta: number): void;
  /** returns `value`, so a search can write `return obs.leave(v)` */
  leave(value: number): number;
  /**
   * Children 0..n−1 of the current node were ordered: `known[i]` holds the ORDER_* bits of child i,
   * `value[i]` and `size[i]` the V_i and S_i the ordering was given (meaningful where it read them),
   * `key[off + i]` the priority it computed (higher first). The arrays are the engine's rows: read
   * them now, they are overwritten at the next node.
   */
  ordered?(n: number, known: Uint8Array, value: Float64Array, size: Float64Array, key: Float64Array, off: number): void;
}

/** The ordering read V_i. */
export const ORDER_VALUE_READ = 1;
/** V_i is the child's value from an earlier search of it (the annotation tree), not an estimate. */
export const ORDER_VALUE_SEARCHED = 2;
/** V_i is a random stand-in below every searched sibling's (never searched, `unexpanded: "random"`). */
export const ORDER_VALUE_RANDOM = 4;
/** The ordering read S_i. */
export const ORDER_SIZE_READ = 8;
/** S_i is the child's own (its out-degree, or its subtree in the last pass), not a stand-in. */
export const ORDER_SIZE_KNOWN = 16;
/** Searched first as the transposition table's stored move, whatever its key. */
export const ORDER_TT_FIRST = 32;
