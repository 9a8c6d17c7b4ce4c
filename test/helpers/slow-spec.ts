/**
 * A spec whose trees each take far longer than any test waits (one fixed-depth search of a huge tree,
 * no annotations, no MPG), so a job is reliably still running when a test cancels or kills it.
 */
import { parseSpec, type ExperimentSpec } from '../../shared/experiments/spec.ts';

export function slowSpec(trees: number): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name: 'slow',
    model: { kind: 'prefix-value', bmin: 8, bmax: 12, damage: 6, noise: { kind: 'uniform', e: 4 } },
    trees,
    seed: 1,
    depth: 14,
    iterative: false,
    measure: { mpg: false },
    series: [{ algorithm: 'alphabeta', ordering: 'natural' }],
  });
}
