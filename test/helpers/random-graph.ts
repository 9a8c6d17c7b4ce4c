/** fast-check arbitraries for small explicit game trees and DAGs (negamax, alternating players). */
import fc from 'fast-check';
import type { Graph } from '../../shared/game/graph.ts';

export interface TreeShape {
  kids: number[][];
  leafValues: number[];
  estimates: number[];
}

/** Build a Graph from a parent list with parent[i] < i, leaf values (by node id) and estimates. */
export function graphFromParents(parent: number[], values: number[], estimates: number[] | null, kind: 'tree' | 'dag' = 'tree', extraEdges: [number, number][] = []): Graph {
  const n = parent.length;
  const kids: number[][] = Array.from({ length: n }, () => []);
  for (let v = 1; v < n; v++) kids[parent[v]].push(v);
  for (const [a, b] of extraEdges) kids[a].push(b);
  const depth = new Array<number>(n).fill(0);
  for (let v = 1; v < n; v++) depth[v] = depth[parent[v]] + 1;
  const childOffsets = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) childOffsets[v + 1] = childOffsets[v] + kids[v].length;
  const children = Int32Array.from(kids.flat());
  const value = new Float64Array(n).fill(NaN);
  for (let v = 0; v < n; v++) if (kids[v].length === 0) value[v] = values[v % values.length];
  return {
    kind,
    root: 0,
    nodeCount: n,
    player: Uint8Array.from(depth.map((d) => d & 1)),
    value,
    childOffsets,
    children,
    estimate: estimates ? Float64Array.from(estimates.slice(0, n)) : null,
    meta: { model: 'test', params: {}, seed: null, generator: 'test' },
  };
}

/**
 * A random tree: each node gets 0..maxB children level by level down to maxDepth, at most maxNodes
 * nodes; integer leaf values in [-range..range] (small ranges give many ties).
 */
export function arbTree(opts: { maxDepth?: number; maxB?: number; maxNodes?: number; range?: number } = {}): fc.Arbitrary<Graph> {
  const maxDepth = opts.maxDepth ?? 5, maxB = opts.maxB ?? 4, maxNodes = opts.maxNodes ?? 200, range = opts.range ?? 5;
  return fc
    .record({
      branching: fc.array(fc.integer({ min: 0, max: maxB }), { minLength: maxNodes, maxLength: maxNodes }),
      values: fc.array(fc.integer({ min: -range, max: range }), { minLength: maxNodes, maxLength: maxNodes }),
      estimates: fc.array(fc.integer({ min: -range - 3, max: range + 3 }), { minLength: maxNodes, maxLength: maxNodes }),
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
 * A random DAG with alternating players: a random tree plus extra edges from a node to a node two
 * levels deeper (same parity keeps players alternating), which creates transpositions.
 */
export function arbDag(): fc.Arbitrary<Graph> {
  return fc.tuple(arbTree({ maxDepth: 5, maxB: 3, maxNodes: 60 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 })).map(([t, extra]) => {
    const n = t.nodeCount;
    const depth = new Int32Array(n);
    const parent = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) for (let k = t.childOffsets[v]; k < t.childOffsets[v + 1]; k++) {
      parent[t.children[k]] = v;
      depth[t.children[k]] = depth[v] + 1;
    }
    const edges: [number, number][] = [];
    const has = new Set<string>();
    for (const [a0, b0] of extra) {
      const a = a0 % n, b = b0 % n;
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
