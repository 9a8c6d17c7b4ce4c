/**
 * The browser's run store upgrades in place: a database written by the version that kept result lines
 * inside the run record (IndexedDB version 1) opens in this one with every run and line (moved into
 * the lines store, once), and one written by the version before kept studies (version 2: runs and
 * lines) opens with every run and line and an empty studies store, so History keeps what a user ran
 * before the upgrade.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { collectErrors, launchChromium, startWebServer } from './harness.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
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

async function oldRun(): Promise<RunData> {
  const spec = presetSpec('knuth-moore-check', { trees: 2, depth: 3 });
  const lines: ResultLine[] = [];
  for (let t = 0; t < 2; t++) await runTree(spec, t, (l) => lines.push(l));
  return {
    id: '20250101T000000-old-run',
    spec,
    status: 'completed',
    createdAt: '2025-01-01T00:00:00.000Z',
    generator: 'game-tree-lab 0.0.9',
    lines,
    failures: [],
  };
}

/** An empty database, whatever the profile holds, from a page of the app's origin without the app. */
async function emptyDatabase(): Promise<void> {
  // Same origin, without the app: a module the dev server sends as JavaScript (unknown paths get the app).
  await page.goto(`${url}src/main.ts`);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const d = indexedDB.deleteDatabase('game-tree-lab');
        d.onsuccess = () => resolve();
        d.onerror = () => reject(d.error);
      }),
  );
}

/**
 * An empty database, then `run` kept there as the app of IndexedDB `version` kept it: version 1 with
 * its lines inside the run record, version 2 with them in the lines store.
 */
async function writeOldDatabase(version: 1 | 2, run: RunData): Promise<void> {
  await emptyDatabase();
  await page.evaluate(
    ({ version, run }) =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.open('game-tree-lab', version);
        r.onupgradeneeded = () => {
          r.result.createObjectStore('runs', { keyPath: 'id' });
          if (version === 2) r.result.createObjectStore('lines', { autoIncrement: true }).createIndex('runId', 'runId');
        };
        r.onsuccess = () => {
          const t = r.result.transaction(version === 1 ? 'runs' : ['runs', 'lines'], 'readwrite');
          if (version === 1) t.objectStore('runs').put(run);
          else {
            t.objectStore('runs').put({ ...run, lines: [] });
            for (const line of run.lines) t.objectStore('lines').add({ runId: run.id, line });
          }
          t.oncomplete = () => {
            r.result.close();
            resolve();
          };
          t.onerror = () => reject(t.error);
        };
        r.onerror = () => reject(r.error);
      }),
    { version, run: JSON.parse(JSON.stringify(run)) as RunData },
  );
}

/** What an upgraded database holds: every line moved to its store, an empty studies store, version 3. */
const UPGRADED = { runLines: 0, lines: 2 * 3, studies: 0, version: 3, stores: ['lines', 'runs', 'studies'] };

/** The app opened twice (the second visit opens the upgraded database as it is): the old run listed with its trees, and drawn. */
async function openOldRunTwice(id: string): Promise<void> {
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(url);
    await page.waitForSelector('[data-test=start]', { timeout: 30_000 });
    await page.click('[data-test=tab-history]');
    const row = `[data-history="${id}"]`;
    await page.waitForSelector(row);
    expect(await page.textContent(`${row} [data-test=history-trees]`)).toBe('2 / 2');
    await page.click(`${row} [data-test=history-open]`);
    await page.waitForFunction(
      () => document.querySelector('[data-test=chart]')?.getAttribute('data-trees') === '2',
      null,
      { timeout: 10_000 },
    );
  }
}

/** What the database holds now: lines left inside the run record, lines in their store, studies, its version and stores. */
function stored() {
  return page.evaluate(
    () =>
      new Promise<{ runLines: number; lines: number; studies: number; version: number; stores: string[] }>(
        (resolve, reject) => {
          const r = indexedDB.open('game-tree-lab');
          r.onsuccess = () => {
            const t = r.result.transaction(['runs', 'lines', 'studies'], 'readonly');
            const a = t.objectStore('runs').getAll();
            const b = t.objectStore('lines').getAll();
            const c = t.objectStore('studies').getAll();
            t.oncomplete = () => {
              resolve({
                runLines: (a.result[0] as { lines: unknown[] }).lines.length,
                lines: b.result.length,
                studies: c.result.length,
                version: r.result.version,
                stores: [...r.result.objectStoreNames].sort(),
              });
              r.result.close();
            };
          };
          r.onerror = () => reject(r.error);
        },
      ),
  );
}

describe('IndexedDB upgrade', () => {
  test('a version-1 database (lines inside the run record) opens with every run and line', async () => {
    const old = await oldRun();
    await writeOldDatabase(1, old);

    const errors = collectErrors(page);
    await openOldRunTwice(old.id);
    expect(await stored()).toEqual(UPGRADED);
    expect(errors).toEqual([]);
  }, 120_000);

  test('a version-2 database (runs and lines, no studies) opens with every run and line and a studies store', async () => {
    const old = await oldRun();
    await writeOldDatabase(2, old);

    const errors = collectErrors(page);
    await openOldRunTwice(old.id);
    await page.click('[data-test=tab-history]');
    expect(await page.textContent('[data-test=study-history-none]')).toContain('No studies kept yet');
    expect(await stored()).toEqual(UPGRADED);
    expect(errors).toEqual([]);
  }, 120_000);
});
