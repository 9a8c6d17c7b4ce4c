/**
 * The tree models of the experiment spec by kind: the spec's model union, the Game factory, size
 * estimates, the capabilities the runner and the spec check, the app's model choices and their field
 * labels, and `gtlab generate`'s models, flags and help are all derived from this list. Adding a
 * model is one descriptor file (see ./model-descriptor.ts) and one line below;
 * test/models/registry.test.ts and test/cli/generate-registry.test.ts check every entry.
 */
import { z } from 'zod';
import type { Game } from '../game/game.ts';
import type { ModelDescriptor } from './model-descriptor.ts';
import { incrementalModel, prefixValueModel } from './descriptors/prefix-value.ts';
import { uniformModel } from './descriptors/uniform.ts';
import { liModel } from '../li/li-model.ts';
import { othelloEndgameModel } from '../othello/othello-endgame-model.ts';
import { geometricTreeSize } from '../util/tree-size.ts';
import { registryLookup, schemasOf } from '../util/registry-lookup.ts';

export const MODEL_REGISTRY = [prefixValueModel, incrementalModel, uniformModel, liModel, othelloEndgameModel] as const;

/**
 * A spec's `model`: one of the registered models' schemas, chosen by `kind`, so that an error is
 * reported at the field of the chosen model (not as the union's "Invalid input").
 */
export const ModelSchema = z.discriminatedUnion('kind', schemasOf(MODEL_REGISTRY));
export type ModelSpec = z.output<typeof ModelSchema>;
export type ModelKind = ModelSpec['kind'];

export const MODEL_KINDS = MODEL_REGISTRY.map((d) => d.kind) as readonly ModelKind[];

type LooseModel = ModelDescriptor<ModelKind, ModelSpec>;
const byKind = registryLookup(MODEL_REGISTRY as unknown as readonly LooseModel[], (d) => d.kind, 'model kind');

/** The descriptor of a model kind, typed loosely: its functions take the model object it validated. */
export function modelDescriptor(kind: ModelKind): LooseModel {
  return byKind(kind);
}

/** The kinds whose schema has the top-level field `field` (e.g. horizon, which gtlab run --horizon sets). */
export function kindsWithField(field: string): ModelKind[] {
  return MODEL_REGISTRY.filter((d) => field in (d.schema as z.ZodObject).shape).map((d) => d.kind);
}

/** The Game for tree `tree` of an experiment, height `depth`, from (spec seed, tree index). */
export function makeGame(model: ModelSpec, depth: number, seed: number, tree: number): Game {
  return modelDescriptor(model.kind).make(model, depth, seed, tree);
}

export function meanBranching(model: ModelSpec): number {
  return modelDescriptor(model.kind).meanBranching(model);
}

/** Expected number of nodes of one full tree of the model (size estimates before a run or a generate). */
export function expectedTreeSize(model: ModelSpec, depth: number): number {
  return geometricTreeSize(meanBranching(model), depth);
}
