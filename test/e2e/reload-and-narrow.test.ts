/**
 * The workbench at 1280 × 800 in Chromium (web mode), the narrowest window it is made for: after a
 * reload mid-run the run queue shows the interrupted run with Resume and the form holds its spec; in
 * History every action button lies wholly on screen (bounding boxes measured), the spec diff's columns
 * wrap inside the panel, a long run name leaves the tab bar on one line; the form's series rows show
 * each ordering's name uncut with the full string on hover; a run beyond a year of CPU cannot start,
 * and says why in words.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { useApp } from './harness.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { orderingName } from '../../shared/experiments/display-names.ts';
import { fillRunForm } from './app-steps.ts';

const app = useApp('[data-test=start]');

const LONG_NAME = 'furtak-buro-fig4-interrupted-by-a-reload-with-a-name-longer-than-any-column';
const TREES = 60;
const DEPTH = 8;

type Box = { x: number; y: number; width: number; height: number };
async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on the page');
  return b;
}
/** b lies wholly inside `within` across (the half pixel is subpixel rounding). */
const insideAcross = (b: Box, within: Box) => b.x >= within.x - 0.5 && b.x + b.width <= within.x + within.width + 0.5;

describe('at 1280 × 800', () => {
  test('a reload mid-run: the queue shows the run with Resume, the form its spec', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 });
    // A short run first, to compare specs with in History.
    await fillRunForm(app.page, 'knuth-moore-check', 2, 3);
    await app.page.click('[data-test=start]');
    await app.page.waitForSelector('[data-test=run][data-status=completed]', { timeout: 30_000 });

    await app.page.selectOption('[data-test=preset]', 'furtak-buro-fig4');
    await app.page.fill('[data-test=name]', LONG_NAME);
    await app.page.fill('[data-test=trees]', String(TREES));
    await app.page.fill('[data-test=depth]', String(DEPTH));
    await app.page.fill('[data-test=workers]', '1');
    await app.page.click('[data-test=start]');
    if (await app.page.locator('[data-test=confirm-start]').count()) await app.page.click('[data-test=confirm-start]');
    await app.page.waitForSelector('[data-test=run][data-status=running]', { timeout: 10_000 });
    const id = (await app.page.getAttribute('[data-test=run][data-status=running]', 'data-run'))!;
    const run = `[data-test=run][data-run="${id}"]`;
    // During the run its progress, ETA and Cancel are in view at 1280 × 800 without scrolling anything.
    const inView = async (sel: string) => {
      const b = await box(app.page.locator(sel));
      return b.y >= 0 && b.y + b.height <= 800 && b.x >= 0 && b.x + b.width <= 1280;
    };
    for (const sel of [run, `${run} [data-test=run-trees]`, `${run} [data-test=eta]`, `${run} [data-test=cancel]`])
      expect(await inView(sel), `${sel} in view`).toBe(true);
    await app.page.waitForFunction(
      (sel) => parseInt(document.querySelector(`${sel} [data-test=run-trees]`)?.textContent ?? '0', 10) >= 2,
      run,
      { timeout: 60_000 },
    );

    await app.page.reload();
    await app.page.waitForSelector('[data-test=start]', { timeout: 30_000 });
    await app.page.waitForSelector(`${run}[data-status=interrupted]`, { timeout: 10_000 });
    const kept = parseInt((await app.page.textContent(`${run} [data-test=run-trees]`))!, 10);
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(TREES);
    expect(await app.page.textContent(`${run} [data-test=run-trees]`)).toContain(`${kept} / ${TREES} trees`);
    expect(await app.page.locator(`${run} [data-test=queue-resume]`).isVisible()).toBe(true);
    expect(await inView(`${run} [data-test=queue-resume]`), 'Resume in view after the reload').toBe(true);
    // The form holds the interrupted run's spec, not the defaults, and says so.
    expect(await app.page.inputValue('[data-test=name]')).toBe(LONG_NAME);
    expect(await app.page.inputValue('[data-test=trees]')).toBe(String(TREES));
    expect(await app.page.inputValue('[data-test=depth]')).toBe(String(DEPTH));
    expect(await app.page.textContent('[data-test=spec-message]')).toContain(
      `Loaded the spec of run “${LONG_NAME}” (interrupted, ${kept} / ${TREES} trees): Resume it in the run queue`,
    );
    expect(await app.page.textContent('[data-test=selected-run]')).toBe(`${LONG_NAME} · seed 2009 · interrupted`);
    await app.page.screenshot({ path: join(app.out, 'reload-1280.png') });

    // The tab bar stays on one line with the long name selected: every tab on the first tab's line.
    const tabs = await app.page.locator('[role=tab]').all();
    const first = await box(tabs[0]);
    for (const t of tabs) expect((await box(t)).y).toBe(first.y);
    // one line each: the run's label (12 px type) and the tabs (13 px type and padding) — not 52 and 55 px
    const label = await box(app.page.locator('[data-test=selected-run]'));
    expect(label.height).toBeLessThan(24);
    expect(first.height).toBeLessThan(40);
    expect(await app.page.getAttribute('[data-test=selected-run]', 'title')).toBe(
      `${LONG_NAME} · seed 2009 · interrupted`,
    );

    // History: every action button of every row wholly visible, in the table's visible part and the window.
    await app.page.click('[data-test=tab-history]');
    await app.page.waitForSelector(`[data-history="${id}"] [data-test=history-resume]`);
    const scroll = app.page.locator('[data-test=history]').locator('xpath=..');
    const frame = await box(scroll);
    expect(frame.x + frame.width).toBeLessThanOrEqual(1280);
    expect(await scroll.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    const buttons = await app.page.locator('[data-test=history] tbody button').all();
    expect(buttons.length).toBeGreaterThanOrEqual(2 * 6 + 1); // two rows, the interrupted one with Resume
    for (const b of buttons) {
      const bb = await box(b);
      const text = (await b.textContent())?.trim();
      expect(insideAcross(bb, frame), `${text}: ${JSON.stringify(bb)} outside ${JSON.stringify(frame)}`).toBe(true);
      // and not cut by its own content: the label fits the button
      expect(await b.evaluate((e) => e.scrollWidth <= e.clientWidth), `${text} cut`).toBe(true);
    }

    // Spec diff from the open (interrupted) run to the short one: the fields that differ first, the
    // descriptions folded under them; opened, long descriptions wrap inside the panel.
    await app.page.click('[data-test=history] tbody tr[data-history]:not(.sel) [data-test=history-diff]');
    const diff = app.page.locator('[data-test=spec-diff]');
    await diff.waitFor();
    const panel = await box(diff);
    expect(panel.x + panel.width).toBeLessThanOrEqual(1280);
    const description = diff.locator('[data-diff=description] td');
    expect(await description.count()).toBe(3);
    expect(await description.first().isVisible()).toBe(false);
    const firstField = diff.locator('table tbody tr').first();
    expect(await firstField.getAttribute('data-diff')).not.toBe('description');
    expect(await firstField.isVisible()).toBe(true);
    await diff.locator('[data-test=spec-diff-prose] summary').click();
    await description.first().waitFor();
    for (const td of await diff.locator('td').all()) expect(insideAcross(await box(td), panel)).toBe(true);
    expect((await box(description.nth(2))).height).toBeGreaterThan(40); // wrapped onto several lines
    await diff.scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: join(app.out, 'history-1280.png') });

    // Resume from the queue: the run goes on (then is cancelled, to spare the machine).
    await app.page.click(`${run} [data-test=queue-resume]`);
    await app.page.waitForSelector(`${run}[data-status=running]`, { timeout: 10_000 });
    await app.page.click(`${run} [data-test=cancel]`);
    await app.page.waitForSelector(`${run}[data-status=cancelled]`, { timeout: 10_000 });
    expect(app.errors).toEqual([]);
  }, 180_000);

  test("the series rows show each ordering's name uncut, the full string on hover", async () => {
    await app.page.selectOption('[data-test=preset]', 'furtak-buro-fig4-learned');
    const spec = presetSpec('furtak-buro-fig4-learned');
    for (const [i, s] of spec.series.entries()) {
      const name = app.page.locator(`[data-test=series-${i}-ordering-name]`);
      expect(await name.textContent()).toBe(orderingName(s.ordering));
      expect(await name.getAttribute('title')).toBe(s.ordering);
      expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect((await app.page.getAttribute(`[data-test=series-${i}-ordering]`, 'title'))?.startsWith(s.ordering)).toBe(
        true,
      );
    }
    await app.page.locator('[data-test=series]').scrollIntoViewIfNeeded();
    await app.page.screenshot({ path: join(app.out, 'series-1280.png') });
  });

  test('beyond a year of CPU, Start is disabled and says why in words', async () => {
    await fillRunForm(app.page, 'furtak-buro-fig4', 100000, 30);
    expect(await app.page.isDisabled('[data-test=start]')).toBe(true);
    expect(await app.page.textContent('[data-test=start-refused]')).toMatch(
      /^Start is disabled: this run is estimated at ≈ \d+(\.\d)? (thousand |million |billion )?years on all \d+ cores? of this machine, more than a year: it cannot finish/,
    );
    expect(await app.page.textContent('[data-test=estimate]')).not.toMatch(/\d{5,}/);
    expect(app.errors).toEqual([]);
  });
});
