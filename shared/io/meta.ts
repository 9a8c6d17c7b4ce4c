/**
 * The `meta` object of a gtlab-graph file: which model made the graph, with which parameters and seed,
 * and which program wrote it ("game-tree-lab <version>"). Further keys are kept as they are.
 */
import { z } from 'zod';
import type { GraphMeta } from '../game/graph.ts';
import { checkMetaValue, must, parseWith } from './json-fields.ts';

const GraphMetaSchema = z.looseObject(
  {
    model: z.string({ error: must('a string (the model name)') }),
    params: z.record(z.string(), z.unknown(), { error: must('an object (the model parameters)') }),
    seed: z.int({ error: must('a safe integer or null') }).nullable(),
    generator: z.string({ error: must('a string such as "game-tree-lab 0.1.0"') }),
  },
  { error: must('an object with model, params, seed and generator') },
);

export function parseGraphMeta(x: unknown, field = 'meta'): GraphMeta {
  const meta = parseWith(GraphMetaSchema, x, field) as GraphMeta;
  checkMetaValue(meta, field);
  return meta;
}

/** `meta` as JSON with the spec's key order first (model, params, seed, generator), then any others. */
export function serializeGraphMeta(meta: GraphMeta): string {
  const { model, params, seed, generator, ...rest } = meta;
  return JSON.stringify({ model, params, seed, generator, ...rest });
}
