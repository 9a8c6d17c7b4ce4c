/**
 * The `seen` denominator: the minimum minimax proof tree size (Furtak & Buro 2009, Sec. 2 and 5.2,
 * Figure 2 `MPT_size`) of the depth-d truncation *as a search sees it*: its leaves at ply d carry
 * `game.evaluate()`, the horizon evaluation (with horizon 'estimate' the noisy f̂(v) = f(v) + e of
 * Sec. 7–8; terminal nodes exact). A depth-d search proves the value of exactly that tree, so every
 * search visits at least this many nodes (root and leaves included).
 *
 * Interior values of that tree are not known on the fly, and the Fig. 4 trees are far too large to
 * materialise, so the branch-and-bound of ./mpt-branch-and-bound.ts runs with bounds instead of values:
 * f(v) ∈ [exactValue(v) − E, exactValue(v) + E] above the horizon (E = `errorBound`, the largest
 * |evaluate() − exactValue()| at the horizon: the negamax of values each within E of the exact ones is
 * within E of the exact value; unbounded where exactValue() is NaN), exact at the horizon. What Figure 2
 * needs beyond the bounds, it asks here as null-window tests f(w) ≤ a: recursive and/or tests on the
 * truncation (f(v) ≤ a iff every child has f(x) ≥ −a; f(v) ≥ b iff some child has f(w) ≤ −b) that
 * stop at the first deciding child and skip every child its bounds already decide. f(root) comes from
 * one alpha-beta search of the truncation, or from the searches that already ran on it (`rootValues`:
 * a run's iterative-deepening passes; ~5 % of a Figure 4 tree's work). With E = 0 the bounds are the values: the result and the
 * work are those of the `true` branch-and-bound.
 *
 * Hot loops allocate nothing: per-ply typed-array rows (bounds, order keys) and the game's make/unmake.
 * Where the game's class has a kernel (./mpt-kernels.ts; prefix value trees) `size` and `sizesByDepth`
 * run there, node for node the same; the tests below are then the kernel's.
 */
import { leafValue, type Game } from '../game/game.ts';
import { alphaBeta } from '../search/alpha-beta.ts';
import { MptBranchAndBound, type TruncationValues } from './mpt-branch-and-bound.ts';

export interface MptSeenOptions {
  /** fewest children of any node above the horizon (as MptBranchAndBound); default 0 */
  minBranching?: number;
  /**
   * E ≥ |evaluate() − exactValue()| at every non-terminal horizon node where exactValue() is known
   * (`prefixValueErrorBound`); default Infinity (always true: every value decided by tests). With
   * non-integer values leave a margin: the bounds x ± E are rounded.
   */
  errorBound?: number;
  /** 1: the proof's size (default); 0: its interior nodes (see MptBranchAndBoundOptions) */
  leafCost?: 0 | 1;
  /**
   * f(root) of the depth-d truncation by d, where a search of this game already found it (the passes of
   * iterative deepening on it, ../experiments/run-tree.ts): taken instead of searching the truncation
   * again. A depth missing from the map is searched.
   */
  rootValues?: ReadonlyMap<number, number>;
  /** false: the generic code even where the game's class has a kernel (MptBranchAndBoundOptions.kernel) */
  kernel?: boolean;
}

/** The tests on the truncation (TruncationValues of the branch-and-bound). */
export class SeenValues implements TruncationValues {
  /** root values searched for (not given by `rootValues`) */
  rootSearches = 0;
  private readonly m: number;
  private readonly lo: Float64Array;
  private readonly hi: Float64Array;
  private readonly key: Float64Array; // sorted keys of the children read so far (ascending: likely value)
  private readonly order: Int32Array; // the children in that order

  constructor(
    private readonly g: Game,
    readonly errorBound: number,
    private readonly known: ReadonlyMap<number, number> | null = null,
  ) {
    if (!(errorBound >= 0)) throw new RangeError(`errorBound = ${errorBound} is not allowed: it must be ≥ 0`);
    this.m = g.maxChildren;
    const cells = (g.maxPly + 1) * this.m;
    this.lo = new Float64Array(cells);
    this.hi = new Float64Array(cells);
    this.key = new Float64Array(cells);
    this.order = new Int32Array(cells);
  }

  atMost(r: number, a: number): boolean {
    return this.le(r, a);
  }

  rootValue(r: number): number {
    const known = this.known?.get(r);
    if (known !== undefined) return known + 0;
    this.rootSearches++;
    // Natural order: the value does not depend on it, and estimates may be anything (±∞ with softmax C → 0).
    const v = alphaBeta(this.g, r).value;
    this.g.reset();
    return v + 0;
  }

  /** f(cursor's node) ≤ a in the truncation with r plies remaining. */
  private le(r: number, a: number): boolean {
    const g = this.g;
    const n = r === 0 ? 0 : g.expand();
    if (n === 0) return g.evaluate() <= a;
    const na = -a;
    if (r === 1) {
      for (let i = 0; i < n; i++) if (leafValue(this.g, i) < na) return false;
      return true;
    }
    // A child known below −a refutes; children known ≥ −a need nothing.
    const row = g.ply * this.m;
    if (this.readBounds(n, row, na, true)) return false;
    for (let j = row; j < row + n; j++) {
      const k = this.order[j];
      if (this.lo[row + k] >= na) continue;
      g.descend(k);
      const ok = this.ge(r - 1, na);
      g.ascend();
      if (!ok) return false;
    }
    return true;
  }

  /** f(cursor's node) ≥ b in the truncation with r plies remaining. */
  private ge(r: number, b: number): boolean {
    const g = this.g;
    const n = r === 0 ? 0 : g.expand();
    if (n === 0) return g.evaluate() >= b;
    const nb = -b;
    if (r === 1) {
      for (let i = 0; i < n; i++) if (leafValue(this.g, i) <= nb) return true;
      return false;
    }
    // A child known ≤ −b proves it; children known above −b cannot.
    const row = g.ply * this.m;
    if (this.readBounds(n, row, nb, false)) return true;
    for (let j = row; j < row + n; j++) {
      const k = this.order[j];
      if (this.lo[row + k] > nb) continue;
      g.descend(k);
      const ok = this.le(r - 1, nb);
      g.ascend();
      if (ok) return true;
    }
    return false;
  }

  /**
   * Bounds of the children (remaining r − 1 ≥ 1) into this ply's rows, and the children in the order the
   * tests try them: ascending key, lowest index on ties (an insertion sort as they are read: a test that
   * tries every child would otherwise scan the row once per child). True as soon as one child decides the
   * test: hi < t (for le, `below`) or hi ≤ t (for ge).
   */
  private readBounds(n: number, row: number, t: number, below: boolean): boolean {
    const g = this.g,
      e = this.errorBound,
      key = this.key,
      order = this.order;
    for (let i = 0; i < n; i++) {
      g.descend(i);
      const x = g.exactValue();
      g.ascend();
      const known = x === x;
      const lo = known ? x - e : -Infinity,
        hi = known ? x + e : Infinity;
      if (below ? hi < t : hi <= t) return true;
      this.lo[row + i] = lo;
      this.hi[row + i] = hi;
      let k = known ? x : -g.childEstimate(i);
      if (k !== k) k = 0; // a NaN estimate orders as 0
      let j = row + i;
      for (; j > row && key[j - 1] > k; j--) {
        key[j] = key[j - 1];
        order[j] = order[j - 1];
      }
      key[j] = k;
      order[j] = i;
    }
    return false;
  }
}

/** The `seen` minimum proof tree sizes: MptBranchAndBound over the truncation's values (`size`, `sizesByDepth`). */
export class MptSeen extends MptBranchAndBound {
  readonly values: SeenValues;

  constructor(game: Game, options: MptSeenOptions = {}) {
    const values = new SeenValues(game, options.errorBound ?? Infinity, options.rootValues ?? null);
    super(game, { minBranching: options.minBranching, values, leafCost: options.leafCost, kernel: options.kernel });
    this.values = values;
  }
}

/** One-shot form: the `seen` minimum proof tree size of `game` truncated at `depth`. */
export function mptSeenSize(game: Game, depth: number, options: MptSeenOptions = {}): number {
  return new MptSeen(game, options).size(depth);
}
