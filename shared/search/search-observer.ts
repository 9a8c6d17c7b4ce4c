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
}
