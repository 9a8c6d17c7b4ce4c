/**
 * History in real Chromium (web mode): a run folder written by `gtlab run` opened beside the app's own
 * runs; a title, tags and notes given and shown; the filter; three runs compared (chart and table); the
 * spec difference of two runs; delete with undo, then delete for good.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

const app = useApp('[data-test=start]');

const rows = () => app.page.locator('[data-test=history] tbody tr[data-history]');
const rowOf = (title: string) =>
  app.page.locator('[data-test=history] tbody tr[data-history]', {
    has: app.page.locator('[data-test=history-title]', { hasText: new RegExp(`^${title}$`) }),
  });

async function runInApp(name: string, seed: number): Promise<void> {
  await app.page.click('[data-test=tab-chart]');
  await app.page.selectOption('[data-test=preset]', 'knuth-moore-check');
  await app.page.fill('[data-test=name]', name);
  await app.page.fill('[data-test=trees]', '2');
  await app.page.fill('[data-test=depth]', '3');
  await app.page.fill('[data-test=seed]', String(seed));
  const before = await app.page.locator('[data-test=run][data-status=completed]').count();
  await app.page.click('[data-test=start]');
  await app.page.waitForFunction(
    (n) => document.querySelectorAll('[data-test=run][data-status=completed]').length > n,
    before,
    { timeout: 30_000 },
  );
}

describe('History in Chromium', () => {
  test('folder from gtlab run, notes and tags, filter, 3-run compare, spec diff, delete with undo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-e2e-history-'));
    expect(runGtlab(['run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--out', 'cli-run'], dir).code).toBe(
      0,
    );
    for (const [name, seed] of [
      ['first', 1],
      ['second', 2],
      ['third', 3],
    ] as const)
      await runInApp(name, seed);

    await app.page.click('[data-test=tab-history]');
    await app.page.setInputFiles('[data-test=history-folder-input]', join(dir, 'cli-run'));
    await app.page.click('[data-test=tab-history]');
    await expect.poll(() => rows().count()).toBe(4);
    const cli = rowOf('knuth-moore-check');
    expect(await cli.textContent()).toMatch(/prefix-value|knuth/);
    expect(await cli.locator('[data-test=history-trees]').textContent()).toBe('2 / 2');

    // Title, tags and notes.
    await rowOf('first').locator('[data-test=history-edit]').click();
    await app.page.fill('[data-test=history-edit-title]', 'baseline');
    await app.page.fill('[data-test=history-edit-tags]', 'paper, e4');
    await app.page.fill('[data-test=history-edit-notes]', 'the reference run');
    await app.page.click('[data-test=history-edit-save]');
    const base = rowOf('baseline');
    await base.waitFor();
    expect(await base.locator('[data-test=history-tag]').allTextContents()).toEqual(['paper', 'e4']);
    expect(await base.locator('[data-test=history-notes]').textContent()).toBe('the reference run');

    // Filter: every word must occur.
    await app.page.fill('[data-test=history-filter]', 'paper reference');
    await expect.poll(() => rows().count()).toBe(1);
    await app.page.fill('[data-test=history-filter]', 'no such run');
    await expect.poll(() => rows().count()).toBe(0);
    expect(await app.page.textContent('[data-test=history-none]')).toContain('No run matches');
    await app.page.fill('[data-test=history-filter]', '');
    await expect.poll(() => rows().count()).toBe(4);

    // Three runs compared: the open one (A) and two more (B, C).
    await base.locator('[data-test=history-open]').click();
    await app.page.click('[data-test=tab-history]');
    await rowOf('second').locator('[data-test=history-compare]').click();
    await rowOf('third').locator('[data-test=history-compare]').click();
    expect(await rowOf('third').locator('[data-test=history-compare]').getAttribute('aria-pressed')).toBe('true');
    await app.page.click('[data-test=tab-table]');
    const runsInTable = await app.page.$$eval('[data-test=results-table] tbody tr td:first-child', (tds) =>
      [...new Set(tds.map((t) => t.textContent))].sort(),
    );
    expect(runsInTable).toEqual(['A', 'B', 'C']);
    await app.page.click('[data-test=tab-chart]');
    expect(await app.page.textContent('[data-test=compare-more]')).toContain('third');

    // Spec diff: from the open run (first, seed 1) to second (seed 2).
    await app.page.click('[data-test=tab-history]');
    await rowOf('second').locator('[data-test=history-diff]').click();
    const diff = app.page.locator('[data-test=spec-diff]');
    await diff.waitFor();
    expect(await diff.locator('[data-diff=seed] td').allTextContents()).toEqual(['seed', '1', '2']);
    expect(await diff.locator('[data-diff=name] td').allTextContents()).toEqual(['name', '"first"', '"second"']);
    expect(await diff.locator('tbody tr').count()).toBe(2);

    // Delete with undo, then for good.
    await rowOf('third').locator('[data-test=history-delete]').click();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await app.page.textContent('[data-test=history-deleted]')).toContain('Deleted “third”');
    await app.page.click('[data-test=history-undo]');
    await expect.poll(() => rows().count()).toBe(4);
    await rowOf('third').locator('[data-test=history-delete]').click();
    await app.page.waitForSelector('[data-test=history-deleted]', { state: 'detached', timeout: 15_000 });
    await app.page.click('text=Refresh');
    await expect.poll(() => rows().count()).toBe(3);
    expect(await rowOf('third').count()).toBe(0);
    await app.page.screenshot({ path: join(app.out, 'history.png'), fullPage: true });
    expect(app.errors).toEqual([]);
  }, 180_000);
});
