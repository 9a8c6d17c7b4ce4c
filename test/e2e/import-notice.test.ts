/**
 * Opening a results folder whose results.jsonl a crash tore, in real Chromium (web mode): the run is
 * imported without the torn line, and a notice every tab shows says which line was left out, until it
 * is dismissed. A folder without a torn line brings no notice.
 */
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

const app = useApp('[data-test=start]');

describe('a torn last line, in Chromium', () => {
  test('opening the folder tells the user the torn line was left out; the notice stays on the chart tab', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-e2e-torn-'));
    expect(runGtlab(['run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--out', 'clean'], dir).code).toBe(0);
    cpSync(join(dir, 'clean'), join(dir, 'torn'), { recursive: true });
    appendFileSync(join(dir, 'torn', 'results.jsonl'), '{"tree":1,"dep');

    await app.page.click('[data-test=tab-history]');
    await app.page.setInputFiles('[data-test=history-folder-input]', join(dir, 'clean'));
    await app.page.waitForSelector('[data-test=tab-chart][aria-selected=true]');
    expect(await app.page.locator('[data-test=app-notice]').count()).toBe(0);

    await app.page.click('[data-test=tab-history]');
    await app.page.setInputFiles('[data-test=history-folder-input]', join(dir, 'torn'));
    const notice = app.page.locator('[data-test=app-notice]');
    await notice.waitFor();
    expect(await app.page.getAttribute('[data-test=tab-chart]', 'aria-selected')).toBe('true');
    expect(await notice.textContent()).toMatch(
      /Results folder opened; results\.jsonl line \d+: torn last line .* it was left out, so its tree counts as not finished/,
    );
    expect(await notice.getAttribute('role')).toBe('status');
    await app.page.click('[data-test=app-notice-dismiss]');
    await expect.poll(() => notice.count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
