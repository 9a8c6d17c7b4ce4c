/**
 * The othello-endgame-fcf preset in real Chromium (web mode), as a new user meets it: the preset fills
 * the form (the Othello model's fields, each series' deepening), the run completes in the browser's
 * workers, the chart's x axis is the empties k, and the figure exported as SVG says so. The board view
 * (Studies → Othello): FFO #40 pasted, its solve shows live nodes and is cancelled; FForum #1 solved with
 * the file's score and its principal variation numbered on the board; FFO #44 (23 empties) solved in the
 * solve mode with MTD(f), its nodes seen rising while it runs, the file's score and a best move the file
 * lists with it (the browser's time is written to test-output/e2e/othello-ffo44-solve-mode.txt); the job
 * worker that solves it compiles WebAssembly, which the solve mode's shallow search runs in (the page's
 * Content-Security-Policy refuses it in the page itself, not in the worker).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';

const app = useApp('[data-test=start]');

/** FFO #44 as its line of the FForum file (line 5 of ../shared/data/othello/fforum-40-59.obf). */
const FFO44 =
  '--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O; D2:-14; B8:-14; G2:-18; G6:-18; F1:-22; A7:-24; B7:-26; G5:-28; G8:-28; C8:-28;';
const FFO_40_59 = new URL('../../../shared/data/othello/fforum-40-59.obf', import.meta.url);

/** The nodes of the solving clock's text ("solving… 2.5 s · 3.1·10⁶ nodes · …"), or null before the first report. */
function nodesShown(text: string): number | null {
  const m = /· ([\d.]+)(?:·10([⁶⁹]))? nodes ·/.exec(text);
  if (!m) return null;
  return Math.round(Number(m[1]) * (m[2] === '⁹' ? 1e9 : m[2] === '⁶' ? 1e6 : 1));
}

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

  test("board view, solve mode: FFO #44 pasted, nodes rising while it solves, the file's score and a listed best move", async () => {
    if (existsSync(FFO_40_59)) expect(readFileSync(FFO_40_59, 'utf8').split(/\r?\n/)[4].trim()).toBe(FFO44);
    // the file's best score and the moves it lists with it
    const listed = [...FFO44.matchAll(/([A-H][1-8]):([+-]\d+)/g)].map((m) => ({ move: m[1], score: Number(m[2]) }));
    expect(FFO44.slice(65, 66)).toBe('O'); // white to move
    const best = listed[0].score;
    expect(best).toBe(-14);
    const bestMoves = listed.filter((m) => m.score === best).map((m) => m.move);
    expect(bestMoves).toContain('D2');

    await app.page.click('[data-test=tab-studies]');
    await app.page.click('[data-test=study-othello]');
    await app.page.fill('[data-test=study-form-othello] [data-field=position]', FFO44);
    expect(await app.page.getAttribute('[data-test=othello-board]', 'data-empties')).toBe('23');
    await app.page.selectOption('[data-test=study-form-othello] [data-field=algorithm]', 'mtdf');
    await app.page.check('[data-test=study-form-othello] [data-field=solveMode]');
    const t0 = Date.now();
    await app.page.click('[data-test=study-run-othello]');

    // the solve runs in the page's job worker (running now), where the shallow search's kernel needs
    // WebAssembly: the page's Content-Security-Policy must not refuse it there
    const jobWorkers = app.page.workers().filter((w) => w.url().includes('job-worker'));
    expect(jobWorkers.length).toBeGreaterThan(0);
    for (const w of jobWorkers) {
      const refused = await w.evaluate(() => {
        try {
          new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])); // an empty module
          return '';
        } catch (e) {
          return String(e);
        }
      });
      expect(refused, w.url()).toBe('');
    }

    // live progress: the nodes shown rise at least twice before the result
    const seen: number[] = [];
    while (seen.length < 3) {
      const text = (await app.page.textContent('[data-test=othello-running]', { timeout: 60_000 })) ?? '';
      const n = nodesShown(text);
      if (n !== null && (seen.length === 0 || n > seen[seen.length - 1])) seen.push(n);
      expect(await app.page.$('[data-test=othello-result]'), `finished before three reports: ${seen}`).toBeNull();
      await app.page.waitForTimeout(300);
    }

    await app.page.waitForSelector('[data-test=othello-result]', { timeout: 600_000 });
    const wallSeconds = (Date.now() - t0) / 1000;
    expect(await app.page.textContent('[data-test=othello-score]')).toBe('-14');
    expect(bestMoves).toContain(await app.page.textContent('[data-test=othello-best]'));
    expect(await app.page.textContent('[data-test=othello-check]')).toContain('correct');
    const summary = await app.page.textContent('[data-test=othello-result]');
    writeFileSync(
      join(app.out, 'othello-ffo44-solve-mode.txt'),
      `FFO #44, solve mode, MTD(f), in Chromium: ${wallSeconds.toFixed(1)} s from the click to the result; nodes seen while solving: ${seen.join(', ')}\n${summary}\n`,
    );
    await app.page.screenshot({ path: join(app.out, 'othello-ffo44-solve-mode.png') });
    expect(app.errors).toEqual([]);
  }, 660_000);
});
