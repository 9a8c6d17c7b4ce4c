/**
 * Minimum target proof trees (Furtak & Buro 2009, Sec. 5.1): the smallest H proving that the root
 * player (player 0) achieves at least t (Sec. 2.1).
 *
 * Preprocessing of Sec. 5.1 in negamax form: a player-0 node can be part of such a proof iff
 * f(v) ≥ t, a player-1 node iff f(v) ≤ −t (its value is in the opponent's view); the others are pruned
 * (size +∞). Then bottom-up: a leaf costs 1, a player-0 node 1 + the cheapest child, a player-1 node
 * 1 + the sum over all its children. If f(root) < t there is no proof and the instance is refused.
 *
 * On a DAG this is the minimum target proof tree of the *unfolded* tree (`size` with multiplicity);
 * its distinct nodes are a valid target proof graph, an upper bound on the minimum one (NP-hard, Sec. 4).
 */
import { checkGraph, solveGraph, type Graph } from '../game/graph.ts';

export type MinimumTargetProofTree =
  | {
      proven: true;
      /** size of the minimum target proof tree (unfolded count on a DAG) */
      size: number;
      /** distinct nodes in `nodes` (= size on a tree) */
      distinct: number;
      /** the proof's node set in depth-first pre-order, root first */
      nodes: Int32Array;
    }
  | { proven: false; reason: string };

export function minimumTargetProofTree(g: Graph, t: number): MinimumTargetProofTree {
  if (typeof t !== 'number' || Number.isNaN(t))
    throw new RangeError(`target t = ${t} is not allowed: it must be a number`);
  const order = checkGraph(g);
  const f = solveGraph(g, order);
  const root = g.root;
  if (f[root] < t) {
    return {
      proven: false,
      reason: `f(root) = ${f[root]} < t = ${t}: the root player cannot achieve ${t}, so no target proof exists`,
    };
  }
  const n = g.nodeCount;
  const off = g.childOffsets;
  const ch = g.children;
  const size = new Float64Array(n);
  const choice = new Int32Array(n).fill(-1); // cheapest child (index into `children`) of a player-0 node
  for (let k = n - 1; k >= 0; k--) {
    const v = order[k];
    const p0 = g.player[v] === 0;
    if (p0 ? f[v] < t : f[v] > -t) {
      size[v] = Infinity; // pruned: v cannot help prove ≥ t
      continue;
    }
    const a0 = off[v],
      a1 = off[v + 1];
    if (a0 === a1) {
      size[v] = 1;
    } else if (p0) {
      let m = Infinity,
        arg = -1;
      for (let j = a0; j < a1; j++)
        if (size[ch[j]] < m) {
          m = size[ch[j]];
          arg = j;
        }
      size[v] = 1 + m;
      choice[v] = arg;
    } else {
      let s = 1;
      for (let j = a0; j < a1; j++) s += size[ch[j]];
      size[v] = s;
    }
  }
  // Reconstruct by depth-first pre-order; on a DAG a shared node is listed (and expanded) once.
  const inSet = new Uint8Array(n);
  const nodes = new Int32Array(n);
  let count = 0;
  const stack = new Int32Array(ch.length + 1);
  let sp = 0;
  stack[sp++] = root;
  while (sp > 0) {
    const v = stack[--sp];
    if (inSet[v] === 1) continue;
    inSet[v] = 1;
    nodes[count++] = v;
    const a0 = off[v],
      a1 = off[v + 1];
    if (a0 === a1) continue;
    if (g.player[v] === 0) stack[sp++] = ch[choice[v]];
    else for (let j = a1 - 1; j >= a0; j--) stack[sp++] = ch[j];
  }
  return { proven: true, size: size[root], distinct: count, nodes: nodes.slice(0, count) };
}
