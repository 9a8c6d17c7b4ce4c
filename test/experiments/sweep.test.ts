/** The sweep file (`gtlab-sweep` v1): validation naming the field, and its expansion into cells. */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { cellSlug, expandSweep, SweepError, sweepAxes, type SweepCell } from '../../shared/experiments/sweep.ts';
import { readingWeights, TUNING } from '../../shared/furtak-buro/tuned-weights.ts';
import type { Fig4Algorithm } from '../../shared/furtak-buro/variants.ts';
import { SWEEP_PRESETS } from '../../shared/experiments/sweep-presets.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { refusal } from '../helpers/refusal.ts';

const sweep = (more: object) => ({ format: 'gtlab-sweep', version: 1, name: 's', base: 'furtak-buro-fig4', ...more });
const error = (x: unknown): string => refusal(() => expandSweep(x), SweepError);

describe('gtlab-sweep', () => {
  test('errors name the field, the axis or the cell, and what is allowed', () => {
    expect(error('{')).toMatch(/^\(sweep\): not valid JSON/);
    expect(error(sweep({ format: 'x', grid: { 'model.noise.e': [1] } }))).toMatch(/^format: /);
    expect(error(sweep({ base: 'nope', grid: { 'model.noise.e': [1] } }))).toMatch(/^base: "nope" is not a preset/);
    expect(error(sweep({ grid: {} }))).toMatch(/^grid: the sweep has no cells/);
    expect(error(sweep({ grid: { 'model.noise.e': [] } }))).toMatch(/^grid\.model\.noise\.e: /);
    expect(error(sweep({ grid: { 'model..e': [1] } }))).toMatch(/"model\.\.e" is not a spec path/);
    expect(error(sweep({ grid: { 'model.noise.e': [-1] } }))).toMatch(
      /^grid \(cell noise\.e=-1\): model\.noise\.e: -1 is not allowed/,
    );
    expect(error(sweep({ grid: { 'model.colour': ['red'] } }))).toMatch(
      /model\.colour: unknown field; allowed fields: kind, bmin, bmax, damage, noise, rootValue, horizon \(in a prefix-value model\)/,
    );
    expect(error(sweep({ grid: { 'model.bmin,model.bmax': [[2, 4], [4]] } }))).toMatch(
      /^grid\.model\.bmin,model\.bmax\.1: must be a list of 2 values/,
    );
    expect(error(sweep({ grid: { 'model.bmin,model.bmax': [[8, 4]] } }))).toMatch(
      /model\.bmax: Min branching must be ≤ Max branching/,
    );
    expect(error(sweep({ grid: { depth: [4] }, cells: [{ depth: 4 }] }))).toMatch(
      /two cells with the same parameters \(depth=4\)/,
    );
    expect(error(sweep({ base: { format: 'gtlab-experiment' }, grid: { depth: [4] } }))).toMatch(/^base\.version: /);
    expect(error(sweep({ grid: { depth: [4, 5] } }))).toBe('accepted');
  });

  test('cells: the product of the axes, then the explicit cells; each the base with its paths set, valid, with a unique slug', () => {
    const axis = fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        axis,
        axis,
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
        (es, ds, trees) => {
          const { sweep: sw, cells } = expandSweep(
            sweep({
              grid: { 'model.noise.e': es, 'model.damage': ds.map((d) => d + 1) },
              cells: trees.map((t) => ({ trees: 100 + t })),
            }),
          );
          expect(cells).toHaveLength(es.length * ds.length + trees.length);
          expect(new Set(cells.map((c) => c.slug)).size).toBe(cells.length);
          expect(sweepAxes(sw)).toEqual(['model.noise.e', 'model.damage', 'trees']);
          const base = presetSpec('furtak-buro-fig4');
          cells.forEach((c, k) => {
            if (k < es.length * ds.length) {
              const e = es[Math.floor(k / ds.length)],
                d = ds[k % ds.length] + 1;
              expect(c.params).toEqual({ 'model.noise.e': e, 'model.damage': d });
              expect(c.spec).toEqual({ ...base, model: { ...base.model, noise: { kind: 'uniform', e }, damage: d } });
            } else {
              expect(c.spec).toEqual({ ...base, trees: 100 + trees[k - es.length * ds.length] });
            }
            expect(c.slug).toBe(cellSlug(c.params));
            expect(c.slug).toMatch(/^[A-Za-z0-9.=,_+-]+$/);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  test("a path indexes a list: a cell sets one series' ordering and leaves every other field of the base", () => {
    const base = presetSpec('furtak-buro-fig4');
    const { cells } = expandSweep(
      sweep({
        cells: [{ 'series.1.ordering': 'fcf-weighted:1,2,3', height: 12 }, { 'series.5.ordering': 'fastest-first' }],
      }),
    );
    expect(cells[0].spec).toEqual({
      ...base,
      height: 12,
      series: base.series.map((s, k) => (k === 1 ? { ...s, ordering: 'fcf-weighted:1,2,3' } : s)),
    });
    expect(cells[1].spec.series.map((s) => s.ordering)).toEqual([
      ...base.series.slice(0, 5).map((s) => s.ordering),
      'fastest-first',
    ]);
    expect(cells[0].slug).toBe('series.1.ordering=fcf-weighted-1,2,3,height=12');
    // Beyond the list, or a name where the list needs an index: refused, naming the cell.
    expect(error(sweep({ cells: [{ 'series.9.ordering': 'estimate' }] }))).toBe(
      'cells.0: series.9: the list series has 6 entries, indexed 0..5',
    );
    expect(error(sweep({ cells: [{ 'series.ordering': 'estimate' }] }))).toBe(
      'cells.0: series.ordering: series is a list: name an entry by its index, e.g. series.0.ordering',
    );
  });

  test('an axis of several paths moves them together; the presets expand', () => {
    const { cells } = expandSweep(
      sweep({
        grid: {
          'model.bmin,model.bmax': [
            [2, 4],
            [8, 16],
          ],
        },
      }),
    );
    expect(
      cells.map((c) => [
        c.spec.model.kind === 'prefix-value' && c.spec.model.bmin,
        c.spec.model.kind === 'prefix-value' && c.spec.model.bmax,
      ]),
    ).toEqual([
      [2, 4],
      [8, 16],
    ]);
    expect(cells.map((c) => c.slug)).toEqual(['bmin=2,bmax=4', 'bmin=8,bmax=16']);
    const counts = Object.fromEntries(SWEEP_PRESETS.map((p) => [p.name, expandSweep(p.sweep()).cells.length]));
    expect(counts).toEqual({
      'furtak-buro-sweep': 36,
      'furtak-buro-error-sweep': 5,
      'furtak-buro-information-sweep': 12,
      'furtak-buro-paper-reading-sweep': 9,
      'furtak-buro-paper-height-sweep': 5,
    });
    const fb = expandSweep(SWEEP_PRESETS[0].sweep()).cells;
    expect(fb.every((c) => c.spec.trees === 100 && c.spec.depth === 8)).toBe(true);
    // The information matrix: every (sizeInfo, ttMove, horizon) once, on the Figure 4 preset's trees and series.
    const info = expandSweep(SWEEP_PRESETS.find((p) => p.name === 'furtak-buro-information-sweep')!.sweep()).cells;
    const fig4 = presetSpec('furtak-buro-fig4');
    expect(
      new Set(
        info.map((c) => `${c.spec.sizeInfo}/${c.spec.ttMove}/${'horizon' in c.spec.model ? c.spec.model.horizon : ''}`),
      ).size,
    ).toBe(12);
    for (const c of info) {
      expect([c.spec.trees, c.spec.depth, c.spec.seed]).toEqual([500, 10, fig4.seed]);
      expect(c.spec.series).toEqual(fig4.series);
      expect(c.spec.sizeStandIn).toBe(fig4.sizeStandIn);
    }
    // The reading matrix: each (unexpanded, height, ttMove) once under sizeInfo expanded, plus the all-sizes bracket,
    // each cell running the orderings tuned for its reading; the series otherwise the preset's.
    const readings = expandSweep(
      SWEEP_PRESETS.find((p) => p.name === 'furtak-buro-paper-reading-sweep')!.sweep(),
    ).cells;
    const key = (c: SweepCell) => `${c.spec.sizeInfo}/${c.spec.unexpanded}/${c.spec.height}/${c.spec.ttMove}`;
    expect(new Set(readings.map(key)).size).toBe(9);
    for (const c of readings) {
      expect([c.spec.trees, c.spec.depth, c.spec.seed]).toEqual([500, 10, fig4.seed]);
      const weights =
        c.spec.sizeInfo === 'all'
          ? TUNING.variants['all-sizes']
          : readingWeights({ unexpanded: c.spec.unexpanded, height: c.spec.height!, ttMove: c.spec.ttMove! }).weights;
      expect(c.spec.series).toEqual(
        fig4.series.map((s) =>
          s.ordering === 'estimate' ? s : { ...s, ordering: weights[s.algorithm as Fig4Algorithm].ordering },
        ),
      );
    }
    expect(readings.filter((c) => c.spec.sizeInfo === 'expanded')).toHaveLength(8);
    // The paper's preset is one of the matrix's cells: the same trees, searches and weights.
    const paper = presetSpec('furtak-buro-fig4-paper');
    const cell = readings.find((c) => key(c) === `expanded/random/20/ordered`)!;
    expect({ ...cell.spec, name: paper.name, description: paper.description }).toEqual(paper);
    expect(() => readingWeights({ unexpanded: 'random', height: 12, ttMove: 'first' })).toThrow(
      'no weights were tuned for never-searched children random, height 12, stored move first',
    );
  });
});
