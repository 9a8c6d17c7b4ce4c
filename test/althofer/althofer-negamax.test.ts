import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { althoferAlphaBeta, althoferFull, type AlthoferTrace } from '../../shared/althofer/althofer-negamax.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import type { Game } from '../../shared/game/game.ts';
import type { Graph } from '../../shared/game/graph.ts';
import { arbTree } from '../helpers/random-graph.ts';

/** f(x) = the node's estimate (an integer), at every node. */
function setup(graph: Graph): { game: ExplicitGame; f: (g: Game) => number } {
  return { game: new ExplicitGame(graph), f: (g) => graph.estimate![g.nodeId()] };
}

/**
 * Independent reference: the path value Q(x, root) of every horizon node x (Sec. 4), then a classical
 * max/min back-up of those numbers (Max chooses at even depth, Min at odd depth): "the value of the
 * optimal path", each player choosing at its own nodes.
 */
function bestPathValue(graph: Graph, depth: number): { value: number; move: number } {
  const kids = (v: number) => Array.from(graph.children.subarray(graph.childOffsets[v], graph.childOffsets[v + 1]));
  const est = graph.estimate!;
  // q = Q(path so far, root): + f at even depth (the root's parity), − f at odd depth
  const walk = (v: number, d: number, q: number): number => {
    const s = q + ((d & 1) === 0 ? est[v] : -est[v]);
    const k = kids(v);
    if (d === depth || k.length === 0) return s;
    const vals = k.map((c) => walk(c, d + 1, s));
    return (d & 1) === 0 ? Math.max(...vals) : Math.min(...vals);
  };
  if (depth === 0 || kids(graph.root).length === 0) return { value: est[graph.root], move: -1 };
  const vals = kids(graph.root).map((c) => walk(c, 1, est[graph.root]));
  const value = Math.max(...vals);
  return { value, move: vals.indexOf(value) };
}

const trees = arbTree({ maxDepth: 6, maxB: 4, maxNodes: 150, range: 6 });

describe("Althöfer's negamax and its alpha-beta version", () => {
  test('the full back-up equals the best path value Q (Sec. 4) at every depth', () => {
    fc.assert(
      fc.property(trees, fc.integer({ min: 0, max: 6 }), (graph, depth) => {
        const { game, f } = setup(graph);
        const r = althoferFull(game, depth, f);
        const ref = bestPathValue(graph, depth);
        expect(r.value).toBe(ref.value + 0);
        expect(r.bestMove).toBe(ref.move);
      }),
      { numRuns: 200 },
    );
  });

  test('alpha-beta returns the same root value and move as the full back-up, visiting no more nodes', () => {
    fc.assert(
      fc.property(trees, fc.integer({ min: 0, max: 6 }), (graph, depth) => {
        const { game, f } = setup(graph);
        const full = althoferFull(game, depth, f);
        const ab = althoferAlphaBeta(game, depth, f);
        expect(ab.value).toBe(full.value);
        expect(ab.bestMove).toBe(full.bestMove);
        expect(ab.visited).toBeLessThanOrEqual(full.visited);
      }),
      { numRuns: 300 },
    );
  });

  test('fail-soft contract for any window', () => {
    fc.assert(
      fc.property(
        trees,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: -30, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        (graph, depth, lo, w) => {
          const { game, f } = setup(graph);
          const v = althoferFull(game, depth, f).value;
          const r = althoferAlphaBeta(game, depth, f, lo, lo + w).value;
          if (r <= lo) expect(v).toBeLessThanOrEqual(r);
          else if (r >= lo + w) expect(v).toBeGreaterThanOrEqual(r);
          else expect(r).toBe(v);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('alpha-beta prunes: strictly fewer visits on some trees', () => {
    let fewer = 0;
    fc.assert(
      fc.property(trees, (graph) => {
        const { game, f } = setup(graph);
        if (althoferAlphaBeta(game, 6, f).visited < althoferFull(game, 6, f).visited) fewer++;
      }),
      { numRuns: 100, seed: 7 },
    );
    expect(fewer).toBeGreaterThan(10);
  });

  test('the windows have the meanings of Sec. 4: α_x = max(W_u − Q(π(x),u)), β_x = −max(W_v − Q(π(x),v))', () => {
    fc.assert(
      fc.property(trees, fc.integer({ min: 1, max: 6 }), (graph, depth) => {
        const game = new ExplicitGame(graph);
        // stack of the nodes on the current path: f and the best child value m returned so far
        const fs: number[] = [],
          ms: number[] = [];
        let checks = 0;
        const f = (g: Game) => {
          const v = graph.estimate![g.nodeId()];
          fs[fs.length - 1] = v;
          return v;
        };
        const trace: AlthoferTrace = {
          enter(alpha, beta) {
            const k = fs.length; // x will sit at index k; its parent at k − 1
            let a = -Infinity,
              b = -Infinity;
            for (let j = 0; j < k; j++) {
              const W = fs[j] + ms[j];
              // Q(π(x), u_j): f(z) for z on the path from x's parent up to u_j, + if z has u_j's parity
              let q = 0;
              for (let t = j; t < k; t++) q += ((t - j) & 1) === 0 ? fs[t] : -fs[t];
              if (((k - j) & 1) === 0) a = Math.max(a, W - q);
              else b = Math.max(b, W - q);
            }
            expect(alpha + 0).toBe(a + 0);
            expect(beta + 0).toBe(0 - b + 0);
            checks++;
            fs.push(NaN);
            ms.push(-Infinity);
          },
          child(v) {
            ms[ms.length - 1] = Math.max(ms[ms.length - 1], v);
          },
          exit() {
            fs.pop();
            ms.pop();
          },
        };
        althoferAlphaBeta(game, depth, f, -Infinity, Infinity, trace);
        expect(fs.length).toBe(0);
        expect(checks).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  test('bad depth is a RangeError naming it', () => {
    const { game, f } = setup(fc.sample(trees, { numRuns: 1, seed: 1 })[0]);
    expect(() => althoferFull(game, -1, f)).toThrow(RangeError);
    expect(() => althoferAlphaBeta(game, 1.5, f)).toThrow(/depth = 1.5/);
  });
});
