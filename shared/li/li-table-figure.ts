/**
 * A table of Li's thesis (Li 1989, Tables 2.1-4.3) as a figure, laid out as the thesis prints it: under
 * the thesis's own title, Chapter 3's tables with a row per search depth d (and the pathology sum PS) and
 * a column per (f1, f2) pair, the others with a row per (f1, f2) pair (p0 where it varies) and a column
 * per quantity; a table too wide for a page is set in blocks, as the thesis sets Table 3.3. Beside each
 * number we compute (the model as the thesis defines it) stands the thesis's printed number, where the
 * thesis prints one in that column, and the pair is shaded where ours does not round to it at the printed
 * precision (./li-table-view.ts's `differs`). The notes say what the columns and the shading mean and how
 * many printed cells the thesis's own computation reproduces. Typeset by ../figures/table-figure.ts.
 */
import { COLUMN_WIDTHS_CM, PX_PER_CM, PX_PER_PT } from '../figures/figure-spec.ts';
import { tableFigureOption, type TableGroup, type TableRow, type TableSpec } from '../figures/table-figure.ts';
import { formatNumber, type LiTableView } from './li-table-view.ts';
import { PRINTED_TABLES } from './thesis-tables.ts';
import type { LiTableId } from './li-table.ts';

/** A journal's text size for a table: 8 pt. */
const LI_TABLE_FONT_PT = 8;
/** The widest a table is set before it is split into blocks: a journal's two-column width. */
const MAX_WIDTH = Math.floor(COLUMN_WIDTHS_CM.double * PX_PER_CM);

const OURS = 'ours';
const THESIS = 'thesis';

type Cell = LiTableView['rows'][number]['cells'][number];

/** Whether the thesis prints a number (or one the OCR lost) in any of these cells. */
const printedIn = (cells: readonly Cell[]) => cells.some((c) => c.thesis !== undefined);
/** Our number and, where the thesis prints in this column, its number beside it. */
const pair = (c: Cell, both: boolean, figure: boolean) => [
  formatNumber(c.corrected, c.digits, figure),
  ...(both ? [formatNumber(c.thesis, c.digits, figure)] : []),
];
/** Shaded: the thesis prints a number here and ours does not round to it. */
const marked = (cells: readonly Cell[]) => cells.some((c) => typeof c.thesis === 'number' && c.differs);

/**
 * Chapter 3's tables hold one row per printed column ((f1, f2) and D(1..h, h), PS), which the thesis
 * prints turned: a row per depth. Turned where both factors read as one number in every row.
 */
function turned(view: LiTableView): boolean {
  return view.table.startsWith('3.') && !view.columns[0].triple && !view.columns[1].triple;
}

/**
 * The table's notes: what "ours", "thesis" and the shading are, the columns of one number (`agreeing`:
 * ours and the thesis's agree in every row) and of ours alone (`unprinted`: the thesis prints none), and
 * the counts behind the shading.
 */
function notes(view: LiTableView, fixed: string[], agreeing: string[], unprinted: string[]): string[] {
  const c = view.counts;
  const list = (names: string[]) => (names.length > 2 ? `${names[0]}..${names[names.length - 1]}` : names.join(', '));
  const lost = c.missing ? `, ? where the OCR lost it (${c.missing} cells)` : '';
  const columns = [
    `${OURS}: the model as the thesis defines it, computed exactly; ${THESIS}: the number the thesis prints${lost}.`,
    ...(fixed.length ? [`${fixed.join('; ')} in every row.`] : []),
    ...(agreeing.length ? [`${list(agreeing)}: ours and the thesis's agree in every row.`] : []),
    ...(unprinted.length ? [`${list(unprinted)}: ours alone, the thesis prints none.`] : []),
  ];
  const out = [columns.join(' ')];
  if (c.compared > 0)
    out.push(
      `Shaded: ours does not round to the thesis's number at its printed precision (${c.differing} of ${c.compared} printed cells). The computation the thesis ran, errata included (named in the table's CSV), reproduces ${c.compared - c.mismatching} of ${c.compared}.`,
    );
  return out;
}

/** The table as laid out for print, from its view (the corrected and printed results compared). */
export function liTableSpec(view: LiTableView, fontPx = LI_TABLE_FONT_PT * PX_PER_PT): TableSpec {
  if (view.figure) throw new RangeError(`${view.title}: a figure of curves, not a table of printed numbers`);
  const title = PRINTED_TABLES[view.table as LiTableId]?.title ?? view.title;
  const common = { title, fontSize: Number(fontPx.toFixed(2)), maxWidth: MAX_WIDTH };
  if (turned(view)) {
    // A row per quantity (D(d, h) for d = 1..h, then PS), a column per (f1, f2) pair.
    const depth = view.columns.slice(2).map((c) => (c.name === 'PS' ? 'PS' : /^D\((\d+),/.exec(c.name)![1]));
    const groups: TableGroup[] = view.rows.map((r) => {
      const [f1, f2] = r.cells.map((c) => formatNumber(c.corrected, c.digits));
      return {
        head: f1 === f2 ? [`f1 = f2 = ${f1}`] : [`f1 = ${f1}`, `f2 = ${f2}`],
        sub: printedIn(r.cells.slice(2)) ? [OURS, THESIS] : [OURS],
      };
    });
    const rows: TableRow[] = depth.map((d, q) => ({
      stub: [d],
      cells: view.rows.map((r, j) => pair(r.cells[2 + q], groups[j].sub.length > 1, false)),
      marked: view.rows.map((r) => marked([r.cells[2 + q]])),
    }));
    const unprinted = groups.flatMap((g) => (g.sub.length > 1 ? [] : [g.head.join(', ')]));
    const factors = ['f1', 'f2'].filter((_, k) => printedIn(view.rows.map((r) => r.cells[k])));
    return { ...common, stub: ['d'], groups, rows, notes: notes(view, [], factors, unprinted) };
  }
  // A row per (f1, f2) pair; a key that is the same in every row is said once, in the notes.
  const fixed: string[] = [];
  const keys = view.keys.filter((k) => {
    const values = new Set(view.rows.map((r) => (k === 'p0' ? r.p0 : r.step)));
    if (values.size > 1) return true;
    const [v] = values;
    fixed.push(`${k} = ${k === 'p0' ? v!.toFixed(3) : v}`);
    return false;
  });
  const stubColumns = view.columns.flatMap((c, j) => (j < 2 && !c.triple ? [j] : []));
  const valueColumns = view.columns.flatMap((_, j) => (stubColumns.includes(j) ? [] : [j]));
  const both = valueColumns.map((j) => view.columns[j].triple && printedIn(view.rows.map((r) => r.cells[j])));
  const groups: TableGroup[] = valueColumns.map((j, g) => ({
    head: [view.columns[j].name],
    sub: both[g] ? [OURS, THESIS] : [],
  }));
  const rows: TableRow[] = view.rows.map((r) => ({
    stub: [
      ...keys.map((k) => (k === 'p0' ? r.p0!.toFixed(3) : String(r.step))),
      ...stubColumns.map((j) => formatNumber(r.cells[j].corrected, r.cells[j].digits)),
    ],
    cells: valueColumns.map((j, g) => pair(r.cells[j], both[g], false)),
    marked: valueColumns.map((j) => marked([r.cells[j]])),
  }));
  return {
    ...common,
    stub: [...keys, ...stubColumns.map((j) => view.columns[j].name)],
    groups,
    rows,
    notes: notes(
      view,
      fixed,
      view.columns.flatMap((c, j) => (!c.triple && printedIn(view.rows.map((r) => r.cells[j])) ? [c.name] : [])),
      valueColumns.flatMap((j) => (printedIn(view.rows.map((r) => r.cells[j])) ? [] : [view.columns[j].name])),
    ),
  };
}

/** The figure of a Li table (the li-table study's export for Tables 2.1-4.3). */
export function liTableFigureOption(view: LiTableView, o: { fontFamily?: string } = {}): Record<string, unknown> {
  return tableFigureOption(liTableSpec(view), o);
}
