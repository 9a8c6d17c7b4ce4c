/**
 * Generalized means (Rivest 1987, Sec. 3; review by Burnik, eqs. (1)–(3)):
 *   M_p(a) = ((1/n) Σ a_i^p)^(1/p),  a_i > 0,  p ≠ 0,
 * M_p → max as p → +∞ (1) and → min as p → −∞ (2), M_p ≤ M_q for p ≤ q, and
 *   ∂M_p/∂a_i = (1/n) (a_i / M_p)^(p−1)                                        (3)
 * Evaluated with the extreme element factored out (a_i / a_max ≤ 1 for p > 0, a_i / a_min ≥ 1 for
 * p < 0, so every term a^p lies in (0, 1]) so large |p| never overflows. Arrays are read as
 * a[off .. off + n); nothing is allocated.
 */

/** M_p of a[off .. off+n); every a_i must be > 0 and p ≠ 0 (not checked: hot path). */
export function generalizedMean(a: Float64Array, off: number, n: number, p: number): number {
  // scale by the element that dominates: the max for p > 0, the min for p < 0
  let s = a[off];
  for (let i = 1; i < n; i++) {
    const x = a[off + i];
    if (p > 0 ? x > s : x < s) s = x;
  }
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[off + i] / s) ** p;
  return s * (sum / n) ** (1 / p);
}

/** ∂M_p/∂a_i of (3), given m = M_p(a): (1/n)(a_i/m)^(p−1). */
export function meanDerivative(ai: number, m: number, n: number, p: number): number {
  return (ai / m) ** (p - 1) / n;
}

/** −log of (3): the edge weight w = −log D (Rivest, Sec. 4), computed in logs (no underflow). */
export function meanWeight(ai: number, m: number, n: number, p: number): number {
  return Math.log(n) - (p - 1) * (Math.log(ai) - Math.log(m));
}

/** Checks a mean exponent: a finite number with |p| ≥ 1 (weights are ≥ 0 at Max nodes only for p ≥ 1). */
export function checkExponent(p: number, name = 'p'): void {
  if (!(Number.isFinite(p) && p >= 1)) {
    throw new RangeError(
      `${name} = ${p} is not allowed: it must be a finite number ≥ 1 (Max nodes use M_p, Min nodes M_−p)`,
    );
  }
}
