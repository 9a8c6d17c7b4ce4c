/**
 * End-to-end harness: the renderer served by Vite in web mode (vite.web.config.ts) on a free port,
 * and Chromium driven by playwright-core. The browser is GTLAB_CHROMIUM when set, else a system
 * Chrome/Chromium when one is installed, else the Chromium shipped inside the @sparticuz/chromium npm
 * package (no download at run time), so `npm ci && npm test` needs nothing but Node and npm.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, createServer, preview, type ViteDevServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const OUTPUT = resolve(ROOT, 'test-output/e2e');
const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browser to launch and its flags (see the header for the order of preference). */
async function chromiumExecutable(): Promise<{ path: string; args: string[] }> {
  const override = process.env.GTLAB_CHROMIUM;
  if (override) {
    if (!existsSync(override)) throw new Error(`GTLAB_CHROMIUM=${override}: no such file`);
    return { path: override, args: FLAGS };
  }
  const system = SYSTEM_BROWSERS.find((p) => existsSync(p));
  if (system) return { path: system, args: FLAGS };
  const packaged = (await import('@sparticuz/chromium')).default;
  // Its own args (single-process, no zygote…) suit a headless shell in a container; ours keep the network quiet.
  return { path: await packaged.executablePath(), args: [...new Set([...packaged.args, ...FLAGS])] };
}

export async function startWebServer(): Promise<{ server: ViteDevServer; url: string }> {
  const server = await createServer({
    configFile: resolve(ROOT, 'vite.web.config.ts'),
    logLevel: 'error',
    clearScreen: false,
    server: { port: 0, host: '127.0.0.1', hmr: false, strictPort: false },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite did not report a URL');
  return { server, url };
}

/** The production web build, served by `vite preview` from a temporary folder. */
async function startProductionServer(): Promise<{ server: { close(): Promise<void> }; url: string }> {
  const outDir = mkdtempSync(join(tmpdir(), 'gtlab-web-'));
  const configFile = resolve(ROOT, 'vite.web.config.ts');
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const p = await preview({
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const url = p.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  return {
    url,
    server: {
      close: async () => {
        await p.close();
        rmSync(outDir, { recursive: true, force: true });
      },
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  const { path, args } = await chromiumExecutable();
  return chromium.launch({ executablePath: path, args });
}

/** Console errors and page errors, collected so a test can assert there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
  return errors;
}

export function outputDir(): string {
  mkdirSync(OUTPUT, { recursive: true });
  return OUTPUT;
}

export interface OpenApp {
  page: Page;
  /** console and page errors seen so far */
  errors: string[];
  close(): Promise<void>;
}

interface OpenOptions {
  /** the production build, served as the desktop app ships it (default: the Vite dev server) */
  production?: boolean;
  /** run on the page before it loads (e.g. an init script) */
  beforeLoad?: (page: Page) => Promise<unknown>;
}

/** Serve the renderer, open it in Chromium (1440 × 900, downloads on) and wait for `readySelector`. */
export async function openApp(readySelector: string, o: OpenOptions = {}): Promise<OpenApp> {
  const { server, url } = o.production ? await startProductionServer() : await startWebServer();
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const errors = collectErrors(page);
  await o.beforeLoad?.(page);
  await page.goto(url);
  await page.waitForSelector(readySelector, { timeout: 60_000 });
  return {
    page,
    errors,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** The app a test file drives (useApp). */
export interface AppUnderTest {
  readonly page: Page;
  /** console and page errors seen so far */
  readonly errors: string[];
  /** the folder for screenshots and downloads */
  readonly out: string;
}

/**
 * Open the app (openApp) before the test file's tests and close it after them. The handle's page and
 * errors are there from the first test on.
 */
export function useApp(readySelector: string): AppUnderTest {
  let app: OpenApp | undefined;
  beforeAll(async () => {
    app = await openApp(readySelector);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });
  const open = (): OpenApp => {
    if (!app) throw new Error('the app is not open: use its page inside the tests');
    return app;
  };
  return {
    get page() {
      return open().page;
    },
    get errors() {
      return open().errors;
    },
    out: outputDir(),
  };
}
