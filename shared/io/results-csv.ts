/**
 * Tidy CSV of a run's results: one row per (tree, depth, series) with the counts and the MPG size, and
 * a header comment block recording the spec name, seed and workbench version (so an exported table
 * carries its provenance) and the name figures give each series. RFC 4180 quoting.
 */
import type { ResultLine } from './result-line-fields.ts';

export interface CsvProvenance {
  name: string;
  seed: number;
  generator: string;
  counting: string;
  /** the series' ids (the `series` column) and the names figures give them, at the end of the first line */
  series?: readonly { id: string; name: string }[];
}

const COLUMNS = [
  'tree',
  'depth',
  'series',
  'value',
  'mpg',
  'mpg_seen',
  'mpg_true',
  'visited',
  'expanded',
  'leaves',
  'pass_visited',
  'pass_expanded',
  'visited_over_mpg',
  'expanded_over_mpg',
] as const;

/** One CSV field (RFC 4180): empty for null and non-finite numbers, objects as JSON, quoted where needed. */
export function csvCell(x: unknown): string {
  if (x === null || x === undefined) return '';
  const s =
    typeof x === 'number'
      ? Number.isFinite(x)
        ? String(x)
        : ''
      : typeof x === 'object'
        ? JSON.stringify(x)
        : String(x);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The end of a CSV's provenance line that names each series as figures do, after its id (the series
 * column): "; series alphabeta / value = α-β / value; …"; empty without series.
 */
export function seriesNote(series: readonly { id: string; name: string }[]): string {
  return series.length ? `; series ${series.map((s) => `${s.id} = ${s.name}`).join('; ')}` : '';
}

export function resultsCsv(lines: readonly ResultLine[], p: CsvProvenance): string {
  const names = p.series ? seriesNote(p.series) : '';
  const out: string[] = [
    `# ${p.name}; seed ${p.seed}; ${p.generator}${names}`,
    `# counting: ${p.counting}`,
    COLUMNS.join(','),
  ];
  for (const l of lines) {
    for (const r of l.results) {
      out.push(
        [
          l.tree,
          l.depth,
          r.series,
          l.value,
          l.mpg,
          l.mpgSeen,
          l.mpgTrue,
          r.visited,
          r.expanded,
          r.leaves,
          r.passVisited,
          r.passExpanded,
          l.mpg ? r.visited / l.mpg : null,
          l.mpg ? r.expanded / l.mpg : null,
        ]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${out.join('\n')}\n`;
}
