/**
 * The pieces every study's tidy CSV is written with: RFC 4180 rows (../io/results-csv.ts quotes a
 * cell), the file's text, a thesis number as Li's tables show it, and the provenance line
 * `# <kind>; <parameters>; <generator>` in the style of a run's results CSV.
 */
import { csvCell } from '../io/results-csv.ts';

export const csvRow = (fields: readonly unknown[]): string => fields.map(csvCell).join(',');

export const csvText = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

/** a thesis number as the tables show it: empty where it prints none, "?" where the OCR lost it */
export const thesisCell = (x: number | null | undefined): string =>
  x === undefined ? '' : x === null ? '?' : String(x);

export function provenanceLine(kind: string, summary: string, generator: string): string {
  return `# ${kind}; ${summary}; ${generator}`;
}
