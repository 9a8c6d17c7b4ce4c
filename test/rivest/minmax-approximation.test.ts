import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { generalizedMean, meanDerivative, meanWeight } from '../../shared/rivest/generalized-mean.ts';
import { MinMaxApproximation, minMaxApproximation } from '../../shared/rivest/minmax-approximation.ts';
import { toUnit } from '../../shared/rivest/value-map.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import type { Game } from '../../shared/game/game.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { Connect4Game } from '../../shared/connect4/connect4-game.ts';
import { arbTree } from '../helpers/random-graph.ts';

const arbPositive = fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 });

describe('generalized mean M_p', () => {
  test('p → +∞ gives max, p → −∞ gives min, within the bound n^(−1/|p|), and M_p is monotone in p', () => {
    fc.assert(
      fc.property(arbPositive, (xs) => {
        const a = Float64Array.from(xs);
        const n = a.length,
          mx = Math.max(...xs),
          mn = Math.min(...xs);
        for (const p of [50, 200, 1000]) {
          const hi = generalizedMean(a, 0, n, p);
          const lo = generalizedMean(a, 0, n, -p);
          // max · n^(−1/p) ≤ M_p ≤ max  and  min ≤ M_−p ≤ min · n^(1/p)
          expect(hi).toBeLessThanOrEqual(mx * (1 + 1e-12));
          expect(hi).toBeGreaterThanOrEqual(mx * n ** (-1 / p) * (1 - 1e-12));
          expect(lo).toBeGreaterThanOrEqual(mn * (1 - 1e-12));
          expect(lo).toBeLessThanOrEqual(mn * n ** (1 / p) * (1 + 1e-12));
        }
        expect(Math.abs(generalizedMean(a, 0, n, 1e4) - mx)).toBeLessThan(mx * 3e-4);
        expect(Math.abs(generalizedMean(a, 0, n, -1e4) - mn)).toBeLessThan(mn * 3e-4);
        let prev = -Infinity;
        for (const p of [-20, -5, -1, 1, 2, 5, 20]) {
          const m = generalizedMean(a, 0, n, p);
          expect(m).toBeGreaterThanOrEqual(prev * (1 - 1e-12));
          prev = m;
        }
      }),
    );
  });

  test('p = 1 is the arithmetic mean, p = −1 the harmonic mean, and an offset reads the right slice', () => {
    const a = Float64Array.from([9, 0.2, 0.4, 0.8, 9]);
    expect(generalizedMean(a, 1, 3, 1)).toBeCloseTo((0.2 + 0.4 + 0.8) / 3, 14);
    expect(generalizedMean(a, 1, 3, -1)).toBeCloseTo(3 / (1 / 0.2 + 1 / 0.4 + 1 / 0.8), 14);
  });

  test('derivative (3) matches central finite differences, and the weight is −log of it', () => {
    fc.assert(
      fc.property(arbPositive, fc.nat(), fc.constantFrom(2, 5, 10, -2, -5, -10), (xs, k, p) => {
        const a = Float64Array.from(xs.map((x) => x + 0.1));
        const n = a.length,
          i = k % n;
        const m = generalizedMean(a, 0, n, p);
        const h = 1e-6 * a[i];
        const b = Float64Array.from(a);
        b[i] += h;
        const c = Float64Array.from(a);
        c[i] -= h;
        const fd = (generalizedMean(b, 0, n, p) - generalizedMean(c, 0, n, p)) / (2 * h);
        const d = meanDerivative(a[i], m, n, p);
        expect(Math.abs(fd - d)).toBeLessThan(1e-5 * Math.max(1, Math.abs(d)));
        expect(meanWeight(a[i], m, n, p)).toBeCloseTo(-Math.log(d), 9);
      }),
    );
  });
});

/** An explicit tree whose static evaluation is the file's estimate inside and the exact value at leaves. */
function gameWithEstimates(g: ReturnType<typeof arbTree> extends fc.Arbitrary<infer G> ? G : never): {
  game: ExplicitGame;
  evaluate: (x: Game) => number;
} {
  const game = new ExplicitGame(g);
  const evaluate = (x: Game) => {
    const v = x.nodeId();
    return g.childOffsets[v + 1] > g.childOffsets[v] ? g.estimate![v] : g.value[v];
  };
  return { game, evaluate };
}

/** From scratch: values bottom-up, weights, and the penalty Σ w to the root of every tip. */
function fromScratch(mm: MinMaxApproximation) {
  const n = mm.size;
  const value = new Float64Array(n);
  const weight = new Float64Array(n);
  // children have larger indices than their parent: a reverse sweep is a post-order
  for (let x = n - 1; x >= 0; x--) {
    if (mm.first[x] < 0) {
      value[x] = mm.value[x];
      continue;
    }
    const f = mm.first[x],
      k = mm.count[x];
    const row = Float64Array.from({ length: k }, (_, i) => value[f + i]);
    const maxNode = (mm.ply[x] & 1) === 0;
    const ext = maxNode ? Math.max(...row) : Math.min(...row);
    const m = mm.meanBackup ? generalizedMean(row, 0, k, maxNode ? mm.p : -mm.p) : ext;
    value[x] = m;
    for (let i = 0; i < k; i++) {
      weight[f + i] = mm.exactWeights
        ? -Math.log(meanDerivative(row[i], m, k, maxNode ? mm.p : -mm.p))
        : mm.reverseConstant +
          (maxNode ? (mm.p - 1) * (Math.log(ext) - Math.log(row[i])) : (mm.p + 1) * (Math.log(row[i]) - Math.log(ext)));
    }
  }
  let minPenalty = Infinity;
  const penalty = new Float64Array(n).fill(NaN);
  for (let x = 0; x < n; x++) {
    if (mm.first[x] >= 0 || mm.terminal[x] === 1) continue;
    let s = 0;
    for (let y = x; y > 0; y = mm.parent[y]) s += weight[y];
    penalty[x] = s;
    if (s < minPenalty) minPenalty = s;
  }
  return { value, weight, penalty, minPenalty };
}

describe('min/max approximation: penalty bookkeeping', () => {
  const modes = [
    { backup: 'mean', weights: 'exact' },
    { backup: 'mean', weights: 'reverse' },
    { backup: 'minimax', weights: 'reverse' },
    { backup: 'minimax', weights: 'exact' },
  ] as const;

  test('after random expansions the incremental values, weights and least penalty equal a recomputation', () => {
    fc.assert(
      fc.property(
        arbTree({ maxDepth: 5, maxB: 4, maxNodes: 120, range: 8 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(...modes),
        fc.constantFrom(2, 10),
        (graph, picks, mode, p) => {
          const { game, evaluate } = gameWithEstimates(graph);
          const mm = new MinMaxApproximation(game, { ...mode, p, scale: 2, evaluate });
          for (const k of picks) {
            // a random expandable tip, not only the least-penalty one
            const tips: number[] = [];
            for (let x = 0; x < mm.size; x++) if (mm.first[x] < 0 && mm.terminal[x] === 0) tips.push(x);
            if (tips.length === 0) break;
            expect(mm.expandTip(tips[k % tips.length])).toBe(true);
            const s = fromScratch(mm);
            for (let x = 0; x < mm.size; x++) {
              expect(mm.value[x]).toBeCloseTo(s.value[x], 10);
              if (x > 0) expect(mm.weight[x]).toBeCloseTo(s.weight[x], 9);
            }
            if (s.minPenalty === Infinity) {
              expect(mm.best[0]).toBe(Infinity);
              expect(mm.selectTip()).toBe(-1);
            } else {
              expect(mm.best[0]).toBeCloseTo(s.minPenalty, 9);
              // the selected tip realises the least penalty
              expect(s.penalty[mm.selectTip()]).toBeCloseTo(s.minPenalty, 9);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  test('expanding to exhaustion with a minimax back-up finds the minimax value and an optimal root move', () => {
    fc.assert(
      fc.property(
        arbTree({ maxDepth: 5, maxB: 3, maxNodes: 80, range: 6 }),
        fc.constantFrom(...modes),
        (graph, mode) => {
          const { game, evaluate } = gameWithEstimates(graph);
          const mm = new MinMaxApproximation(game, { ...mode, backup: 'minimax', evaluate, scale: 2 });
          const r = mm.run({ expansions: 1e6 });
          expect(r.solved).toBe(true);
          const exact = minimax(game, game.maxPly);
          expect(r.value).toBeCloseTo(toUnit(exact.value, 2), 12);
          // the chosen move is optimal: its exact negamax value achieves the root's
          const ch = graph.children[graph.childOffsets[0] + r.bestMove];
          expect(0 - game.solved[ch] + 0).toBe(exact.value + 0);
        },
      ),
      { numRuns: 80 },
    );
  });

  test('budgets: expansions and move calls are respected exactly, and the tree grows without per-node objects', () => {
    const g = new Connect4Game('4453');
    const a = minMaxApproximation(g, { expansions: 300 });
    expect(a.expansions).toBe(300);
    const b = minMaxApproximation(g, { moveCalls: 2000 });
    expect(b.moveCalls).toBeLessThanOrEqual(2000);
    expect(b.moveCalls).toBeGreaterThan(2000 - 7);
    expect(b.nodes).toBe(b.moveCalls + 1);
    expect(b.bestMove).toBeGreaterThanOrEqual(0);
    // deterministic under call limits
    expect(minMaxApproximation(new Connect4Game('4453'), { moveCalls: 2000 })).toEqual(b);
    expect(() => minMaxApproximation(g, {})).toThrow(/budget/);
    expect(() => minMaxApproximation(g, { moveCalls: 0 })).toThrow(/moveCalls/);
    expect(() => new MinMaxApproximation(g, { p: 0.5 })).toThrow(/p = 0.5/);
    expect(() => new MinMaxApproximation(g, { scale: 0 })).toThrow(/scale/);
  });

  test('on Connect-Four it finds an immediate win and blocks an immediate loss', () => {
    // first player (to move) has three in column 1: "1212121" minus the last move
    const win = new Connect4Game('121212');
    win.reset();
    win.expand();
    const r = minMaxApproximation(win, { moveCalls: 500 });
    win.reset();
    win.expand();
    expect(win.childColumn(r.bestMove)).toBe(0);
    // the opponent threatens column 1: the player to move must block it
    const block = new Connect4Game('1213125');
    const s = minMaxApproximation(block, { moveCalls: 3000 });
    block.reset();
    block.expand();
    expect(block.childColumn(s.bestMove)).toBe(0);
  });
});
