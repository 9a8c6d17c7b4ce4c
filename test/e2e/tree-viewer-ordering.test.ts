/**
 * What each ordering knew, read as a new user would (Chromium): choose which child sizes the orderings
 * may know in the form, run a tiny Figure 4 run, open the tree viewer on tree 0 and read, at the root's
 * children and one ply down, each series' V_i (searched before, or random), S_i (known, or the
 * stand-in), key and search order. The expected words come from an independent log of the same
 * searches (../helpers/search-log.ts), not from the trace the page built; axe finds no serious or
 * critical violation in the node's details. Screenshots of the details go to test-output/e2e/.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { searchSeries } from '../../shared/experiments/search-series.ts';
import { parseSpec, specHeight, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { seriesNames } from '../../shared/experiments/display-names.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { keyWords } from '../../renderer/src/logic/ordering-knowledge.ts';
import { num } from '../../renderer/src/logic/trace-view.ts';
import { expectedWords, SearchLog, type Ordering } from '../helpers/search-log.ts';
import { fillRunForm, runAndOpenTree } from './app-steps.ts';

const app = useApp('[data-test=start]');

const DEPTH = 3;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Per series, the last ordering of the final pass at `path` (moves joined by "."), from an independent log. */
function lastOrderingAt(s: ExperimentSpec, path: string): (Ordering | undefined)[] {
  return s.series.map((sr) => {
    const log = new SearchLog(makeGame(s.model, specHeight(s), s.seed, 0));
    searchSeries(s, sr, log, DEPTH, { observer: log, onPass: () => log.pass++ });
    return log.orderings.filter((r) => r.pass === DEPTH - 1 && r.path === path).at(-1);
  });
}

function degreeAt(s: ExperimentSpec, path: number[]): number {
  const g = makeGame(s.model, specHeight(s), s.seed, 0);
  g.reset();
  for (const m of path) {
    g.expand();
    g.descend(m);
  }
  return g.expand();
}

/** The words the table must show at `path`: per child, the move and per series V_i, S_i, key, order. */
function expectedRows(s: ExperimentSpec, path: number[]): string[][] {
  const orderings = lastOrderingAt(s, path.join('.'));
  const n = degreeAt(s, path);
  // per series, every child's words; a child valued at random is keyed by its rank among those children
  const cells = orderings.map((r, k) => {
    if (!r) return Array.from({ length: n }, () => ['–', '–', '–', '–']);
    const o = parseOrdering(s.series[k].ordering);
    const words = Array.from({ length: n }, (_, i) =>
      expectedWords(
        r,
        i,
        {
          readsValue: o.needsValue,
          readsSize: o.needsSize,
          annotated: true,
          unexpanded: s.unexpanded,
          sizeInfo: s.sizeInfo ?? 'all',
          standIn: 8,
          degree: (j) => degreeAt(s, [...path, j]),
        },
        num,
      ),
    );
    const random = (i: number) => words[i].value === 'random' && words[i].size !== 'unknown';
    return words.map((w, i) => {
      const higher = words.filter((_, j) => random(j) && r.key[j] > r.key[i]).length;
      return [w.value, w.size, random(i) ? `random (rank ${higher + 1})` : keyWords(r.key[i] + 0), w.order];
    });
  });
  return Array.from({ length: n }, (_, i) => [String(i + 1), ...cells.flatMap((c) => c[i])]);
}

async function shownRows(): Promise<string[][]> {
  return app.page.$$eval('[data-test=tree-ordering-row]', (rows) =>
    rows.map((r) => Array.from(r.children, (c) => (c.textContent ?? '').trim())),
  );
}

async function seriousViolations(selector: string): Promise<string[]> {
  if (!(await app.page.evaluate(() => 'axe' in window))) await app.page.evaluate(AXE);
  const found = await app.page.evaluate(async (sel) => {
    const axe = (
      window as unknown as {
        axe: {
          run(ctx: Element, o: object): Promise<{ violations: { id: string; impact: string | null; help: string }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document.querySelector(sel)!, { resultTypes: ['violations'] })).violations;
  }, selector);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}`);
}

describe('what each ordering knew, in the tree viewer (Chromium)', () => {
  test("sizes known for searched children, chosen in the form: the root's children and one ply down read as the log says", async () => {
    const spec = parseSpec({ ...presetSpec('furtak-buro-fig4', { trees: 1, depth: DEPTH }), sizeInfo: 'searched' });
    expect(spec.sizeStandIn).toBe('mean'); // the preset's stand-in: the mean out-degree of U[4..12], 8

    await fillRunForm(app.page, 'furtak-buro-fig4', 1, DEPTH);
    await app.page.selectOption('[data-test=sizeInfo]', 'searched');
    await runAndOpenTree(app.page, DEPTH);

    // The root (selected when the trace opens): one column group per series, a row per child.
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain('Node root');
    const groups = await app.page.locator('[data-test=tree-ordering] th[scope=colgroup]').allTextContents();
    expect(groups.map((g) => g.trim())).toEqual(seriesNames(spec.series));
    const root = expectedRows(spec, []);
    expect(await shownRows()).toEqual(root);
    // At the root every series searched every child in the pass before (alpha-beta's root window is infinite):
    // all values are known, and so are the FCF series' sizes.
    const fcf = spec.series.map((s, k) => (parseOrdering(s.ordering).needsSize ? k : -1)).filter((k) => k >= 0);
    expect(fcf.length).toBeGreaterThan(0);
    for (const row of root) for (const k of fcf) expect(row[1 + 4 * k + 1]).toMatch(/^\d+$/);
    await app.page
      .locator('[data-test=tree-node]')
      .screenshot({ path: join(app.out, 'tree-viewer-ordering-root.png') });
    expect(await seriousViolations('[data-test=tree-node]')).toEqual([]);

    // One ply down, the first child: a cut node in the pass before, so some of its children were never searched
    // there; their sizes are the stand-in and their values random, ordered after the searched ones.
    await app.page.focus('[data-test=tree-canvas]');
    await app.page.keyboard.press('ArrowDown');
    expect(await app.page.textContent('[data-test=tree-node] h3')).toContain('Node 1 ');
    const below = expectedRows(spec, [0]);
    expect(await shownRows()).toEqual(below);
    const cells = below.flatMap((row) => row.slice(1));
    expect(cells).toContain('random');
    expect(cells).toContain('stand-in 8');
    expect(cells).toContain('random (rank 1)');
    await app.page
      .locator('[data-test=tree-node]')
      .screenshot({ path: join(app.out, 'tree-viewer-ordering-child.png') });
    expect(app.errors).toEqual([]);
  }, 180_000);
});
