/**
 * R_AB, range-based alpha-beta (Li 1989, Ch. 5 §5.1): P_AB with every probability function replaced
 * by its range [l, u] and P_NEG, P_MAX, P_MIN by
 *   R_NEG([l, u]) = [−u, −l],  R_MAX = [max l_j, max u_j],  R_MIN = [min l_j, min u_j].
 * A terminal node returns R_MIN(R_MAX(R_g, [α, α]), [β, β]); an interior node starts from [α, α],
 * folds in R_NEG(R_AB(g_j, −β, −α)), sets α := its lower bound and returns when α = β. The range
 * back-up it computes is u = max_j(−l_j), l = max_j(−u_j).
 *
 * Because every P_AB operation maps bounds to bounds exactly as these range operations do, R_AB
 * returns the bounds of P_AB's result and visits the same terminal nodes (the thesis's remark in §6,
 * "P_AB reduces to R_AB"); the tests check both. The informed statements 3.1-3.4 apply as in ./p-ab.ts.
 */
import { VPWindowSearch, type VPTree } from './vp-tree.ts';

export interface RabOptions {
  informed?: boolean;
}

export interface RabResult {
  lower: number;
  upper: number;
  leaves: number;
  visited: number;
}

export class RangeAlphaBeta extends VPWindowSearch {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly informed: boolean;

  constructor(tree: VPTree, opts: RabOptions = {}) {
    super(tree);
    this.lo = new Int32Array(tree.maxPly + 1);
    this.hi = new Int32Array(tree.maxPly + 1);
    this.informed = opts.informed === true;
  }

  run(alpha = -this.tree.i, beta = this.tree.i): RabResult {
    this.searchRoot(alpha, beta);
    return { lower: this.lo[0], upper: this.hi[0], leaves: this.leaves, visited: this.visited };
  }

  protected node(ply: number, alpha: number, beta: number): void {
    const t = this.tree;
    this.visited++;
    const n = t.expand();
    if (n === 0) {
      this.leaves++;
      const l = t.lowerBound();
      const u = t.upperBound();
      this.lo[ply] = l < alpha ? alpha : Math.min(l, beta);
      this.hi[ply] = u < alpha ? alpha : Math.min(u, beta);
      return;
    }
    if (this.informed) {
      const a = Math.max(alpha, t.lowerBound());
      const b = Math.min(beta, t.upperBound());
      if (a >= b) {
        const v = b < alpha ? alpha : Math.min(b, beta);
        this.lo[ply] = v;
        this.hi[ply] = v;
        return;
      }
      alpha = a;
      beta = b;
    }
    let l0 = alpha;
    let u0 = alpha;
    for (let j = 0; j < n; j++) {
      t.descend(j);
      this.node(ply + 1, -beta, -alpha);
      t.ascend();
      const l1 = -this.hi[ply + 1];
      const u1 = -this.lo[ply + 1];
      if (l1 > l0) l0 = l1;
      if (u1 > u0) u0 = u1;
      alpha = l0;
      if (alpha >= beta) break;
    }
    this.lo[ply] = l0;
    this.hi[ply] = u0;
  }
}

export function rAB(tree: VPTree, opts: RabOptions = {}, alpha = -tree.i, beta = tree.i): RabResult {
  return new RangeAlphaBeta(tree, opts).run(alpha, beta);
}
