/**
 * Pluggable move ordering. The search fills a `ChildInfo` for the node being expanded (what is known
 * of each child: a value estimate from the parent's view, a size estimate S_i, whether the value comes
 * from a previous iterative-deepening pass) and the ordering writes a priority per child. Children are
 * then searched in descending priority, ties broken by the `tie` key (when the ordering uses one) and
 * then by natural order.
 *
 * The search selects children lazily (`pickNext`) rather than sorting up front: at a cut node the
 * first child usually ends the loop, so most of a sort would be wasted. Orderings allocate nothing.
 */
export interface ChildInfo {
  /** Number of children of the node being ordered. */
  n: number;
  /** Value of child i from the parent's view: the previous pass's value if known, else the static estimate. */
  readonly value: Float64Array;
  /** Size estimate S_i: out-degree by default, or the subtree size of the previous pass. */
  readonly size: Float64Array;
  /** A 32-bit identity of the node being ordered, for orderings that randomise deterministically. */
  nodeKey: number;
}

export interface MoveOrdering {
  /** Short name recorded with results, e.g. "estimate" or "fcf-weighted(1,0.5,0.1;hard)". */
  readonly name: string;
  /** Whether `size` must be filled (costs a child-degree computation per child). */
  readonly needsSize: boolean;
  /** Whether `value` must be filled (costs an estimate per child). */
  readonly needsValue: boolean;
  /** Whether ties of `key` are broken by `tie` (else by natural order alone). */
  readonly usesTie: boolean;
  /** Whether `nodeKey` must be filled (orderings that randomise per node). */
  readonly needsNodeKey?: boolean;
  /**
   * The key is the value itself (key[i] = value[i]): the search may then write the estimates straight
   * into the key row and skip `keys` — the "value only" ordering's fast path.
   */
  readonly keyIsValue?: boolean;
  /**
   * The weighted fastest-cut-first key (./fastest-cut-first.ts fcfWeighted), on that ordering only, with
   * P_i the hard threshold [V_i ≥ β] (`learned` null) or a learned table: a kernel may compute its keys itself.
   */
  readonly fcfWeighted?: {
    readonly value: number;
    readonly ratio: number;
    readonly size: number;
    readonly learned: { readonly minMargin: number; readonly probs: Float64Array } | null;
  };
  /**
   * Write priorities key[off + i] (and tie[off + i] if usesTie) for children i < info.n; higher first.
   * Keys must be finite (or +Infinity): −Infinity marks a child already taken.
   */
  keys(info: ChildInfo, alpha: number, beta: number, key: Float64Array, tie: Float64Array, off: number): void;
}

/** Key of a child already searched. */
export const TAKEN = -Infinity;

/**
 * Index of the next child to search: the highest key among those not yet taken (ties by `tie` when
 * `useTie`, then lowest index), which is then marked taken. Exactly the order of a stable sort by
 * descending (key, tie), produced one child at a time.
 */
export function pickNext(key: Float64Array, tie: Float64Array, useTie: boolean, off: number, n: number): number {
  let m = off;
  let mk = -Infinity;
  const end = off + n;
  if (useTie) {
    let mt = -Infinity;
    for (let j = off; j < end; j++) {
      const x = key[j];
      if (x > mk || (x === mk && x !== TAKEN && tie[j] > mt)) {
        m = j;
        mk = x;
        mt = tie[j];
      }
    }
  } else {
    // ../../models/prefix-value-search.ts pick() repeats this no-tie loop on its own Int32 row: calling pickNext
    // there on a Float64 row measured ~5 % slower overall (see its comment).
    for (let j = off; j < end; j++) {
      const x = key[j];
      if (x > mk) {
        m = j;
        mk = x;
      }
    }
  }
  key[m] = TAKEN;
  return m - off;
}

/**
 * Integer keys in [−INT_KEY_LIMIT..INT_KEY_LIMIT] can be picked from an Int32 copy of the row (pickNextInt):
 * INT_TAKEN lies below them all and the difference of any two (or of one and INT_TAKEN) stays inside int32.
 */
export const INT_KEY_LIMIT = 0x10000000;
export const INT_TAKEN = -0x40000000;

/**
 * Base of the random keys of never-searched children (UNEXPANDED + u, u in (0, 1), in ../search-context.ts).
 * Such a key is a multiple of its ulp 2^−26 (|RANDOM_BASE| lies in [2^26, 2^27)), so (x − RANDOM_BASE)·2^26
 * is an exact integer in (0, 2^26): copyIntKeys holds it as that integer − INT_KEY_LIMIT, below every
 * integer key above RANDOM_BASE, which keeps their order.
 */
export const RANDOM_BASE = -1e8;
const RANDOM_STEPS = 0x4000000;

/**
 * Copy the keys key[off..off+n) into the Int32 row `ikey`, in the same order, and return the child
 * pickNextInt would take first (relative to off); or −1, copying no further, at the first key that is
 * neither an integer in (RANDOM_BASE..INT_KEY_LIMIT] nor in (RANDOM_BASE, RANDOM_BASE + 1).
 */
export function copyIntKeys(key: Float64Array, ikey: Int32Array, off: number, n: number): number {
  let m = off;
  let mk = INT_TAKEN;
  for (let j = off; j < off + n; j++) {
    const x = key[j];
    let xi = x | 0;
    if (xi !== x) {
      const u = x - RANDOM_BASE;
      if (!(u > 0 && u < 1)) return -1;
      xi = (u * RANDOM_STEPS - INT_KEY_LIMIT) | 0;
    } else if (xi > INT_KEY_LIMIT || xi <= RANDOM_BASE) return -1;
    ikey[j] = xi;
    const better = (mk - xi) >> 31; // as in pickNextInt
    m ^= (m ^ j) & better;
    mk ^= (mk ^ xi) & better;
  }
  return m - off;
}

/**
 * pickNext for a row of integer keys without ties (useTie false), on their Int32 copy: the same child.
 * Without a branch per key: whether a key beats the best so far is a coin toss the processor mispredicts,
 * so the sign of mk − x (−1 when x > mk) selects the new best by masks. The kernel's pick()
 * (../../models/prefix-value-search.ts) is this loop on its module-level row, written out there on purpose.
 */
export function pickNextInt(key: Int32Array, off: number, n: number): number {
  const m = firstIntKey(key, off, n);
  key[off + m] = INT_TAKEN;
  return m;
}

/** The child pickNextInt takes first from key[off..off+n), relative to off, without taking it. */
export function firstIntKey(key: Int32Array, off: number, n: number): number {
  let m = off;
  let mk = key[off];
  for (let j = off + 1; j < off + n; j++) {
    const x = key[j];
    const better = (mk - x) >> 31;
    m ^= (m ^ j) & better;
    mk ^= (mk ^ x) & better;
  }
  return m - off;
}

/** The complete order as a permutation (for tests, viewers and exports; searches use pickNext). */
export function fullOrder(o: MoveOrdering, info: ChildInfo, alpha: number, beta: number): number[] {
  const n = info.n;
  const key = new Float64Array(n);
  const tie = new Float64Array(n);
  o.keys(info, alpha, beta, key, tie, 0);
  // (fullOrder always goes through keys(): keyIsValue is only a shortcut for searches)
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(pickNext(key, tie, o.usesTie, 0, n));
  return out;
}
