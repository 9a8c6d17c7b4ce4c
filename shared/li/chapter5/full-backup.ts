/**
 * Full back-up without pruning (Li 1989, Ch. 5 §2-3): the probability function of every node by
 * P_g = P_MAX(P_NEG(P_{g_1}), …, P_NEG(P_{g_n})) over the whole tree, the quantity Theorem 5.1 says
 * P_AB(g, −i, i) returns; the range back-up of §5.1; and the number of terminal nodes (Table 5.1).
 */
import { VPPool, type VPPairs } from './vp-list.ts';
import type { VPTree } from './vp-tree.ts';
import { sumOverLeaves } from '../../game/leaf-sum.ts';

export interface BackupResult {
  pairs: VPPairs;
  lower: number;
  upper: number;
  /** every terminal node of the tree */
  leaves: number;
}

export function fullBackup(tree: VPTree): BackupResult {
  const pool = new VPPool(tree.i, 2 * (tree.maxPly + 1));
  let leaves = 0;
  const node = (ply: number): void => {
    const T = 2 * ply;
    const S = T + 1;
    const n = tree.expand();
    if (n === 0) {
      leaves++;
      tree.leafDistribution(pool, T);
      return;
    }
    for (let j = 0; j < n; j++) {
      tree.descend(j);
      node(ply + 1);
      tree.ascend();
      if (j === 0) pool.neg(T, T + 2);
      else {
        pool.neg(S, T + 2);
        pool.max(T, T, S);
      }
    }
  };
  tree.reset();
  node(0);
  return { pairs: pool.toPairs(0), lower: pool.lo[0], upper: pool.hi[0], leaves };
}

/** The range back-up of §5.1 from the terminal nodes' bounds: l = max_j(−u_j), u = max_j(−l_j). */
export function rangeBackup(tree: VPTree): { lower: number; upper: number; leaves: number } {
  let leaves = 0;
  const node = (): [number, number] => {
    const n = tree.expand();
    if (n === 0) {
      leaves++;
      return [tree.lowerBound(), tree.upperBound()];
    }
    let l = -Infinity;
    let u = -Infinity;
    for (let j = 0; j < n; j++) {
      tree.descend(j);
      const [cl, cu] = node();
      tree.ascend();
      l = Math.max(l, -cu);
      u = Math.max(u, -cl);
    }
    return [l + 0, u + 0]; // + 0: no −0 in results
  };
  tree.reset();
  const [lower, upper] = node();
  return { lower, upper, leaves };
}

/** Number of terminal nodes (Table 5.1's count). */
export function countTerminals(tree: VPTree): number {
  return sumOverLeaves(tree, () => 1);
}
