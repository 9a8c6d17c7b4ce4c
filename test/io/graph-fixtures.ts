/**
 * Fixtures for the io tests: a hand-made 4-node tree for golden outputs, and graph/array comparison
 * that tells NaN, 0 and -0 apart (random graphs: ../helpers/random-graph.ts, `arbGraph`).
 */
import { expect } from 'vitest';
import type { Graph } from '../../shared/game/graph.ts';

/**
 * Same typed-array class and the same entries under Object.is (NaN = NaN, 0 ≠ -0), or with
 * `signedZero: false` 0 = -0 (integer values: solveGraph's -0 is written as 0).
 */
function expectSameArray(
  a: ArrayLike<number> | null,
  b: ArrayLike<number> | null,
  name: string,
  signedZero = true,
): void {
  if (a === null || b === null) {
    expect(a, name).toBe(b);
    return;
  }
  expect(a.constructor, name).toBe(b.constructor);
  expect(a.length, `${name}.length`).toBe(b.length);
  for (let i = 0; i < a.length; i++)
    if (!(Object.is(a[i], b[i]) || (!signedZero && a[i] === b[i]))) expect.fail(`${name}[${i}]: ${a[i]} ≠ ${b[i]}`);
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
    kind: 'tree',
    root: 0,
    nodeCount: 4,
    player: Uint8Array.of(0, 1, 1, 0),
    value: Float64Array.of(4, NaN, 2, 4),
    childOffsets: Int32Array.of(0, 2, 3, 3, 3),
    children: Int32Array.of(1, 2, 3),
    estimate: withEstimates ? Float64Array.of(NaN, -3.5, 1, 4.25) : null,
    meta: { model: 'hand <made> & "small"', params: { note: "it's" }, seed: 7, generator: 'game-tree-lab 0.1.0' },
  };
}
export const SMALL_PROOF = [0, 1, 3];
