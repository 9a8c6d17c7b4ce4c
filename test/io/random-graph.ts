/**
 * Test data for the io tests: random valid trees and DAGs (fast-check arbitraries), a hand-made 4-node
 * tree for golden outputs, and array comparison that tells NaN, 0 and -0 apart.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { checkGraph, solveGraph, type Graph } from '../../shared/game/graph.ts';

interface Shape {
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

/** Build the graph: generate in topological order, then renumber nodes by a random permutation. */
function build(s: Shape): Graph {
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
  const pos = s.perm; // generation index → node id
  const id = (v: number) => pos[v];
  const rows: number[][] = Array.from({ length: n }, () => []);
  const P = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    rows[id(v)] = kids[v].map(id);
    P[id(v)] = player[v];
  }
  const childOffsets = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) childOffsets[v + 1] = childOffsets[v] + rows[v].length;
  const children = new Int32Array(childOffsets[n]);
  for (let v = 0; v < n; v++) children.set(rows[v], childOffsets[v]);
  const value = new Float64Array(n).fill(NaN);
  for (let v = 0; v < n; v++) if (rows[v].length === 0) value[v] = s.leafValues[v];
  const g: Graph = {
    kind: s.kind, root: id(0), nodeCount: n, player: P, value, childOffsets, children,
    estimate: s.estimates ? Float64Array.from(s.estimates, (e) => (e === null ? NaN : e)) : null,
    meta: { model: s.model, params: s.params, seed: s.seed, generator: 'game-tree-lab test' },
  };
  const f = solveGraph(g, checkGraph(g));
  for (let v = 0; v < n; v++) if (rows[v].length > 0 && s.keepInterior[v]) value[v] = f[v];
  return g;
}

export const arbGraph = (maxNodes = 40): fc.Arbitrary<Graph> =>
  fc.integer({ min: 1, max: maxNodes }).chain((n) =>
    fc.record({
      kind: fc.constantFrom('tree' as const, 'dag' as const),
      parents: fc.tuple(...Array.from({ length: n - 1 }, (_, i) => fc.array(fc.nat({ max: i }), { minLength: 1, maxLength: 3 }))),
      leafValues: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: n, maxLength: n }),
      keepInterior: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      estimates: fc.option(
        fc.array(fc.option(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(-0), fc.integer())), { minLength: n, maxLength: n }),
      ),
      perm: fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n }),
      model: fc.string(),
      params: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(fc.integer(), fc.string(), fc.boolean()), { maxKeys: 4, noNullPrototype: true }),
      seed: fc.option(fc.integer()),
    }).map((s) => build({ ...s, parents: s.kind === 'tree' ? s.parents.map((p) => [p[0]]) : s.parents })),
  );

/**
 * Same typed-array class and the same entries under Object.is (NaN = NaN, 0 ≠ -0), or with
 * `signedZero: false` 0 = -0 (integer values: solveGraph's -0 is written as 0).
 */
export function expectSameArray(a: ArrayLike<number> | null, b: ArrayLike<number> | null, name: string, signedZero = true): void {
  if (a === null || b === null) {
    expect(a, name).toBe(b);
    return;
  }
  expect(a.constructor, name).toBe(b.constructor);
  expect(a.length, `${name}.length`).toBe(b.length);
  for (let i = 0; i < a.length; i++) if (!(Object.is(a[i], b[i]) || (!signedZero && a[i] === b[i]))) expect.fail(`${name}[${i}]: ${a[i]} ≠ ${b[i]}`);
}

export function expectSameGraph(a: Graph, b: Graph): void {
  expect(a.kind).toBe(b.kind);
  expect(a.root).toBe(b.root);
  expect(a.nodeCount).toBe(b.nodeCount);
  expectSameArray(a.player, b.player, 'player');
  expectSameArray(a.value, b.value, 'value', false);
  expectSameArray(a.childOffsets, b.childOffsets, 'childOffsets');
  expectSameArray(a.children, b.children, 'children');
  expectSameArray(a.estimate, b.estimate, 'estimate');
  expect(a.meta).toEqual(b.meta);
}

/**
 * The hand-made tree of the golden tests:   0 (player 0, value 4)
 *                                           ├─ 1 (player 1, value unknown)
 *                                           │   └─ 3 (player 0, leaf 4)
 *                                           └─ 2 (player 1, leaf 2)
 * Proof of f(0) = 4: {0, 1, 3}.
 */
export function smallTree(withEstimates = true): Graph {
  return {
    kind: 'tree', root: 0, nodeCount: 4,
    player: Uint8Array.of(0, 1, 1, 0),
    value: Float64Array.of(4, NaN, 2, 4),
    childOffsets: Int32Array.of(0, 2, 3, 3, 3),
    children: Int32Array.of(1, 2, 3),
    estimate: withEstimates ? Float64Array.of(NaN, -3.5, 1, 4.25) : null,
    meta: { model: 'hand <made> & "small"', params: { note: "it's" }, seed: 7, generator: 'game-tree-lab 0.1.0' },
  };
}
export const SMALL_PROOF = [0, 1, 3];
