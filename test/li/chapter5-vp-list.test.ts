/**
 * Li Ch. 5 §2-3: VP-list operations against brute-force enumeration of independent random variables
 * (every combination of outcomes with its probability), and the compression of §2.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { VPPool, pClamp, pMax, pMin, pNeg, type VPPairs } from '../../shared/li/chapter5/vp-list.ts';
import { compressVP } from '../../shared/li/chapter5/compress.ts';

const I = 3;

/** A VP-list over [−I, I] from integer weights (zeros leave gaps in the support). */
const arbVP = fc
  .array(fc.integer({ min: 0, max: 4 }), { minLength: 2 * I + 1, maxLength: 2 * I + 1 })
  .filter((w) => w.some((x) => x > 0))
  .map((w): VPPairs => {
    const s = w.reduce((a, b) => a + b, 0);
    return w.flatMap((x, k) => (x > 0 ? [[k - I, x / s] as [number, number]] : []));
  });

/** The distribution of f(X_1, …, X_m) for independent X_j, by enumerating every outcome. */
function enumerate(lists: VPPairs[], f: (xs: number[]) => number): Map<number, number> {
  const out = new Map<number, number>();
  const rec = (j: number, xs: number[], p: number) => {
    if (j === lists.length) {
      const v = f(xs);
      out.set(v, (out.get(v) ?? 0) + p);
      return;
    }
    for (const [v, q] of lists[j]) rec(j + 1, [...xs, v], p * q);
  };
  rec(0, [], 1);
  return out;
}

function expectSame(got: VPPairs, want: Map<number, number>): void {
  const w = [...want.entries()].filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  expect(got.map(([v]) => v)).toEqual(w.map(([v]) => v));
  for (let k = 0; k < w.length; k++) expect(got[k][1]).toBeCloseTo(w[k][1], 12);
}

describe('VP-list operations (§2) = enumeration of independent outcomes', () => {
  test('P_NEG(P)(v) = P(−v); the pairs are mirrored', () => {
    fc.assert(
      fc.property(arbVP, (a) => {
        expectSame(
          pNeg(a, I),
          enumerate([a], ([x]) => -x),
        );
        expect(pNeg(a, I)).toEqual([...a].reverse().map(([v, p]) => [0 - v, p]));
      }),
    );
  });

  test('P_MAX and P_MIN of 1..4 operands (left fold for n ≥ 3) = distribution of max / min', () => {
    fc.assert(
      fc.property(fc.array(arbVP, { minLength: 1, maxLength: 4 }), (ls) => {
        expectSame(
          pMax(ls, I),
          enumerate(ls, (xs) => Math.max(...xs)),
        );
        expectSame(
          pMin(ls, I),
          enumerate(ls, (xs) => Math.min(...xs)),
        );
      }),
    );
  });

  test('lower_bound / upper_bound = smallest / greatest v with P(v) ≠ 0, through every operation', () => {
    fc.assert(
      fc.property(arbVP, arbVP, (a, b) => {
        const pool = new VPPool(I, 4);
        pool.fromPairs(0, a);
        pool.fromPairs(1, b);
        pool.max(2, 0, 1);
        pool.neg(3, 0);
        for (const s of [2, 3]) {
          const pairs = pool.toPairs(s);
          expect(pool.lowerBound(s)).toBe(pairs[0][0]);
          expect(pool.upperBound(s)).toBe(pairs[pairs.length - 1][0]);
          expect(pairs.reduce((x, [, p]) => x + p, 0)).toBeCloseTo(1, 12);
        }
      }),
    );
  });

  test('the clamp = P_MIN(P_MAX(P, ⟨α,1⟩), ⟨β,1⟩) = distribution of min(max(X, α), β)', () => {
    const win = fc
      .tuple(fc.integer({ min: -I, max: I }), fc.integer({ min: -I, max: I }))
      .map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const);
    fc.assert(
      fc.property(arbVP, win, (a, [al, be]) => {
        const c = pClamp(a, al, be, I);
        expectSame(
          c,
          enumerate([a], ([x]) => Math.min(Math.max(x, al), be)),
        );
        const viaOps = pMin([pMax([a, [[al, 1]]], I), [[be, 1]]], I);
        expect(c.map(([v]) => v)).toEqual(viaOps.map(([v]) => v));
        for (let k = 0; k < c.length; k++) expect(c[k][1]).toBeCloseTo(viaOps[k][1], 12);
      }),
    );
  });

  test('Proposition 5.1: lower_bound(P1) ≥ upper_bound(P2) ⇒ P_MAX(P1, P2) = P1; overlapping ⇒ neither', () => {
    fc.assert(
      fc.property(arbVP, arbVP, (a, b) => {
        const m = pMax([a, b], I);
        const lb = (x: VPPairs) => x[0][0];
        const ub = (x: VPPairs) => x[x.length - 1][0];
        if (lb(a) >= ub(b)) {
          expect(m.map(([v]) => v)).toEqual(a.map(([v]) => v));
          for (let k = 0; k < a.length; k++) expect(m[k][1]).toBeCloseTo(a[k][1], 14);
        } else if (lb(b) < ub(a)) {
          const same = (x: VPPairs) =>
            x.length === m.length && x.every(([v, p], k) => m[k][0] === v && Math.abs(m[k][1] - p) < 1e-12);
          expect(same(a) || same(b)).toBe(false);
        }
      }),
    );
  });

  test('bad input names the field', () => {
    const pool = new VPPool(I, 1);
    expect(() => pool.fromPairs(0, [[4, 1]])).toThrow(/v = 4 is not allowed/);
    expect(() => pool.fromPairs(0, [[0, 0.5]])).toThrow(/sum to 0\.5/);
    expect(() =>
      pool.fromPairs(0, [
        [1, 0.5],
        [0, 0.5],
      ]),
    ).toThrow(/strictly ascending/);
    expect(() => pool.clamp(0, 0, 2, 1)).toThrow(RangeError);
    expect(() => new VPPool(0, 1)).toThrow(/domain bound i = 0/);
  });
});

describe('compression (§2): merge the closest neighbouring pairs', () => {
  test("keeps the mass, shrinks to maxPairs, stays sorted and inside the merged pairs' span", () => {
    fc.assert(
      fc.property(arbVP, fc.integer({ min: 1, max: 2 * I + 1 }), (a, k) => {
        const c = compressVP(a, k);
        expect(c.length).toBe(Math.min(k, a.length));
        expect(c.reduce((x, [, p]) => x + p, 0)).toBeCloseTo(1, 12);
        for (let j = 1; j < c.length; j++) expect(c[j][0]).toBeGreaterThan(c[j - 1][0]);
        expect(c[0][0]).toBeGreaterThanOrEqual(a[0][0]);
        expect(c[c.length - 1][0]).toBeLessThanOrEqual(a[a.length - 1][0]);
        for (const [v] of c) expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  test('hand case: the closest pair merges to its midpoint; halves go toward the heavier pair', () => {
    /** Values 2 and 3 are the closest pair. */
    const fourPairs: VPPairs = [
      [-3, 0.2],
      [0, 0.3],
      [2, 0.1],
      [3, 0.4],
    ];
    expect(compressVP(fourPairs, 3)).toEqual([
      [-3, 0.2],
      [0, 0.3],
      [3, 0.5],
    ]);
    expect(
      compressVP(
        [
          [-4, 0.25],
          [-2, 0.25],
          [3, 0.5],
        ],
        2,
      ),
    ).toEqual([
      [-3, 0.5],
      [3, 0.5],
    ]);
    expect(compressVP(fourPairs, 3, true)).toEqual([
      [-3, 0.2],
      [0, 0.3],
      [2.5, 0.5],
    ]);
    expect(() => compressVP([[0, 1]], 0)).toThrow(/maxPairs = 0/);
  });
});
