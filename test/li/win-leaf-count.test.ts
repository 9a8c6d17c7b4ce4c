import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { table22, winLeavesClosedForm, winLeavesPrinted, winLeavesRecurrence } from '../../shared/li/win-leaf-count.ts';
import { compareWithPrinted } from '../../shared/li/compare.ts';
import { treeMean, winLeafCount } from '../../shared/li/monte-carlo.ts';
import { liWinProbability } from '../../shared/li/li-dependent.ts';
import { closeRel } from './helpers.ts';

const prob = fc.double({ min: 0, max: 1, noNaN: true });

describe('Table 2.2: average number of win leaves R_k', () => {
  test('hand-derived: R_1 = p0(1+f1)(1+f2) + 2(1−f2); f1 = f2 = 1 ⇒ R_k = 4^k p0; f1 = f2 = 0 ⇒ R_1 = p0 + 2', () => {
    expect(winLeavesRecurrence(0.5, 0.6, 0.4, 1)[0]).toBeCloseTo(0.5 * 1.6 * 1.4 + 1.2, 14);
    expect(winLeavesClosedForm(0.5, 0.6, 0.4, 1)).toBeCloseTo(2.32, 14);
    for (let k = 0; k <= 8; k++) {
      expect(winLeavesClosedForm(0.3, 1, 1, k)).toBe(4 ** k * 0.3);
      if (k > 0) expect(winLeavesRecurrence(0.3, 1, 1, k)[k - 1]).toBeCloseTo(4 ** k * 0.3, 9);
    }
    expect(winLeavesRecurrence(0.25, 0, 0, 1)[0]).toBe(2.25);
  });

  test('property: recurrence = closed form (2.9) = 4^k·P_k of (2.7)', () => {
    fc.assert(
      fc.property(prob, prob, prob, fc.integer({ min: 1, max: 12 }), (p0, f1, f2, k) => {
        const rec = winLeavesRecurrence(p0, f1, f2, k)[k - 1];
        expect(closeRel(rec, winLeavesClosedForm(p0, f1, f2, k), 1e-9)).toBe(true);
        expect(closeRel(rec, 4 ** k * liWinProbability({ p0, f1, f2 }, 2 * k), 1e-9)).toBe(true);
      }),
      // x = ¼(1+f1)(1+f2) rounds to 1 here, where (1 − x^k)/(1 − x) taken literally is 0/0.
      {
        examples: [
          [0, 1 - 2 ** -53, 1 - 2 ** -53, 1],
          [0.3, 1 - 2 ** -52, 1, 12],
        ],
      },
    );
  });

  test('corrected mode: values by recurrence equal the closedForm column', () => {
    for (const r of table22('corrected').rows) {
      r.values.forEach((v, i) => expect(closeRel(v, r.closedForm![i], 1e-12)).toBe(true));
    }
  });

  test('printed mode equals the printed Table 2.2 cell by cell; the corrected model does not', () => {
    const p = compareWithPrinted(table22('printed'));
    expect(p.compared).toBe(2 * 8 + 4);
    expect(p.disagreements).toEqual([]);
    expect(table22('printed').errata.join()).toMatch(/multiplies the whole of \(2\.9\) by p0/);
    const c = compareWithPrinted(table22('corrected'));
    expect(c.disagreements.length).toBeGreaterThan(0);
    // The printed formula differs from (2.9) exactly by (1 − p0)·(second term).
    const k = 3;
    const x = 0.25 * 1.6 * 1.4;
    expect(winLeavesClosedForm(0.5, 0.6, 0.4, k) - winLeavesPrinted(0.5, 0.6, 0.4, k)).toBeCloseTo(
      (0.5 * 2 ** 5 * 0.6 * (1 - x ** 3)) / (1 - x),
      9,
    );
  });

  test('Monte-Carlo: win leaves of generated trees agree with R_k (corrected), not with the printed numbers', () => {
    const trees = 1500;
    for (const [p0, f1, f2] of [
      [0.5, 0.6, 0.4],
      [0.618, 0.4, 0.6],
    ]) {
      for (const k of [1, 2, 3]) {
        const m = treeMean({ height: 2 * k, p0, f1, f2, seed: 20 + k }, trees, winLeafCount);
        const exact = winLeavesRecurrence(p0, f1, f2, k)[k - 1];
        const printed = winLeavesPrinted(p0, f1, f2, k);
        const tol = 5 * m.se;
        expect(Math.abs(m.mean - exact), `k=${k} ${m.mean} vs ${exact} ± ${tol}`).toBeLessThanOrEqual(tol);
        expect(Math.abs(m.mean - printed), `k=${k} printed ${printed} should be rejected`).toBeGreaterThan(tol);
      }
    }
  });

  test('bad input is a RangeError naming the field', () => {
    expect(() => winLeavesRecurrence(2, 0.5, 0.5, 3)).toThrow(/p0 = 2/);
    expect(() => winLeavesClosedForm(0.5, 0.5, 0.5, -1)).toThrow(/k = -1/);
    expect(() => winLeavesPrinted(0.5, Number.NaN, 0.5, 1)).toThrow(/f1 = NaN/);
  });
});
