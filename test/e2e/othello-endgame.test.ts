/**
 * The othello-endgame-fcf preset in real Chromium (web mode), as a new user meets it: the preset fills
 * the form (the Othello model's fields, each series' deepening), the run completes in the browser's
 * workers, the chart's x axis is the empties k, and the figure exported as SVG says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { outputDir, useApp } from './harness.ts';

let page: Page;
let errors: string[];
const out = outputDir();

useApp('[data-test=start]', (app) => ({ page, errors } = app));

describe('Othello endgames in Chromium', () => {
  test('preset → form → run to completion → chart against empties k → SVG export', async () => {
    await page.selectOption('[data-test=preset]', 'othello-endgame-fcf');
    expect(await page.inputValue('[data-test=minEmpties]')).toBe('8');
    expect(await page.inputValue('[data-test=series-0-deepening]')).toBe('iterative');
    expect(await page.inputValue('[data-test=series-3-deepening]')).toBe('plain');
    await page.fill('[data-test=trees]', '25');
    expect(await page.textContent('[data-error="trees"]')).toContain('the model has 19 positions');
    expect(await page.isDisabled('[data-test=start]')).toBe(true);
    await page.fill('[data-test=trees]', '2');
    await page.fill('[data-test=depth]', '9');
    expect(await page.isDisabled('[data-test=start]')).toBe(false);

    await page.click('[data-test=start]');
    await page.waitForSelector('[data-test=run][data-status=completed]', { timeout: 120_000 });
    expect(await page.getAttribute('[data-test=chart]', 'data-trees')).toBe('2');
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(out, 'othello-chart.png') });

    await page.click('[data-test=tab-export]');
    await page.waitForSelector('[data-test=fig-preview] svg');
    const [d] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.click('[data-test=export-svg]')]);
    const path = join(out, d.suggestedFilename());
    await d.saveAs(path);
    const svg = readFileSync(path, 'utf8');
    expect(svg).toContain('empty squares k');
    expect(svg).toContain('othello-endgame-fcf');
    expect(errors).toEqual([]);
  });
});
