import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { errorTrajectory, figure32, propagateError, vanishingStep } from '../../shared/li/error-propagation.ts';

/**
 * Independent reference for (3.1)-(3.2): enumerate a height-2 subtree under a Max node (Fig. 3.1) —
 * the children's values by (e')/(f'), the four leaves' values, and each leaf's evaluation error
 * (Ψ = 1 with probability α at a loss leaf, Ψ = 0 with probability β at a win leaf) — and back Ψ up
 * by AND (Min) and OR (Max).
 */
function enumerateErrors(alpha: number, beta: number, f1: number, f2: number): [number, number] {
  const minChildren = (v: number): [number, number, number][] =>
    v === 1
      ? [[1, 1, 1]]
      : [
          [0, 0, f2],
          [1, 0, (1 - f2) / 2],
          [0, 1, (1 - f2) / 2],
        ];
  const maxChildren = (v: number): [number, number, number][] =>
    v === 1
      ? [
          [1, 1, f1],
          [1, 0, (1 - f1) / 2],
          [0, 1, (1 - f1) / 2],
        ]
      : [[0, 0, 1]];
  const psi1 = (phi: number) => (phi === 1 ? 1 - beta : alpha); // Pr[Ψ = 1 | Φ] at a leaf
  const prRootOne = (root: number) => {
    let p = 0;
    for (const [a, b, q] of maxChildren(root)) {
      for (const [a1, a2, qa] of minChildren(a)) {
        for (const [b1, b2, qb] of minChildren(b)) {
          const leaves = [a1, a2, b1, b2];
          for (let mask = 0; mask < 16; mask++) {
            let pr = q * qa * qb;
            const psi = leaves.map((phi, i) => {
              const one = (mask >> i) & 1;
              pr *= one ? psi1(phi) : 1 - psi1(phi);
              return one;
            });
            const root1 = (psi[0] & psi[1]) | (psi[2] & psi[3]);
            if (root1) p += pr;
          }
        }
      }
    }
    return p;
  };
  return [prRootOne(0), 1 - prRootOne(1)];
}

describe('Fig. 3.2: error propagation (3.1)-(3.2)', () => {
  test('property: (3.1)-(3.2) equal the exact enumeration of a height-2 subtree', () => {
    const pr = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(pr, pr, pr, pr, (a, b, f1, f2) => {
        const [x, y] = propagateError(a, b, f1, f2);
        const [ex, ey] = enumerateErrors(a, b, f1, f2);
        expect(x).toBeCloseTo(ex, 12);
        expect(y).toBeCloseTo(ey, 12);
      }),
    );
  });

  test('the figure: from (0.3, 0.2) with f1 = f2 = 0.7 the errors shrink every step and vanish after j > 14', () => {
    const pts = errorTrajectory(20);
    expect(pts[0]).toEqual([0.3, 0.2]);
    for (let j = 1; j < pts.length; j++) {
      expect(pts[j][0]).toBeLessThan(pts[j - 1][0]);
      expect(pts[j][1]).toBeLessThan(pts[j - 1][1]);
    }
    // "the error disappears at depth 2(k−j) with j > 14": both round to 0.00 first at j = 15.
    expect(vanishingStep(pts, 0.005)).toBe(15);
    const f = figure32('printed');
    expect(f.rows).toHaveLength(21);
    expect(f.rows[15].values).toEqual(pts[15]);
    expect(f.notes.join()).toMatch(/first at j = 15/);
  });

  test('f1, f2 → 0 with small α can make both errors grow (§2.2, (3.6)-(3.7)); f → 1 with small errors shrinks them', () => {
    // (3.6) needs lim_{α→0} 2(1−β) > 1, i.e. β < ½ (the text says β > ½, a slip).
    const [a, b] = propagateError(0.05, 0.2, 0.01, 0.01);
    expect(a).toBeGreaterThan(0.05);
    expect(b).toBeGreaterThan(0.2);
    const [c, e] = propagateError(0.5, 0.125, 1, 1);
    expect(c).toBeLessThan(0.5);
    expect(e).toBeLessThan(0.125);
  });

  test('bad input is a RangeError naming the field', () => {
    expect(() => propagateError(1.2, 0.1, 0.5, 0.5)).toThrow(/alpha = 1.2/);
    expect(() => errorTrajectory(-1)).toThrow(/steps = -1/);
  });
});
