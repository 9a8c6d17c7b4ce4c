/**
 * P_AB, probability-based alpha-beta pruning (Li 1989, Ch. 5 §3, Algorithm 5.1), and its variants:
 *   - 'algorithm-5.1' (default): as printed. A terminal node returns its P_g clamped to the window,
 *     P_MIN(P_MAX(P_g, ⟨α,1⟩), ⟨β,1⟩); an interior node starts from TP0 = ⟨α,1⟩, folds in
 *     TP1 = P_NEG(P_AB(g_j, −β, −α)) with P_MAX, sets α := lower_bound(TP0) and returns when α = β.
 *     Lemma 5.1: P_AB(g, α, β) = clamp(P_g, α, β); Theorem 5.1: P_AB(g, −i, i) = P_g.
 *   - 'unclamped-leaves': the remark after Theorem 5.1, a terminal node returns P_g itself and
 *     statement 8 tests α ≥ β. Then only clamp(P_AB(g, α, β), α, β) = clamp(P_g, α, β), and the root
 *     call with [−i, i] still returns P_g.
 *   - informed (§5.2): statement 3 of an interior node becomes 3.1 α := max(α, L_bound(g)),
 *     3.2 β := min(β, U_bound(g)), 3.3 if α = β return ⟨β,1⟩, 3.4 TP0 := ⟨α,1⟩. How it is read:
 *     3.3 is taken as "α ≥ β", and what it returns is clamped to the caller's window: when the bounds
 *     lie wholly outside the window (L ≥ β or U ≤ α) the printed test α = β can miss and the search
 *     would continue with an inverted window; with the guard the result is clamp(P_g, α, β) as
 *     Lemma 5.1 requires (given bounds that are true bounds of Φ(g)).
 *
 * With the clamp, TP1 ≤ β, so lower_bound(TP0) never exceeds β and "α = β" and "α ≥ β" coincide.
 * Counting: `leaves` = terminal nodes evaluated (the thesis's "terminal nodes visited"), `visited` =
 * every call. One VP-list slot pair per ply: nothing is allocated per node.
 */
import { VPPool, type VPPairs } from './vp-list.ts';
import { VPWindowSearch, type VPTree } from './vp-tree.ts';

const PAB_VARIANTS = ['algorithm-5.1', 'unclamped-leaves'] as const;
type PabVariant = (typeof PAB_VARIANTS)[number];

export interface PabOptions {
  variant?: PabVariant;
  /** use the interior bounds, statements 3.1-3.4 (§5.2) */
  informed?: boolean;
}

export interface PabResult {
  /** the returned VP-list */
  pairs: VPPairs;
  lower: number;
  upper: number;
  /** terminal nodes visited */
  leaves: number;
  /** calls of P_AB, root and terminals included */
  visited: number;
}

export class ProbabilityAlphaBeta extends VPWindowSearch {
  readonly pool: VPPool;
  private readonly clampLeaves: boolean;
  private readonly informed: boolean;

  constructor(tree: VPTree, opts: PabOptions = {}) {
    super(tree);
    const variant = opts.variant ?? 'algorithm-5.1';
    if (!(PAB_VARIANTS as readonly string[]).includes(variant))
      throw new RangeError(`variant = ${String(variant)} is not allowed: use one of ${PAB_VARIANTS.join(', ')}`);
    this.clampLeaves = variant === 'algorithm-5.1';
    this.informed = opts.informed === true;
    // Slot 2·ply: TP0 of the node at that ply (and its result); 2·ply + 1: TP1 / the terminal's P_g.
    this.pool = new VPPool(tree.i, 2 * (tree.maxPly + 1));
  }

  /** P_AB(root, α, β) with −i ≤ α < β ≤ i; the result is slot 0 of `pool` (and in the return value). */
  run(alpha = -this.tree.i, beta = this.tree.i): PabResult {
    this.searchRoot(alpha, beta);
    return {
      pairs: this.pool.toPairs(0),
      lower: this.pool.lo[0],
      upper: this.pool.hi[0],
      leaves: this.leaves,
      visited: this.visited,
    };
  }

  /** Leaves the result of P_AB(current node, α, β) in slot 2·ply. */
  protected node(ply: number, alpha: number, beta: number): void {
    const t = this.tree;
    const pool = this.pool;
    const T = 2 * ply;
    const S = T + 1;
    this.visited++;
    const n = t.expand();
    if (n === 0) {
      this.leaves++;
      t.leafDistribution(pool, S);
      if (this.clampLeaves) pool.clamp(T, S, alpha, beta);
      else pool.copy(T, S);
      return;
    }
    if (this.informed) {
      const a = Math.max(alpha, t.lowerBound());
      const b = Math.min(beta, t.upperBound());
      if (a >= b) {
        pool.setPoint(T, b < alpha ? alpha : Math.min(b, beta));
        return;
      }
      alpha = a;
      beta = b;
    }
    pool.setPoint(T, alpha);
    for (let j = 0; j < n; j++) {
      t.descend(j);
      this.node(ply + 1, -beta, -alpha);
      t.ascend();
      pool.neg(S, T + 2);
      pool.max(T, T, S);
      alpha = pool.lo[T];
      if (alpha >= beta) return;
    }
  }
}

/** P_AB(root, α, β) of a tree (default window [−i, i]). */
export function pAB(tree: VPTree, opts: PabOptions = {}, alpha = -tree.i, beta = tree.i): PabResult {
  return new ProbabilityAlphaBeta(tree, opts).run(alpha, beta);
}
