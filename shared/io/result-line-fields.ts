/**
 * The one definition of a line of results.jsonl (one tree at one depth): its type, its canonical order
 * and the check of its fields — exactly the fields a run writes, counts as non-negative integers, values
 * finite; the check returns that type, so the compiler holds the schema to it. The reader
 * (./results-lines.ts) names every line that breaks it; a caller that knows the run's spec also checks
 * trees, depths and series against it (../experiments/result-line-schema.ts).
 */
import { z } from 'zod';
import { strictObject } from '../util/strict-object.ts';
import { FormatError } from './format-error.ts';
import { show } from './json-fields.ts';
import { zodIssues } from '../util/zod-issues.ts';

interface SeriesResult {
  series: string;
  /** cumulative over the iterative-deepening passes 1..depth (the counting convention of ../search/counters.ts) */
  visited: number;
  expanded: number;
  leaves: number;
  /** the pass at this depth alone */
  passVisited: number;
  passExpanded: number;
}

export interface ResultLine {
  tree: number;
  depth: number;
  /** negamax value of the root of the depth-d tree (every series agrees; checked) */
  value: number;
  /**
   * The denominator the spec chose (`measure.denominator`: mpgSeen or mpgTrue), or null when not
   * measured. The models of a spec are trees, where the minimum proof graph (F&B Sec. 2) is that tree,
   * so the file keeps the paper's name `mpg`, which tools read.
   */
  mpg: number | null;
  /** exact minimum proof tree size of the depth-d tree the searches proved (horizon scored as they scored it) */
  mpgSeen: number | null;
  /** exact minimum proof tree size of the depth-d tree with exact values at its horizon */
  mpgTrue: number | null;
  /**
   * With `measure.interior`: the fewest interior nodes of any proof of the denominator's tree (Figure 2
   * with leaf cost 0), what the expanded-node view divides by; absent otherwise.
   */
  mpgInterior?: number | null;
  /** models of real positions: the position searched at this depth (e.g. an Othello board and side to move) */
  position?: string;
  results: SeriesResult[];
}

/** The canonical order of result lines, by tree then depth: files, exports and every mean follow it, so
 * a summary's last digit does not depend on which worker finished first. */
export function compareLines(a: ResultLine, b: ResultLine): number {
  return a.tree - b.tree || a.depth - b.depth;
}

const must = (what: string) => ({
  error: (iss: { input?: unknown }) =>
    iss.input === undefined
      ? `is missing; it must be ${what}`
      : `${show(iss.input)} is not allowed: it must be ${what}`,
});
const count = z
  .number(must('a non-negative integer'))
  .int(must('a non-negative integer'))
  .min(0, must('a non-negative integer'))
  .max(Number.MAX_SAFE_INTEGER, must('a non-negative integer'));
const size = count.nullable();
const positive = z
  .number(must('a positive integer'))
  .int(must('a positive integer'))
  .min(1, must('a positive integer'))
  .max(Number.MAX_SAFE_INTEGER, must('a positive integer'));

const SeriesResultSchema = strictObject({
  series: z.string(must('a series label of the spec')),
  visited: count,
  expanded: count,
  leaves: count,
  passVisited: count,
  passExpanded: count,
});

const ResultLineSchema = strictObject(
  {
    tree: count,
    depth: positive,
    value: z.number(must('a finite number')),
    mpg: size,
    mpgSeen: size,
    mpgTrue: size,
    mpgInterior: size.optional(),
    position: z
      .string(must("a position in the model's notation"))
      .max(200, must('a position of at most 200 characters'))
      .optional(),
    results: z.array(SeriesResultSchema, must('an array of one result per series')),
  },
  {
    error: (iss) =>
      iss.code === 'invalid_type' ? `${show(iss.input)} is not allowed: a result line is a JSON object` : undefined,
  },
);

/** "results[2].visited" */
function fieldName(path: readonly PropertyKey[]): string {
  return (
    path.map((p, k) => (typeof p === 'number' ? `[${p}]` : `${k === 0 ? '' : '.'}${String(p)}`)).join('') || '(line)'
  );
}

/** A parsed line's fields, checked; throws a FormatError naming the field ("results[1].visited") and what is allowed. */
export function resultLineFields(x: unknown): ResultLine {
  const r = ResultLineSchema.safeParse(x);
  if (r.success) return r.data;
  const iss = zodIssues(r.error)[0];
  throw new FormatError(fieldName(iss.path), iss.message, { cause: r.error });
}
