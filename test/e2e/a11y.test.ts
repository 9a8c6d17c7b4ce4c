/**
 * Access in real Chromium (web mode): axe-core finds no serious or critical violation on any tab; the
 * tabs follow the WAI-ARIA tabs pattern (arrow keys, Home/End, one tab stop); the keyboard alone reaches
 * and starts a run; "Start run" is in view at 1280 × 800; a field's accessible name is its label alone
 * (the range hint is its description); a run estimated at over ten minutes asks first, quoting the estimate,
 * and one beyond a year of CPU cannot be started.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { fillRunForm } from './app-steps.ts';

const app = useApp('[data-test=start]');

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (injected through DevTools: the app's CSP allows no inline script). */
async function seriousViolations(): Promise<string[]> {
  if (!(await app.page.evaluate(() => 'axe' in window))) await app.page.evaluate(AXE);
  const r = await app.page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return r
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

describe('access in Chromium', () => {
  test('no serious or critical axe violation on any tab', async () => {
    await fillRunForm(app.page, 'knuth-moore-check', 2, 3);
    await app.page.click('[data-test=start]');
    await app.page.waitForSelector('[data-test=run][data-status=completed]', { timeout: 30_000 });
    const found: Record<string, string[]> = {};
    for (const tab of ['chart', 'table', 'tree', 'history', 'export', 'sweep', 'studies']) {
      await app.page.click(`[data-test=tab-${tab}]`);
      await app.page.waitForTimeout(200);
      found[tab] = await seriousViolations();
    }
    for (const view of ['c4', 'match', 'pathology', 'li']) {
      await app.page.click(`[data-test=study-${view}]`);
      await app.page.waitForTimeout(200);
      found[`studies/${view}`] = await seriousViolations();
    }
    // History again, now with a kept study (the Li table the Studies tab computed) under the runs.
    await app.page.click('[data-test=tab-history]');
    await app.page.waitForSelector('[data-test=study-history] tr[data-study]', { timeout: 15_000 });
    found['history/studies'] = await seriousViolations();
    expect(found).toEqual({
      chart: [],
      table: [],
      tree: [],
      history: [],
      export: [],
      sweep: [],
      studies: [],
      'studies/c4': [],
      'studies/match': [],
      'studies/pathology': [],
      'studies/li': [],
      'history/studies': [],
    });
    expect(app.errors).toEqual([]);
  }, 120_000);

  test('tabs: arrow keys, Home and End move and select; one tab stop', async () => {
    await app.page.click('[data-test=tab-chart]');
    const tabStops = await app.page.$$eval(
      '[role=tab]',
      (ts) => ts.filter((t) => t.getAttribute('tabindex') === '0').length,
    );
    expect(tabStops).toBe(1);
    await app.page.focus('[data-test=tab-chart]');
    await app.page.keyboard.press('ArrowRight');
    expect(await app.page.getAttribute('[data-test=tab-table]', 'aria-selected')).toBe('true');
    expect(await app.page.evaluate(() => document.activeElement?.id)).toBe('tab-table');
    await app.page.keyboard.press('End');
    expect(await app.page.getAttribute('[data-test=tab-studies]', 'aria-selected')).toBe('true');
    await app.page.keyboard.press('ArrowRight');
    expect(await app.page.getAttribute('[data-test=tab-chart]', 'aria-selected')).toBe('true');
    await app.page.keyboard.press('ArrowLeft');
    await app.page.keyboard.press('Home');
    expect(await app.page.getAttribute('[data-test=tab-chart]', 'aria-selected')).toBe('true');
    expect(await app.page.getAttribute('[role=tabpanel]', 'aria-labelledby')).toBe('tab-chart');
  });

  test('labels are names, hints descriptions; Start run in view at 1280 × 800 and reached and pressed by keyboard', async () => {
    const name = await app.page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('[data-test=trees]')!;
      return {
        label: input.labels?.[0]?.textContent,
        described: (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent),
      };
    });
    expect(name).toEqual({ label: 'Trees', described: ['1..100000'] });

    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.selectOption('[data-test=preset]', 'furtak-buro-fig4');
    const box = (await app.page.locator('[data-test=start]').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);

    // Keyboard only: from the depth field, Tab until Start run has focus, then Enter: within as many
    // presses as the form has enabled controls (and a few more), so it grows with the form, not by hand.
    await app.page.fill('[data-test=trees]', '2');
    await app.page.fill('[data-test=depth]', '3');
    await app.page.focus('[data-test=depth]');
    const stops = await app.page.evaluate(
      () => [...document.querySelectorAll('[data-test=spec-form] :is(input, select, button):not([disabled])')].length,
    );
    let reached = false;
    for (let i = 0; i < stops + 5 && !reached; i++) {
      await app.page.keyboard.press('Tab');
      reached = await app.page.evaluate(() => document.activeElement?.getAttribute('data-test') === 'start');
    }
    expect(reached).toBe(true);
    const before = await app.page.locator('[data-test=run]').count();
    await app.page.keyboard.press('Enter');
    await app.page.waitForFunction((n) => document.querySelectorAll('[data-test=run]').length > n, before, {
      timeout: 10_000,
    });
    await app.page.setViewportSize({ width: 1440, height: 900 });
  }, 60_000);

  test('a run estimated at over ten minutes asks first, quoting the estimate in words; Back starts nothing', async () => {
    await fillRunForm(app.page, 'furtak-buro-fig4', 2000, 10);
    const before = await app.page.locator('[data-test=run]').count();
    await app.page.click('[data-test=start]');
    const text = await app.page.textContent('[data-test=confirm-long]');
    expect(text).toMatch(/estimated at ≈ \d+(\.\d)? (minutes|hours|days|months) on \d+ workers?\. Start it anyway\?/);
    await app.page.click('[data-test=confirm-cancel]');
    expect(await app.page.locator('[data-test=confirm-long]').count()).toBe(0);
    expect(await app.page.locator('[data-test=run]').count()).toBe(before);

    // Beyond a year of CPU on this machine's cores: Start is disabled, the reason says why, in words.
    await app.page.fill('[data-test=trees]', '100000');
    await app.page.fill('[data-test=depth]', '30');
    expect(await app.page.isDisabled('[data-test=start]')).toBe(true);
    expect(await app.page.textContent('[data-test=start-refused]')).toMatch(
      /^Start is disabled: this run is estimated at ≈ \d+(\.\d)? (thousand |million |billion )?years on all \d+ cores? of this machine, more than a year: it cannot finish/,
    );
    expect(await app.page.textContent('[data-test=estimate]')).toMatch(
      /Expected time: ≈ \d+(\.\d)? (million|billion) years/,
    );
    expect(await app.page.getAttribute('[data-test=start]', 'aria-describedby')).toBe('start-refused');
    await app.page.fill('[data-test=trees]', '2');
    await app.page.fill('[data-test=depth]', '3');
    expect(await app.page.locator('[data-test=start-refused]').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
