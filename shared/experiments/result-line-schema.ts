/**
 * A line of results.jsonl (one tree at one depth, ../io/result-line-fields.ts's ResultLine) checked against its run's
 * spec: the fields as ../io/result-line-fields.ts defines them, the tree and depth within the spec, and one result per series of the spec, each once. Every reader of the file
 * (resume, merge, plot, the app's import) checks lines with `checkResultLine`, so a damaged or foreign
 * line is named (field and what is allowed) rather than read as nulls in a summary.
 */
import { FormatError } from '../io/format-error.ts';
import { show } from '../io/json-fields.ts';
import { resultLineFields, type ResultLine } from '../io/result-line-fields.ts';
import { seriesLabel, specDepths, type ExperimentSpec } from './spec.ts';

/**
 * A parsed line of a run of `spec`, checked; throws a FormatError naming the field ("results[1].mpg",
 * "tree") and what is allowed. `depths` and `labels` may be passed in when many lines are checked.
 */
export function checkResultLine(
  x: unknown,
  spec: ExperimentSpec,
  depths?: ReadonlySet<number>,
  labels?: readonly string[],
): ResultLine {
  return checkLineOfSpec(resultLineFields(x), spec, depths, labels);
}

/**
 * A line whose fields are already checked (the reader of results.jsonl, ../io/results-lines.ts, checks
 * them) checked against the spec: its tree, its depth and one result per series.
 */
export function checkLineOfSpec(
  l: ResultLine,
  spec: ExperimentSpec,
  depths: ReadonlySet<number> = new Set(specDepths(spec)),
  labels: readonly string[] = spec.series.map(seriesLabel),
): ResultLine {
  if (l.tree >= spec.trees)
    throw new FormatError('tree', `${l.tree} is not allowed: the spec's trees are 0..${spec.trees - 1}`);
  if (!depths.has(l.depth))
    throw new FormatError(
      'depth',
      `${l.depth} is not allowed: it must be one of the spec's depths (${[...depths].join(', ')})`,
    );
  const seen = new Set<string>();
  l.results.forEach((s, k) => {
    if (!labels.includes(s.series))
      throw new FormatError(
        `results[${k}].series`,
        `${show(s.series)} is not a series of this spec (${labels.join(', ')})`,
      );
    if (seen.has(s.series))
      throw new FormatError(`results[${k}].series`, `${show(s.series)} appears twice in one line`);
    seen.add(s.series);
  });
  const absent = labels.filter((s) => !seen.has(s));
  if (absent.length > 0)
    throw new FormatError(
      'results',
      `has no result for ${absent.map((s) => JSON.stringify(s)).join(', ')}: a line holds one result per series of the spec`,
    );
  return l;
}
