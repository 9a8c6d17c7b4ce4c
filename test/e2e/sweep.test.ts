/**
 * The Sweep tab in real Chromium (web mode): a 2 × 2 grid over the form's spec is estimated before it
 * starts, runs as four queued runs with progress per cell, and ends with the heatmap and the table of
 * reductions (series under their display names); "Export for a cluster" downloads the sweep file the CLI expands into the same cells.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGtlab } from '../helpers/gtlab-process.ts';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { expandSweep } from '../../shared/experiments/sweep.ts';
import { sweepFile, writeSweepFile } from '../helpers/sweep-file.ts';
import { fillRunForm } from './app-steps.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { seriesIdsAndNames } from '../../shared/experiments/display-names.ts';

const app = useApp('[data-test=start]');

describe('Sweep tab in Chromium (web mode)', () => {
  test('grid → estimate → four cells run → heatmap and table; the exported sweep expands to the same cells', async () => {
    await fillRunForm(app.page, 'furtak-buro-fig4', 3, 3);
    await app.page.click('[data-test=tab-sweep]');
    await app.page.fill('[data-test=sweep-name]', 'e2e-sweep');
    await app.page.selectOption('[data-test=sweep-axis-0-path]', 'model.noise.e');
    await app.page.fill('[data-test=sweep-axis-0-values]', '0, 4');
    await app.page.click('[data-test=sweep-add-axis]');
    await app.page.selectOption('[data-test=sweep-axis-1-path]', 'model.damage');
    await app.page.fill('[data-test=sweep-axis-1-values]', '3, x');
    expect(await app.page.textContent('[data-test=sweep-error]')).toContain('"x" is not a number');
    expect(await app.page.isDisabled('[data-test=sweep-run]')).toBe(true);
    await app.page.fill('[data-test=sweep-axis-1-values]', '3, 6');
    expect(await app.page.textContent('[data-test=sweep-estimate]')).toMatch(/4\s*cells; estimated/);

    const [d] = await Promise.all([
      app.page.waitForEvent('download', { timeout: 15_000 }),
      app.page.click('[data-test=sweep-export-cluster]'),
    ]);
    const path = join(app.out, d.suggestedFilename());
    await d.saveAs(path);
    const { cells } = expandSweep(readFileSync(path, 'utf8'));
    expect(cells.map((c) => c.slug)).toEqual([
      'noise.e=0,damage=3',
      'noise.e=0,damage=6',
      'noise.e=4,damage=3',
      'noise.e=4,damage=6',
    ]);

    await app.page.click('[data-test=sweep-run]');
    await app.page.waitForSelector('[data-test=sweep-figure]', { timeout: 120_000 });
    await app.page.waitForFunction(
      () => document.querySelectorAll('[data-test=sweep-rows] tbody tr').length === 4 * 6,
      null,
      { timeout: 120_000 },
    );
    for (const c of cells)
      expect(await app.page.textContent(`[data-cell="${c.slug}"]`)).toContain('completed · 3 / 3 trees');
    // The table names each series as figures do ("α-β / value"), its id ("alphabeta / value") on hover.
    const series = seriesIdsAndNames(presetSpec('furtak-buro-fig4').series);
    expect(series.every((s) => s.name !== s.id)).toBe(true);
    const named = app.page.locator('[data-test=sweep-row-series]');
    const shown = await named.allTextContents();
    const ids = await named.evaluateAll((tds) => tds.map((td) => td.getAttribute('title')));
    expect(shown).toHaveLength(4 * 6);
    shown.forEach((name, k) => expect(series).toContainEqual({ id: ids[k], name }));
    expect(new Set(shown)).toEqual(new Set(series.map((s) => s.name)));
    await app.page.screenshot({ path: join(app.out, 'sweep-heatmap.png') });
    const rowsBefore = await app.page.locator('[data-test=sweep-rows] tbody tr').allTextContents();

    // Kept: after a reload the Sweep tab shows it again, the same rows, and History lists it.
    await app.page.reload();
    await app.page.waitForSelector('[data-test=start]', { timeout: 30_000 });
    await app.page.click('[data-test=tab-sweep]');
    await app.page.waitForSelector('[data-test=sweep-figure]', { timeout: 30_000 });
    await app.page.waitForFunction(
      () => document.querySelectorAll('[data-test=sweep-rows] tbody tr').length === 4 * 6,
      null,
      { timeout: 30_000 },
    );
    expect(await app.page.locator('[data-test=sweep-rows] tbody tr').allTextContents()).toEqual(rowsBefore);
    await app.page.click('[data-test=tab-history]');
    const kept = app.page.locator('[data-test=sweep-history] tr[data-sweep="e2e-sweep"]');
    expect(await kept.textContent()).toContain('4 / 4 cells completed');
    expect(await kept.textContent()).toContain('model.noise.e × model.damage');
    await kept.locator('[data-test=sweep-history-open]').click();
    expect(await app.page.getAttribute('[data-test=tab-sweep]', 'aria-selected')).toBe('true');
    expect(app.errors).toEqual([]);
  }, 240_000);

  test('History opens a sweep folder written by gtlab sweep: its cells become runs and the Sweep tab draws them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-e2e-folder-'));
    const grid = { trees: [2], depth: [3], 'model.noise.e': [0, 1] };
    writeSweepFile(dir, 'sweep.json', sweepFile('cli-sweep', 'knuth-moore-check', grid));
    expect(runGtlab(['sweep', 'sweep.json', '--out', 'cli-sweep', '--workers', '1'], dir).code).toBe(0);
    await app.page.click('[data-test=tab-history]');
    await app.page.setInputFiles('[data-test=history-folder-input]', join(dir, 'cli-sweep'));
    await app.page.waitForSelector('[data-test=sweep-figure]', { timeout: 30_000 });
    await app.page.waitForFunction(
      () => document.querySelectorAll('[data-test=sweep-rows] tbody tr').length === 2 * 2,
      null,
      { timeout: 30_000 },
    );
    for (const slug of ['trees=2,depth=3,noise.e=0', 'trees=2,depth=3,noise.e=1'])
      expect(await app.page.textContent(`[data-cell="${slug}"]`)).toContain('completed');
    await app.page.click('[data-test=tab-history]');
    expect(await app.page.textContent('[data-test=history]')).toContain('knuth-moore-check');
    await app.page.screenshot({ path: join(app.out, 'sweep-imported.png') });
    expect(app.errors).toEqual([]);
  }, 240_000);
});
