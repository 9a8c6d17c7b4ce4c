/**
 * A prefix value tree with uniform estimate noise U[−e..e] (Furtak & Buro Sec. 7), the configuration most
 * search tests run on, its parameters written as one flat record: `{ height, bmin, bmax, damage, e, seed, … }`.
 */
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';

export type UniformNoiseParams = Omit<PrefixValueParams, 'noise'> & { e: number };

export function uniformNoiseParams({ e, ...p }: UniformNoiseParams): PrefixValueParams {
  return { ...p, noise: { kind: 'uniform', e } };
}

export function uniformNoiseTree(p: UniformNoiseParams): PrefixValueTree {
  return new PrefixValueTree(uniformNoiseParams(p));
}
