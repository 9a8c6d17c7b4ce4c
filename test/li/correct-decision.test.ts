import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { correctDecision, pathologySum, table3x, utilityDistributions } from '../../shared/li/correct-decision.ts';
import { compareWithPrinted } from '../../shared/li/compare.ts';
import { decisionMeans } from '../../shared/li/monte-carlo.ts';
import { enumerateSubtree, searchValue } from './helpers.ts';

/**
 * D(d, h) by exact enumeration: every win and every loss child subtree of height h−1 (Max at odd
 * heights), its depth-(d−1) piece-counting value, and D = Pr[e(win) > e(loss)] + ½ Pr[=].
 */
function enumeratedDecision(f1: number, f2: number, h: number): number[] {
  const win = enumerateSubtree(f1, f2, h - 1, 1, 1);
  const loss = enumerateSubtree(f1, f2, h - 1, 0, 1);
  // Law of the search value e_{d−1} of one child, from its enumerated subtrees.
  const law = (trees: typeof win, d: number) => {
    const m = new Map<number, number>();
    for (const t of trees) {
      const e = searchValue(t.leaves, d - 1);
      m.set(e, (m.get(e) ?? 0) + t.p);
    }
    return [...m];
  };
  const out: number[] = [];
  for (let d = 1; d <= h; d++) {
    const lw = law(win, d);
    const ll = law(loss, d);
    let D = 0;
    for (const [ew, pw] of lw) for (const [el, pl] of ll) D += pw * pl * (ew > el ? 1 : ew === el ? 0.5 : 0);
    out.push(D);
  }
  return out;
}

describe('Tables 3.1-3.3: probability of a correct decision D(d, h)', () => {
  test('ψ distributions are probability laws; a win Max node of height 1 has ψ = 2 w.p. f1', () => {
    const { win, loss } = utilityDistributions(0.3, 0.6, 8);
    for (let h = 0; h <= 8; h++) {
      expect(win[h].length).toBe(2 ** h + 1);
      expect(win[h].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(loss[h].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
    expect(Array.from(win[1])).toEqual([0, 1 - 0.3, 0.3]);
    expect(Array.from(loss[1])).toEqual([1, 0, 0]);
  });

  test('corrected D equals the exact enumeration of all trees (h = 3, 4, 5, both parities of the root)', () => {
    for (const [f1, f2] of [
      [0.3, 0.6],
      [0.1, 0.1],
      [0.8, 0.2],
      [0.55, 0.45],
    ]) {
      for (const h of [3, 4, 5]) {
        const exact = enumeratedDecision(f1, f2, h);
        const D = correctDecision(f1, f2, h);
        D.forEach((x, i) => expect(x, `f=${f1}/${f2} h=${h} d=${i + 1}`).toBeCloseTo(exact[i], 12));
        // The printed back-up (Min formula at Max levels) is a different quantity from d = 3 (h odd) / d = 2 (h even).
        const wrong = correctDecision(f1, f2, h, 'min-everywhere');
        const first = h % 2 === 1 ? 3 : 2;
        for (let d = 1; d < first; d++) expect(wrong[d - 1]).toBeCloseTo(exact[d - 1], 12);
        if (h >= first + 1) expect(Math.abs(wrong[first - 1] - exact[first - 1])).toBeGreaterThan(1e-4);
      }
    }
  });

  test('Lemmas 3.1/3.2: f1 = 1, or f2 = 1, or f1 = f2 = 0 ⇒ every depth decides correctly; searching to the leaves always does', () => {
    const f = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(f, fc.integer({ min: 2, max: 10 }), (x, h) => {
        for (const D of [correctDecision(1, x, h), correctDecision(x, 1, h)])
          for (const v of D) expect(v).toBeCloseTo(1, 12);
        const D = correctDecision(x, x, h);
        expect(D[h - 1]).toBeCloseTo(1, 12);
        expect(D[h - 2]).toBeCloseTo(1, 12); // frontier at height 1: ψ ∈ {1, 2} for a win Max node, 0 for a loss
      }),
      { numRuns: 40 },
    );
    for (const v of correctDecision(0, 0, 9)) expect(v).toBeCloseTo(1, 12);
  });

  test('pathology sum: drops only, optionally from D rounded to the printed digits', () => {
    expect(pathologySum([0.5, 0.4, 0.6, 0.55, 1])).toBeCloseTo(0.15, 15);
    expect(pathologySum([0.6374, 0.6336, 0.641])).toBeCloseTo(0.0038, 15);
    expect(pathologySum([0.6374, 0.6336, 0.641], 3)).toBe(0.003);
    expect(pathologySum([1, 1, 1])).toBe(0);
  });

  test.each(['3.1', '3.2', '3.3'] as const)(
    'printed mode equals the printed Table %s cell by cell, PS included',
    (t) => {
      const r = table3x(t, 'printed');
      const c = compareWithPrinted(r);
      expect(c.disagreements).toEqual([]);
      expect(c.compared).toBe(t === '3.3' ? 14 * 12 + 7 * 2 + 14 : 11 * 12);
      expect(c.missing).toBe(t === '3.3' ? 7 * 11 : 0);
      expect(r.errata.join()).toMatch(/Min-node back-up/);
    },
  );

  test('the corrected model contradicts the printed Tables 3.1-3.3 only in the rows the erratum names', () => {
    for (const t of ['3.1', '3.2', '3.3'] as const) {
      const c = compareWithPrinted(table3x(t, 'corrected'));
      expect(c.disagreements.length).toBeGreaterThan(0);
      const first = t === '3.3' ? 2 : 3;
      for (const d of c.disagreements) {
        const m = /^D\((\d+),/.exec(d.column);
        if (m) expect(Number(m[1])).toBeGreaterThanOrEqual(first);
        else expect(d.column).toBe('PS');
      }
    }
  });

  test('Monte-Carlo on generated trees (h = 7 and 6) agrees with the corrected D and rejects the printed computation', () => {
    const n = 2500;
    let rejectedAll = 0;
    for (const [f1, f2, h] of [
      [0.3, 0.3, 7],
      [0.8, 0.2, 7],
      [0.1, 0.1, 6],
    ]) {
      const m = decisionMeans(f1, f2, h, 5, n);
      const corrected = correctDecision(f1, f2, h);
      const printed = correctDecision(f1, f2, h, 'min-everywhere');
      let rejected = 0;
      // A score in [0, 1] with mean x has variance at most x(1−x): 5 null standard deviations.
      const tol = (x: number) => 5 * Math.sqrt((x * (1 - x)) / n) + 1e-12;
      for (let d = 0; d < h; d++) {
        expect(m[d].n).toBe(n);
        expect(Math.abs(m[d].mean - corrected[d]), `f=${f1}/${f2} h=${h} d=${d + 1}`).toBeLessThanOrEqual(
          tol(corrected[d]),
        );
        if (Math.abs(m[d].mean - printed[d]) > tol(printed[d])) rejected++;
      }
      expect(rejected, `f=${f1}/${f2} h=${h}`).toBeGreaterThanOrEqual(1);
      rejectedAll += rejected;
    }
    expect(rejectedAll).toBeGreaterThanOrEqual(5);
  });

  test('bad input is a RangeError naming the field', () => {
    expect(() => correctDecision(0.5, 0.5, 0)).toThrow(/h = 0/);
    expect(() => correctDecision(0.5, 1.5, 5)).toThrow(/f2 = 1.5/);
    expect(() => correctDecision(0.5, 0.5, 5, 'max' as never)).toThrow(/backup = max/);
    expect(() => decisionMeans(0.5, 0.5, 99, 1, 10)).toThrow(/h = 99/);
  });
});
