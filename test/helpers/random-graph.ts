/**
 * Random explicit game graphs for property tests: the one place that builds `Graph`s from child lists
 * (players alternate along every edge) and the fast-check arbitraries every test draws them from.
 *
 * - `arbTree`: trees grown breadth-first until `maxNodes`, with estimates (searches, orderings).
 * - `arbSmallTree`: trees from a short, shrinkable branching stream (brute-force references).
 * - `arbDag`: a random tree plus edges one level down (transpositions, alternating players).
 * - `arbLayeredDag`: layered DAGs with a child mask per node (proof graphs on DAGs).
 * - `arbGraph`: any valid `gtlab-graph` (tree or DAG, renumbered nodes, known or unknown interior
 *   values, estimates with −0 and NaN, random meta) for file round-trips.
 * Each arbitrary keeps the distribution its tests were written against (some tests use fixed seeds).
 */
import fc from 'fast-check';
import { checkGraph, csrFromLists, solveGraph, type Graph, type GraphMeta } from '../../shared/game/graph.ts';
import { VALUE_LIMIT } from '../../shared/io/json-fields.ts';

export const META: GraphMeta = { model: 'test', params: {}, seed: null, generator: 'test' };

/**
 * Graph from per-node child lists (node ids are the list indices): players by BFS parity from `root`,
 * leaf v gets values[v % values.length], interior values unknown (NaN).
 */
export function graphFromLists(
  kids: number[][],
  values: ArrayLike<number>,
  kind: 'tree' | 'dag' = 'tree',
  root = 0,
  extra: { estimate?: Float64Array | null; meta?: GraphMeta } = {},
): Graph {
  const n = kids.length;
  const { childOffsets, children } = csrFromLists(kids);
  const player = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const queue = [root];
  seen[root] = 1;
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q];
    for (const w of kids[v])
      if (!seen[w]) {
        seen[w] = 1;
        player[w] = player[v] ^ 1;
        queue.push(w);
      }
  }
  const value = new Float64Array(n).fill(NaN);
  for (let v = 0; v < n; v++) if (kids[v].length === 0) value[v] = values[v % values.length];
  return {
    kind,
    root,
    nodeCount: n,
    player,
    value,
    childOffsets,
    children,
    estimate: extra.estimate ?? null,
    meta: extra.meta ?? META,
  };
}

/** Graph from a parent list with parent[v] < v, plus extra edges (a, b) appended to a's children. */
function graphFromParents(
  parent: number[],
  values: number[],
  estimates: number[],
  kind: 'tree' | 'dag' = 'tree',
  extraEdges: [number, number][] = [],
): Graph {
  const n = parent.length;
  const kids: number[][] = Array.from({ length: n }, () => []);
  for (let v = 1; v < n; v++) kids[parent[v]].push(v);
  for (const [a, b] of extraEdges) kids[a].push(b);
  return graphFromLists(kids, values, kind, 0, { estimate: Float64Array.from(estimates.slice(0, n)) });
}

/**
 * A random tree: each node gets 0..maxB children level by level down to maxDepth, at most maxNodes
 * nodes; integer leaf values in [-range..range] (small ranges give many ties), integer estimates.
 */
export function arbTree(
  opts: { maxDepth?: number; maxB?: number; maxNodes?: number; range?: number } = {},
): fc.Arbitrary<Graph> {
  const maxDepth = opts.maxDepth ?? 5,
    maxB = opts.maxB ?? 4,
    maxNodes = opts.maxNodes ?? 200,
    range = opts.range ?? 5;
  return fc
    .record({
      branching: fc.array(fc.integer({ min: 0, max: maxB }), { minLength: maxNodes, maxLength: maxNodes }),
      values: fc.array(fc.integer({ min: -range, max: range }), { minLength: maxNodes, maxLength: maxNodes }),
      estimates: fc.array(fc.integer({ min: -range - 3, max: range + 3 }), {
        minLength: maxNodes,
        maxLength: maxNodes,
      }),
      rootB: fc.integer({ min: 1, max: maxB }),
    })
    .map(({ branching, values, estimates, rootB }) => {
      const parent = [-1];
      const depth = [0];
      // Breadth-first growth so the tree stays within maxNodes.
      for (let v = 0; v < parent.length; v++) {
        const b = v === 0 ? rootB : depth[v] >= maxDepth ? 0 : branching[v];
        for (let i = 0; i < b && parent.length < maxNodes; i++) {
          parent.push(v);
          depth.push(depth[v] + 1);
        }
      }
      return graphFromParents(parent, values, estimates);
    });
}

/**
 * A random DAG with alternating players: a random tree plus extra edges from a node to a node one
 * level deeper (depths differ by one, so players alternate), which creates transpositions.
 */
export function arbDag(): fc.Arbitrary<Graph> {
  return fc
    .tuple(arbTree({ maxDepth: 5, maxB: 3, maxNodes: 60 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }))
    .map(([t, extra]) => {
      const n = t.nodeCount;
      const depth = new Int32Array(n);
      const parent = new Int32Array(n).fill(-1);
      for (let v = 0; v < n; v++)
        for (let k = t.childOffsets[v]; k < t.childOffsets[v + 1]; k++) {
          parent[t.children[k]] = v;
          depth[t.children[k]] = depth[v] + 1;
        }
      const edges: [number, number][] = [];
      const has = new Set<string>();
      for (const [a0, b0] of extra) {
        const a = a0 % n,
          b = b0 % n;
        const interior = t.childOffsets[a + 1] > t.childOffsets[a];
        if (!interior || b === 0 || depth[b] !== depth[a] + 1 || parent[b] === a || has.has(`${a},${b}`)) continue;
        has.add(`${a},${b}`);
        edges.push([a, b]);
      }
      const parents = Array.from(parent);
      const values = Array.from(t.value, (x) => (Number.isNaN(x) ? 0 : x));
      return graphFromParents(parents, values, Array.from(t.estimate ?? []), 'dag', edges);
    });
}

/**
 * A tree built breadth-first from a branching stream (each node takes the next entry, 0 = leaf) and a
 * leaf value stream, within a node and depth cap. fast-check shrinks both streams.
 */
function treeFromSpec(branching: number[], values: number[], maxNodes: number, maxDepth: number): Graph {
  const kids: number[][] = [[]];
  const depth = [0];
  let next = 0;
  for (let v = 0; v < kids.length; v++) {
    let b = depth[v] < maxDepth ? (branching[next++] ?? 0) : 0;
    if (b > maxNodes - kids.length) b = maxNodes - kids.length;
    for (let i = 0; i < b; i++) {
      kids[v].push(kids.length);
      kids.push([]);
      depth.push(depth[v] + 1);
    }
  }
  return graphFromLists(kids, values.length > 0 ? values : [0]);
}

export interface SmallTreeOptions {
  maxNodes: number;
  maxDepth?: number;
  maxBranching?: number;
  valueRange?: number;
}

/** Random tree from a short branching stream: root ≥ 1 child, depth ≤ maxDepth, integer leaves in ±valueRange. */
export function arbSmallTree(o: SmallTreeOptions): fc.Arbitrary<Graph> {
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
export function arbLayeredDag(maxLayers: number, maxWidth: number, valueRange = 2): fc.Arbitrary<Graph> {
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
      return graphFromLists(kids, vals, 'dag');
    });
}

interface FileShape {
  kind: 'tree' | 'dag';
  /** for v ≥ 1: main parent (< v) and extra parents (DAG only), all < v in generation order */
  parents: number[][];
  leafValues: number[];
  keepInterior: boolean[];
  estimates: (number | null)[] | null;
  perm: number[];
  model: string;
  params: Record<string, number | string | boolean>;
  seed: number | null;
}

/** Build a file graph: generate in topological order, then renumber nodes by a random permutation. */
function buildFileGraph(s: FileShape): Graph {
  const n = s.parents.length + 1;
  const player = new Uint8Array(n);
  const kids: number[][] = Array.from({ length: n }, () => []);
  for (let v = 1; v < n; v++) {
    const [main, ...extra] = s.parents[v - 1];
    player[v] = 1 - player[main];
    kids[main].push(v);
    // Extra parents only where players alternate; duplicates of an existing edge are skipped.
    for (const u of extra) if (player[u] !== player[v] && !kids[u].includes(v)) kids[u].push(v);
  }
  const id = (v: number) => s.perm[v]; // generation index → node id
  const rows: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) rows[id(v)] = kids[v].map(id);
  const g = graphFromLists(rows, s.leafValues, s.kind, id(0), {
    estimate: s.estimates ? Float64Array.from(s.estimates, (e) => (e === null ? NaN : e)) : null,
    meta: { model: s.model, params: s.params, seed: s.seed, generator: 'game-tree-lab test' },
  });
  const f = solveGraph(g, checkGraph(g));
  for (let v = 0; v < n; v++) if (rows[v].length > 0 && s.keepInterior[v]) g.value[v] = f[v];
  return g;
}

/** Any valid gtlab-graph of 1..maxNodes nodes (see the header). */
export const arbGraph = (maxNodes = 40): fc.Arbitrary<Graph> =>
  fc.integer({ min: 1, max: maxNodes }).chain((n) =>
    fc
      .record({
        kind: fc.constantFrom('tree' as const, 'dag' as const),
        parents: fc.tuple(
          ...Array.from({ length: n - 1 }, (_, i) => fc.array(fc.nat({ max: i }), { minLength: 1, maxLength: 3 })),
        ),
        leafValues: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: n, maxLength: n }),
        keepInterior: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        estimates: fc.option(
          fc.array(
            fc.option(
              fc.oneof(
                fc.double({ noNaN: true, min: -VALUE_LIMIT, max: VALUE_LIMIT }),
                fc.constant(-0),
                fc.integer({ min: -VALUE_LIMIT, max: VALUE_LIMIT }),
              ),
            ),
            { minLength: n, maxLength: n },
          ),
        ),
        perm: fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i),
          { minLength: n, maxLength: n },
        ),
        model: fc.string(),
        params: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(fc.integer(), fc.string(), fc.boolean()), {
          maxKeys: 4,
          noNullPrototype: true,
        }),
        seed: fc.option(fc.integer()),
      })
      .map((s) => buildFileGraph({ ...s, parents: s.kind === 'tree' ? s.parents.map((p) => [p[0]]) : s.parents })),
  );
