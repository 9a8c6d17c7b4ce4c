/**
 * The Monte-Carlo check of one cell of a Li table (Li 1989, Ch. 2-4): the same computation as
 * `gtlab montecarlo li-2|li-3|li-4` (shared/li/monte-carlo-check.ts), set against the cell's corrected
 * and printed-computation values and the thesis's number, with progress for the app's Web Worker.
 */
import { monteCarloLi } from '../../../shared/li/monte-carlo-check.ts';
import type { LiTableView } from './li-table-view.ts';

export type McExperiment = 'li-2' | 'li-3' | 'li-4';

export interface McTarget {
  experiment: McExperiment;
  params: { p0?: number; f1: number; f2: number; k?: number; d?: number; h?: number };
  quantity: string;
  /** the cell: corrected, printed computation, thesis (null/undefined: lost/none) */
  corrected: number;
  printed: number;
  thesis: number | null | undefined;
  /** decimals of the thesis's number */
  digits: number;
}

export interface McResult {
  target: McTarget;
  trees: number;
  seed: number;
  mean: number;
  se: number;
  lo: number;
  hi: number;
  half95: number;
  inInterval: { corrected: boolean; printed: boolean; thesis: boolean | null };
}

export const MC_MAX_TREES = 10_000_000;

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
    return { experiment: 'li-2', params: { p0: r.p0, f1, f2, k }, quantity: `R_${k}: win leaves at depth ${2 * k}`, ...base };
  }
  if (view.table.startsWith('3.') && (m = /^D\((\d+),(\d+)\)$/.exec(col.name))) {
    const d = Number(m[1]);
    const h = Number(m[2]);
    if ((h % 2 === 1 ? f1 : f2) === 1) return null; // no win/loss pair: D(d, h) undefined
    return { experiment: 'li-3', params: { f1, f2, d, h }, quantity: `D(${d}, ${h}): probability of a correct decision`, ...base };
  }
  if (view.table.startsWith('4.') && (m = /^N_(\d+)$/.exec(col.name)) && r.p0 !== undefined) {
    const k = Number(m[1]);
    return { experiment: 'li-4', params: { p0: r.p0, f1, f2, k }, quantity: `N_${k}: leaves examined by alpha-beta with window [0, 1], height ${2 * k}`, ...base };
  }
  return null;
}

/** Runs the check; `progress(done, total)` is called every 50 trees (accepted samples for li-3). */
export function runMonteCarlo(target: McTarget, trees: number, seed: number, progress?: (done: number, total: number) => void): McResult {
  if (!Number.isInteger(trees) || trees < 2 || trees > MC_MAX_TREES) throw new RangeError(`trees = ${trees} is not allowed: it must be an integer in [2..${MC_MAX_TREES}]`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed = ${seed} is not allowed: it must be a safe integer`);
  const m = monteCarloLi(target.experiment, target.params, trees, seed, progress);
  // A degenerate sample (every tree the same, se = 0) has a zero-width interval: compare up to rounding.
  const inside = (x: number) => m.lo - 1e-9 * Math.max(1, Math.abs(x)) <= x && x <= m.hi + 1e-9 * Math.max(1, Math.abs(x));
  const t = target.thesis;
  return {
    target, trees, seed, mean: m.mean, se: m.se, lo: m.lo, hi: m.hi, half95: m.half95,
    inInterval: { corrected: inside(target.corrected), printed: inside(target.printed), thesis: t === null || t === undefined ? null : inside(t) },
  };
}
