/**
 * The study of the pathology experiment (Nau 1982, Althöfer 1990; ../experiments/pathology.ts): the
 * probability of a correct root move against search depth for minimax and Althöfer's negamax under a
 * noisy evaluation, with 95 % Wilson intervals, drawn as curves (../figures/pathology-chart.ts).
 */
import { z } from 'zod';
import {
  PATHOLOGY_METHODS,
  PATHOLOGY_MODELS,
  PATHOLOGY_RANGES,
  pathologyModelWords,
  runPathology,
  type PathologyResult,
  type PathologySpec,
} from '../experiments/pathology.ts';
import { pathologyChartOption } from '../figures/pathology-chart.ts';
import { intField, probabilityField } from '../util/fields.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText } from './csv-rows.ts';
import { defineStudy } from './study-descriptor.ts';

interface PathologyRequest {
  kind: 'pathology';
  spec: PathologySpec;
}
interface PathologyStudyResult {
  kind: 'pathology';
  result: PathologyResult;
}

const R = PATHOLOGY_RANGES;
const height = intField(...R.height, 'Tree height', { flagDefault: 10 });
const degree = intField(...R.degree, 'Branching', { flagDefault: 2 });
/**
 * The experiment's parameters with their labels, ranges and the defaults of `gtlab pathology`, whose
 * flags are these fields: the model's (by kind), its noise's size, the trees and the seed.
 */
export const PathologySpecSchema = strictObject({
  model: z.discriminatedUnion('kind', [
    strictObject({
      kind: z.literal('uniform'),
      degree,
      height,
      p0: probabilityField('P(Max wins a leaf)', { none: 'the fixed point of w = 1 − w^n' }).optional(),
    }),
    strictObject({
      kind: z.literal('li'),
      height,
      p0: probabilityField('P(Max wins the root)', { flagDefault: 0.5 }),
      f1: probabilityField('Dependence factor f1', { flagDefault: 0.9 }),
      f2: probabilityField('Dependence factor f2', { flagDefault: 0.9 }),
    }),
    strictObject({
      kind: z.literal('prefix'),
      degree,
      height,
      damage: intField(...R.damage, 'Edge damage bound', { flagDefault: 6 }),
    }),
  ]),
  noise: z.discriminatedUnion('kind', [
    strictObject({ kind: z.literal('flip'), e: probabilityField('Flip probability', { flagDefault: 0.1 }) }),
    strictObject({ kind: z.literal('uniform'), e: intField(...R.noise, 'Integer noise bound', { flagDefault: 4 }) }),
  ]),
  trees: intField(...R.trees, 'Trees', { flagDefault: 1000 }),
  seed: z.number().int().meta({ label: 'Seed', allowed: 'a safe integer', flagDefault: 1 }),
  exactLeaves: z.boolean().optional(),
  methods: z.array(z.enum(PATHOLOGY_METHODS)).max(2).optional(),
});

/** P(correct move) per method and search depth with its 95 % Wilson interval, over the decisive roots. */
function curvesCsv(r: PathologyResult, provenance: string): string {
  const lines = [provenance, 'method,depth,p_correct,p_lo,p_hi,decisive,trees'];
  for (const s of r.series)
    r.depths.forEach((d, i) => lines.push(csvRow([s.method, d, s.p[i], s.lo[i], s.hi[i], r.decisive, r.trees])));
  return csvText(lines);
}

export const pathologyStudy = defineStudy<PathologyRequest, PathologyStudyResult>({
  kind: 'pathology',
  title: 'Pathology',
  description: "P(correct move) against search depth for minimax and Althöfer's negamax under a noisy evaluation",
  schema: strictObject({ kind: z.literal('pathology'), spec: PathologySpecSchema }),
  models: PATHOLOGY_MODELS,
  example: {
    kind: 'pathology',
    spec: { model: { kind: 'uniform', degree: 2, height: 4 }, noise: { kind: 'flip', e: 0.1 }, trees: 50, seed: 1 },
  },
  summary: (q) => {
    const { model, noise, trees, seed, exactLeaves, methods } = q.spec;
    return `${pathologyModelWords(model)}, ${noise.kind} noise ${noise.e}${exactLeaves === false ? ' (terminal nodes too)' : ''}, ${trees} trees, seed ${seed}${methods ? `, ${methods.join(' and ')}` : ''}`;
  },
  run: (q, ctx) => ({ kind: 'pathology', result: runPathology(q.spec, ctx.progress) }),
  csv: (_q, r, provenance) => curvesCsv(r.result, provenance),
  figure: (r, o) => pathologyChartOption(r.result, { fontFamily: o.fontFamily }),
});
