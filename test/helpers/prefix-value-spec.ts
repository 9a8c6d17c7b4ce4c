/**
 * The experiment specs the host, pool and web-host tests run: a small prefix-value model with uniform
 * noise, named and searched as each test needs, parsed by the one spec schema.
 */
import { parseSpec, type ExperimentSpec } from '../../shared/experiments/spec.ts';

/** Branching bmin..bmax, the damage, and e, the half-width of the uniform noise. */
interface SmallModel {
  bmin: number;
  bmax: number;
  damage: number;
  e: number;
}

/** How the model is run: the spec's fields between `model` and `series`, in the order a spec file writes them. */
interface RunFields {
  trees: number;
  seed: number;
  depth: number;
  iterative?: boolean;
  measure?: { mpg: boolean };
  limits?: { maxVisitedPerSearch: number };
}

export function prefixValueSpec(
  name: string,
  { bmin, bmax, damage, e }: SmallModel,
  run: RunFields,
  series: { algorithm: string; ordering: string }[],
): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name,
    model: { kind: 'prefix-value', bmin, bmax, damage, noise: { kind: 'uniform', e } },
    ...run,
    series,
  });
}
