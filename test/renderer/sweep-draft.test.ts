/** The Sweep tab's grid editor: drafts become the sweep files `gtlab sweep` runs, with errors named by axis. */
import { describe, expect, test } from 'vitest';
import {
  clusterReadme,
  draftToSweep,
  parseAxisValues,
  planSweep,
  sweepablePaths,
} from '../../renderer/src/logic/sweep-draft.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { expandSweep } from '../../shared/experiments/sweep.ts';
import { estimateRun } from '../../renderer/src/logic/estimate.ts';

const base = presetSpec('furtak-buro-fig4', { trees: 10, depth: 4 });

describe('sweep draft', () => {
  test("the paths offered are the form's model fields and the run's sizes", () => {
    const paths = sweepablePaths(base).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'model.bmin',
        'model.bmax',
        'model.damage',
        'model.noise.e',
        'trees',
        'depth',
        'height',
        'seed',
      ]),
    );
    expect(paths.some((p) => p.endsWith('.kind'))).toBe(false);
    // Each under the label the experiment form shows for it, every label once.
    const labels = sweepablePaths(base).map((p) => p.label);
    expect(labels).toEqual(expect.arrayContaining(['Min branching', 'Estimate error E', 'Trees', 'Tree height']));
    expect(new Set(labels).size).toBe(labels.length);
  });

  test('values: numbers from a comma-separated list; anything else is named', () => {
    expect(parseAxisValues('0, 2,4')).toEqual([0, 2, 4]);
    expect(parseAxisValues('0,,4')).toMatch(/comma-separated/);
    expect(parseAxisValues('0, x')).toMatch(/"x" is not a number/);
  });

  test('a draft is the sweep the CLI expands: cells, estimate, errors by axis', () => {
    const draft = {
      name: 'e-sweep',
      axes: [
        { path: 'model.noise.e', values: '0, 4' },
        { path: 'model.damage', values: '3, 6, 12' },
      ],
    };
    const sweep = draftToSweep(draft, base);
    expect(sweep).toEqual({
      format: 'gtlab-sweep',
      version: 1,
      name: 'e-sweep',
      base,
      grid: { 'model.noise.e': [0, 4], 'model.damage': [3, 6, 12] },
    });
    const plan = planSweep(draft, base, 2);
    expect(plan.error).toBeNull();
    expect(plan.cells.map((c) => c.slug)).toEqual(expandSweep(sweep).cells.map((c) => c.slug));
    expect(plan.cells).toHaveLength(6);
    expect(plan.seconds).toBeCloseTo(
      plan.cells.reduce((a, c) => a + estimateRun(c.spec, 2).seconds, 0),
      9,
    );
    expect(planSweep({ name: 'x', axes: [] }, base, 2).error).toMatch(/add an axis/);
    expect(planSweep({ name: 'x', axes: [{ path: '', values: '1' }] }, base, 2).error).toMatch(
      /^axis 1: choose a parameter/,
    );
    expect(
      planSweep(
        {
          name: 'x',
          axes: [
            { path: 'model.noise.e', values: '1' },
            { path: 'model.noise.e', values: '2' },
          ],
        },
        base,
        2,
      ).error,
    ).toBe('axis 2: Estimate error E is swept twice');
    expect(planSweep({ name: 'x', axes: [{ path: 'model.damage', values: '3, x' }] }, base, 2).error).toBe(
      'axis 1 (Damage range D) values: "x" is not a number',
    );
    expect(planSweep({ name: 'x', axes: [{ path: 'model.bmin', values: '13' }] }, base, 2).error).toMatch(
      /model\.bmax: Min branching must be ≤ Max branching/,
    );
    expect(planSweep(draft, null, 2).error).toMatch(/the experiment form has errors/);
  });

  test('the cluster README names the sweep file and the three commands', () => {
    const t = clusterReadme('s.gtlab-sweep.json', 's', 6);
    expect(t).toContain('gtlab sweep s.gtlab-sweep.json --out /scratch/$USER/s --launcher slurm');
    expect(t).toContain('--dry-run');
    expect(t).toContain('gtlab sweep summarize /scratch/$USER/s');
  });
});
