import { describe, expect, test } from 'vitest';
import {
  decisionScore,
  fixedPointWin,
  isDecisive,
  materializeTrue,
  modelGame,
  noisyEstimates,
  runPathology,
  type PathologyMethod,
  type TrueTree,
} from '../../shared/althofer/pathology.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { pathologyChartOption } from '../../shared/althofer/pathology-chart.ts';

/** Independent exact P(correct): enumerate every flip pattern of the non-leaf nodes 1.. (root's f is irrelevant). */
function exactProbability(t: TrueTree, d: number, e: number, method: PathologyMethod): number {
  const n = t.degree;
  const inner = t.levelStart[t.height]; // nodes 0..inner−1 are noisy, leaves exact
  const noisy = inner - 1; // nodes 1..inner−1
  let total = 0;
  const depthOf = (k: number) => {
    let d0 = 0;
    while (k >= t.levelStart[d0 + 1]) d0++;
    return d0;
  };
  for (let mask = 0; mask < 1 << noisy; mask++) {
    let prob = 1;
    const f = (k: number) =>
      k >= inner ? t.value[k] : k === 0 ? t.value[0] : (mask >> (k - 1)) & 1 ? -t.value[k] : t.value[k];
    for (let k = 1; k < inner; k++) prob *= (mask >> (k - 1)) & 1 ? e : 1 - e;
    const search = (k: number): number => {
      if (depthOf(k) === d) return f(k);
      let m = -Infinity;
      for (let i = 1; i <= n; i++) m = Math.max(m, -search(k * n + i));
      return method === 'althofer' ? f(k) + m : m;
    };
    const vals = Array.from({ length: n }, (_, i) => -search(i + 1));
    const best = Math.max(...vals);
    const tied = vals.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0);
    const good = tied.filter((i) => -t.value[i + 1] === t.value[0]).length;
    total += prob * (good / tied.length);
  }
  return total;
}

function decisiveUniformTree(height: number): TrueTree {
  for (let i = 0; ; i++) {
    const t = materializeTrue(modelGame({ kind: 'uniform', degree: 2, height }, 3, i), 2, height);
    if (isDecisive(t)) return t;
  }
}

describe('pathology experiment', () => {
  test('materialised true values agree with a full minimax search; fixed point of w = 1 − w²', () => {
    expect(fixedPointWin(2)).toBeCloseTo((Math.sqrt(5) - 1) / 2, 12);
    for (let i = 0; i < 20; i++) {
      const g = modelGame({ kind: 'uniform', degree: 3, height: 5 }, 9, i);
      const t = materializeTrue(g, 3, 5);
      expect(t.value[0]).toBe(minimax(g, 5).value);
    }
  });

  test('Monte-Carlo decision scores on a fixed tiny tree match exact enumeration, both methods, every depth', () => {
    const t = decisiveUniformTree(4);
    const e = 0.2,
      N = 6000;
    const est = new Float64Array(t.value.length),
      scratch = new Float64Array(t.value.length);
    for (const method of ['minimax', 'althofer'] as const) {
      const sums = new Float64Array(5);
      for (let r = 0; r < N; r++) {
        noisyEstimates(t, { kind: 'flip', e }, 0x1234567 ^ Math.imul(r + 1, 0x27d4eb2d), true, est);
        for (let d = 1; d <= 4; d++) sums[d] += decisionScore(t, est, d, method, scratch);
      }
      for (let d = 1; d <= 4; d++) {
        const exact = exactProbability(t, d, e, method);
        // score ∈ [0, 1]: sd ≤ 0.5; 4.5 standard errors
        expect(Math.abs(sums[d] / N - exact)).toBeLessThan((4.5 * 0.5) / Math.sqrt(N));
      }
    }
  });

  test('without noise minimax always decides correctly; the experiment is deterministic and shows the pathology', () => {
    const clean = runPathology({
      model: { kind: 'uniform', degree: 2, height: 8 },
      noise: { kind: 'flip', e: 0 },
      trees: 60,
      seed: 2,
      methods: ['minimax'],
    });
    expect(clean.series[0].p.every((p) => p === 1)).toBe(true);
    const spec = {
      model: { kind: 'uniform', degree: 2, height: 10 } as const,
      noise: { kind: 'flip', e: 0.1 } as const,
      trees: 600,
      seed: 1,
    };
    const a = runPathology(spec);
    expect(runPathology(spec)).toEqual(a);
    const mm = a.series.find((s) => s.method === 'minimax')!;
    const al = a.series.find((s) => s.method === 'althofer')!;
    // pathology of minimax on Nau's trees: depth 9 clearly worse than depth 1 (disjoint intervals)
    expect(mm.hi[8]).toBeLessThan(mm.lo[0]);
    // Althöfer's method improves with depth there
    expect(al.lo[8]).toBeGreaterThan(al.hi[0]);
    expect(a.decisive).toBeGreaterThan(200);
    const chart = pathologyChartOption(a) as { series: { name: string; data: unknown[] }[] };
    expect(chart.series.filter((s) => !s.name.includes('CI')).map((s) => s.name)).toEqual(['minimax', 'Althöfer']);
    expect(chart.series[0].data).toHaveLength(10);
  });

  test('bad specs are RangeErrors naming the field', () => {
    const base = { noise: { kind: 'flip', e: 0.1 } as const, trees: 10, seed: 1 };
    expect(() => runPathology({ ...base, model: { kind: 'uniform', degree: 1, height: 4 } })).toThrow(
      /model.degree = 1/,
    );
    expect(() => runPathology({ ...base, model: { kind: 'uniform', degree: 2, height: 30 } })).toThrow(/model.height/);
    expect(() => runPathology({ ...base, model: { kind: 'prefix', degree: 2, height: 4, damage: 3 } })).toThrow(
      /noise.kind = flip/,
    );
    expect(() =>
      runPathology({
        ...base,
        noise: { kind: 'flip', e: 2 },
        model: { kind: 'li', height: 4, p0: 0.5, f1: 0.5, f2: 0.5 },
      }),
    ).toThrow(/noise.e = 2/);
    // Trees far past the node limit are refused too, however far (their size is not taken modulo 2^32).
    for (const [degree, height] of [
      [16, 8],
      [16, 24],
      [3, 24],
    ])
      expect(() => runPathology({ ...base, model: { kind: 'uniform', degree, height } })).toThrow(
        `model.height = ${height} is not allowed with degree ${degree}`,
      );
  });
});
