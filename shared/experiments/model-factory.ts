/** The Game for tree `tree` of an experiment: every model's generator, from (spec seed, tree index). */
import type { Game } from '../game/game.ts';
import { PrefixValueTree } from '../models/prefix-value.ts';
import { UniformTree } from '../models/uniform.ts';
import { LiDependentTree } from '../models/li-dependent.ts';
import type { ModelSpec } from './spec.ts';

export function makeGame(model: ModelSpec, depth: number, seed: number, tree: number): Game {
  switch (model.kind) {
    case 'prefix-value':
    case 'incremental':
      return new PrefixValueTree({
        height: depth, bmin: model.bmin, bmax: model.bmax, damage: model.damage, noise: model.noise,
        zeroDamage: model.kind === 'prefix-value', rootValue: model.rootValue, seed, tree,
      });
    case 'uniform':
      return new UniformTree({ degree: model.degree, height: depth, leaves: model.leaves, seed, tree });
    case 'li':
      return new LiDependentTree({ height: depth, p0: model.p0, f1: model.f1, f2: model.f2, z1: model.z1, z2: model.z2, seed, tree });
  }
}

/** Expected number of nodes of one full tree of the model (for size estimates before a run). */
export function expectedTreeSize(model: ModelSpec, depth: number): number {
  const b = model.kind === 'uniform' ? model.degree : model.kind === 'li' ? 2 : (model.bmin + model.bmax) / 2;
  let s = 0, t = 1;
  for (let k = 0; k <= depth; k++) { s += t; t *= b; }
  return s;
}
