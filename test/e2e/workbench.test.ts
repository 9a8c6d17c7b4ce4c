/**
 * The workbench end to end in real Chromium (web mode: jobs in Web Workers): a form refuses an
 * invalid value, a run's chart grows as trees complete, a second run is cancelled, and the exports
 * (SVG figure, CSV, tree file, proof file, PNG) are downloaded and checked with the engine's own
 * readers and validators. Screenshots go to test-output/e2e/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { parseGraphFile, serializeGraph } from '../../shared/io/graph-file.ts';
import { parseProofFile, checkProofAgainstGraph } from '../../shared/io/proof-file.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { seriesNames } from '../../shared/experiments/display-names.ts';
import { readPngDpi } from '../../shared/figures/png-dpi.ts';
import { regenerateTree } from '../../renderer/src/logic/tree-view.ts';
import { svgWords } from '../helpers/svg-words.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { runCsv } from '../../renderer/src/logic/files.ts';
import { GENERATOR } from '../../shared/version.ts';
import { fillRunForm } from './app-steps.ts';

const TREES = 12;
// Deep enough that the run spans several of the renderer's 200 ms update batches on a fast machine too
// (the test checks the chart updated mid-run).
const DEPTH = 7;

const app = useApp('[data-test=start]');

async function download(selector: string): Promise<{ name: string; text: string; bytes: Buffer }> {
  const [d] = await Promise.all([app.page.waitForEvent('download', { timeout: 15_000 }), app.page.click(selector)]);
  const path = join(app.out, d.suggestedFilename());
  await d.saveAs(path);
  const bytes = readFileSync(path);
  return { name: d.suggestedFilename(), text: bytes.toString('utf8'), bytes };
}

const attr = async (sel: string, name: string) => Number(await app.page.getAttribute(sel, name));

/** From the chart tab, a Fig. 4 run of `trees` trees at DEPTH started (on `workers` workers when given) and seen running. */
async function startFig4Run(trees: number, workers?: number): Promise<void> {
  await app.page.click('[data-test=tab-chart]');
  await fillRunForm(app.page, 'furtak-buro-fig4', trees, DEPTH);
  if (workers !== undefined) await app.page.fill('[data-test=workers]', String(workers));
  await app.page.click('[data-test=start]');
  await app.page.waitForSelector('[data-test=run][data-status=running]', { timeout: 10_000 });
}

describe('workbench in Chromium (web mode)', () => {
  test('form → run → live chart → cancel → exports', async () => {
    // A preset fills the form; an out-of-range value is refused with a message naming the field.
    await fillRunForm(app.page, 'furtak-buro-fig4', TREES, DEPTH);
    await app.page.fill('[data-test=bmax]', '99');
    const msg = await app.page.textContent('[data-error="model.bmax"]');
    expect(msg).toContain('Max branching: 99 is not allowed');
    expect(msg).toContain('[1..64]');
    expect(await app.page.isDisabled('[data-test=start]')).toBe(true);
    await app.page.fill('[data-test=series-0-ordering]', 'fcf-linear');
    expect(await app.page.textContent('[data-error="series.0.ordering"]')).toContain('fcf-linear needs 1 number');
    await app.page.screenshot({ path: join(app.out, '1-invalid-form.png') });
    await app.page.fill('[data-test=bmax]', '12');
    await app.page.fill('[data-test=series-0-ordering]', 'estimate');
    expect(await app.page.$('[data-error="model.bmax"]')).toBeNull();
    expect(await app.page.isDisabled('[data-test=start]')).toBe(false);
    expect(await app.page.textContent('[data-test=estimate]')).toMatch(
      new RegExp(`One tree: .* nodes to depth ${DEPTH}`),
    );

    // Start: the chart's tree count and point count grow as trees complete.
    await app.page.click('[data-test=start]');
    const seen: number[] = [];
    const points: number[] = [];
    const t0 = Date.now();
    for (;;) {
      seen.push(await attr('[data-test=chart]', 'data-trees'));
      points.push(await attr('[data-test=chart]', 'data-points'));
      const status = await app.page.getAttribute('[data-test=run]:last-child', 'data-status');
      if (status === 'completed' && seen[seen.length - 1] === TREES) break;
      expect(status === 'failed' || Date.now() - t0 > 30_000).toBe(false);
      await app.page.waitForTimeout(40);
    }
    const distinct = [...new Set(seen)];
    expect(distinct.every((x, i) => i === 0 || x > distinct[i - 1])).toBe(true); // only grows
    expect(distinct.filter((x) => x > 0 && x < TREES).length).toBeGreaterThanOrEqual(1); // updated mid-run
    expect(Math.max(...points)).toBeGreaterThan(Math.min(...points));
    await app.page.waitForTimeout(200);
    await app.page.screenshot({ path: join(app.out, '2-chart.png') });
    const firstRun = await app.page.getAttribute('[data-test=run][data-status=completed]', 'data-run');

    // A second, bigger run is cancelled while it runs.
    await app.page.fill('[data-test=trees]', '2000');
    await app.page.click('[data-test=start]');
    await app.page.waitForSelector('[data-test=run][data-status=running]', { timeout: 10_000 });
    await app.page.waitForTimeout(300);
    await app.page.click('[data-test=run][data-status=running] [data-test=cancel]');
    await app.page.waitForSelector('[data-test=run][data-status=cancelled]', { timeout: 5_000 });
    const done = await app.page.textContent('[data-test=run][data-status=cancelled] [data-test=run-trees]');
    expect(Number(done!.split('/')[0])).toBeLessThan(2000);
    await app.page.screenshot({ path: join(app.out, '3-cancelled.png') });

    // Exports of the first run.
    await app.page.click(`[data-run="${firstRun}"]`);
    await app.page.click('[data-test=tab-export]');
    const spec = presetSpec('furtak-buro-fig4', { trees: TREES, depth: DEPTH });
    const labels = seriesNames(spec.series);

    const svg = await download('[data-test=export-svg]');
    expect(svg.name).toMatch(/\.svg$/);
    expect(svg.text.startsWith('<svg')).toBe(true);
    for (const l of labels) expect(svg.text).toContain(l);
    expect(svg.text).toContain('search depth');
    expect(svgWords(svg.text)).toContain('cumulative visited nodes ÷ seen minimum proof size');
    expect(svg.text).toContain('seed 2009');
    expect(svg.text).toContain('game-tree-lab');

    const png = await download('[data-test=export-png]');
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.bytes.readUInt32BE(16)).toBe(1950); // 6.5 in at 300 dpi
    expect(png.bytes.readUInt32BE(20)).toBe(1200); // 4 in at 300 dpi
    expect(readPngDpi(new Uint8Array(png.bytes))).toBeCloseTo(300, 0);

    expect(await app.page.isDisabled('[data-test=export-pdf]')).toBe(true);
    expect(await app.page.textContent('[data-test=pdf-reason]')).toContain('PDF needs the desktop app');

    const csv = await download('[data-test=export-csv]');
    const rows = csv.text.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^# furtak-buro-fig4; seed 2009; game-tree-lab /);
    expect(rows[2]).toBe(
      'tree,depth,series,value,mpg,mpg_seen,mpg_true,visited,expanded,leaves,pass_visited,pass_expanded,visited_over_mpg,expanded_over_mpg',
    );
    expect(rows.length - 3).toBe(TREES * DEPTH * labels.length);

    // The tree file: tree 3 to depth 3, identical to the same tree regenerated here in Node.
    await app.page.fill('[data-test=export-tree-index]', '3');
    await app.page.fill('[data-test=export-tree-depth]', '3');
    await app.page.selectOption('[data-test=tree-format]', 'json');
    const treeFile = await download('[data-test=export-tree]');
    const g = parseGraphFile(treeFile.text);
    expect(g.meta.seed).toBe(2009);
    expect(treeFile.text).toBe(serializeGraph(regenerateTree(spec, 3, 3).graph));

    const proofFile = await download('[data-test=export-proof]');
    const proof = parseProofFile(proofFile.text);
    expect(validateMinimaxProof(g, proof.nodes)).toEqual({ valid: true, value: proof.value });
    checkProofAgainstGraph(proof, g);
    expect(proof.size).toBe(minimumProofTree(g).size);
    await app.page.screenshot({ path: join(app.out, '4-export.png') });

    // The viewer shows the same tree: its minimum proof tree, and the PV down to the chosen depth.
    await app.page.click('[data-test=tab-tree]');
    await app.page.waitForSelector('[data-test=tree-canvas]');
    await app.page.waitForSelector('[data-test=tree-building]', { state: 'detached', timeout: 30_000 });
    expect(await app.page.textContent('[data-test=tree-summary] caption')).toContain(
      `tree 3, depth 3: minimum proof tree ${proof.size} nodes, value ${proof.value}`,
    );
    await app.page.focus('[data-test=tree-canvas]');
    await app.page.keyboard.press('Shift+P');
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain('(ply 3, a leaf at the search horizon)');
    await app.page.screenshot({ path: join(app.out, '5-tree.png') });

    expect(app.errors).toEqual([]);
  }, 60_000);

  test('a cancelled run resumes from the history: only its missing trees run, no line twice', async () => {
    const trees = 60;
    await startFig4Run(trees);
    await app.page.waitForTimeout(300);
    const id = await app.page.getAttribute('[data-test=run][data-status=running]', 'data-run');
    await app.page.click(`[data-run="${id}"] [data-test=cancel]`);
    await app.page.waitForSelector(`[data-run="${id}"][data-status=cancelled]`, { timeout: 5_000 });

    await app.page.click('[data-test=tab-history]');
    await app.page.click(`[data-history="${id}"] [data-test=history-resume]`);
    await app.page.waitForSelector(`[data-run="${id}"][data-status=completed]`, { timeout: 60_000 });
    expect(await app.page.textContent(`[data-run="${id}"] [data-test=run-trees]`)).toContain(`${trees} / ${trees}`);

    await app.page.click(`[data-run="${id}"]`);
    await app.page.click('[data-test=tab-export]');
    const csv = await download('[data-test=export-csv]');
    const spec = presetSpec('furtak-buro-fig4', { trees, depth: DEPTH });
    expect(csv.text.trimEnd().split('\n').length - 3).toBe(trees * DEPTH * spec.series.length);
    expect(app.errors).toEqual([]);
  }, 90_000);

  test('a reload mid-run keeps every finished tree; resume ends with the numbers of an uninterrupted run', async () => {
    const trees = 40;
    await startFig4Run(trees, 1);
    const id = (await app.page.getAttribute('[data-test=run][data-status=running]', 'data-run'))!;
    await app.page.waitForFunction(
      (id) => parseInt(document.querySelector(`[data-run="${id}"] [data-test=run-trees]`)?.textContent ?? '0', 10) >= 3,
      id,
      { timeout: 60_000 },
    );

    await app.page.reload();
    await app.page.waitForSelector('[data-test=start]', { timeout: 30_000 });
    await app.page.click('[data-test=tab-history]');
    const row = `[data-history="${id}"]`;
    await app.page.waitForSelector(row);
    expect(await app.page.textContent(`${row} .badge`)).toBe('interrupted');
    const kept = parseInt((await app.page.textContent(`${row} [data-test=history-trees]`))!, 10);
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThan(trees);

    await app.page.click(`${row} [data-test=history-resume]`);
    await app.page.waitForSelector(`[data-run="${id}"][data-status=completed]`, { timeout: 120_000 });
    // One count everywhere: the queue and History agree.
    expect(await app.page.textContent(`[data-run="${id}"] [data-test=run-trees]`)).toContain(`${trees} / ${trees}`);
    await app.page.click('[data-test=tab-history]');
    expect(await app.page.textContent(`${row} [data-test=history-trees]`)).toBe(`${trees} / ${trees}`);

    await app.page.click(`${row} [data-test=history-open]`);
    await app.page.click('[data-test=tab-export]');
    const csv = await download('[data-test=export-csv]');
    const spec = presetSpec('furtak-buro-fig4', { trees, depth: DEPTH });
    const lines: ResultLine[] = [];
    for (let t = 0; t < trees; t++) await runTree(spec, t, (l) => lines.push(l));
    const want = runCsv({ id, spec, status: 'completed', createdAt: '', generator: GENERATOR, lines, failures: [] });
    expect(csv.text).toBe(want);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
