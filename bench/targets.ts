/**
 * A speed target as `npm run bench` reports it (./run-all.ts): what was measured, the bound it is held
 * to, and whether it was met. A benchmark that could not run here says why instead of a figure.
 */

export interface TargetRow {
  /** what is measured, e.g. "alpha-beta kernel / C" */
  name: string;
  /** the figure, or null when it was not measured (see `note`) */
  measured: number | null;
  /** a ratio, seconds, or millions of the C reference's nodes (a wall time × the C rate measured beside it) */
  unit: '×' | 's' | 'C-Mnodes';
  /** the figure must be at least (`atLeast`) or at most (`atMost`) `bound` */
  kind: 'atLeast' | 'atMost';
  bound: number;
  /** how it was measured, or why it was not */
  note: string;
}

function verdict(t: TargetRow): 'met' | 'MISSED' | 'not measured' {
  if (t.measured === null) return 'not measured';
  return (t.kind === 'atLeast' ? t.measured >= t.bound : t.measured <= t.bound) ? 'met' : 'MISSED';
}

function figure(x: number, unit: TargetRow['unit']): string {
  if (unit === 'C-Mnodes') return `${x.toFixed(0)} C-Mnodes`;
  return unit === '×' ? `${x.toFixed(2)}×` : `${x.toFixed(1)} s`;
}

/** The rows as a table: name, measured, target, verdict, note. */
export function printTargets(rows: readonly TargetRow[]): void {
  const w = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'target'.padEnd(w)} | measured | target   | verdict      | note`);
  for (const r of rows) {
    const m = r.measured === null ? '—' : figure(r.measured, r.unit);
    const b = `${r.kind === 'atLeast' ? '≥' : '≤'} ${figure(r.bound, r.unit)}`;
    console.log(`${r.name.padEnd(w)} | ${m.padStart(8)} | ${b.padEnd(8)} | ${verdict(r).padEnd(12)} | ${r.note}`);
  }
}
