/**
 * Test helpers for the proof modules (random graphs come from ../helpers/random-graph.ts): the
 * literal definitions of Sec. 2.1 (target proofs) and Sec. 2.2 (μ, over child permutations) to check
 * the linear validators against, subset enumeration, DAG unfolding, uniform trees, and a Game wrapper
 * that records which nodes a search visits, small prefix value tree parameters, explicit trees with a
 * search depth, and what the lower-bound tests compare every search with (the `seen` minimum proof
 * sizes, the searches a tree admits).
 */
import { checkGraph, solveGraph, type Graph } from '../../shared/game/graph.ts';
import fc from 'fast-check';
import { PrefixValueTree, type Noise, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { arbSmallTree, graphFromLists, META } from '../helpers/random-graph.ts';
import { prefixValueErrorBound } from '../../shared/models/descriptors/prefix-value.ts';
import { MptSeen } from '../../shared/proof/mpt-seen.ts';
import { algorithmDescriptor } from '../../shared/search/registry.ts';

function childrenOf(g: Graph, v: number): number[] {
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
          if (alphas.some((a) => beta <= a)) {
            alphas.push(alphas[j - 1]);
            continue;
          } // (b)
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
  const g: Graph = {
    kind: 'tree',
    root: 0,
    nodeCount: n,
    player,
    value,
    childOffsets,
    children,
    estimate: null,
    meta: META,
  };
  g.estimate = solve(g);
  return g;
}

/**
 * Small prefix value trees: height in [minDepth..maxDepth], branching bmin..bmax within 1..4, damage
 * 0..maxDamage, and either uniform estimate noise 0..maxNoise or a root value in ±rootRange.
 */
export function arbSmallPrefixValue(o: {
  minDepth: number;
  maxDepth: number;
  maxDamage: number;
  maxNoise?: number;
  rootRange?: number;
}): fc.Arbitrary<PrefixValueParams> {
  return fc
    .record({
      height: fc.integer({ min: o.minDepth, max: o.maxDepth }),
      bmin: fc.integer({ min: 1, max: 4 }),
      extra: fc.integer({ min: 0, max: 2 }),
      damage: fc.integer({ min: 0, max: o.maxDamage }),
      noise: fc.integer({ min: 0, max: o.maxNoise ?? 0 }),
      rootValue: fc.integer({ min: -(o.rootRange ?? 0), max: o.rootRange ?? 0 }),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
    })
    .map(({ extra, noise, rootValue, ...p }) => ({
      ...p,
      bmax: Math.min(4, p.bmin + extra),
      ...(o.maxNoise !== undefined ? { noise: { kind: 'uniform' as const, e: noise } } : {}),
      ...(o.rootRange !== undefined ? { rootValue } : {}),
    }));
}

const arbNoise: fc.Arbitrary<Noise | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: 0, max: 5 }).map((e): Noise => ({ kind: 'uniform', e })),
  fc.double({ min: 0, max: 3, noNaN: true }).map((c): Noise => ({ kind: 'gaussian', c })),
  fc.double({ min: 0, max: 3, noNaN: true }).map((c): Noise => ({ kind: 'softmax', c })),
);

/**
 * Noise whose estimates can be horizon values: softmax C = 0 or ≥ 0.05 (its estimates are ~1/C in size,
 * and a search's window endpoints ±INF must stay outside every value).
 */
const arbHorizonNoise: fc.Arbitrary<Noise | undefined> = fc.oneof(
  arbNoise.filter((n) => n?.kind !== 'softmax'),
  fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 3, noNaN: true })).map((c): Noise => ({ kind: 'softmax', c })),
);

/**
 * Random prefix value tree parameters, the depth lowered until the expected tree has at most `cap`
 * nodes (the Figure-2 oracle re-searches subtrees, so it must stay small). With `variants`, either
 * model (zeroDamage) and either horizon; otherwise the prefix value model with the default horizon.
 */
export function arbPrefixValueParams(maxDepth: number, cap: number, variants = false): fc.Arbitrary<PrefixValueParams> {
  return fc
    .record({
      // Mostly deep enough for the branch-and-bound (r ≥ 3) to matter; some trivial depths too.
      height: fc.oneof(
        { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 1 },
        { arbitrary: fc.integer({ min: 4, max: maxDepth }), weight: 4 },
      ),
      bmin: fc.integer({ min: 1, max: 6 }),
      bspan: fc.integer({ min: 0, max: 5 }),
      damage: fc.integer({ min: 0, max: 8 }),
      noise: variants ? arbHorizonNoise : arbNoise,
      ...(variants
        ? { zeroDamage: fc.boolean(), horizon: fc.constantFrom('exact' as const, 'estimate' as const) }
        : {}),
      rootValue: fc.integer({ min: -4, max: 4 }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      tree: fc.integer({ min: 0, max: 1000 }),
    })
    .map(({ bspan, ...r }) => {
      const p: PrefixValueParams = { ...r, bmax: r.bmin + bspan };
      while (p.height > 0 && PrefixValueTree.expectedSize(p) > cap) p.height--;
      return p;
    });
}

/**
 * The `seen` minimum proof tree sizes of p's tree at depths 0..height+1 with the model's error bound:
 * minimum branching bmin unless given (0: none), leaf cost 1 (all nodes) unless given (0: interior nodes).
 */
export function seenSizes(
  p: PrefixValueParams,
  { minBranching = p.bmin, leafCost }: { minBranching?: number; leafCost?: 0 | 1 } = {},
): Float64Array {
  const errorBound = prefixValueErrorBound(p);
  return new MptSeen(new PrefixValueTree(p), { minBranching, errorBound, leafCost }).sizesByDepth(p.height + 1);
}

/** The searches the lower bounds are checked on, less MTD(f) and MT-SSS* (integer values) under a Gaussian or softmax horizon. */
export function searchesOn(p: PrefixValueParams): ('alphabeta' | 'negascout' | 'mtdf' | 'sss')[] {
  const integral = p.horizon !== 'estimate' || p.noise === undefined || p.noise.kind === 'uniform';
  return (['alphabeta', 'negascout', 'mtdf', 'sss'] as const).filter(
    (a) => integral || !algorithmDescriptor(a).capabilities.needsIntegerValues,
  );
}

/**
 * An explicit tree with terminal nodes at any depth (values in ±3) and a depth from 0 to one past its
 * deepest leaf, so that the sizes at a depth meet both truncated and exhausted trees.
 */
export function arbTreeAndDepth(maxNodes = 120, maxDepth = 7, maxBranching = 5): fc.Arbitrary<[Graph, number]> {
  return fc.tuple(
    arbSmallTree({ maxNodes, maxDepth, maxBranching, valueRange: 3 }),
    fc.integer({ min: 0, max: maxDepth + 1 }),
  );
}
