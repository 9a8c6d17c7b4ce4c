/**
 * A spec whose trees each take far longer than any test waits (one fixed-depth search of a huge tree,
 * no annotations, no MPG), so a job is reliably still running when a test cancels or kills it. The visit
 * limit is lifted: at the WebAssembly kernel's ~70 M nodes/s the default 5·10^7 is reached in under a
 * second, and the tree would fail instead of running (each takes billions of visits: over a minute).
 */
import type { ExperimentSpec } from '../../shared/experiments/spec.ts';
import { prefixValueSpec } from './prefix-value-spec.ts';

export function slowSpec(trees: number): ExperimentSpec {
  const run = {
    trees,
    seed: 1,
    depth: 15,
    iterative: false,
    measure: { mpg: false },
    limits: { maxVisitedPerSearch: 2 ** 40 },
  };
  return prefixValueSpec('slow', { bmin: 8, bmax: 12, damage: 6, e: 4 }, run, [
    { algorithm: 'alphabeta', ordering: 'natural' },
  ]);
}
