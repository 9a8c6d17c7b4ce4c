/**
 * Explicit game trees and DAGs held in typed arrays (compressed sparse rows), the in-memory form of a
 * `gtlab-graph` file. Negamax view throughout (Furtak & Buro 2009, Sec. 2): value[v] is from the view
 * of the player to move at v, and players alternate along every edge (player[v] = 0 for the player to
 * move at the root), so f(v) = max over children w of −f(w).
 */
import { FieldError } from '../util/field-error.ts';

export interface GraphMeta {
  model: string;
  params: Record<string, unknown>;
  seed: number | null;
  generator: string;
  [key: string]: unknown;
}

export interface Graph {
  kind: 'tree' | 'dag';
  root: number;
  nodeCount: number;
  /** player to move at each node: 0 = the player to move at the root */
  player: Uint8Array;
  /** negamax value (view of the player to move); required at leaves, NaN where unknown inside */
  value: Float64Array;
  /** CSR adjacency: children of v are children[childOffsets[v] .. childOffsets[v+1]), in move order */
  childOffsets: Int32Array;
  children: Int32Array;
  /** heuristic estimate of each node's value in its own view, NaN where none */
  estimate: Float64Array | null;
  meta: GraphMeta;
}

/** Error raised for a structurally invalid graph: names the field and the node. */
export class GraphError extends FieldError {
  override name = 'GraphError';
}

/**
 * Check structure: CSR bounds, a single in-degree-0 root, no cycles, alternating players, values at
 * every leaf, `kind: 'tree'` really a tree. Returns a topological order (parents before children).
 */
export function checkGraph(g: Graph): Int32Array {
  const n = g.nodeCount;
  if (!Number.isInteger(n) || n < 1)
    throw new GraphError('nodeCount', `${n} is not allowed: it must be an integer ≥ 1`);
  if (g.player.length !== n) throw new GraphError('player', `has ${g.player.length} entries, nodeCount is ${n}`);
  if (g.value.length !== n) throw new GraphError('value', `has ${g.value.length} entries, nodeCount is ${n}`);
  if (g.estimate && g.estimate.length !== n)
    throw new GraphError('estimate', `has ${g.estimate.length} entries, nodeCount is ${n}`);
  if (g.childOffsets.length !== n + 1)
    throw new GraphError('childOffsets', `has ${g.childOffsets.length} entries, it must have nodeCount + 1 = ${n + 1}`);
  if (g.childOffsets[0] !== 0)
    throw new GraphError('childOffsets', `childOffsets[0] = ${g.childOffsets[0]}, it must be 0`);
  for (let v = 0; v < n; v++) {
    if (g.childOffsets[v + 1] < g.childOffsets[v]) throw new GraphError('childOffsets', `decreases at node ${v}`);
  }
  if (g.childOffsets[n] !== g.children.length) {
    throw new GraphError(
      'childOffsets',
      `childOffsets[${n}] = ${g.childOffsets[n]} but children has ${g.children.length} entries`,
    );
  }
  if (!Number.isInteger(g.root) || g.root < 0 || g.root >= n)
    throw new GraphError('root', `${g.root} is not a node id in [0..${n - 1}]`);
  const indeg = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const p = g.player[v];
    if (p !== 0 && p !== 1) throw new GraphError('player', `node ${v} has player ${p}; allowed: 0 or 1`);
    for (let k = g.childOffsets[v]; k < g.childOffsets[v + 1]; k++) {
      const w = g.children[k];
      if (!Number.isInteger(w) || w < 0 || w >= n)
        throw new GraphError('children', `node ${v} has child ${w}, not a node id in [0..${n - 1}]`);
      if (w === v) throw new GraphError('children', `node ${v} is its own child`);
      if (g.player[w] === p)
        throw new GraphError(
          'player',
          `node ${v} and its child ${w} have the same player to move; players must alternate`,
        );
      indeg[w]++;
    }
    if (g.childOffsets[v + 1] === g.childOffsets[v] && !Number.isFinite(g.value[v])) {
      throw new GraphError('value', `leaf ${v} has no value; every leaf needs an integer value`);
    }
  }
  if (g.player[g.root] !== 0)
    throw new GraphError('player', `root ${g.root} has player ${g.player[g.root]}; the root's player must be 0`);
  if (indeg[g.root] !== 0) throw new GraphError('root', `root ${g.root} has a parent`);
  for (let v = 0; v < n; v++) {
    if (v !== g.root && indeg[v] === 0)
      throw new GraphError('children', `node ${v} has no parent: only the root may have in-degree 0`);
    if (g.kind === 'tree' && indeg[v] > 1)
      throw new GraphError('kind', `node ${v} has ${indeg[v]} parents, so the graph is not a tree; use kind "dag"`);
  }
  // Kahn's algorithm: a topological order, or a cycle.
  const order = new Int32Array(n);
  let head = 0,
    tail = 0;
  order[tail++] = g.root;
  while (head < tail) {
    const v = order[head++];
    for (let k = g.childOffsets[v]; k < g.childOffsets[v + 1]; k++) {
      const w = g.children[k];
      if (--indeg[w] === 0) order[tail++] = w;
    }
  }
  if (tail !== n) throw new GraphError('children', `the graph has a cycle (${n - tail} nodes on or behind it)`);
  return order;
}

/**
 * Negamax values of every node, bottom-up. Values given for interior nodes must agree with the
 * leaves; a disagreement is an error naming the node.
 */
export function solveGraph(g: Graph, order: Int32Array = checkGraph(g)): Float64Array {
  const f = new Float64Array(g.nodeCount);
  for (let k = g.nodeCount - 1; k >= 0; k--) {
    const v = order[k];
    const a = g.childOffsets[v],
      b = g.childOffsets[v + 1];
    if (a === b) {
      f[v] = g.value[v];
      continue;
    }
    let best = -Infinity;
    for (let j = a; j < b; j++) {
      const x = -f[g.children[j]];
      if (x > best) best = x;
    }
    f[v] = best + 0; // + 0: no −0
    const given = g.value[v];
    if (!Number.isNaN(given) && given !== best) {
      throw new GraphError('value', `node ${v} is given value ${given} but its children give ${best}`);
    }
  }
  return f;
}

/** Height of every node (longest path to a leaf); the graph's height is height[root]. */
export function heights(g: Graph, order: Int32Array): Int32Array {
  const h = new Int32Array(g.nodeCount);
  for (let k = g.nodeCount - 1; k >= 0; k--) {
    const v = order[k];
    let m = -1;
    for (let j = g.childOffsets[v]; j < g.childOffsets[v + 1]; j++) if (h[g.children[j]] > m) m = h[g.children[j]];
    h[v] = m + 1;
  }
  return h;
}

/** CSR arrays from per-node child lists (node ids are the list indices, children in move order). */
export function csrFromLists(kids: readonly (readonly number[])[]): { childOffsets: Int32Array; children: Int32Array } {
  const n = kids.length;
  const childOffsets = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) childOffsets[v + 1] = childOffsets[v] + kids[v].length;
  const children = new Int32Array(childOffsets[n]);
  for (let v = 0; v < n; v++) children.set(kids[v], childOffsets[v]);
  return { childOffsets, children };
}
