/**
 * The browser's run store upgrades in place: a database written by the version that kept result lines
 * inside the run record (IndexedDB version 1) opens in this one with every run and line (moved into
 * the lines store, once), so History keeps what a user ran before the upgrade.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { collectErrors, launchChromium, startWebServer } from './harness.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree, type ResultLine } from '../../shared/experiments/run-tree.ts';
import type { RunData } from '../../shared/api/contract.ts';

let server: ViteDevServer;
let url: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ server, url } = await startWebServer());
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('IndexedDB upgrade', () => {
  test('a version-1 database (lines inside the run record) opens with every run and line', async () => {
    const spec = presetSpec('knuth-moore-check', { trees: 2, depth: 3 });
    const lines: ResultLine[] = [];
    for (let t = 0; t < 2; t++) await runTree(spec, t, (l) => lines.push(l));
    const old: RunData = { id: '20250101T000000-old-run', spec, status: 'completed', createdAt: '2025-01-01T00:00:00.000Z', generator: 'game-tree-lab 0.0.9', lines, failures: [] };
    // Same origin, without the app: a module the dev server sends as JavaScript (unknown paths get the app).
    await page.goto(`${url}src/main.ts`);
    // Start empty, whatever the profile holds.
    await page.evaluate(() => new Promise<void>((resolve, reject) => {
      const d = indexedDB.deleteDatabase('game-tree-lab');
      d.onsuccess = () => resolve();
      d.onerror = () => reject(d.error);
    }));
    await page.evaluate((run) => new Promise<void>((resolve, reject) => {
      const r = indexedDB.open('game-tree-lab', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('runs', { keyPath: 'id' });
      r.onsuccess = () => {
        const t = r.result.transaction('runs', 'readwrite');
        t.objectStore('runs').put(run);
        t.oncomplete = () => {
          r.result.close();
          resolve();
        };
        t.onerror = () => reject(t.error);
      };
      r.onerror = () => reject(r.error);
    }), JSON.parse(JSON.stringify(old)));

    const errors = collectErrors(page);
    for (let visit = 0; visit < 2; visit++) { // the second visit opens the upgraded database as it is
      await page.goto(url);
      await page.waitForSelector('[data-test=start]', { timeout: 30_000 });
      await page.click('[data-test=tab-history]');
      const row = `[data-history="${old.id}"]`;
      await page.waitForSelector(row);
      expect(await page.textContent(`${row} [data-test=history-trees]`)).toBe('2 / 2');
      await page.click(`${row} [data-test=history-open]`);
      await page.waitForFunction(() => document.querySelector('[data-test=chart]')?.getAttribute('data-trees') === '2', null, { timeout: 10_000 });
    }
    const stored = await page.evaluate(() => new Promise<{ runLines: number; lines: number; version: number }>((resolve, reject) => {
      const r = indexedDB.open('game-tree-lab');
      r.onsuccess = () => {
        const t = r.result.transaction(['runs', 'lines'], 'readonly');
        const a = t.objectStore('runs').getAll();
        const b = t.objectStore('lines').getAll();
        t.oncomplete = () => resolve({ runLines: (a.result[0] as { lines: unknown[] }).lines.length, lines: b.result.length, version: r.result.version });
      };
      r.onerror = () => reject(r.error);
    }));
    expect(stored).toEqual({ runLines: 0, lines: 2 * 3, version: 2 });
    expect(errors).toEqual([]);
  }, 120_000);
});
