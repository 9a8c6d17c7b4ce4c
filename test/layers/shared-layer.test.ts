/**
 * The shared layer's type-check is its guard: shared/ runs in Node, Electron and the browser, so
 * shared/tsconfig.json gives it ES2023 and the host globals of shared/host-globals.d.ts, no Node types
 * and no DOM. A dependency's types can break that silently (`@types/fontkit` references Node's types),
 * so this test plants violations beside the layer and checks that the same configuration refuses each.
 */
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** Type-check the shared layer plus `planted` files (name → source) under its configuration. */
function checkShared(planted: Record<string, string>): { code: number; output: string } {
  const base = join(ROOT, 'test-output');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(join(base, 'layer-'));
  try {
    const files = Object.entries(planted).map(([name, text]) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    });
    const config = join(dir, 'tsconfig.json');
    writeFileSync(config, JSON.stringify({ extends: join(ROOT, 'shared/tsconfig.json'), files }));
    const r = spawnSync(process.execPath, [TSC, '--noEmit', '-p', config], { encoding: 'utf8' });
    return { code: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the shared layer type-check', () => {
  test('passes on the layer as it is, and refuses node:*, Node globals and DOM globals planted beside it', () => {
    const clean = checkShared({ 'clean.ts': 'export const ok: number = performance.now();\n' });
    expect(clean.code, clean.output).toBe(0);
    const planted = checkShared({
      'node-import.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      'node-global.ts': "export const bytes = Buffer.from('x');\n",
      'dom-global.ts': 'export const title = document.title;\n',
    });
    expect(planted.code).not.toBe(0);
    expect(planted.output).toMatch(/node-import\.ts.*Cannot find module 'node:fs'/);
    expect(planted.output).toMatch(/node-global\.ts.*Cannot find name 'Buffer'/);
    expect(planted.output).toMatch(/dom-global\.ts.*Cannot find name 'document'/);
  }, 120_000);
});
