/**
 * The tree viewer in Chromium on a depth-10 Figure 4 tree: the trace is built in a worker and its
 * counts are the run's own (computed here by the runner); five presses of P walk five levels down the
 * principal variation and the chosen node shows each series (by its display name) and the nodes spent below it, equal to a trace
 * built here; the difference mode counts what one series visited and the other did not; the shown
 * nodes are exported as JSON right after the P presses (every shown node, with the trace's region); P and
 * Shift+P go on past the region's edge. Screenshots go to test-output/e2e/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { seriesLabel } from '../../shared/experiments/spec.ts';
import { seriesNames } from '../../shared/experiments/display-names.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { nodeAt, pathTo, pvChild, ROOT } from '../../shared/trace/trace-tree.ts';
import { onlyVisitedBy, regionWords, TraceView } from '../../renderer/src/logic/trace-view.ts';
import { shownSubtree } from '../../shared/trace/trace-export.ts';
import { fillRunForm, runAndChooseTree } from './app-steps.ts';

const app = useApp('[data-test=start]');

const DEPTH = 10;

describe('tree viewer in Chromium', () => {
  test('a depth-10 Figure 4 tree: run counts, five PV steps, per-series counts, difference, export', async () => {
    const spec = presetSpec('furtak-buro-fig4', { trees: 1, depth: DEPTH });
    const lines: ResultLine[] = [];
    await runTree(spec, 0, (l) => lines.push(l));
    const line = lines.find((l) => l.depth === DEPTH)!;
    const trace = buildTrace(spec, 0, DEPTH);

    await fillRunForm(app.page, 'furtak-buro-fig4', 1, DEPTH);
    await runAndChooseTree(app.page);
    // the viewer opens at the run's depth
    expect(await app.page.inputValue('[data-test=tree-depth]')).toBe(String(DEPTH));
    await app.page.waitForSelector('[data-test=tree-canvas]', { timeout: 60_000 });
    await app.page.waitForSelector('[data-test=tree-building]', { state: 'detached', timeout: 60_000 });

    // The summary is the run's: visited per series (named as figures name them: "α-β / value", not the
    // id "alphabeta / value") and the seen minimum proof size.
    const names = seriesNames(spec.series);
    expect(names.filter((x, k) => x !== seriesLabel(spec.series[k]))).toHaveLength(spec.series.length);
    const summary = await app.page.locator('[data-test=tree-summary] tbody tr').allTextContents();
    expect(summary).toHaveLength(spec.series.length);
    spec.series.forEach((s, k) => {
      const r = line.results.find((x) => x.series === seriesLabel(s))!;
      expect(summary[k]).toContain(`${names[k]}${r.visited}${r.passVisited}`);
    });
    expect(await app.page.locator('[data-test=trace-series] option').allTextContents()).toEqual(names);
    expect(await app.page.textContent('[data-test=tree-summary] caption')).toContain(
      `minimum proof tree ${line.mpgSeen} nodes, value ${line.value}`,
    );

    // Five levels down the principal variation, by keyboard.
    await app.page.focus('[data-test=tree-canvas]');
    for (let i = 0; i < 5; i++) await app.page.keyboard.press('p');
    const view = new TraceView(trace);
    view.expand(ROOT);
    let n = ROOT;
    for (let i = 0; i < 5; i++) n = view.expandPv(n);
    expect(n).toBeGreaterThan(0);
    expect(trace.ply[n]).toBe(5);
    const path: number[] = [];
    path.push(...pathTo(trace, n).map((i) => i + 1));
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain(`Node ${path.join('.')}`);
    expect(await app.page.locator('[data-test=tree-node-table] thead th').allTextContents()).toEqual(['', ...names]);
    const spent = await app.page.locator('[data-test=tree-spent]').allTextContents();
    expect(spent.map(Number)).toEqual(trace.series.map((s) => s.spent[n]));
    expect(spent.map(Number).some((x) => x > 0)).toBe(true);
    expect(pvChild(trace, n)).toBeGreaterThanOrEqual(0); // still on the PV: more levels to go
    await app.page.screenshot({ path: join(app.out, 'tree-viewer-pv.png') });

    // Export right after the P presses: every shown node (the root's shown subtree, not the selected node's)
    // with the region the trace holds.
    const shown = shownSubtree(trace, view.open, ROOT);
    expect(shown.length).toBeGreaterThan(5 * 2);
    // "shown" in the caption counts the same nodes; the trace holds more
    expect(await app.page.textContent('[data-test=tree-shown]')).toBe(String(shown.length));
    expect(trace.count).toBeGreaterThan(shown.length);
    await app.page.selectOption('[data-test=trace-export-format]', 'json');
    const [d] = await Promise.all([
      app.page.waitForEvent('download', { timeout: 15_000 }),
      app.page.click('[data-test=trace-export]'),
    ]);
    const file = join(app.out, d.suggestedFilename());
    await d.saveAs(file);
    const json = JSON.parse(readFileSync(file, 'utf8'));
    expect(json.nodes.map((x: { path: number[] }) => x.path.join('.'))).toEqual(
      shown.map((v) => pathTo(trace, v).join('.')),
    );
    expect(json).toMatchObject({
      format: 'gtlab-trace',
      spec: spec.name,
      seed: spec.seed,
      tree: 0,
      depth: DEPTH,
      mptSize: line.mpgSeen,
      region: { ...trace.region, words: regionWords(trace) },
    });
    expect(await app.page.textContent('[data-test=tree-message]')).toContain(`(${shown.length} nodes)`);

    // Difference: series 0 (alpha-beta by value) against series 1 (alpha-beta by FCF), at the root.
    await app.page.check('[data-test=trace-diff]');
    await app.page.selectOption('[data-test=trace-series-b]', '1');
    await app.page.focus('[data-test=tree-canvas]');
    for (let i = 0; i < 5; i++) await app.page.keyboard.press('ArrowUp');
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain('Node root');
    expect(await app.page.textContent('[data-test=tree-only-a]')).toContain(
      `${onlyVisitedBy(trace, 0, 1, ROOT)} nodes held here and below were visited by ${names[0]} and not by ${names[1]}.`,
    );
    await app.page.screenshot({ path: join(app.out, 'tree-viewer-diff.png') });

    // On to the horizon: where the trace ends (ply 7 here), P builds a trace focused on the PV node there.
    const edge = Math.max(trace.region.maxPly, trace.region.focusMaxPly); // a trace of the root holds every node to its focusMaxPly
    expect(edge).toBeLessThan(DEPTH);
    const atPly = (p: number) =>
      app.page.waitForFunction(
        (q) => document.querySelector('[data-test=tree-node] h3')?.textContent?.includes(`(ply ${q},`),
        p,
        { timeout: 60_000 },
      );
    await app.page.focus('[data-test=tree-canvas]');
    for (let ply = 1; ply <= DEPTH; ply++) {
      await app.page.keyboard.press('p');
      await atPly(ply);
    }
    expect(await app.page.textContent('[data-test=tree-region]')).toContain(`every node to ply`);
    let leaf = ROOT;
    while (pvChild(trace, leaf) >= 0) leaf = pvChild(trace, leaf);
    expect(trace.ply[leaf]).toBe(edge);
    const deep = buildTrace(spec, 0, DEPTH, { focus: pathTo(trace, leaf) });
    let end = nodeAt(deep, pathTo(trace, leaf));
    while (pvChild(deep, end) >= 0) end = pvChild(deep, end);
    expect(deep.ply[end]).toBe(DEPTH);
    const endTitle = `Node ${pathTo(deep, end)
      .map((i) => i + 1)
      .join('.')} (ply ${DEPTH}`;
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain(endTitle);
    expect((await app.page.locator('[data-test=tree-spent]').allTextContents()).map(Number)).toEqual(
      deep.series.map((s) => s.spent[end]),
    );
    await app.page.screenshot({ path: join(app.out, 'tree-viewer-horizon.png') });

    // Shift+P from a fresh trace of the root goes past the region's edge as P does, to the PV's last node.
    await app.page.fill('[data-test=tree-depth]', String(DEPTH - 1));
    await app.page.fill('[data-test=tree-depth]', String(DEPTH));
    await app.page.waitForFunction(
      (w) => document.querySelector('[data-test=tree-region]')?.textContent === w,
      regionWords(trace),
      { timeout: 60_000 },
    );
    await app.page.waitForSelector('[data-test=tree-building]', { state: 'detached', timeout: 60_000 });
    await app.page.focus('[data-test=tree-canvas]');
    await app.page.keyboard.press('Shift+P');
    await atPly(DEPTH);
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain(endTitle);
    expect(await app.page.textContent('[data-test=tree-region]')).toBe(regionWords(deep));

    // Everything the trace holds, opened at once, still draws and answers the keyboard.
    await app.page.click('[data-test=tree-open-all]');
    await app.page.focus('[data-test=tree-canvas]');
    await app.page.keyboard.press('ArrowUp');
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain(`(ply ${DEPTH - 1},`);
    await app.page.screenshot({ path: join(app.out, 'tree-viewer-all.png') });
    expect(app.errors).toEqual([]);
  }, 180_000);
});
