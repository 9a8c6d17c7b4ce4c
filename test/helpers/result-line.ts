/** A result line for summary tests: tree `tree` at `depth`, value 0, the same minimum proof size `mpg` for every denominator. */
import type { ResultLine } from '../../shared/io/result-line-fields.ts';

export function resultLine(tree: number, depth: number, mpg: number, results: ResultLine['results']): ResultLine {
  return { tree, depth, value: 0, mpg, mpgSeen: mpg, mpgTrue: mpg, results };
}
