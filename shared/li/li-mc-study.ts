/**
 * The study of one cell of Li's tables checked by Monte-Carlo (../li/monte-carlo-cell.ts): the cell's
 * quantity estimated on generated trees, with its 95 % interval next to the corrected, printed and
 * thesis numbers.
 */
import { z } from 'zod';
import { MC_MAX_TREES, runMonteCarlo, type McResult, type McTarget } from './monte-carlo-cell.ts';
import { intField, probabilityField, seedField } from '../util/fields.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText, thesisCell } from '../studies/csv-rows.ts';
import { LI_TAB } from './li-tab.ts';
import { defineStudy } from '../studies/study-descriptor.ts';
import { int, num } from '../studies/schema-numbers.ts';

interface LiMcRequest {
  kind: 'li-mc';
  target: McTarget;
  trees: number;
  seed: number;
}
interface LiMcStudyResult {
  kind: 'li-mc';
  result: McResult;
}

/**
 * The parameters of Li's quantities, labelled with their ranges: `gtlab montecarlo` takes them as
 * flags (li-2 and li-4: p0, f1, f2, k; li-3: f1, f2, d, h).
 */
export const McParamsSchema = strictObject({
  p0: probabilityField('P(Max wins the root)').optional(),
  f1: probabilityField('Dependence factor f1'),
  f2: probabilityField('Dependence factor f2'),
  k: intField(0, 10, 'k (trees of height 2k)').optional(),
  d: intField(1, 16, 'Search depth d').optional(),
  h: intField(1, 16, 'Node height h').optional(),
});
const McTargetSchema = strictObject({
  experiment: z.enum(['li-2', 'li-3', 'li-4']),
  params: McParamsSchema,
  quantity: z.string().max(200),
  corrected: num,
  printed: num,
  thesis: z.union([num, z.null(), z.undefined()]),
  digits: int,
});

/** A Monte-Carlo check of one cell: the estimate with its interval next to the cell's three numbers. */
function checkCsv(r: McResult, provenance: string): string {
  const t = r.target;
  return csvText([
    provenance,
    'experiment,quantity,p0,f1,f2,k,d,h,trees,seed,mean,se,lo,hi,half95,corrected,corrected_inside,printed,printed_inside,thesis,thesis_inside,digits',
    csvRow([
      t.experiment,
      t.quantity,
      t.params.p0,
      t.params.f1,
      t.params.f2,
      t.params.k,
      t.params.d,
      t.params.h,
      r.trees,
      r.seed,
      r.mean,
      r.se,
      r.lo,
      r.hi,
      r.half95,
      t.corrected,
      r.inInterval.corrected,
      t.printed,
      r.inInterval.printed,
      thesisCell(t.thesis),
      r.inInterval.thesis,
      t.digits,
    ]),
  ]);
}

export const liMcStudy = defineStudy<LiMcRequest, LiMcStudyResult>({
  kind: 'li-mc',
  title: 'Li Monte-Carlo check',
  tab: LI_TAB,
  description: "one cell of Li's tables estimated on generated trees, beside the corrected, printed and thesis numbers",
  schema: strictObject({
    kind: z.literal('li-mc'),
    target: McTargetSchema,
    trees: intField(2, MC_MAX_TREES, 'Trees (li-3: accepted win/loss samples)', {
      flagDefault: 1000,
      description: "win/loss samples for a cell of Li's Tables 3.x",
    }),
    seed: seedField('Seed', { flagDefault: 1 }),
  }),
  models: ['li'],
  example: {
    kind: 'li-mc',
    target: {
      experiment: 'li-4',
      params: { p0: 0.5, f1: 0, f2: 0.333, k: 6 },
      quantity: 'N_6: leaves examined by alpha-beta with window [0, 1], height 12',
      corrected: 359.7534253392919,
      printed: 409.4570304933655,
      thesis: 409.457,
      digits: 3,
    },
    trees: 200,
    seed: 1,
  },
  summary: (q) => {
    const t = q.target;
    const params = Object.entries(t.params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k} = ${v}`)
      .join(', ');
    return `${t.experiment} ${t.quantity} at ${params}, ${q.trees} trees, seed ${q.seed}`;
  },
  run: (q, ctx) => ({ kind: 'li-mc', result: runMonteCarlo(q.target, q.trees, q.seed, ctx.progress) }),
  csv: (_q, r, provenance) => checkCsv(r.result, provenance),
});
