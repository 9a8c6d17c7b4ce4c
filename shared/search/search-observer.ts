/**
 * A hook on every call of a search function, for tools that show where a search went (the tree
 * viewer's traces). The generic engine calls `enter` with the call's window on arrival at a node (the
 * game cursor is on it) and `leave` with the fail-soft result before returning; re-searches and
 * MTD(f)'s passes are calls of their own, as ./counters.ts counts them. A search given an observer
 * never runs a kernel (./kernels.ts), so every call is seen; searches without one pay a null test.
 */
export interface SearchObserver {
  enter(alpha: number, beta: number): void;
  /** returns `value`, so a search can write `return obs.leave(v)` */
  leave(value: number): number;
  /**
   * What the move ordering knew at the current node (the cursor is on it), told once its children are
   * ordered and before the first is searched; optional. Furtak & Buro 2009, Sec. 8: V_i and S_i of each
   * child as the ordering read them. The view's arrays are the engine's own buffers, valid only during
   * the call: copy what you keep.
   */
  ordered?(view: OrderingView): void;
}

/**
 * One node's ordering as the engine saw it. Child i (natural index, i < n):
 *  - `value[i]`: V_i from the parent's view (filled when `needsValue`); `knowledge[i] & VALUE_SEARCHED`
 *    (./search-context.ts): the value an earlier search returned, else `VALUE_RANDOM`: a random value
 *    below every searched sibling's (unexpanded "random"), else the static estimate;
 *  - `size[i]`: S_i (filled when `needsSize`); `knowledge[i] & SIZE_KNOWN`: the child's out-degree (or
 *    subtree size), else the stand-in (a fixed number, or 0 under the `last` stand-in, which puts the
 *    child after every child with a known S_i);
 *  - `key[off + i]`, `tie[off + i]`: the priority the ordering computed (higher first; ties by `tie`
 *    when `usesTie`, then by index), SIZE_UNKNOWN_LAST for a child the `last` stand-in put last;
 *  - `ttMove`: the transposition table's stored move, searched before every other child (−1: none, or
 *    ttMove "ordered").
 * The order searched is `ttMove` (if any) and then descending (key, tie, −index); the children a search
 * actually entered are the observer's next `enter` calls one ply down (a cut ends the list early).
 */
export interface OrderingView {
  n: number;
  /** the ordering's name, as results record it */
  ordering: string;
  needsValue: boolean;
  needsSize: boolean;
  usesTie: boolean;
  value: Float64Array;
  size: Float64Array;
  /** per child: VALUE_SEARCHED | VALUE_RANDOM | SIZE_KNOWN bits */
  knowledge: Uint8Array;
  key: Float64Array;
  tie: Float64Array;
  /** offset of this node's row in `key` and `tie` */
  off: number;
  ttMove: number;
}
