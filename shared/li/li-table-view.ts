/**
 * What the Studies tab shows of a table of Li's thesis (./reproduce.ts): per cell the
 * corrected computation (the model as the thesis defines it), the printed computation (errata
 * included) and the thesis's printed number, side by side. A cell is highlighted where the corrected
 * number does not round to the printed one at the printed precision (./compare.ts's rule), and
 * marked as a mismatch where even the printed computation does not (a transcription or model problem).
 * Shared by the Studies tab and the table's CSV (./li-table-study.ts), which the app and History export.
 */
import { withinPrinted } from './compare.ts';
import type { LiTableResult } from './li-table.ts';

interface ViewCell {
  corrected: number;
  printedComp: number;
  /** the thesis's number: null where the OCR lost it, undefined where the thesis prints none */
  thesis: number | null | undefined;
  /** decimals the thesis prints this cell with (display precision when it prints none) */
  digits: number;
  /** corrected ≠ thesis at the printed precision (with no thesis number: ≠ the printed computation) */
  differs: boolean;
  /** printed computation ≠ thesis at the printed precision */
  mismatch: boolean;
}

interface ViewColumn {
  name: string;
  /** false: the three numbers agree in every row, so one sub-column shows them */
  triple: boolean;
}

interface ViewRow {
  p0?: number;
  step?: number;
  cells: ViewCell[];
}

export interface LiTableView {
  table: string;
  title: string;
  /** the plain leading columns ('p0', 'j') present in this table */
  keys: ('p0' | 'j')[];
  columns: ViewColumn[];
  rows: ViewRow[];
  errata: string[];
  notes: string[];
  /** cells with a thesis number, highlighted ones, mismatching ones, numbers the OCR lost */
  counts: { compared: number; differing: number; mismatching: number; missing: number };
  /** significant digits used where the thesis prints no number (Fig. 3.2) */
  figure: boolean;
}

const FIGURE_PRECISION = 4;

/** Rounded the way the thesis prints it (fixed decimals; significant digits for Fig. 3.2). */
export function formatNumber(x: number | null | undefined, digits: number, figure = false): string {
  if (x === undefined) return '—';
  if (x === null) return '?';
  if (!Number.isFinite(x)) return String(x);
  return figure ? x.toPrecision(FIGURE_PRECISION) : x.toFixed(digits);
}

function sameAt(a: number, b: number, digits: number, figure: boolean): boolean {
  return figure ? a.toPrecision(FIGURE_PRECISION) === b.toPrecision(FIGURE_PRECISION) : withinPrinted(a, b, digits);
}

/** Builds the view from the corrected and the printed-mode results of the same table. */
export function buildLiTableView(corrected: LiTableResult, printed: LiTableResult): LiTableView {
  if (corrected.table !== printed.table || corrected.mode !== 'corrected' || printed.mode !== 'printed') {
    throw new RangeError(
      `buildLiTableView needs the corrected and the printed result of one table (got ${corrected.table}/${corrected.mode} and ${printed.table}/${printed.mode})`,
    );
  }
  if (corrected.rows.length !== printed.rows.length) {
    throw new RangeError(
      `table ${corrected.table}: ${corrected.rows.length} corrected rows but ${printed.rows.length} printed-mode rows`,
    );
  }
  const thesis = corrected.printed ?? printed.printed;
  const figure = thesis === undefined;
  const digits = thesis?.digits ?? 5;
  const factorDigits = thesis?.factorDigits ?? 3;
  const hasPs = corrected.rows.some((r) => r.ps !== undefined);
  const names = ['f1', 'f2', ...corrected.columns, ...(hasPs ? ['PS'] : [])];
  const counts = { compared: 0, differing: 0, mismatching: 0, missing: 0 };

  const cell = (c: number, p: number, t: number | null | undefined, dig: number): ViewCell => {
    let differs: boolean;
    let mismatch = false;
    if (t === undefined) differs = !sameAt(c, p, dig, figure);
    else if (t === null) {
      counts.missing++;
      differs = false;
    } else {
      counts.compared++;
      differs = !withinPrinted(c, t, dig);
      mismatch = !withinPrinted(p, t, dig);
    }
    if (differs) counts.differing++;
    if (mismatch) counts.mismatching++;
    return { corrected: c, printedComp: p, thesis: t, digits: dig, differs, mismatch };
  };

  const rows: ViewRow[] = corrected.rows.map((r, i) => {
    const q = printed.rows[i];
    const t = thesis?.rows[i];
    const cells = [
      cell(r.f1, q.f1, t?.f1, factorDigits),
      cell(r.f2, q.f2, t?.f2, factorDigits),
      ...r.values.map((v, j) => cell(v, q.values[j], t ? t.values[j] : undefined, digits)),
      ...(hasPs ? [cell(r.ps ?? Number.NaN, q.ps ?? Number.NaN, t?.ps, digits)] : []),
    ];
    return { ...(r.p0 !== undefined ? { p0: r.p0 } : {}), ...(r.step !== undefined ? { step: r.step } : {}), cells };
  });

  // A column needs three sub-columns only where its three numbers ever differ when printed.
  const columns: ViewColumn[] = names.map((name, j) => {
    const isValue = j >= 2;
    const triple =
      isValue ||
      rows.some(({ cells: [c0, c1] }) => {
        const c = j === 0 ? c0 : c1;
        const show = (x: number | null | undefined) => formatNumber(x, c.digits, figure);
        return (
          show(c.corrected) !== show(c.printedComp) ||
          (c.thesis !== undefined && show(c.corrected) !== show(c.thesis)) ||
          c.differs
        );
      });
    return { name, triple };
  });

  const keys: ('p0' | 'j')[] = [];
  if (corrected.rows.some((r) => r.p0 !== undefined)) keys.push('p0');
  if (corrected.rows.some((r) => r.step !== undefined)) keys.push('j');

  const errata = [...new Set([...printed.errata, ...corrected.errata])];
  const notes = [
    ...new Set([
      ...corrected.notes.map((n) => `corrected: ${n}`),
      ...printed.notes.map((n) => `printed computation: ${n}`),
      ...(thesis?.notes ?? []).map((n) => `transcription: ${n}`),
    ]),
  ];
  return { table: corrected.table, title: corrected.title, keys, columns, rows, errata, notes, counts, figure };
}
