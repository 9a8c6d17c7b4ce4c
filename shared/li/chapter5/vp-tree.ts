/**
 * The search-tree view P_AB and R_AB (Li 1989, Ch. 5 §3, §5) are written against: a make/unmake
 * cursor in negamax form (Ch. 1 §2, used throughout Ch. 5) whose terminal nodes carry a probability
 * function P_g and whose every node carries bounds [L_bound(g), U_bound(g)] on its merit value, in
 * the view of the player to move there. The bounds of a terminal node are lower_bound(P_g) and
 * upper_bound(P_g); those of an interior node are the heuristic information of §5.2 (the informed
 * variant uses them; P_AB and R_AB do not).
 */
import type { VPPool } from './vp-list.ts';

export interface VPTree {
  /** the domain bound: every value lies in [−i, i] */
  readonly i: number;
  /** the largest ply a node can have (per-ply buffers are sized for it) */
  readonly maxPly: number;
  readonly ply: number;
  reset(): void;
  /** number of successors of the current node, 0 for a terminal node */
  expand(): number;
  descend(j: number): void;
  ascend(): void;
  lowerBound(): number;
  upperBound(): number;
  /** write the current terminal node's P_g into slot s of pool (pool.i = i) */
  leafDistribution(pool: VPPool, s: number): void;
}

/** P_AB's and R_AB's window check: integers with −i ≤ α < β ≤ i. */
function checkWindow(tree: VPTree, alpha: number, beta: number): void {
  const i = tree.i;
  for (const [name, v] of [
    ['alpha', alpha],
    ['beta', beta],
  ] as const) {
    if (!Number.isInteger(v) || v < -i || v > i)
      throw new RangeError(`${name} = ${v} is not allowed: it must be an integer in [${-i}..${i}]`);
  }
  if (alpha >= beta) throw new RangeError(`window [${alpha}, ${beta}] is not allowed: alpha must be < beta`);
}

/**
 * What P_AB and R_AB share: the counters and the run from the root with a checked window; `node`
 * searches the current node and leaves its result where the subclass reads it.
 */
export abstract class VPWindowSearch {
  /** terminal nodes visited */
  leaves = 0;
  /** calls of the search, root and terminals included */
  visited = 0;

  constructor(readonly tree: VPTree) {}

  /** Check the window (−i ≤ α < β ≤ i), reset the counters and the cursor, and search the root. */
  protected searchRoot(alpha: number, beta: number): void {
    checkWindow(this.tree, alpha, beta);
    this.leaves = 0;
    this.visited = 0;
    this.tree.reset();
    this.node(0, alpha, beta);
  }

  protected abstract node(ply: number, alpha: number, beta: number): void;
}
