/**
 * Test helpers for the proof modules: random small trees and DAGs built directly as `Graph`s, the
 * literal definitions of Sec. 2.1 (target proofs) and Sec. 2.2 (μ, over child permutations) to check
 * the linear validators against, subset enumeration, DAG unfolding, uniform trees, and a Game wrapper
 * that records which nodes a search visits.
 */
import fc from 'fast-check';
import type { Game } from '../../shared/game/game.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { checkGraph, solveGraph, type Graph, type GraphMeta } from '../../shared/game/graph.ts';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';

export const META: GraphMeta = { model: 'test', params: {}, seed: null, generator: 'test/proof' };

/** Graph from per-node child lists (node ids are the list indices), player by depth from `root`. */
export function graphFromLists(kids: number[][], values: number[], kind: 'tree' | 'dag' = 'tree', root = 0): Graph {
  const n = kids.length;
  const childOffsets = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) childOffsets[v + 1] = childOffsets[v] + kids[v].length;
  const children = new Int32Array(childOffsets[n]);
  for (let v = 0; v < n; v++) children.set(kids[v], childOffsets[v]);
  // Players alternate along every edge: BFS parity from the root.
  const player = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const queue = [root];
  seen[root] = 1;
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of kids[v]) if (!seen[w]) { seen[w] = 1; player[w] = player[v] ^ 1; queue.push(w); }
  }
  const value = new Float64Array(n).fill(NaN);
  for (let v = 0; v < n; v++) if (kids[v].length === 0) value[v] = values[v % values.length];
  return { kind, root, nodeCount: n, player, value, childOffsets, children, estimate: null, meta: META };
}

/**
 * A tree built breadth-first from a branching stream (each node takes the next entry, 0 = leaf) and a
 * leaf value stream, within a node and depth cap. fast-check shrinks both streams.
 */
export function treeFromSpec(branching: number[], values: number[], maxNodes: number, maxDepth: number): Graph {
  const kids: number[][] = [[]];
  const depth = [0];
  let next = 0;
  for (let v = 0; v < kids.length; v++) {
    let b = depth[v] < maxDepth ? branching[next++] ?? 0 : 0;
    if (b > maxNodes - kids.length) b = maxNodes - kids.length;
    for (let i = 0; i < b; i++) {
      kids[v].push(kids.length);
      kids.push([]);
      depth.push(depth[v] + 1);
    }
  }
  return graphFromLists(kids, values.length > 0 ? values : [0]);
}

export interface TreeArbOptions { maxNodes: number; maxDepth?: number; maxBranching?: number; valueRange?: number }

/** Random tree: branching 0..maxBranching (root ≥ 1), depth ≤ maxDepth, integer leaves in ±valueRange. */
export function arbTree(o: TreeArbOptions): fc.Arbitrary<Graph> {
  const bmax = o.maxBranching ?? 4;
  const vr = o.valueRange ?? 2;
  return fc
    .tuple(
      fc.integer({ min: 1, max: bmax }),
      fc.array(fc.integer({ min: 0, max: bmax }), { maxLength: o.maxNodes }),
      fc.array(fc.integer({ min: -vr, max: vr }), { minLength: 1, maxLength: o.maxNodes }),
    )
    .map(([b0, bs, vs]) => treeFromSpec([b0, ...bs], vs, o.maxNodes, o.maxDepth ?? 5));
}

/**
 * Random layered DAG: layer sizes, a child mask per node over the next layer (0 = a leaf, except that a
 * node of the next layer without a parent is attached to the layer's first node), leaf values.
 */
export function arbDag(maxLayers: number, maxWidth: number, valueRange = 2): fc.Arbitrary<Graph> {
  return fc
    .tuple(
      fc.array(fc.integer({ min: 1, max: maxWidth }), { minLength: 1, maxLength: maxLayers }),
      fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 40 }),
      fc.array(fc.integer({ min: -valueRange, max: valueRange }), { minLength: 1, maxLength: 40 }),
    )
    .map(([sizes, masks, vals]) => {
      const layers: number[][] = [[0]];
      let n = 1;
      for (const s of sizes) {
        const layer: number[] = [];
        for (let i = 0; i < s; i++) layer.push(n++);
        layers.push(layer);
      }
      const kids: number[][] = Array.from({ length: n }, () => []);
      let m = 0;
      for (let k = 0; k + 1 < layers.length; k++) {
        const below = layers[k + 1];
        for (const v of layers[k]) {
          const mask = masks[m++ % masks.length] % (1 << below.length);
          for (let i = 0; i < below.length; i++) if (mask & (1 << i)) kids[v].push(below[i]);
        }
        for (const w of below) {
          if (!layers[k].some((v) => kids[v].includes(w))) kids[layers[k][0]].push(w);
        }
      }
      const values: number[] = [];
      for (let v = 0; v < n; v++) values.push(vals[v % vals.length]);
      return graphFromLists(kids, values, 'dag');
    });
}

export function childrenOf(g: Graph, v: number): number[] {
  return Array.from(g.children.subarray(g.childOffsets[v], g.childOffsets[v + 1]));
}

/** Solved values with −0 (from negating 0) normalised to 0, as the proof modules report them. */
export function solve(g: Graph): Float64Array {
  return solveGraph(g, checkGraph(g)).map((x) => x + 0);
}

/** Node list of the subset `mask` of 0..n-1. */
export function subsetNodes(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < n; v++) if (mask & (1 << v)) out.push(v);
  return out;
}

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs.slice()];
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i++) {
    const rest = xs.slice(0, i).concat(xs.slice(i + 1));
    for (const p of permutations(rest)) out.push([xs[i], ...p]);
  }
  return out;
}

/**
 * Sec. 2.2 literally: H valid iff v0 ∈ H and μ_(−∞,∞)(v0), with μ over all child permutations σ,
 * σ_j searched with (−β, −α_{j−1}), α_0 = α, α_j = max(α_{j−1}, f_v(σ_j)), and σ_j skipped iff some
 * α_k (k < j) ≥ β.
 */
export function muValidDirect(g: Graph, f: Float64Array, inH: ArrayLike<number>): boolean {
  if (!inH[g.root]) return false;
  const memo = new Map<string, boolean>();
  const perms = new Map<number, number[][]>();
  const mu = (v: number, alpha: number, beta: number): boolean => {
    const key = `${v},${alpha},${beta}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const kids = childrenOf(g, v);
    let res: boolean;
    if (inH[v] && kids.length === 0) {
      res = true; // (i)
    } else {
      let ps = perms.get(v);
      if (!ps) perms.set(v, (ps = permutations(kids)));
      res = ps.some((sigma) => {
        const alphas = [alpha];
        for (let j = 1; j <= sigma.length; j++) {
          const w = sigma[j - 1];
          if (alphas.some((a) => beta <= a)) { alphas.push(alphas[j - 1]); continue; } // (b)
          if (!(inH[w] && mu(w, -beta, -alphas[j - 1]))) return false; // (a) fails
          alphas.push(Math.max(alphas[j - 1], -f[w]));
        }
        return true;
      });
    }
    memo.set(key, res);
    return res;
  };
  return mu(g.root, -Infinity, Infinity);
}

/** Sec. 2.1 literally: the three structural conditions and f^(H)(v0) ≥ t. */
export function targetValidDirect(g: Graph, f: Float64Array, inH: ArrayLike<number>, t: number): boolean {
  if (!inH[g.root]) return false;
  for (let v = 0; v < g.nodeCount; v++) {
    if (!inH[v]) continue;
    const kids = childrenOf(g, v);
    if (g.player[v] === g.player[g.root] && kids.length > 0 && !kids.some((w) => inH[w])) return false;
    if (g.player[v] !== g.player[g.root] && !kids.every((w) => inH[w])) return false;
  }
  const fH = (v: number): number => {
    const kids = childrenOf(g, v);
    if (kids.length === 0) return f[v];
    return Math.max(...kids.filter((w) => inH[w]).map((w) => -fH(w)));
  };
  return fH(g.root) >= t;
}

/** The tree of all root paths of a DAG (node ids in pre-order). */
export function unfold(g: Graph): Graph {
  const kids: number[][] = [];
  const values: number[] = [];
  const visit = (v: number): number => {
    const id = kids.length;
    kids.push([]);
    values.push(g.value[v]);
    for (const w of childrenOf(g, v)) {
      const c = visit(w);
      kids[id].push(c);
    }
    return id;
  };
  visit(g.root);
  return graphFromLists(kids, values); // only leaf entries are read
}


/**
 * Uniform tree (branching b, depth d) in typed arrays, breadth-first ids; leaf k gets leafValue(k).
 * Estimates are the exact values, so estimate ordering is perfect ordering.
 */
export function uniformTree(b: number, d: number, leafValue: (k: number) => number): Graph {
  let n = 0;
  for (let k = 0, w = 1; k <= d; k++, w *= b) n += w;
  const firstLeaf = n - b ** d;
  const childOffsets = new Int32Array(n + 1);
  const children = new Int32Array(n - 1);
  const player = new Uint8Array(n);
  const value = new Float64Array(n).fill(NaN);
  let e = 0;
  for (let v = 0; v < n; v++) {
    childOffsets[v] = e;
    if (v < firstLeaf) for (let i = 0; i < b; i++) children[e++] = v * b + 1 + i;
    else value[v] = leafValue(v - firstLeaf);
  }
  childOffsets[n] = e;
  // depth of node v: parents come first in BFS order
  for (let v = 1; v < n; v++) player[v] = player[((v - 1) / b) | 0] ^ 1;
  const g: Graph = { kind: 'tree', root: 0, nodeCount: n, player, value, childOffsets, children, estimate: null, meta: META };
  g.estimate = solve(g);
  return g;
}

/** Forwards to an ExplicitGame and marks every node the search steps onto. */
export class RecordingGame extends ForwardingGame {
  readonly seen: Uint8Array;
  constructor(inner: ExplicitGame) {
    super(inner);
    this.seen = new Uint8Array(inner.graph.nodeCount);
  }
  override reset(): void { super.reset(); this.seen[this.inner.nodeId()] = 1; }
  override descend(i: number): void { super.descend(i); this.seen[this.inner.nodeId()] = 1; }
  visitedNodes(): number[] {
    const out: number[] = [];
    for (let v = 0; v < this.seen.length; v++) if (this.seen[v]) out.push(v);
    return out;
  }
}
