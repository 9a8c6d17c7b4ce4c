/**
 * The Studies tab end to end in real Chromium (web mode; every computation in a dedicated Web
 * Worker): Li's Table 4.2 with its highlighted cells and the thesis's numbers, a Monte-Carlo check of
 * one cell and the CSV export; a generated Connect-Four position solved, its time the one History
 * shows; a tiny match whose live tally reaches its total; a tiny pathology run drawn as a chart. Every number on screen is checked
 * against the library run here in Node (and the slow reference solver). Screenshots go to
 * test-output/e2e/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { reproduceLiTable } from '../../shared/li/reproduce.ts';
import { compareWithPrinted } from '../../shared/li/compare.ts';
import { Position } from '../../shared/connect4/position.ts';
import { Solver } from '../../shared/connect4/solver.ts';
import { openings, runMatch } from '../../shared/rivest/match-play.ts';
import { PATHOLOGY_METHOD_NAMES, runPathology } from '../../shared/althofer/pathology.ts';
import { buildLiTableView } from '../../shared/li/li-table-view.ts';
import { monteCarloTarget } from '../../renderer/src/logic/li-montecarlo.ts';
import { runMonteCarlo } from '../../shared/li/monte-carlo-cell.ts';
import { ArrayBoard, randomPosition, referenceScore } from '../connect4/reference.ts';
import { fillStudyForm, startPathology } from './app-steps.ts';

const app = useApp('[data-test=tab-studies]');

describe('Studies tab in Chromium (web mode)', () => {
  test('Li Table 4.2: highlighted cells, thesis numbers, Monte-Carlo check, CSV', async () => {
    await app.page.click('[data-test=tab-studies]');
    await app.page.click('[data-test=study-li]');
    await app.page.click('[data-test="li-table-4.2"]');
    await app.page.waitForSelector('[data-test=li-grid]', { timeout: 15_000 });
    expect(await app.page.textContent('[data-test=li-title]')).toContain('Table 4.2');

    // The highlighted cells are exactly the library's disagreements of the corrected model with the thesis.
    const corrected = reproduceLiTable('4.2', 'corrected');
    const printed = reproduceLiTable('4.2', 'printed');
    const disagreements = compareWithPrinted(corrected).disagreements;
    expect(disagreements.length).toBeGreaterThan(0);
    const highlighted = await app.page.$$eval('[data-test=li-cell][data-differs=true]', (els) =>
      els.map((e) => `${e.getAttribute('data-row')}:${e.getAttribute('data-col')}`),
    );
    expect(highlighted.sort()).toEqual(disagreements.map((d) => `${d.row}:${d.column}`).sort());
    // First highlighted cell: N_6 of row 0 — corrected, printed computation and the thesis's number side by side.
    const sel = (kind: string) => `[data-test=${kind}][data-row="0"][data-col="N_6"]`;
    expect(await app.page.getAttribute(sel('li-cell'), 'data-differs')).toBe('true');
    expect(await app.page.textContent(sel('li-cell'))).toBe(corrected.rows[0].values[0].toFixed(3));
    expect(await app.page.textContent(sel('li-printed'))).toBe(printed.rows[0].values[0].toFixed(3));
    expect(await app.page.textContent(sel('li-thesis'))).toBe(corrected.printed!.rows[0].values[0]!.toFixed(3));
    expect(await app.page.$eval(sel('li-thesis'), (e) => e.classList.contains('differs'))).toBe(true);
    expect((await app.page.$$('[data-test=li-erratum]')).length).toBe(printed.errata.length);
    await app.page.screenshot({ path: join(app.out, 'studies-1-li-4.2.png') });

    // Monte-Carlo check of that cell, the same estimate as computed here.
    await app.page.click(sel('li-cell'));
    await fillStudyForm(app.page, 'li-mc', { trees: '300' });
    await app.page.click('[data-test=study-run-li-mc]');
    await app.page.waitForSelector('[data-test=li-mc-result]', { timeout: 30_000 });
    const view = buildLiTableView(corrected, printed);
    const expected = runMonteCarlo(
      monteCarloTarget(
        view,
        0,
        view.columns.findIndex((c) => c.name === 'N_6'),
      )!,
      300,
      1,
    );
    const got = async (a: string) => Number(await app.page.getAttribute('[data-test=li-mc-result]', a));
    expect([await got('data-mean'), await got('data-lo'), await got('data-hi')]).toEqual([
      expected.mean,
      expected.lo,
      expected.hi,
    ]);
    expect(await app.page.getAttribute('[data-test=li-mc-result]', 'data-inside')).toBe(
      String(expected.inInterval.corrected),
    );
    expect(await app.page.textContent('[data-test=li-mc-mean]')).toContain(expected.mean.toFixed(2));
    await app.page.locator('[data-test=li-mc]').scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: join(app.out, 'studies-2-li-montecarlo.png') });

    // CSV of the shown table: one line per row, the three numbers of every cell.
    const [d] = await Promise.all([
      app.page.waitForEvent('download', { timeout: 15_000 }),
      app.page.click('[data-test=li-csv]'),
    ]);
    const path = join(app.out, d.suggestedFilename());
    await d.saveAs(path);
    const rows = readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('#'));
    expect(rows[0].split(',')).toContain('N_6_thesis');
    expect(rows.length - 1).toBe(corrected.rows.length);
    expect(rows[1].split(',')).toContain(String(corrected.printed!.rows[0].values[0]));
  }, 90_000);

  test('Connect-Four: a generated position solved in the worker', async () => {
    // A seeded position solved by the slow reference solver (Pons' test files are not part of the project).
    const moves = randomPosition(11, 24, true);
    const lib = new Solver().solve(Position.parse(moves), 'final');
    expect(lib.score).toBe(referenceScore(ArrayBoard.fromMoves(moves))); // the library agrees with the reference
    await app.page.click('[data-test=study-c4]');
    await fillStudyForm(app.page, 'c4', { moves });
    expect(Number(await app.page.getAttribute('[data-test=c4-board]', 'data-stones'))).toBe(moves.length);
    await app.page.click('[data-test=study-run-c4]');
    await app.page.waitForSelector('[data-test=c4-result]', { timeout: 30_000 });
    expect(Number(await app.page.getAttribute('[data-test=c4-result]', 'data-score'))).toBe(lib.score);
    expect(Number(await app.page.getAttribute('[data-test=c4-result]', 'data-visited'))).toBe(lib.visited);
    // The time the view shows is the one History keeps for the solve, written alike.
    const shown = await app.page.textContent('[data-test=c4-duration]');
    expect(shown).toMatch(/^\d+( ms| s)$/);
    await app.page.click('[data-test=tab-history]');
    const row = app.page.locator('[data-test=study-history] tbody tr[data-kind="c4"]');
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('[data-test=study-history-duration]').textContent()).toBe(shown);
    await app.page.click('[data-test=tab-studies]');
    // A bad move string names the offending character and disables Solve.
    await fillStudyForm(app.page, 'c4', { moves: '44444444' });
    expect(await app.page.textContent('[data-test=c4-move-error]')).toContain('position 7');
    expect(await app.page.isDisabled('[data-test=study-run-c4]')).toBe(true);
    await fillStudyForm(app.page, 'c4', { moves });
    await app.page.screenshot({ path: join(app.out, 'studies-3-connect4.png') });
  }, 60_000);

  test("match play: a tiny match reaches its total with the library's tally", async () => {
    const limit = { kind: 'moves' as const, n: 150 };
    const ops = openings(2, 2, 1);
    const lib = runMatch({ limit, openings: ops });
    await app.page.click('[data-test=study-match]');
    await fillStudyForm(app.page, 'match', {
      'limit.kind': 'moves',
      'limit.n': String(limit.n),
      plies: '2',
      count: '2',
    });
    await app.page.click('[data-test=study-run-match]');
    const seen: number[] = [];
    const t0 = Date.now();
    for (;;) {
      // Games and status read in one evaluation: two separate reads could straddle the final update.
      const [games, status] = await app.page.$eval(
        '[data-test=match-tally]',
        (el) => [Number(el.getAttribute('data-games')), el.getAttribute('data-status')] as const,
      );
      seen.push(games);
      if (status === 'completed') break;
      expect(Date.now() - t0).toBeLessThan(40_000);
      await app.page.waitForTimeout(30);
    }
    expect(Number(await app.page.getAttribute('[data-test=match-tally]', 'data-total'))).toBe(4);
    expect(seen[seen.length - 1]).toBe(4);
    expect(seen.every((x, i) => i === 0 || x >= seen[i - 1])).toBe(true);
    const tally = ['data-mm', 'data-ab', 'data-draws'].map(async (a) =>
      Number(await app.page.getAttribute('[data-test=match-tally]', a)),
    );
    expect(await Promise.all(tally)).toEqual([lib.mmWins, lib.abWins, lib.draws]);
    expect(await app.page.textContent('[data-test=match-score]')).toBe(
      `${lib.score.p.toFixed(3)} [${lib.score.lo.toFixed(3)}, ${lib.score.hi.toFixed(3)}]`,
    );
    expect(await app.page.textContent('[data-test=match-rivest]')).toContain('249');
    await app.page.screenshot({ path: join(app.out, 'studies-4-match.png') });
  }, 60_000);

  test('pathology: a tiny run renders the chart', async () => {
    const spec = {
      model: { kind: 'uniform' as const, degree: 2, height: 6 },
      noise: { kind: 'flip' as const, e: 0.1 },
      trees: 300,
      seed: 1,
      exactLeaves: true,
    };
    const lib = runPathology(spec);
    await startPathology(app.page, { height: 6, degree: 2, noise: 0.1, trees: 300 });
    await app.page.waitForSelector('[data-test=path-chart] canvas', { timeout: 30_000 });
    expect(Number(await app.page.getAttribute('[data-test=path-chart]', 'data-decisive'))).toBe(lib.decisive);
    expect(Number(await app.page.getAttribute('[data-test=path-chart]', 'data-depths'))).toBe(6);
    const summary = await app.page.textContent('[data-test=path-summary]');
    for (const s of lib.series)
      expect(summary).toContain(`${PATHOLOGY_METHOD_NAMES[s.method]}: ${s.p.map((p) => p.toFixed(3)).join(' ')}`);
    await app.page.waitForTimeout(300);
    await app.page.screenshot({ path: join(app.out, 'studies-5-pathology.png') });
    expect(app.errors).toEqual([]);
  }, 60_000);
});
