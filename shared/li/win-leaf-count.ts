/**
 * Li thesis Ch. 2 §4 and Table 2.2: R_k, the expected number of win (for Max) nodes at depth 2k.
 * Recurrence: T_k = (1+f1)·R_k, R_{k+1} = (1+f2)·T_k + 2^{2k+1}(1−f2), R_0 = p0; closed form (2.9)
 *   R_k = p0·((1+f1)(1+f2))^k + 2^{2k−1}(1−f2)·(1 − x^k)/(1 − x),  x = ¼(1+f1)(1+f2)  (f1 + f2 < 2),
 * and R_k = 4^k·p0 for f1 = f2 = 1 (the text misprints it "P_k = 4^k p0"). R_k = 4^k·P_k with P_k of (2.8).
 *
 * Erratum (printed mode): Table 2.2 multiplies the whole of (2.9) by p0, i.e. prints
 *   p0·[((1+f1)(1+f2))^k + 2^{2k−1}(1−f2)(1 − x^k)/(1 − x)]  — the second term scaled by p0 too.
 */
import { liFactorGap } from './li-dependent.ts';
import { checkInt, checkProbability } from '../util/range.ts';
import type { LiMode, LiTableResult } from './li-table.ts';
import { PRINTED_TABLES } from './thesis-tables.ts';

function check(p0: number, f1: number, f2: number, k: number): void {
  checkProbability('p0', p0);
  checkProbability('f1', f1);
  checkProbability('f2', f2);
  checkInt('k', k, 0, 500);
}

/** R_1..R_K by the recurrence. */
export function winLeavesRecurrence(p0: number, f1: number, f2: number, K: number): number[] {
  check(p0, f1, f2, K);
  const out: number[] = [];
  let R = p0;
  for (let k = 0; k < K; k++) {
    R = R * (1 + f1) * (1 + f2) + 2 ** (2 * k + 1) * (1 - f2);
    out.push(R);
  }
  return out;
}

/**
 * The second term of (2.9), 2^{2k−1}(1−f2)·(1 − x^k)/(1 − x) with x = ¼(1+f1)(1+f2) < 1. Taken literally it
 * cancels as x approaches 1 (f1 = f2 = 1 − 2⁻⁵³ rounds x to 1: 0/0), so there 1 − x is liFactorGap and
 * 1 − x^k is −expm1(k·log1p(−(1−x))). Away from 1 the literal formula stays, so the tables keep their last digits.
 */
function secondTerm(f1: number, f2: number, k: number): number {
  const x = 0.25 * (1 + f1) * (1 + f2);
  if (x < 0.999) return (2 ** (2 * k - 1) * (1 - f2) * (1 - x ** k)) / (1 - x);
  const oneMinusX = liFactorGap(f1, f2);
  return (2 ** (2 * k - 1) * (1 - f2) * -Math.expm1(k * Math.log1p(-oneMinusX))) / oneMinusX;
}

/** R_k by the closed form (2.9); 4^k·p0 when f1 = f2 = 1. */
export function winLeavesClosedForm(p0: number, f1: number, f2: number, k: number): number {
  check(p0, f1, f2, k);
  if (f1 === 1 && f2 === 1) return 4 ** k * p0;
  return p0 * ((1 + f1) * (1 + f2)) ** k + secondTerm(f1, f2, k);
}

/** What Table 2.2 prints: (2.9) with the whole right-hand side multiplied by p0. */
export function winLeavesPrinted(p0: number, f1: number, f2: number, k: number): number {
  check(p0, f1, f2, k);
  if (f1 === 1 && f2 === 1) return 4 ** k * p0;
  return p0 * (((1 + f1) * (1 + f2)) ** k + secondTerm(f1, f2, k));
}

const K = 8;
const ks = Array.from({ length: K }, (_, i) => i + 1);

export function table22(mode: LiMode): LiTableResult {
  const printed = PRINTED_TABLES['2.2'];
  const rows = printed.rows.map(({ p0, f1, f2 }) => {
    const P0 = p0!;
    return mode === 'corrected'
      ? {
          p0: P0,
          f1,
          f2,
          values: winLeavesRecurrence(P0, f1, f2, K),
          closedForm: ks.map((k) => winLeavesClosedForm(P0, f1, f2, k)),
        }
      : { p0: P0, f1, f2, values: ks.map((k) => winLeavesPrinted(P0, f1, f2, k)) };
  });
  return {
    table: '2.2',
    mode,
    title: 'Table 2.2: average number R_k of win leaves at depth 2k',
    columns: ks.map((k) => `R_${k}`),
    rows,
    errata:
      mode === 'printed'
        ? [
            'Table 2.2 multiplies the whole of (2.9) by p0: R_k = p0·[((1+f1)(1+f2))^k + 2^{2k−1}(1−f2)(1−x^k)/(1−x)] instead of p0·((1+f1)(1+f2))^k + 2^{2k−1}(1−f2)(1−x^k)/(1−x)',
          ]
        : [],
    notes: [
      'p0, f1, f2 as printed (p0 = 0.618 as in the text)',
      mode === 'corrected'
        ? 'values by the recurrence R_{k+1} = (1+f1)(1+f2)R_k + 2^{2k+1}(1−f2); closedForm by (2.9)'
        : 'values by the printed computation',
    ],
    printed,
  };
}
