/**
 * The study of Li 1989, Ch. 5 as curves: on (d, n)-random trees of one width limit n
 * (../li/chapter5/dn-random-tree.ts), for every depth d = 1..D, the terminal nodes per tree, those that
 * P_AB (Algorithm 5.1, window [−6, 6]) and R_AB (§5.1) visit — the same ones, §6 — and those the
 * informed P_AB of §5.2 visits, with 95 % intervals, and the pruning efficiency 1 − Σvisited/Σterminals.
 * Tables 5.1-5.3 are this grid's cells d = 5..8, n = 4..7: the same trees for the same seed
 * (../li/chapter5/pruning-efficiency.ts li5Cell). The figure draws the three counts against d.
 */
import { z } from 'zod';
import { seriesColor } from '../figures/figure-style.ts';
import { type Li5Cell, li5Cell } from './chapter5/pruning-efficiency.ts';
import { intField } from '../util/fields.ts';
import { strictObject } from '../util/strict-object.ts';
import { csvRow, csvText } from '../studies/csv-rows.ts';
import { defineStudy } from '../studies/study-descriptor.ts';

export interface LiPabRequest {
  kind: 'li-pab';
  n: number;
  depth: number;
  trees: number;
  seed: number;
}

/** One depth's counts (a Tables 5.1-5.3 cell without the thesis's numbers). */
type LiPabPoint = Omit<Li5Cell, 'printed'>;

export interface LiPabStudyResult {
  kind: 'li-pab';
  result: { n: number; trees: number; seed: number; points: LiPabPoint[] };
}

const COUNTS = [
  { key: 'terminals', label: 'terminal nodes' },
  { key: 'pab', label: 'visited by P_AB (= R_AB)' },
  { key: 'informed', label: 'visited by informed P_AB' },
] as const;

function curvesCsv(r: LiPabStudyResult['result'], provenance: string): string {
  const lines = [
    provenance,
    '# Li 1989 Ch. 5: per tree means with 95 % intervals; efficiency = 1 − Σvisited/Σterminals (delta-method interval)',
    'd,n,trees,terminals_mean,terminals_lo,terminals_hi,pab_mean,pab_lo,pab_hi,rab_mean,informed_mean,informed_lo,informed_hi,efficiency,efficiency_lo,efficiency_hi,informed_efficiency,informed_efficiency_lo,informed_efficiency_hi,pab_rab_mismatches',
  ];
  for (const p of r.points)
    lines.push(
      csvRow([
        p.d,
        p.n,
        r.trees,
        p.terminals.mean,
        p.terminals.lo,
        p.terminals.hi,
        p.pab.mean,
        p.pab.lo,
        p.pab.hi,
        p.rab.mean,
        p.informed.mean,
        p.informed.lo,
        p.informed.hi,
        p.efficiency.value,
        p.efficiency.lo,
        p.efficiency.hi,
        p.informedEfficiency.value,
        p.informedEfficiency.lo,
        p.informedEfficiency.hi,
        p.pabRabMismatches,
      ]),
    );
  return csvText(lines);
}

function curvesOption(r: LiPabStudyResult['result'], o: { fontFamily?: string }): Record<string, unknown> {
  const font = o.fontFamily ?? 'sans-serif';
  const last = r.points[r.points.length - 1];
  return {
    animation: false,
    textStyle: { fontFamily: font },
    title: {
      text: `Terminal nodes per tree of (d, ${r.n})-random trees`,
      subtext: `Li 1989 Ch. 5, window [−6, 6]; ${r.trees} trees per depth, seed ${r.seed}; efficiency at d = ${last.d}: ${last.efficiency.value.toFixed(3)}`,
      left: 'center',
      textStyle: { fontFamily: font, fontSize: 14 },
      subtextStyle: { fontFamily: font },
    },
    tooltip: { trigger: 'axis' },
    legend: { data: COUNTS.map((c) => c.label), bottom: 0, textStyle: { fontFamily: font } },
    grid: { left: 70, right: 30, top: 70, bottom: 80 },
    xAxis: {
      type: 'value',
      name: 'depth d',
      nameLocation: 'middle',
      nameGap: 28,
      min: r.points[0].d,
      max: last.d,
      interval: 1,
      nameTextStyle: { fontFamily: font },
    },
    yAxis: {
      type: 'log',
      name: 'terminal nodes per tree',
      nameLocation: 'middle',
      nameGap: 50,
      nameTextStyle: { fontFamily: font },
    },
    series: COUNTS.map((c, k) => ({
      name: c.label,
      type: 'line',
      color: seriesColor(k),
      symbol: 'circle',
      symbolSize: 5,
      lineStyle: { width: 2 },
      data: r.points.map((p) => [p.d, p[c.key].mean]),
    })),
  };
}

export const liPabStudy = defineStudy<LiPabRequest, LiPabStudyResult>({
  kind: 'li-pab',
  title: 'Li P_AB / R_AB curves',
  description: 'terminal nodes of (d, n)-random trees and those P_AB, R_AB and informed P_AB visit, per depth d = 1..D',
  schema: strictObject({
    kind: z.literal('li-pab'),
    n: intField(2, 8, 'Width limit n', { description: 'every interior node has 1..n−1 successors' }),
    depth: intField(1, 9, 'Deepest d', { description: 'the curves run over d = 1..this depth' }),
    trees: intField(2, 1000, 'Trees per depth'),
    seed: intField(0, 2 ** 31 - 1, 'Seed'),
  }),
  example: { kind: 'li-pab', n: 5, depth: 5, trees: 10, seed: 1 },
  models: ['(d, n)-random trees'],
  summary: (q) => `n ${q.n}, d 1..${q.depth}, ${q.trees} trees per depth, seed ${q.seed}`,
  run: (q, ctx) => {
    const points: LiPabPoint[] = [];
    for (let d = 1; d <= q.depth; d++) {
      const { printed: _, ...point } = li5Cell(d, q.n, q.trees, q.seed);
      points.push(point);
      ctx.progress(d, q.depth);
    }
    return { kind: 'li-pab', result: { n: q.n, trees: q.trees, seed: q.seed, points } };
  },
  csv: (_q, r, provenance) => curvesCsv(r.result, provenance),
  figure: (r, o) => curvesOption(r.result, o),
});
