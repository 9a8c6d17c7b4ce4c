/**
 * The minimal tree of a uniform tree (Knuth & Moore 1975; Furtak & Buro 2009, Sec. 5.2): with
 * branching b and depth d, any minimax proof must evaluate at least b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves, and
 * alpha-beta with perfect move ordering evaluates exactly that many.
 */
import type { Graph } from '../game/graph.ts';

export function knuthMooreLeaves(b: number, d: number): number {
  if (!Number.isInteger(b) || b < 1)
    throw new RangeError(`branching b = ${b} is not allowed: it must be an integer ≥ 1`);
  if (!Number.isInteger(d) || d < 0) throw new RangeError(`depth d = ${d} is not allowed: it must be an integer ≥ 0`);
  return b ** Math.ceil(d / 2) + b ** Math.floor(d / 2) - 1;
}

/** Number of leaves of G (out-degree 0) in a proof's node set. */
export function countProofLeaves(g: Graph, nodes: ArrayLike<number>): number {
  const off = g.childOffsets;
  let leaves = 0;
  for (let k = 0; k < nodes.length; k++) {
    const v = nodes[k];
    if (!Number.isInteger(v) || v < 0 || v >= g.nodeCount) {
      throw new RangeError(
        `node id ${v} at position ${k} is not allowed: ids must be integers in [0..${g.nodeCount - 1}]`,
      );
    }
    if (off[v + 1] === off[v]) leaves++;
  }
  return leaves;
}
