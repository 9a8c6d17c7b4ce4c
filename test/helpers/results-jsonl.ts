/**
 * The lines of a results.jsonl text as the CLI tests compare them: parsed, or sorted by tree then depth
 * (workers finish trees in any order, so two runs agree line for line only once sorted), or sorted as
 * written, byte for byte.
 */
import type { ResultLine } from '../../shared/io/result-line-fields.ts';

export const parseResultsJsonl = (text: string): ResultLine[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ResultLine);

export const byTreeThenDepth = (a: ResultLine, b: ResultLine): number => a.tree - b.tree || a.depth - b.depth;

/** The text's lines sorted by tree then depth, each written back as one line of JSON. */
export const sortedResultsJsonl = (text: string): string[] =>
  parseResultsJsonl(text)
    .sort(byTreeThenDepth)
    .map((l) => JSON.stringify(l));

/** The text's lines as written, every one kept (a line stored twice shows as a difference), sorted. */
export const sortedLinesAsWritten = (text: string): string[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .sort();
