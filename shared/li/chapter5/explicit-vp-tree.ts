/**
 * An explicit search tree for Ch. 5 (Li 1989): nested arrays whose terminal nodes are VP-lists (§2,
 * (5.1)), in negamax form. Interior bounds are the range back-up of §5.1 (l = max_j(−u_j),
 * u = max_j(−l_j)), i.e. the exact bounds of the node's probability function. For tests, examples
 * and small hand-built cases; the experiments use the implicit ./dn-random-tree.ts.
 */
import { checkPairs, type VPPairs, type VPPool } from './vp-list.ts';
import type { VPTree } from './vp-tree.ts';

/** A terminal node (its VP-list) or an interior node (its successors, in move order). */
export type VPNode = { leaf: VPPairs } | { children: VPNode[] };

export class ExplicitVPTree implements VPTree {
  readonly maxPly: number;
  ply = 0;
  private readonly path: VPNode[];
  private readonly bounds = new Map<VPNode, [number, number]>();

  constructor(
    readonly root: VPNode,
    readonly i: number,
  ) {
    const walk = (g: VPNode, depth: number): [number, number, number] => {
      if ('leaf' in g) {
        checkPairs(g.leaf, i);
        const b: [number, number] = [g.leaf[0][0], g.leaf[g.leaf.length - 1][0]];
        this.bounds.set(g, b);
        return [...b, depth];
      }
      if (g.children.length === 0)
        throw new RangeError('an interior node is not allowed without successors: give it a leaf VP-list');
      let l = -Infinity;
      let u = -Infinity;
      let h = depth;
      for (const c of g.children) {
        const [cl, cu, ch] = walk(c, depth + 1);
        l = Math.max(l, -cu);
        u = Math.max(u, -cl);
        h = Math.max(h, ch);
      }
      this.bounds.set(g, [l, u]);
      return [l, u, h];
    };
    this.maxPly = walk(root, 0)[2];
    this.path = [root];
  }

  reset(): void {
    this.ply = 0;
    this.path.length = 1;
  }

  expand(): number {
    const g = this.path[this.ply];
    return 'leaf' in g ? 0 : g.children.length;
  }

  descend(j: number): void {
    const g = this.path[this.ply] as { children: VPNode[] };
    this.path[++this.ply] = g.children[j];
  }

  ascend(): void {
    this.ply--;
    this.path.length = this.ply + 1;
  }

  lowerBound(): number {
    return this.bounds.get(this.path[this.ply])![0];
  }

  upperBound(): number {
    return this.bounds.get(this.path[this.ply])![1];
  }

  leafDistribution(pool: VPPool, s: number): void {
    pool.fromPairs(s, (this.path[this.ply] as { leaf: VPPairs }).leaf);
  }
}
