/**
 * The study of the pathology experiment (Nau 1982, Althöfer 1990; ./pathology.ts): the
 * probability of a correct root move against search depth for minimax and Althöfer's negamax under a
 * noisy evaluation, with 95 % Wilson intervals, drawn as curves (./pathology-chart.ts).
 */
import { z } from 'zod';
import {
  checkPathologySpec,
  PATHOLOGY_METHODS,
  PATHOLOGY_MODEL_TITLES,
  PATHOLOGY_MODELS,
  PATHOLOGY_RANGES,
  pathologyModelWords,
  runPathology,
  type PathologyResult,
  type PathologySpec,
} from './pathology.ts';
import { pathologyChartOption } from './pathology-chart.ts';
import { intField, optionalField, probabilityField, seedField } from '../util/fields.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText } from '../studies/csv-rows.ts';
import { defineStudy } from '../studies/study-descriptor.ts';

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
 * The spec as the Studies tab's form, `gtlab pathology`'s flags and the IPC boundary check it: each
 * field's range and the command line's default, then the rules across fields (a model's noise, the size
 * of its trees) as the experiment states them.
 */
export const PathologySpecSchema = strictObject({
  model: z
    .discriminatedUnion('kind', [
      strictObject({
        kind: z.literal('uniform'),
        degree,
        height,
        p0: optionalField(
          probabilityField('P(Max wins a leaf)', {
            none: 'auto',
            description: 'empty: the fixed point of w = 1 − w^n',
          }),
        ),
      }).meta({ title: PATHOLOGY_MODEL_TITLES.uniform }),
      strictObject({
        kind: z.literal('li'),
        height,
        p0: probabilityField('P(Max wins the root)', { initial: 0.5 }),
        f1: probabilityField('Dependence factor f1', { initial: 0.9 }),
        f2: probabilityField('Dependence factor f2', { initial: 0.9 }),
      }).meta({ title: PATHOLOGY_MODEL_TITLES.li }),
      strictObject({
        kind: z.literal('prefix'),
        degree,
        height,
        damage: intField(...R.damage, 'Edge damage bound', { initial: 6 }),
      }).meta({ title: PATHOLOGY_MODEL_TITLES.prefix }),
    ])
    .meta({ label: 'Tree model', allowed: `one of ${PATHOLOGY_MODELS.join(', ')}` }),
  noise: z
    .discriminatedUnion('kind', [
      strictObject({
        kind: z.literal('flip'),
        e: probabilityField('Flip probability', { initial: 0.1 }),
      }).meta({
        title: 'flip (bi-valued trees)',
      }),
      strictObject({
        kind: z.literal('uniform'),
        e: intField(...R.noise, 'Integer noise bound', { initial: 4 }),
      }).meta({
        title: '± uniform integer (prefix value trees)',
      }),
    ])
    .meta({ label: 'Noise', allowed: 'flip or uniform' }),
  trees: intField(...R.trees, 'Trees', { flagDefault: 1000 }),
  seed: seedField('Seed', { flagDefault: 1 }),
  exactLeaves: z
    .boolean()
    .meta({
      label: 'Exact terminal nodes',
      allowed: 'given or not (default: given)',
      initial: true,
      description: 'the nodes at the full height are terminal positions, evaluated without noise',
    })
    .optional(),
  methods: z.array(z.enum(PATHOLOGY_METHODS)).max(2).optional(),
}).superRefine(
  (spec, ctx) => {
    try {
      checkPathologySpec(spec);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  },
  { when: (payload) => payload.issues.length === 0 },
);

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
  tab: { id: 'pathology', label: 'Pathology', hint: 'Nau 1982, Althöfer 1990', component: 'Pathology' },
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
