/**
 * The one definition of the fields of a line of results.jsonl: exactly the fields a run writes, counts
 * as non-negative integers, values finite. The reader (./results-lines.ts) names every line that breaks
 * it; a caller that knows the run's spec also checks trees, depths and series against it
 * (../experiments/result-line-schema.ts).
 */
import { z } from 'zod';
import { strictObject } from '../util/strict-object.ts';
import { FormatError } from './format-error.ts';
import { show } from './json-fields.ts';
import { zodIssues } from './zod-issues.ts';

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

export type ResultLineFields = z.infer<typeof ResultLineSchema>;

/** "results[2].visited" */
function fieldName(path: readonly PropertyKey[]): string {
  return (
    path.map((p, k) => (typeof p === 'number' ? `[${p}]` : `${k === 0 ? '' : '.'}${String(p)}`)).join('') || '(line)'
  );
}

/** A parsed line's fields, checked; throws a FormatError naming the field ("results[1].visited") and what is allowed. */
export function resultLineFields(x: unknown): ResultLineFields {
  const r = ResultLineSchema.safeParse(x);
  if (r.success) return r.data;
  const iss = zodIssues(r.error)[0];
  throw new FormatError(fieldName(iss.path), iss.message, { cause: r.error });
}
