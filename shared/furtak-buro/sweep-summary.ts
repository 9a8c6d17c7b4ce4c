/**
 * The summary of a sweep (shared/experiments/sweep.ts): one tidy row per cell and series — the swept
 * parameters, nodes ÷ MPG at the deepest depth and FCF's reduction against the value-only series of its
 * algorithm (Furtak & Buro 2009, Sec. 8), each with its 95 % interval — from each cell's result lines,
 * wherever they were computed (the CLI's run folders, the app's runs, merged Slurm shards).
 */
import type { ResultLine } from '../io/result-line-fields.ts';
import type { ExperimentSpec } from '../experiments/spec.ts';
import { fig4Summary, VALUE_ONLY } from './fig4-summary.ts';
import { csvCell, seriesNote } from '../io/results-csv.ts';
import { labelNames } from '../experiments/display-names.ts';

export interface SweepRow {
  cell: string;
  params: Record<string, unknown>;
  series: string;
  algorithm: string;
  ordering: string;
  trees: number;
  depth: number;
  ratio: number;
  ratioLo: number;
  ratioHi: number;
  /** FCF's reduction against the value-only series of its algorithm (null for value-only series) */
  reduction: number | null;
  reductionLo: number | null;
  reductionHi: number | null;
}

/** The rows of one finished cell. */
export function cellRows(
  cell: { slug: string; params: Record<string, unknown> },
  spec: ExperimentSpec,
  lines: readonly ResultLine[],
): SweepRow[] {
  const f = fig4Summary(spec, lines);
  const k = f.depths.length - 1;
  return f.series.map((s) => {
    const c = f.comparisons.find(
      (x) => x.series === s.series && f.series.find((y) => y.series === x.against)?.ordering === VALUE_ONLY,
    );
    return {
      cell: cell.slug,
      params: cell.params,
      series: s.series,
      algorithm: s.algorithm,
      ordering: s.ordering,
      trees: f.trees,
      depth: f.depths[k],
      ratio: s.ratio[k],
      ratioLo: s.ci95[k][0],
      ratioHi: s.ci95[k][1],
      reduction: c?.reduction ?? null,
      reductionLo: c?.ci95[0] ?? null,
      reductionHi: c?.ci95[1] ?? null,
    };
  });
}

/**
 * The rows as CSV: a provenance comment (with the name figures give each series), then the cell, the
 * swept paths as columns, and the numbers.
 */
export function sweepCsv(name: string, axes: readonly string[], rows: readonly SweepRow[], generator: string): string {
  const cols = [
    'series',
    'algorithm',
    'ordering',
    'trees_done',
    'deepest_depth',
    'ratio',
    'ratio_lo',
    'ratio_hi',
    'reduction',
    'reduction_lo',
    'reduction_hi',
  ];
  const body = rows.map((r) =>
    [
      r.cell,
      ...axes.map((a) => r.params[a]),
      r.series,
      r.algorithm,
      r.ordering,
      r.trees,
      r.depth,
      r.ratio,
      r.ratioLo,
      r.ratioHi,
      r.reduction,
      r.reductionLo,
      r.reductionHi,
    ]
      .map(csvCell)
      .join(','),
  );
  const ids = [...new Set(rows.map((r) => r.series))];
  const names = labelNames(ids);
  const note = seriesNote(ids.map((id, k) => ({ id, name: names[k] })));
  return `# ${name}; ${generator}${note}\n${['cell', ...axes, ...cols].join(',')}\n${body.map((l) => `${l}\n`).join('')}`;
}

/**
 * A cell's value on an axis, as a figure labels it: "4", "4..12" on a joint axis "model.bmin,model.bmax",
 * or "first · exact" on a product "ttMove*model.horizon" (a figure axis whose categories are the
 * combinations of several swept axes).
 */
export function axisValue(params: Record<string, unknown>, axis: string): string {
  if (axis.includes('*'))
    return productParts(axis)
      .map((a) => axisValue(params, a))
      .join(' · ');
  return axis
    .split(',')
    .map((p) => {
      const v = params[p.trim()];
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    })
    .join('..');
}

/** The swept axes a figure axis is made of: "a*b" → ["a", "b"], "a" → ["a"]. */
export function productParts(axis: string): string[] {
  return axis.split('*').map((a) => a.trim());
}

/** The axes that take more than one value over the cells (a figure's default axes). */
export function variedAxes(axes: readonly string[], cells: readonly { params: Record<string, unknown> }[]): string[] {
  return axes.filter((a) => new Set(cells.map((c) => axisValue(c.params, a))).size > 1);
}
