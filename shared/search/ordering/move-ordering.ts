/**
 * Pluggable move ordering. The search fills a `ChildInfo` for the node being expanded (what is known
 * of each child: a value estimate from the parent's view, a size estimate S_i, whether the value comes
 * from a previous iterative-deepening pass) and the ordering writes a permutation of 0..n-1.
 * Orderings allocate nothing: they work on the search's preallocated buffers.
 */
export interface ChildInfo {
  /** Number of children of the node being ordered. */
  n: number;
  /** Value of child i from the parent's view: the previous pass's value if known, else the static estimate. */
  readonly value: Float64Array;
  /** Size estimate S_i: out-degree by default, or the subtree size of the previous pass. */
  readonly size: Float64Array;
  /** 1 if value[i] comes from a previous search pass (an annotation), 0 if it is the static estimate. */
  readonly known: Uint8Array;
  /** A 32-bit identity of the node being ordered, for orderings that randomise deterministically. */
  nodeKey: number;
}

export interface MoveOrdering {
  /** Short name recorded with results, e.g. "estimate" or "fcf-weighted(1,0.5,0.1)". */
  readonly name: string;
  /** Whether `size` must be filled (costs a child-degree computation per child). */
  readonly needsSize: boolean;
  /** Whether `value` must be filled (costs an estimate per child). */
  readonly needsValue: boolean;
  /** Write the search order of children 0..info.n-1 into out[off .. off+n). */
  sort(info: ChildInfo, alpha: number, beta: number, out: Int32Array, off: number): void;
}

/**
 * Stable insertion sort of out[off..off+n) by descending key[i] (ties keep natural order). Branching
 * factors are small (≤ a few dozen), where insertion sort beats everything and allocates nothing.
 */
export function sortByKeyDescending(key: Float64Array, n: number, out: Int32Array, off: number): void {
  for (let i = 0; i < n; i++) out[off + i] = i;
  for (let i = 1; i < n; i++) {
    const c = out[off + i];
    const kc = key[c];
    let j = i - 1;
    while (j >= 0 && key[out[off + j]] < kc) {
      out[off + j + 1] = out[off + j];
      j--;
    }
    out[off + j + 1] = c;
  }
}
