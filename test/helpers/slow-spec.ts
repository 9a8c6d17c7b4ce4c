/**
 * A spec whose trees each take far longer than any test waits (one fixed-depth search of a huge tree,
 * no annotations, no MPG), so a job is reliably still running when a test cancels or kills it.
 */
import type { ExperimentSpec } from '../../shared/experiments/spec.ts';
import { prefixValueSpec } from './prefix-value-spec.ts';

export function slowSpec(trees: number): ExperimentSpec {
  const run = { trees, seed: 1, depth: 14, iterative: false, measure: { mpg: false } };
  return prefixValueSpec('slow', { bmin: 8, bmax: 12, damage: 6, e: 4 }, run, [
    { algorithm: 'alphabeta', ordering: 'natural' },
  ]);
}
