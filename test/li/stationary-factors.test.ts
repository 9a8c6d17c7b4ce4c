import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  GOLDEN_P0,
  stationaryF1,
  stationaryP0,
  table21,
  winProbabilities,
} from '../../shared/li/stationary-factors.ts';
import { compareWithPrinted } from '../../shared/li/compare.ts';
import { liWinProbability } from '../../shared/li/li-dependent.ts';

describe('Table 2.1: stationary dependent factors (Lemma 2.2)', () => {
  test('every row is stationary: P_1..P_8 by (2.7) equal p0', () => {
    for (const mode of ['corrected', 'printed'] as const) {
      const t = table21(mode);
      expect(t.rows).toHaveLength(36);
      for (const r of t.rows) {
        for (const P of r.values) expect(Math.abs(P - r.p0!)).toBeLessThan(1e-12);
      }
    }
  });

  test('hand-derived pairs: p0 = 1/3, f2 = 0.6 ⇒ f1 = 0; p0 = 1/2, f2 = 1/3 ⇒ f1 = 0; f2 = 1 ⇒ f1 = 1', () => {
    expect(stationaryF1(1 / 3, 0.6)).toBeCloseTo(0, 14);
    expect(stationaryF1(0.5, 1 / 3)).toBeCloseTo(0, 14);
    expect(stationaryF1(0.5, 1)).toBe(1);
    // p0 = 1/2, f2 = 0.6: 1 − 0.4 = 0.6 ⇒ (1 + f1) = 4·0.6/1.6 = 1.5
    expect(stationaryF1(0.5, 0.6)).toBeCloseTo(0.5, 14);
    expect(GOLDEN_P0 ** 2 + GOLDEN_P0 - 1).toBeCloseTo(0, 15);
  });

  test('property: the solved f1 makes p0 the fixed point of (2.7), and iterating (2.7) stays at p0', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (p0, f2) => {
          const lo = stationaryP0(0, f2);
          fc.pre(p0 >= lo);
          const f1 = stationaryF1(p0, f2);
          expect(f1).toBeGreaterThanOrEqual(0);
          expect(f1).toBeLessThanOrEqual(1);
          expect(stationaryP0(f1, f2)).toBeCloseTo(p0, 10);
          expect(liWinProbability({ p0, f1, f2 }, 40)).toBeCloseTo(p0, 9);
          expect(winProbabilities(p0, f1, f2, 3)[2]).toBeCloseTo(p0, 10);
        },
      ),
    );
  });

  test('property: p* is a fixed point of (2.7) in [0, 1], also as f1 and f2 approach 1', () => {
    const prob = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(prob, prob, (f1, f2) => {
        fc.pre(f1 < 1 || f2 < 1);
        const p = stationaryP0(f1, f2);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(0.25 * (1 + f1) * (1 + f2) * p + 0.5 * (1 - f2)).toBeCloseTo(p, 12);
      }),
      // ¼(1+f1)(1+f2) rounds to 1 here: 1 minus it, taken literally, is 0.
      { examples: [[1 - 2 ** -53, 1 - 2 ** -53]] },
    );
  });

  test('both modes equal the printed Table 2.1 cell by cell (f1 and f2 to 3 decimals)', () => {
    for (const mode of ['corrected', 'printed'] as const) {
      const c = compareWithPrinted(table21(mode));
      expect(c.compared).toBe(72);
      expect(c.disagreements).toEqual([]);
      expect(table21(mode).errata).toEqual([]);
    }
  });

  test('bad input is a RangeError naming the field', () => {
    expect(() => stationaryF1(0.2, 0.6)).toThrow(/f2 = 0.6 is not allowed with p0 = 0.2/);
    expect(() => stationaryF1(0, 0.5)).toThrow(/p0 = 0 /);
    expect(() => stationaryF1(1.5, 0.5)).toThrow(RangeError);
    expect(() => stationaryP0(0.5, -1)).toThrow(/f2 = -1/);
    expect(Number.isNaN(stationaryP0(1, 1))).toBe(true);
  });
});
