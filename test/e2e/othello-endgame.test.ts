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
import { useApp } from './harness.ts';

const app = useApp('[data-test=start]');

describe('Othello endgames in Chromium', () => {
  test('preset → form → run to completion → chart against empties k → SVG export', async () => {
    await app.page.selectOption('[data-test=preset]', 'othello-endgame-fcf');
    expect(await app.page.inputValue('[data-test=minEmpties]')).toBe('8');
    expect(await app.page.inputValue('[data-test=series-0-deepening]')).toBe('iterative');
    expect(await app.page.inputValue('[data-test=series-3-deepening]')).toBe('plain');
    await app.page.fill('[data-test=trees]', '25');
    expect(await app.page.textContent('[data-error="trees"]')).toContain('the model has 19 positions');
    expect(await app.page.isDisabled('[data-test=start]')).toBe(true);
    await app.page.fill('[data-test=trees]', '2');
    await app.page.fill('[data-test=depth]', '9');
    expect(await app.page.isDisabled('[data-test=start]')).toBe(false);

    await app.page.click('[data-test=start]');
    await app.page.waitForSelector('[data-test=run][data-status=completed]', { timeout: 120_000 });
    expect(await app.page.getAttribute('[data-test=chart]', 'data-trees')).toBe('2');
    await app.page.waitForTimeout(200);
    await app.page.screenshot({ path: join(app.out, 'othello-chart.png') });

    await app.page.click('[data-test=tab-export]');
    await app.page.waitForSelector('[data-test=fig-preview] svg');
    const [d] = await Promise.all([
      app.page.waitForEvent('download', { timeout: 30_000 }),
      app.page.click('[data-test=export-svg]'),
    ]);
    const path = join(app.out, d.suggestedFilename());
    await d.saveAs(path);
    const svg = readFileSync(path, 'utf8');
    expect(svg).toContain('empty squares k');
    expect(svg).toContain('othello-endgame-fcf');
    expect(app.errors).toEqual([]);
  });

  test("board view: paste FFO #40, watch progress, cancel; solve FForum #1 with the file's score and the line on the board", async () => {
    const FFO40 = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;';
    await app.page.click('[data-test=tab-studies]');
    await app.page.click('[data-test=study-othello]');
    await app.page.fill('[data-test=study-form-othello] [data-field=position]', 'XO- X');
    expect(await app.page.textContent('[data-test=othello-line-error]')).toMatch(/board/);
    expect(await app.page.isDisabled('[data-test=study-run-othello]')).toBe(true);
    await app.page.fill('[data-test=study-form-othello] [data-field=position]', FFO40);
    expect(await app.page.getAttribute('[data-test=othello-board]', 'data-empties')).toBe('20');
    await app.page.click('[data-test=study-run-othello]');
    await app.page.waitForFunction(
      () => /nodes\/s/.test(document.querySelector('[data-test=othello-running]')?.textContent ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    await app.page.screenshot({ path: join(app.out, 'othello-solving.png') });
    await app.page.click('[data-test=study-cancel-othello]');
    await app.page.waitForSelector('[data-test=study-run-othello]');
    expect(await app.page.$('[data-test=othello-result]')).toBeNull();

    await app.page.fill(
      '[data-test=study-form-othello] [data-field=position]',
      '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;',
    );
    await app.page.click('[data-test=study-run-othello]');
    await app.page.waitForSelector('[data-test=othello-result]', { timeout: 60_000 });
    expect(await app.page.textContent('[data-test=othello-score]')).toBe('+18');
    expect(await app.page.textContent('[data-test=othello-best]')).toBe('G8');
    expect(await app.page.textContent('[data-test=othello-check]')).toContain('correct');
    expect(await app.page.textContent('[data-test=othello-pv-62]')).toBe('1'); // G8 = square 62
    await app.page.screenshot({ path: join(app.out, 'othello-solved.png') });
    expect(app.errors).toEqual([]);
  });
});
