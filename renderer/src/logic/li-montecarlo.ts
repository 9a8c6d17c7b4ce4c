/**
 * Which cell of a Li table view allows a Monte-Carlo check, and its target (the check itself is
 * shared/li/monte-carlo-cell.ts, run in the Studies worker).
 */
import type { LiTableView } from '../../../shared/li/li-table-view.ts';
import type { McTarget } from '../../../shared/li/monte-carlo-cell.ts';

/**
 * The check a cell allows: R_k cells of Table 2.2 (li-2), D(d, h) cells of Tables 3.x (li-3) and N_k
 * cells of Tables 4.x (li-4); null for every other cell (f1, f2, PS, Tables 2.1 and Fig. 3.2).
 */
export function monteCarloTarget(view: LiTableView, row: number, column: number): McTarget | null {
  const r = view.rows[row];
  const col = view.columns[column];
  if (!r || !col) return null;
  const c = r.cells[column];
  const f1 = r.cells[0].corrected;
  const f2 = r.cells[1].corrected;
  const base = { corrected: c.corrected, printed: c.printedComp, thesis: c.thesis, digits: c.digits };
  let m: RegExpExecArray | null;
  if (view.table === '2.2' && (m = /^R_(\d+)$/.exec(col.name)) && r.p0 !== undefined) {
    const k = Number(m[1]);
    return {
      experiment: 'li-2',
      params: { p0: r.p0, f1, f2, k },
      quantity: `R_${k}: win leaves at depth ${2 * k}`,
      ...base,
    };
  }
  if (view.table.startsWith('3.') && (m = /^D\((\d+),(\d+)\)$/.exec(col.name))) {
    const d = Number(m[1]);
    const h = Number(m[2]);
    if ((h % 2 === 1 ? f1 : f2) === 1) return null; // no win/loss pair: D(d, h) undefined
    return {
      experiment: 'li-3',
      params: { f1, f2, d, h },
      quantity: `D(${d}, ${h}): probability of a correct decision`,
      ...base,
    };
  }
  if (view.table.startsWith('4.') && (m = /^N_(\d+)$/.exec(col.name)) && r.p0 !== undefined) {
    const k = Number(m[1]);
    return {
      experiment: 'li-4',
      params: { p0: r.p0, f1, f2, k },
      quantity: `N_${k}: leaves examined by alpha-beta with window [0, 1], height ${2 * k}`,
      ...base,
    };
  }
  return null;
}
