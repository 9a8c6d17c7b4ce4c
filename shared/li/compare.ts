/**
 * Cell-by-cell comparison of a reproduced Li table with the thesis's printed numbers (./thesis-tables.ts):
 * a cell agrees when the computed number rounds to the printed one at the printed precision.
 */
import type { LiTableResult } from './li-table.ts';

interface CellDiff {
  row: number;
  /** 'f1', 'f2', 'ps' or a value column name */
  column: string;
  computed: number;
  printed: number;
  abs: number;
}

export interface Comparison {
  /** printed cells compared (nulls skipped) */
  compared: number;
  /** printed cells the OCR lost */
  missing: number;
  agreeing: number;
  /** max |computed − printed| and max |computed − printed| / |printed| over the value cells (not f1, f2, PS) */
  maxAbs: number;
  maxRel: number;
  maxAbsCell: CellDiff | null;
  maxRelCell: CellDiff | null;
  /** every cell that does not agree at the printed precision */
  disagreements: CellDiff[];
}

/** Half a unit of the last printed digit, with slack for binary rounding of the computed value. */
export function withinPrinted(computed: number, printed: number, digits: number): boolean {
  return Math.abs(computed - printed) <= 0.5 * 10 ** -digits + 1e-9;
}

export function compareWithPrinted(result: LiTableResult): Comparison {
  const p = result.printed;
  const out: Comparison = {
    compared: 0,
    missing: 0,
    agreeing: 0,
    maxAbs: 0,
    maxRel: 0,
    maxAbsCell: null,
    maxRelCell: null,
    disagreements: [],
  };
  if (!p) return out;
  if (p.rows.length !== result.rows.length) {
    throw new RangeError(
      `table ${result.table}: ${result.rows.length} computed rows but ${p.rows.length} printed rows`,
    );
  }
  const cell = (
    row: number,
    column: string,
    computed: number,
    printed: number | null | undefined,
    digits: number,
    isValue: boolean,
  ) => {
    if (printed === undefined) return;
    if (printed === null) {
      out.missing++;
      return;
    }
    out.compared++;
    const d: CellDiff = { row, column, computed, printed, abs: Math.abs(computed - printed) };
    if (withinPrinted(computed, printed, digits)) out.agreeing++;
    else out.disagreements.push(d);
    if (!isValue) return;
    if (d.abs > out.maxAbs) {
      out.maxAbs = d.abs;
      out.maxAbsCell = d;
    }
    const rel = printed !== 0 ? d.abs / Math.abs(printed) : 0;
    if (rel > out.maxRel) {
      out.maxRel = rel;
      out.maxRelCell = d;
    }
  };
  result.rows.forEach((r, i) => {
    const pr = p.rows[i];
    cell(i, 'f1', r.f1, pr.f1, p.factorDigits, false);
    cell(i, 'f2', r.f2, pr.f2, p.factorDigits, false);
    pr.values.forEach((v, j) => cell(i, result.columns[j], r.values[j], v, p.digits, true));
    if (pr.ps !== undefined) cell(i, 'PS', r.ps ?? Number.NaN, pr.ps, p.digits, false);
  });
  return out;
}
