/**
 * The results table: one row per depth and series of a run summary (mean ratio with its 95 % CI,
 * mean count, mean MPG size, trees), and a stable sort by any column with NaN always last.
 */
import type { RunSummary } from '../../../shared/experiments/statistics.ts';
import { labelNames } from '../../../shared/experiments/display-names.ts';
import { seriesNote } from '../../../shared/io/results-csv.ts';

export interface TableRow {
  depth: number;
  series: string;
  trees: number;
  mpg: number;
  ratio: number;
  lo: number;
  hi: number;
  mean: number;
}

export type SortKey = keyof TableRow;

export function summaryRows(s: RunSummary): TableRow[] {
  const rows: TableRow[] = [];
  s.depths.forEach((depth, i) => {
    for (const ser of s.series) {
      const [lo, hi] = ser.ci95[i];
      rows.push({
        depth,
        series: ser.series,
        trees: s.trees,
        mpg: s.mpg[i],
        ratio: ser.ratio[i],
        lo,
        hi,
        mean: ser.mean[i],
      });
    }
  });
  return rows;
}

export function sortRows(rows: readonly TableRow[], key: SortKey, dir: 'asc' | 'desc'): TableRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row[key],
        y = b.row[key];
      let c: number;
      if (typeof x === 'number' && typeof y === 'number') {
        const xn = Number.isNaN(x),
          yn = Number.isNaN(y);
        if (xn || yn) return xn && yn ? a.i - b.i : xn ? 1 : -1; // NaN last in both directions
        c = x - y;
      } else {
        c = String(x).localeCompare(String(y));
      }
      return c !== 0 ? sign * c : a.i - b.i;
    })
    .map((x) => x.row);
}

/**
 * The table as CSV: a provenance line per run ("# A: name; seed; version; counter ÷ denominator; series
 * alphabeta / value = α-β / value; …", each of the run's series by its id and the name figures give it),
 * the header, then one row per run, depth and series in the order shown.
 */
export function summaryCsv(
  rows: readonly (TableRow & { run: string })[],
  runs: readonly { label: string; name: string; seed: number; generator: string }[],
  measure: string,
): string {
  const num = (x: number) => (Number.isFinite(x) ? String(x) : '');
  const text = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `${[
    ...runs.map((r) => {
      const ids = [...new Set(rows.filter((x) => x.run === r.label).map((x) => x.series))];
      const names = labelNames(ids);
      const note = seriesNote(ids.map((id, k) => ({ id, name: names[k] })));
      return `# ${r.label}: ${r.name}; seed ${r.seed}; ${r.generator}; ${measure}${note}`;
    }),
    'run,depth,series,trees,mean_mpg,mean_count,count_over_mpg,ci95_low,ci95_high',
    ...rows.map((r) =>
      [r.run, r.depth, text(r.series), r.trees, num(r.mpg), num(r.mean), num(r.ratio), num(r.lo), num(r.hi)].join(','),
    ),
  ].join('\n')}\n`;
}
