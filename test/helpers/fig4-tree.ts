/**
 * The parameters of one tree of Furtak & Buro's Fig. 4 model (height 10, 4–12 children, damage 6,
 * uniform noise ±4, horizon estimate) for a seed and tree index: the full-size tree the tests that
 * check a search or proof at the paper's scale run on.
 */
import type { PrefixValueParams } from '../../shared/models/prefix-value.ts';

export function fig4TreeParams(seed: number, tree: number): PrefixValueParams {
  return {
    height: 10,
    bmin: 4,
    bmax: 12,
    damage: 6,
    noise: { kind: 'uniform', e: 4 },
    horizon: 'estimate',
    seed,
    tree,
  };
}
