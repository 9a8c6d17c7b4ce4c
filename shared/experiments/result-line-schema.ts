/**
 * The one definition of a line of results.jsonl (one tree at one depth, ./run-tree.ts's ResultLine) as
 * a reader checks it: exactly the fields a run writes, counts as non-negative integers, the tree and
 * depth within the spec, and one result per series of the spec, each once. Every reader of the file
 * (resume, merge, plot, the app's import) checks lines with `checkResultLine`, so a damaged or foreign
 * line is named (field and what is allowed) rather than read as nulls in a summary.
 */
import { z } from 'zod';
import { FormatError } from '../io/format-error.ts';
import { show } from '../io/json-fields.ts';
import { zodIssues } from '../io/zod-issues.ts';
import { strictObject } from '../util/strict-object.ts';
import { seriesLabel, specDepths, type ExperimentSpec } from './spec.ts';
import type { ResultLine } from './run-tree.ts';

const must = (what: string) => ({ error: (iss: { input?: unknown }) => (iss.input === undefined ? `is missing; it must be ${what}` : `${show(iss.input)} is not allowed: it must be ${what}`) });
const count = z.number(must('a non-negative integer')).int(must('a non-negative integer')).min(0, must('a non-negative integer')).max(Number.MAX_SAFE_INTEGER, must('a non-negative integer'));
const size = count.nullable();

const SeriesResultSchema = strictObject({
  series: z.string(must('a series label of the spec')),
  visited: count,
  expanded: count,
  leaves: count,
  passVisited: count,
  passExpanded: count,
});

const ResultLineSchema = strictObject({
  tree: count,
  depth: count,
  value: z.number(must('a finite number')),
  mpg: size,
  mpgSeen: size,
  mpgTrue: size,
  mpgInterior: size.optional(),
  results: z.array(SeriesResultSchema, must('an array of one result per series')),
}, { error: (iss) => (iss.code === 'invalid_type' ? `${show(iss.input)} is not allowed: a result line is a JSON object` : undefined) });

/** "results[2].visited" */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p, k) => (typeof p === 'number' ? `[${p}]` : `${k === 0 ? '' : '.'}${String(p)}`)).join('') || '(line)';
}

/**
 * A parsed line of a run of `spec`, checked; throws a FormatError naming the field ("results[1].mpg",
 * "tree") and what is allowed. `depths` and `labels` may be passed in when many lines are checked.
 */
export function checkResultLine(x: unknown, spec: ExperimentSpec, depths: ReadonlySet<number> = new Set(specDepths(spec)), labels: readonly string[] = spec.series.map(seriesLabel)): ResultLine {
  const r = ResultLineSchema.safeParse(x);
  if (!r.success) {
    const iss = zodIssues(r.error)[0];
    throw new FormatError(fieldName(iss.path), iss.message, { cause: r.error });
  }
  const l = r.data as ResultLine;
  if (l.tree >= spec.trees) throw new FormatError('tree', `${l.tree} is not allowed: the spec's trees are 0..${spec.trees - 1}`);
  if (!depths.has(l.depth)) throw new FormatError('depth', `${l.depth} is not allowed: it must be one of the spec's depths (${[...depths].join(', ')})`);
  const seen = new Set<string>();
  l.results.forEach((s, k) => {
    if (!labels.includes(s.series)) throw new FormatError(`results[${k}].series`, `${show(s.series)} is not a series of this spec (${labels.join(', ')})`);
    if (seen.has(s.series)) throw new FormatError(`results[${k}].series`, `${show(s.series)} appears twice in one line`);
    seen.add(s.series);
  });
  const absent = labels.filter((s) => !seen.has(s));
  if (absent.length > 0) throw new FormatError('results', `has no result for ${absent.map((s) => JSON.stringify(s)).join(', ')}: a line holds one result per series of the spec`);
  return l;
}
