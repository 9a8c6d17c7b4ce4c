/**
 * `npm start` where Electron's binary is not installed (npm skips its download under
 * ELECTRON_SKIP_BINARY_DOWNLOAD; ELECTRON_EXEC_PATH, the binary electron-vite runs, pointed at a missing
 * file makes it missing on any machine): one line saying so and how to install it, then the workbench
 * served to a browser — its URL printed, and the app's page there — instead of electron-vite's stack
 * trace. Where the binary is there, `npm start` is electron-vite preview, as before.
 */
import { afterEach, expect, test } from 'vitest';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

let child: ChildProcess | null = null;
let dir = '';
afterEach(() => {
  // npm, the script and the server share one process group
  if (child?.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  child = null;
  rmSync(dir, { recursive: true, force: true });
});

/** Everything the process printed until a line matches `re`, or a rejection when it exits first or times out. */
function waitFor(p: ChildProcess, re: RegExp, ms: number): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`no ${re} within ${ms} ms:\n${out}`)), ms);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (re.test(out)) {
        clearTimeout(timer);
        done(out);
      }
    };
    p.stdout?.on('data', read);
    p.stderr?.on('data', read);
    p.on('close', (code) => {
      clearTimeout(timer);
      fail(new Error(`exited with ${code} before ${re}:\n${out}`));
    });
  });
}

function scratch(): string {
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  return mkdtempSync(join(ROOT, 'test-output', 'npm-start-'));
}

test('npm start without the Electron binary says so and serves the workbench to a browser', async () => {
  dir = scratch();
  child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ELECTRON_EXEC_PATH: join(dir, 'electron'), BROWSER: 'none' },
  });
  const out = await waitFor(child, /Game Tree Lab: (http:\/\/\S+)/, 60_000);

  expect(out).toMatch(/Electron's binary is missing \(.*ELECTRON_SKIP_BINARY_DOWNLOAD/);
  expect(out).toContain('`node node_modules/electron/install.js` installs it (needs the network)');
  expect(out).not.toMatch(/Error|uninstall/);
  const url = /Game Tree Lab: (http:\/\/\S+)/.exec(out)![1];
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<title>Game Tree Lab</title>');
  expect(html).toContain('<div id="app"></div>');
  expect(html).toMatch(/<script type="module" src="\.\/src\/main\.ts"><\/script>/);
}, 90_000);

test('npm start with the Electron binary runs electron-vite preview', async () => {
  dir = scratch();
  // A stand-in for Electron that says how it was started; electron-vite builds the app first, as for a user.
  const electron = join(dir, 'electron');
  writeFileSync(electron, '#!/bin/sh\necho "electron started with: $*"\n');
  chmodSync(electron, 0o755);
  const started = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ELECTRON_EXEC_PATH: electron, BROWSER: 'none' },
  });
  child = started;
  // everything it prints, until it has exited
  const [code, out] = await new Promise<[number | null, string]>((done) => {
    let text = '';
    started.stdout.on('data', (c: Buffer) => (text += c.toString()));
    started.stderr.on('data', (c: Buffer) => (text += c.toString()));
    started.on('close', (c) => done([c, text]));
  });
  expect(code, out).toBe(0);
  expect(out).toMatch(/starting electron app/);
  expect(out).toMatch(/electron started with: \./);
  expect(out).not.toMatch(/binary is missing/);
}, 240_000);
