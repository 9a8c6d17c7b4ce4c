/** Every result line of a spec's run, tree by tree, computed in process as `gtlab run` computes them. */
import type { ExperimentSpec } from '../../shared/experiments/spec.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';

export async function runLines(spec: ExperimentSpec): Promise<ResultLine[]> {
  const lines: ResultLine[] = [];
  for (let t = 0; t < spec.trees; t++) await runTree(spec, t, (l) => lines.push(l));
  return lines;
}
