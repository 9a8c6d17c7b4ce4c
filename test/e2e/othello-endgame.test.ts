/**
 * The othello-endgame-fcf preset in real Chromium (web mode), as a new user meets it: the preset fills
 * the form (the Othello model's fields, each series' deepening), the run completes in the browser's
 * workers, the chart's x axis is the empties k, and the figure exported as SVG says so. The board view
 * (Studies → Othello): FFO #40 pasted, its solve shows live nodes and is cancelled; FForum #1 solved with
 * the file's score and its principal variation numbered on the board.
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
    const [d] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.click('[data-test=export-svg]'),
    ]);
    const path = join(out, d.suggestedFilename());
    await d.saveAs(path);
    const svg = readFileSync(path, 'utf8');
    expect(svg).toContain('empty squares k');
    expect(svg).toContain('othello-endgame-fcf');
    expect(errors).toEqual([]);
  });

  test("board view: paste FFO #40, watch progress, cancel; solve FForum #1 with the file's score and the line on the board", async () => {
    const FFO40 = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;';
    await page.click('[data-test=tab-studies]');
    await page.click('[data-test=study-othello]');
    await page.fill('[data-test=study-form-othello] [data-field=position]', 'XO- X');
    expect(await page.textContent('[data-test=othello-line-error]')).toMatch(/board/);
    expect(await page.isDisabled('[data-test=study-run-othello]')).toBe(true);
    await page.fill('[data-test=study-form-othello] [data-field=position]', FFO40);
    expect(await page.getAttribute('[data-test=othello-board]', 'data-empties')).toBe('20');
    await page.click('[data-test=study-run-othello]');
    await page.waitForFunction(
      () => /nodes\/s/.test(document.querySelector('[data-test=othello-running]')?.textContent ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    await page.screenshot({ path: join(out, 'othello-solving.png') });
    await page.click('[data-test=study-cancel-othello]');
    await page.waitForSelector('[data-test=study-run-othello]');
    expect(await page.$('[data-test=othello-result]')).toBeNull();

    await page.fill(
      '[data-test=study-form-othello] [data-field=position]',
      '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;',
    );
    await page.click('[data-test=study-run-othello]');
    await page.waitForSelector('[data-test=othello-result]', { timeout: 60_000 });
    expect(await page.textContent('[data-test=othello-score]')).toBe('+18');
    expect(await page.textContent('[data-test=othello-best]')).toBe('G8');
    expect(await page.textContent('[data-test=othello-check]')).toContain('correct');
    expect(await page.textContent('[data-test=othello-pv-62]')).toBe('1'); // G8 = square 62
    await page.screenshot({ path: join(out, 'othello-solved.png') });
    expect(errors).toEqual([]);
  });
});
