/**
 * Li thesis Ch. 2 §3, Lemma 2.2 and Table 2.1: dependent factors (f1, f2) for which every even level
 * wins with the root's probability, P_k = p0 for all k. The fixed point of (2.7),
 * P_{k+1} = ¼(1+f1)(1+f2)·P_k + ½(1−f2), is p* = ½(1−f2) / (1 − ¼(1+f1)(1+f2)); P_k = p0 for every k
 * iff p0 = p*. Table 2.1 fixes f2 on a grid of thirtieths and solves p* = p0 for f1:
 *   f1 = 4·(1 − (1−f2)/(2·p0)) / (1+f2) − 1.
 * The printed table follows the lemma exactly (no erratum): both modes compute the same numbers.
 */
import { liFactorGap, liWinProbability } from './li-dependent.ts';
import { checkProbability } from '../util/range.ts';
import type { LiMode, LiTableResult } from './li-table.ts';
import { PRINTED_TABLES } from './thesis-tables.ts';

export const GOLDEN_P0 = (Math.sqrt(5) - 1) / 2;

/** The stationary win probability p* of (2.7); NaN for f1 = f2 = 1, where every p0 is stationary. */
export function stationaryP0(f1: number, f2: number): number {
  checkProbability('f1', f1);
  checkProbability('f2', f2);
  if (f1 === 1 && f2 === 1) return Number.NaN;
  return (0.5 * (1 - f2)) / liFactorGap(f1, f2);
}

/**
 * The f1 with P_k = p0 for all k given f2 (Lemma 2.2). f2 = 1 forces f1 = 1 (p* = 0 otherwise).
 * Throws a RangeError when no f1 in [0, 1] exists: p0 must lie in [p*(0, f2), 1].
 */
export function stationaryF1(p0: number, f2: number): number {
  checkProbability('p0', p0);
  checkProbability('f2', f2);
  if (f2 === 1) return 1;
  if (!(p0 > 0)) throw new RangeError(`p0 = ${p0} is not allowed: a stationary tree with f2 < 1 needs p0 > 0`);
  const f1 = (4 * (1 - (1 - f2) / (2 * p0))) / (1 + f2) - 1;
  // Rounding slack at the ends of the range, e.g. p0 = 1/3, f2 = 0.6 gives f1 = 0 up to 1e-16.
  if (f1 < -1e-12 || f1 > 1 + 1e-12) {
    const lo = stationaryP0(0, f2);
    throw new RangeError(`f2 = ${f2} is not allowed with p0 = ${p0}: a stationary f1 in [0, 1] needs p0 in [${lo}, 1]`);
  }
  return Math.min(1, Math.max(0, f1));
}

/** P_1..P_K by the recurrence (2.7) (through the model's own liWinProbability). */
export function winProbabilities(p0: number, f1: number, f2: number, K: number): number[] {
  return Array.from({ length: K }, (_, i) => liWinProbability({ p0, f1, f2 }, 2 * (i + 1)));
}

/** The printed f2 grid of Table 2.1, in thirtieths, per p0 column (row order as printed). */
const TABLE_2_1_GRID: { p0: number; f2Thirtieths: number[] }[] = [
  { p0: 1 / 3, f2Thirtieths: [18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 30] },
  { p0: 1 / 2, f2Thirtieths: [10, 12, 14, 16, 18, 19, 21, 23, 25, 27, 28, 30] },
  { p0: GOLDEN_P0, f2Thirtieths: [4, 6, 8, 10, 16, 18, 20, 22, 24, 26, 28, 30] },
];

export function table21(mode: LiMode): LiTableResult {
  const rows = TABLE_2_1_GRID.flatMap(({ p0, f2Thirtieths }) =>
    f2Thirtieths.map((n) => {
      const f2 = n / 30;
      const f1 = stationaryF1(p0, f2);
      return { p0, f1, f2, values: winProbabilities(p0, f1, f2, 8) };
    }),
  );
  return {
    table: '2.1',
    mode,
    title: 'Table 2.1: (f1, f2) with P_k = p0 (Lemma 2.2)',
    columns: ['P_1', 'P_2', 'P_3', 'P_4', 'P_5', 'P_6', 'P_7', 'P_8'],
    rows,
    errata: [],
    notes: [
      'p0 = 1/3, 1/2, (√5−1)/2 exactly (printed 0.333, 0.500, 0.618); f2 = i/30 (printed to 3 decimals); f1 solved from Lemma 2.2',
      'values: P_1..P_8 iterated by (2.7) from P_0 = p0, the check that the pair is stationary (each equals p0)',
      'the printed table follows Lemma 2.2 exactly: corrected and printed modes are the same computation',
    ],
    printed: PRINTED_TABLES['2.1'],
  };
}
