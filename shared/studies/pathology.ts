/**
 * The study of the pathology experiment (Nau 1982, Althöfer 1990; ../experiments/pathology.ts): the
 * probability of a correct root move against search depth for minimax and Althöfer's negamax under a
 * noisy evaluation, with 95 % Wilson intervals, drawn as curves (../figures/pathology-chart.ts).
 */
import { z } from 'zod';
import {
  PATHOLOGY_METHODS,
  PATHOLOGY_MODELS,
  pathologyModelWords,
  runPathology,
  type PathologyResult,
  type PathologySpec,
} from '../experiments/pathology.ts';
import { pathologyChartOption } from '../figures/pathology-chart.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText } from './csv-rows.ts';
import { defineStudy } from './study-descriptor.ts';
import { int, num } from './schema-numbers.ts';

interface PathologyRequest {
  kind: 'pathology';
  spec: PathologySpec;
}
interface PathologyStudyResult {
  kind: 'pathology';
  result: PathologyResult;
}

const PathologySpecSchema = strictObject({
  model: z.discriminatedUnion('kind', [
    strictObject({ kind: z.literal('uniform'), degree: int, height: int, p0: num.optional() }),
    strictObject({ kind: z.literal('li'), height: int, p0: num, f1: num, f2: num }),
    strictObject({ kind: z.literal('prefix'), degree: int, height: int, damage: int }),
  ]),
  noise: strictObject({ kind: z.enum(['flip', 'uniform']), e: num }),
  trees: int,
  seed: int,
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
