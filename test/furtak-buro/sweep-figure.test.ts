/**
 * The figure of a summarised sweep over readings (string-valued axes) and products of axes
 * (shared/furtak-buro/sweep-figure.ts): lines on a category axis instead of NaN positions, a heatmap whose
 * categories are the combinations of a product axis with nothing averaged, and the tuner's cost surface
 * drawn by the same heatmap (marks, a scale fitted to the values).
 */
import { describe, expect, test } from 'vitest';
import { sweepFigureOption } from '../../shared/furtak-buro/sweep-figure.ts';
import { axisValue, productParts, type SweepRow } from '../../shared/furtak-buro/sweep-summary.ts';
import { tuningHeatmapOption } from '../../shared/furtak-buro/tuning-heatmap.ts';
import type { TuneResult } from '../../shared/furtak-buro/tune-weights.ts';

const READINGS = ['all', 'searched', 'expanded'];
const MOVES = ['first', 'ordered'];
const cells = READINGS.flatMap((sizeInfo) =>
  MOVES.map((ttMove) => ({ slug: `${sizeInfo}-${ttMove}`, params: { sizeInfo, ttMove } })),
);
/** One FCF row per cell and algorithm with a reduction that tells the cell apart. */
const rows: SweepRow[] = cells.flatMap((c, i) =>
  ['negascout', 'mtdf'].map(
    (algorithm, k): SweepRow => ({
      cell: c.slug,
      params: c.params,
      series: `${algorithm} / value+FCF`,
      algorithm,
      ordering: 'fcf',
      trees: 5,
      depth: 4,
      ratio: 2,
      ratioLo: 1.5,
      ratioHi: 2.5,
      reduction: 0.1 * i + 0.01 * k,
      reductionLo: 0.1 * i,
      reductionHi: 0.1 * i + 0.05,
    }),
  ),
);
const record = { name: 'readings', axes: ['sizeInfo', 'ttMove'], cells };

type Series = { name: string; type: string; data: unknown[] };

describe('sweep figures over readings', () => {
  test('a string-valued x draws lines on a category axis, in sweep order, averaged over the other axis', () => {
    const o = sweepFigureOption(record, rows, 'sizeInfo', null, 600, 400) as {
      xAxis: { type: string; data: string[] };
      series: Series[];
      title: { subtext: string };
    };
    expect(o.xAxis.type).toBe('category');
    expect(o.xAxis.data).toEqual(READINGS);
    const line = o.series.find((s) => s.name === 'NegaScout' && s.type === 'line')!;
    // cells (all, first) and (all, ordered) are 0 and 1: mean 5 %; searched 25 %; expanded 45 %
    expect(line.data).toEqual([
      ['all', 5],
      ['searched', 25],
      ['expanded', 45],
    ]);
    expect(o.title.subtext).toContain('mean over ttMove');
  });

  test('numeric x keeps a value axis', () => {
    const num = cells.map((c, i) => ({ ...c, params: { e: [0, 2, 4][i % 3], ttMove: c.params.ttMove } }));
    const o = sweepFigureOption(
      { name: 'n', axes: ['e', 'ttMove'], cells: num },
      rows.map((r, i) => ({ ...r, params: num[Math.floor(i / 2)].params })),
      'e',
      null,
      600,
      400,
    ) as { xAxis: { type: string } };
    expect(o.xAxis.type).toBe('value');
  });

  test('a product axis: every combination is a category, nothing is averaged', () => {
    expect(productParts('ttMove*sizeInfo')).toEqual(['ttMove', 'sizeInfo']);
    expect(axisValue({ sizeInfo: 'all', ttMove: 'first' }, 'ttMove*sizeInfo')).toBe('first · all');
    const o = sweepFigureOption(record, rows, 'ttMove', 'sizeInfo*ttMove', 900, 420) as {
      yAxis: { data: string[]; name: string }[];
      series: Series[];
      title: { subtext: string }[];
    };
    expect(o.yAxis[0].name).toBe('child sizes known × stored move');
    expect(o.yAxis[0].data).toEqual(READINGS.flatMap((r) => MOVES.map((m) => `${r} · ${m}`)));
    expect(o.title[0].subtext).not.toContain('mean over');
    const mtdf = o.series.find((s) => s.name === 'MTD(f)')!;
    expect(mtdf.data).toHaveLength(6);
    for (const d of mtdf.data as { value: [number, number, number] }[]) {
      const i = d.value[1]; // y category index = cell index (sizeInfo-major, as the cells)
      expect(d.value[2]).toBeCloseTo((0.1 * i + 0.01) * 100, 9);
    }
  });

  test('an axis that moves with the figure point (each cell its own tuned ordering) is not said to be averaged', () => {
    const tuned = cells.map((c, i) => ({
      ...c,
      params: { ...c.params, 'series.1.ordering': `fcf-weighted:1,${i},0` },
    }));
    const tunedRows = rows.map((r, i) => ({ ...r, params: tuned[Math.floor(i / 2)].params }));
    const axes = ['sizeInfo', 'ttMove', 'series.1.ordering'];
    const heat = sweepFigureOption({ name: 't', axes, cells: tuned }, tunedRows, 'ttMove', 'sizeInfo', 900, 420) as {
      title: { subtext: string }[];
    };
    expect(heat.title[0].subtext).not.toContain('mean over');
    // Against x alone, each point averages two cells: over ttMove and over the ordering that moves with it.
    const lines = sweepFigureOption({ name: 't', axes, cells: tuned }, tunedRows, 'sizeInfo', null, 600, 400) as {
      title: { subtext: string };
    };
    expect(lines.title.subtext).toContain('mean over ttMove, series.1.ordering');
  });
});

describe('display names', () => {
  test("a heatmap's axis titles and panels name the fields and algorithms; a joint min..max axis is one name", () => {
    const model = cells.map((c, i) => ({
      ...c,
      params: {
        'model.noise.e': [0, 2, 4][i % 3],
        'model.damage': [2, 6][Math.floor(i / 3)],
        'model.bmin': 4,
        'model.bmax': 12,
      },
    }));
    const modelRows = rows.map((r, i) => ({ ...r, params: model[Math.floor(i / 2)].params }));
    const sweep = { name: 'noise', axes: ['model.noise.e', 'model.damage', 'model.bmin,model.bmax'], cells: model };
    const o = sweepFigureOption(sweep, modelRows, 'model.noise.e', 'model.damage', 900, 420) as {
      xAxis: { name: string }[];
      yAxis: { name: string }[];
      title: { text: string }[];
    };
    expect(o.xAxis[0].name).toBe('estimate error E');
    expect(o.yAxis[0].name).toBe('damage D');
    expect(o.title.slice(1).map((t) => t.text)).toEqual(['NegaScout', 'MTD(f)']);
    const lines = sweepFigureOption(sweep, modelRows, 'model.bmin,model.bmax', null, 600, 400) as {
      xAxis: { name: string };
    };
    expect(lines.xAxis.name).toBe('branching');
  });
});

describe('the tuning surface', () => {
  test('marks the chosen point and its runner-up; the colour scale spans the values', () => {
    const r = {
      algorithm: 'alphabeta',
      baseline: 100,
      chosen: { wR: 1, wS: 0, ordering: '', cost: 40, reduction: 0.6 },
      runnerUp: { wR: 0, wS: 1, ordering: '', cost: 45, reduction: 0.55 },
      grid: [
        [0, 0, 100],
        [0, 1, 45],
        [1, 0, 40],
        [1, 1, 70],
      ],
    } as unknown as TuneResult;
    const o = tuningHeatmapOption([r], { title: 't', subtitle: 's' }) as {
      visualMap: { min: number; max: number };
      series: { data: { value: number[]; mark: string }[] }[];
    };
    expect([o.visualMap.min, o.visualMap.max]).toEqual([0, 60]);
    const marks = o.series[0].data.map((d) => `${d.value[0]},${d.value[1]}:${d.value[2]}${d.mark}`);
    expect(marks).toEqual(['0,0:0', '0,1:55☆', '1,0:60★', '1,1:30']);
  });
});
