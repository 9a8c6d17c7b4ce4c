import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  expectedLeaves,
  leavesClosedForm,
  leavesRecurrence,
  lemma44,
  table4x,
} from '../../shared/li/alpha-beta-leaves.ts';
import { compareWithPrinted } from '../../shared/li/compare.ts';
import { alphaBetaLeafCount, treeMean } from '../../shared/li/monte-carlo.ts';
import { LiDependentTree } from '../../shared/li/li-dependent.ts';
import { closeRel, collectLeaves, enumerateSubtree, knuthMooreLeaves } from './helpers.ts';

const f = fc.double({ min: 0, max: 1, noNaN: true });

describe('Tables 4.1-4.3: expected leaves visited by alpha-beta with window [0, 1]', () => {
  test.each([
    [0.3, 0.6],
    [0, 0],
    [0.9, 0.1],
    [0.5, 1],
    [1, 0.25],
  ])(
    'f1 = %s, f2 = %s: W_k, L_k equal the exact expectation over every tree of height 2 and 4 (literal F1/F2, window [0, 1])',
    (f1, f2) => {
      for (const k of [1, 2]) {
        const exp = (v: number) =>
          enumerateSubtree(f1, f2, 2 * k, v, 0).reduce((s, t) => s + t.p * knuthMooreLeaves(t.leaves, 2).leaves, 0);
        const { W, L } = leavesRecurrence(f1, f2, k);
        // Summing thousands of enumerated trees drifts by ~1e-13: compare relatively.
        expect(closeRel(W, exp(1), 1e-11), `W_${k}`).toBe(true);
        expect(closeRel(L, exp(0), 1e-11), `L_${k}`).toBe(true);
      }
    },
  );

  test('hand-derived: W_1 = 2 + ¼(1−f1)(3−f2), L_1 = 3 − f2; f1 = f2 = 1 ⇒ N_k = 2^k; f1 = f2 = 0 ⇒ W_1 = 2.75', () => {
    const { W, L } = leavesRecurrence(0.2, 0.7, 1);
    expect(W).toBeCloseTo(2 + 0.25 * 0.8 * 2.3, 14);
    expect(L).toBeCloseTo(2.3, 14);
    expect(leavesRecurrence(0, 0, 1).W).toBe(2.75);
    for (let k = 0; k <= 12; k++) {
      for (const wl of [leavesRecurrence(1, 1, k), leavesClosedForm(1, 1, k), leavesClosedForm(1, 1, k, 'printed')]) {
        expect(wl).toEqual({ W: 2 ** k, L: 2 ** k });
        expect(expectedLeaves(0.37, wl)).toBeCloseTo(2 ** k, 9);
      }
    }
  });

  test('property: special-case closed forms (f1 = 1: L_k = 2^k(1 + k(1−f2)/2); f2 = 1: W_k = 2^k(1 + k(1−f1)/4)) equal (4.3)', () => {
    fc.assert(
      fc.property(f, fc.integer({ min: 0, max: 30 }), (x, k) => {
        const a = leavesRecurrence(1, x, k);
        expect(a.W).toBe(2 ** k);
        expect(closeRel(a.L, 2 ** k * (1 + (k * (1 - x)) / 2), 1e-12)).toBe(true);
        expect(closeRel(a.L, leavesClosedForm(1, x, k).L, 1e-12)).toBe(true);
        const b = leavesRecurrence(x, 1, k);
        expect(b.L).toBe(2 ** k);
        expect(closeRel(b.W, leavesClosedForm(x, 1, k).W, 1e-12)).toBe(true);
      }),
    );
  });

  test('property: recurrence (4.3) = closed form with (1−f2)(7+f1); the printed (1−f1)(7+f2) breaks L_1 = 3 − f2 unless f1 = f2', () => {
    const g = fc.double({ min: 0, max: 0.999, noNaN: true });
    fc.assert(
      fc.property(g, g, fc.integer({ min: 0, max: 20 }), (f1, f2, k) => {
        const r = leavesRecurrence(f1, f2, k);
        const c = leavesClosedForm(f1, f2, k);
        expect(closeRel(c.W, r.W, 1e-9)).toBe(true);
        expect(closeRel(c.L, r.L, 1e-9)).toBe(true);
        const p = leavesClosedForm(f1, f2, k, 'printed');
        expect(closeRel(p.W, r.W, 1e-9)).toBe(true); // the W coefficient is printed right
        // The printed coefficient gives L_1 = 3 − f1 instead of 3 − f2.
        if (k === 1) expect(p.L).toBeCloseTo(3 - f1, 9);
      }),
    );
  });

  test('corrected mode: values (recurrence) equal closedForm; printed mode equals the printed Tables 4.1-4.3 cell by cell except the 73.540 typo', () => {
    for (const t of ['4.1', '4.2', '4.3'] as const) {
      for (const r of table4x(t, 'corrected').rows)
        r.values.forEach((v, i) => expect(closeRel(v, r.closedForm![i], 1e-10)).toBe(true));
      const res = table4x(t, 'printed');
      const c = compareWithPrinted(res);
      expect(c.compared).toBe(res.rows.length * 7);
      if (t !== '4.3') {
        expect(c.disagreements).toEqual([]);
      } else {
        expect(c.disagreements).toHaveLength(1);
        const d = c.disagreements[0];
        expect([res.rows[d.row].f1, res.rows[d.row].f2, d.column, d.printed]).toEqual([0.935, 0.9, 'N_6', 73.54]);
        expect(Math.round(d.computed * 1000) / 1000).toBeCloseTo(73.64, 9);
        expect(res.errata.join()).toMatch(/73\.540/);
      }
      expect(res.errata.join()).toMatch(/\(1−f1\)\(7\+f2\)/);
      expect(compareWithPrinted(table4x(t, 'corrected')).disagreements.length).toBeGreaterThan(0);
    }
  });

  test('Lemma 4.4: the fewest leaves over every bi-valued tree (brute force) is n^⌊h/2⌋; w, l per root value', () => {
    for (const [n, h] of [
      [2, 0],
      [2, 1],
      [2, 2],
      [2, 3],
      [2, 4],
      [3, 1],
      [3, 2],
      [4, 2],
    ]) {
      const leaves = n ** h;
      let w = Infinity;
      let l = Infinity;
      const v = new Array<number>(leaves);
      for (let mask = 0; mask < 2 ** leaves; mask++) {
        for (let i = 0; i < leaves; i++) v[i] = (mask >> i) & 1;
        const r = knuthMooreLeaves(v, n);
        if (r.value === 1) w = Math.min(w, r.leaves);
        else l = Math.min(l, r.leaves);
      }
      const lemma = lemma44(n, h);
      expect({ w, l }, `n=${n} h=${h}`).toEqual({ w: lemma.w, l: lemma.l });
      expect(lemma.min).toBe(n ** Math.floor(h / 2));
    }
  });

  test('Theorem 4.1 (property): N_k > 2^k unless f1 = f2 = 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        f,
        f,
        fc.integer({ min: 1, max: 15 }),
        (p0, f1, f2, k) => {
          // Strictly above 2^k whenever (f1, f2) ≠ (1, 1); within ~1e-12 of (1, 1) the excess is below
          // double precision, so such points cannot show the strict inequality numerically.
          fc.pre(1 - f1 + (1 - f2) > 1e-9);
          expect(expectedLeaves(p0, leavesRecurrence(f1, f2, k))).toBeGreaterThan(2 ** k);
        },
      ),
    );
  });

  test('the library alpha-beta with window (−1, +1) examines exactly the leaves of F1(root, 0, 1)', () => {
    for (let tree = 0; tree < 150; tree++) {
      const depth = 2 + (tree % 7);
      const t = new LiDependentTree({ height: depth, p0: 0.5, f1: 0.35, f2: 0.55, seed: 77, tree });
      const km = knuthMooreLeaves(collectLeaves(t), 2);
      expect(alphaBetaLeafCount(t)).toBe(km.leaves);
      t.reset();
      expect(km.value).toBe(t.maxValue());
    }
  });

  test('Monte-Carlo: leaves visited on generated trees agree with N_k (corrected), not with the printed closed form', () => {
    const trees = 1500;
    let rejected = 0;
    for (const [p0, f1, f2] of [
      [0.333, 0, 0.6],
      [0.5, 0.209, 0.433],
      [0.618, 0.055, 0.133],
    ]) {
      for (const k of [2, 3]) {
        const m = treeMean({ height: 2 * k, p0, f1, f2, seed: 40 + k }, trees, alphaBetaLeafCount);
        const exact = expectedLeaves(p0, leavesRecurrence(f1, f2, k));
        const printed = expectedLeaves(p0, leavesClosedForm(f1, f2, k, 'printed'));
        const tol = 5 * m.se;
        expect(Math.abs(m.mean - exact), `k=${k} f=${f1}/${f2}: ${m.mean} vs ${exact} ± ${tol}`).toBeLessThanOrEqual(
          tol,
        );
        if (Math.abs(m.mean - printed) > tol) rejected++;
      }
    }
    expect(rejected).toBeGreaterThanOrEqual(4);
  });

  test('bad input is a RangeError naming the field', () => {
    expect(() => leavesRecurrence(-0.1, 0.5, 3)).toThrow(/f1 = -0.1/);
    expect(() => leavesClosedForm(0.5, 0.5, 2.5)).toThrow(/k = 2.5/);
    expect(() => expectedLeaves(7, { W: 1, L: 1 })).toThrow(/p0 = 7/);
    expect(() => lemma44(0, 3)).toThrow(/n = 0/);
  });
});
