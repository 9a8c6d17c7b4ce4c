/**
 * The study of Li 1989, Ch. 5 §6 (Tables 5.1-5.3): terminal nodes of (d, n)-random trees, the terminals
 * P_AB (= R_AB) visits and the pruning efficiency, per (d, n) cell with 95 % intervals beside the
 * thesis's numbers (../li/chapter5/pruning-efficiency.ts).
 */
import { z } from 'zod';
import { LI5_MAX_TREES, reproduceLi5, type Li5Result } from './chapter5/pruning-efficiency.ts';
import { intField, seedField } from '../util/fields.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText, provenanceLine } from '../studies/csv-rows.ts';
import { LI_TAB } from './li-tab.ts';
import { defineStudy } from '../studies/study-descriptor.ts';

interface Li5Request {
  kind: 'li5';
  trees: number;
  seed: number;
}
interface Li5StudyResult {
  kind: 'li5';
  result: Li5Result;
}

const summary = (q: { trees: number; seed: number }) => `${q.trees} trees per cell, seed ${q.seed}`;

/** Tables 5.1-5.3: one row per (d, n) cell, our per-tree means with 95 % intervals and the thesis's numbers. */
export function li5Csv(r: Li5Result, generator: string): string {
  return cellsCsv(r, provenanceLine('li5', summary(r), generator));
}

function cellsCsv(r: Li5Result, provenance: string): string {
  const lines = [
    provenance,
    `# Li 1989 ${r.title}`,
    'd,n,terminals_mean,terminals_lo,terminals_hi,terminals_thesis_per_tree,pab_mean,pab_lo,pab_hi,pab_thesis_per_tree,rab_mean,informed_mean,efficiency,efficiency_lo,efficiency_hi,efficiency_truncated,efficiency_thesis,pab_rab_mismatches',
  ];
  for (const c of r.cells) {
    lines.push(
      csvRow([
        c.d,
        c.n,
        c.terminals.mean,
        c.terminals.lo,
        c.terminals.hi,
        c.printed.terminalsPerTree,
        c.pab.mean,
        c.pab.lo,
        c.pab.hi,
        c.printed.visitedPerTree,
        c.rab.mean,
        c.informed.mean,
        c.efficiency.value,
        c.efficiency.lo,
        c.efficiency.hi,
        c.efficiency.truncated,
        c.printed.efficiency,
        c.pabRabMismatches,
      ]),
    );
  }
  return csvText(lines);
}

export const li5Study = defineStudy<Li5Request, Li5StudyResult>({
  kind: 'li5',
  title: 'Li Tables 5.1–5.3',
  tab: LI_TAB,
  description:
    "terminals of (d, n)-random trees, those P_AB (= R_AB) visits and the pruning efficiency, beside the thesis's numbers",
  schema: strictObject({
    kind: z.literal('li5'),
    trees: intField(2, LI5_MAX_TREES, 'Trees per cell', { flagDefault: 100 }),
    seed: seedField('Seed', { flagDefault: 1 }),
  }),
  models: ['(d, n)-random trees'],
  example: { kind: 'li5', trees: 2, seed: 1 },
  summary,
  run: (q, ctx) => ({ kind: 'li5', result: reproduceLi5(q.trees, q.seed, ctx.progress) }),
  csv: (_q, r, provenance) => cellsCsv(r.result, provenance),
});
