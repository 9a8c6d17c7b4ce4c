/**
 * Renderer responsiveness during a long run (the target: no long task > 50 ms during a 500-tree run):
 * builds the web version of the workbench for production (as the desktop app ships it; --dev measures
 * the Vite dev server instead, with Vue's development checks), opens it in the system Chromium, starts the
 * Furtak & Buro Fig. 4 preset with 500 trees at a small depth, and records every long task (> 50 ms,
 * PerformanceObserver 'longtask') on the page's main thread from the click on Start until the run
 * completes; then switches to the per-tree scatter and the results table and records those too.
 *
 *   node --import tsx bench/renderer-longtasks.ts [--trees 500] [--depth 4] [--dev]
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { openApp, outputDir } from '../test/e2e/harness.ts';

const { values } = parseArgs({
  options: {
    trees: { type: 'string', default: '500' },
    depth: { type: 'string', default: '4' },
    dev: { type: 'boolean', default: false },
  },
});
const trees = Number(values.trees);
const depth = Number(values.depth);

// The long-task observer is injected by the DevTools protocol before any page script (not subject to the CSP).
const app = await openApp('[data-test=start]', {
  production: !values.dev,
  beforeLoad: (page) =>
    page.addInitScript(() => {
      const w = window as unknown as { __longtasks: { start: number; duration: number }[] };
      w.__longtasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longtasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    }),
});
try {
  const { page, errors } = app;
  await page.waitForTimeout(1000); // let start-up work settle; it is not part of the run
  await page.selectOption('[data-test=preset]', 'furtak-buro-fig4');
  await page.fill('[data-test=trees]', String(trees));
  await page.fill('[data-test=depth]', String(depth));
  const t0 = await page.evaluate(() => performance.now());
  const wall0 = Date.now();
  await page.click('[data-test=start]');
  await page.waitForSelector('[data-test=run][data-status=completed]', { timeout: 30 * 60_000 });
  const t1 = await page.evaluate(() => performance.now());
  const wall = (Date.now() - wall0) / 1000;
  await page.screenshot({ path: join(outputDir(), 'bench-longtasks.png') });
  await page.click('[data-test=mode-scatter]');
  await page.waitForTimeout(800);
  await page.click('[data-test=tab-table]');
  await page.waitForTimeout(800);
  const t2 = await page.evaluate(() => performance.now());
  const tasks = await page.evaluate(
    () => (window as unknown as { __longtasks: { start: number; duration: number }[] }).__longtasks,
  );
  const during = tasks.filter((t) => t.start >= t0 && t.start <= t1);
  const after = tasks.filter((t) => t.start > t1 && t.start <= t2);
  const max = (xs: { duration: number }[]) => (xs.length ? Math.max(...xs.map((x) => x.duration)) : 0);
  const workers = await page.textContent('[data-test=host]');
  console.log(
    `run: ${trees} trees, depth ${depth}, furtak-buro-fig4 (6 series), ${wall.toFixed(1)} s wall; ${values.dev ? 'dev server' : 'production build'}; host: ${workers}`,
  );
  console.log(`long tasks (> 50 ms) during the run: count ${during.length}, max ${max(during).toFixed(0)} ms`);
  console.log(
    `long tasks after it (scatter of ${trees * depth * 6} points, table): count ${after.length}, max ${max(after).toFixed(0)} ms`,
  );
  if (during.length)
    console.log(
      `  during: ${during.map((t) => `${t.duration.toFixed(0)} ms at +${((t.start - t0) / 1000).toFixed(1)} s`).join(', ')}`,
    );
  if (errors.length) console.log(`page errors: ${errors.join('; ')}`);
} finally {
  await app.close();
}
