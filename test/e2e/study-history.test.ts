/**
 * Studies kept like runs, in real Chromium (web mode, IndexedDB): a small pathology study and a small
 * match run in the Studies tab; History lists them under the runs (with the Li table the tab computed
 * on opening), the match's row appearing when it completes while History is open; each row's CSV is
 * downloaded and read back against what the Studies tab showed, the pathology and match figures and the Li
 * table typeset as SVG; after a reload they are still listed; delete with undo, then for good (leaving
 * History commits it). A study without a view of its own (Li's P_AB / R_AB curves) runs from the form
 * derived from its schema and is kept with its CSV and figure; the Li tables view draws Fig. 3.2's curves
 * and no chart for a table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { parseCsv } from '../helpers/csv.ts';
import { svgWords } from '../helpers/svg-words.ts';
import { fillStudyForm, startPathology } from './app-steps.ts';

const app = useApp('[data-test=start]');

const rows = () => app.page.locator('[data-test=study-history] tbody tr[data-study]');
const rowOf = (kind: string) => app.page.locator(`[data-test=study-history] tbody tr[data-kind="${kind}"]`);
const kinds = () => rows().evaluateAll((trs) => trs.map((t) => t.getAttribute('data-kind')));

/** Click a row's export button and read the file the page downloads. */
async function download(kind: string, button: string): Promise<{ name: string; text: string }> {
  const [d] = await Promise.all([
    app.page.waitForEvent('download', { timeout: 15_000 }),
    rowOf(kind).locator(`[data-test=${button}]`).click(),
  ]);
  const path = join(app.out, `study-history-${d.suggestedFilename()}`);
  await d.saveAs(path);
  return { name: d.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

describe('kept studies in History (Chromium, IndexedDB)', () => {
  test('pathology and match kept, listed, exported as CSV and figure, kept over a reload, deleted with undo', async () => {
    // Pathology: small and quick; what the tab shows is read back from the page.
    await app.page.click('[data-test=tab-studies]'); // the Li tables view computes Table 4.2 at once: kept too
    await startPathology(app.page, { height: 5, degree: 2, noise: 0.1, trees: 200 });
    await app.page.waitForSelector('[data-test=path-summary]', { timeout: 30_000 });
    const decisive = Number(await app.page.getAttribute('[data-test=path-chart]', 'data-decisive'));
    const shownP = Object.fromEntries(
      // the summary shows the methods' names; the CSV below keeps their ids
      [...(await app.page.textContent('[data-test=path-summary]'))!.matchAll(/(minimax|Althöfer): ([0-9. ]+)/g)].map(
        (m) => [m[1] === 'Althöfer' ? 'althofer' : m[1], m[2].trim()],
      ),
    );
    expect(Object.keys(shownP)).toEqual(['minimax', 'althofer']);

    // A match with a time limit (a few seconds), still running when History opens.
    await app.page.click('[data-test=study-match]');
    await fillStudyForm(app.page, 'match', { 'limit.kind': 'time', 'limit.ms': '40', plies: '1', count: '1' });
    await app.page.click('[data-test=study-run-match]');
    await app.page.waitForSelector('[data-test=match-tally][data-status=running]');

    await app.page.click('[data-test=tab-history]');
    await rowOf('pathology').waitFor({ timeout: 15_000 });
    const matchRunning = (await app.page.getAttribute('[data-test=match-tally]', 'data-status')) === 'running';
    if (matchRunning) expect(await rowOf('match').count()).toBe(0);
    // The match completes while History shows: its row comes without a refresh.
    await rowOf('match').waitFor({ timeout: 30_000 });
    expect(await app.page.getAttribute('[data-test=match-tally]', 'data-status')).toBe('completed');
    expect(await kinds()).toEqual(['match', 'pathology', 'li-table']); // the latest finished first
    expect(await rowOf('pathology').locator('[data-test=study-history-summary]').textContent()).toBe(
      'uniform trees, degree 2, height 5, flip noise 0.1, 200 trees, seed 1',
    );
    expect(await rowOf('match').locator('[data-test=study-history-summary]').textContent()).toBe(
      '40 ms per move, 1 opening ply, 1 opening, seed 1',
    );
    expect(await rowOf('li-table').locator('[data-test=study-history-summary]').textContent()).toBe('Table 4.2');
    expect(await rowOf('match').locator('[data-test=study-history-kind]').textContent()).toBe('Match play');
    for (const k of ['match', 'pathology'])
      expect(await rowOf(k).locator('[data-test=study-history-duration]').textContent()).toMatch(/^\d+( ms| s)$/);
    // The Li table's figure: the table typeset at its own size (the browser host renders it), ours beside the thesis's.
    const table = await download('li-table', 'study-history-figure');
    expect(table.name).toMatch(/^\d{8}T\d{6}-li-table\.svg$/);
    expect(svgWords(table.text)).toContain('Table 4.2 The Numbers of Visited Terminal Nodes (P_k = p0 = 0.5)');
    expect(svgWords(table.text)).toContain('f1 f2 N_6 ours thesis');
    expect(table.text).not.toMatch(/^<svg width="624" height="384"/);
    expect(table.text).toContain('@font-face');

    // The pathology CSV holds what the tab showed: P(correct) per depth (to the 3 decimals shown), the decisive roots.
    const pCsv = await download('pathology', 'study-history-csv');
    expect(pCsv.name).toMatch(/^\d{8}T\d{6}-pathology\.csv$/);
    const p = parseCsv(pCsv.text);
    expect(p.comments[0]).toMatch(
      /^# pathology; uniform trees, degree 2, height 5, flip noise 0\.1, 200 trees, seed 1; game-tree-lab \S+$/,
    );
    for (const method of ['minimax', 'althofer']) {
      const mine = p.rows.filter((r) => r.method === method);
      expect(mine.map((r) => Number(r.depth))).toEqual([1, 2, 3, 4, 5]);
      expect(mine.map((r) => Number(r.p_correct).toFixed(3)).join(' ')).toBe(shownP[method]);
    }
    expect(p.rows.every((r) => Number(r.decisive) === decisive && r.trees === '200')).toBe(true);
    expect(await app.page.textContent('[data-test=study-history-message]')).toContain(pCsv.name);

    // The match CSV: the tally the tab showed, MM's score as shown.
    const tally = await app.page.$eval('[data-test=match-tally]', (el) =>
      ['data-games', 'data-mm', 'data-ab', 'data-draws'].map((a) => el.getAttribute(a)),
    );
    const shownScore = await app.page.textContent('[data-test=match-score]');
    const m = parseCsv((await download('match', 'study-history-csv')).text);
    expect(m.rows.map((r) => r.source)).toEqual(['this match', 'Rivest 1987 Table 2']);
    const ours = m.rows[0];
    expect([ours.games, ours.mm_wins, ours.ab_wins, ours.draws]).toEqual(tally);
    expect(
      `${Number(ours.mm_score).toFixed(3)} [${Number(ours.mm_score_lo).toFixed(3)}, ${Number(ours.mm_score_hi).toFixed(3)}]`,
    ).toBe(shownScore);
    expect(ours.limit).toBe('time:40');

    // The pathology figure: SVG with the chart's title and axes, the font embedded.
    const fig = await download('pathology', 'study-history-figure');
    expect(fig.name).toMatch(/^\d{8}T\d{6}-pathology\.svg$/);
    expect(svgWords(fig.text)).toContain('Probability of a correct move vs. search depth');
    expect(svgWords(fig.text)).toContain('search depth');
    expect(fig.text).toContain('@font-face');
    // The match figure: this match's tally beside Rivest's, as shares of the games.
    const mFig = svgWords((await download('match', 'study-history-figure')).text);
    for (const w of [
      'MM wins',
      'draws',
      'AB wins',
      'this match (40 ms per move, 2 games)',
      'Rivest 1987 (time limits, 490 games)',
    ])
      expect(mFig).toContain(w);
    await app.page.screenshot({ path: join(app.out, 'study-history.png'), fullPage: true });

    // Kept in IndexedDB: a reload lists the same studies.
    const ids = await rows().evaluateAll((trs) => trs.map((t) => t.getAttribute('data-study')));
    await app.page.reload();
    await app.page.waitForSelector('[data-test=start]', { timeout: 30_000 });
    await app.page.click('[data-test=tab-history]');
    await rowOf('li-table').waitFor({ timeout: 15_000 });
    expect(await rows().evaluateAll((trs) => trs.map((t) => t.getAttribute('data-study')))).toEqual(ids);

    // Delete with undo, then for good: leaving History deletes it at once; a reload does not bring it back.
    await rowOf('match').locator('[data-test=study-history-delete]').click();
    await expect.poll(kinds).toEqual(['pathology', 'li-table']);
    expect(await app.page.textContent('[data-test=study-history-deleted]')).toContain(
      'Deleted “Match play: 40 ms per move',
    );
    await app.page.click('[data-test=study-history-undo]');
    await expect.poll(kinds).toEqual(['match', 'pathology', 'li-table']);
    await rowOf('match').locator('[data-test=study-history-delete]').click();
    await expect.poll(kinds).toEqual(['pathology', 'li-table']);
    await app.page.click('[data-test=tab-chart]');
    await app.page.click('[data-test=tab-history]');
    await rowOf('pathology').waitFor();
    expect(await kinds()).toEqual(['pathology', 'li-table']);
    await app.page.reload();
    await app.page.waitForSelector('[data-test=start]', { timeout: 30_000 });
    await app.page.click('[data-test=tab-history]');
    await rowOf('pathology').waitFor({ timeout: 15_000 });
    expect(await kinds()).toEqual(['pathology', 'li-table']);
    expect(app.errors).toEqual([]);
  }, 60_000);

  test('a registered study without a view of its own: the form from its schema, a refused value at its field, kept with its CSV and figure', async () => {
    await app.page.click('[data-test=tab-studies]');
    await app.page.click('[data-test=study-li-pab]');
    const form = app.page.locator('[data-test=registered-study-li-pab]');
    await form.locator('[data-field=n]').fill('9');
    expect(await form.locator('[data-error=n]').textContent()).toBe(
      'n: 9 is not allowed: it must be an integer in [2..8]',
    );
    expect(await form.locator('[data-test=study-run-li-pab]').isDisabled()).toBe(true);
    for (const [field, value] of [
      ['n', '4'],
      ['depth', '4'],
      ['trees', '6'],
      ['seed', '11'],
    ])
      await form.locator(`[data-field=${field}]`).fill(value);
    expect(await form.locator('[data-error]').count()).toBe(0);
    await form.locator('[data-test=study-run-li-pab]').click();
    await form.locator('[data-test=study-csv-li-pab]').waitFor({ timeout: 30_000 });
    expect(await form.locator('canvas').count()).toBeGreaterThan(0);

    await app.page.click('[data-test=tab-history]');
    await rowOf('li-pab').waitFor({ timeout: 15_000 });
    expect(await rowOf('li-pab').locator('[data-test=study-history-summary]').textContent()).toBe(
      'n 4, d 1..4, 6 trees per depth, seed 11',
    );
    const csv = parseCsv((await download('li-pab', 'study-history-csv')).text);
    expect(csv.rows.map((r) => r.d)).toEqual(['1', '2', '3', '4']);
    expect(csv.rows.every((r) => r.pab_mean === r.rab_mean && r.pab_rab_mismatches === '0')).toBe(true);
    const fig = svgWords((await download('li-pab', 'study-history-figure')).text);
    for (const w of ['terminal nodes per tree', 'visited by P_AB (= R_AB)', 'visited by informed P_AB'])
      expect(fig).toContain(w);

    // The Li tables view draws the figure of a table whose study has one (Fig. 3.2), and none for a table.
    await app.page.click('[data-test=tab-studies]');
    await app.page.click('[data-test=study-li]');
    await app.page.click('[data-test="li-table-fig3.2"]');
    await app.page.locator('[data-test=li-figure] canvas').waitFor({ timeout: 15_000 });
    await app.page.click('[data-test="li-table-4.2"]');
    await app.page.locator('[data-test=li-title]').filter({ hasText: 'Table 4.2' }).waitFor({ timeout: 15_000 });
    expect(await app.page.locator('[data-test=li-figure]').count()).toBe(0);
    expect(app.errors).toEqual([]);
  }, 60_000);
});
