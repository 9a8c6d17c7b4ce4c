/**
 * knip is the guard against dead code: `npm run knip` (in `npm test`) fails on a file nothing imports,
 * an export nothing uses and a dependency nothing needs. This test runs it on a copy of the tree (the
 * files git tracks or would track, node_modules linked): the copy as it is passes, and the copy with
 * an unused export, an unused file and an unused dependency planted fails, naming each.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const KNIP = join(ROOT, 'node_modules/knip/bin/knip.js');
const copies: string[] = [];

/** A copy of the tree's source files (tracked, or new and not ignored), with node_modules linked. */
function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gtlab-knip-'));
  copies.push(dir);
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(listed.status, listed.stderr).toBe(0);
  for (const f of listed.stdout.split('\0')) {
    if (f === '' || f === 'node_modules' || !existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function knip(dir: string): { code: number; output: string } {
  const r = spawnSync(process.execPath, [KNIP, '--directory', dir, '--no-progress'], { encoding: 'utf8' });
  return { code: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('knip', () => {
  test('passes on the tree as it is; fails on a planted unused export, unused file and unused dependency', () => {
    const clean = knip(copyTree());
    expect(clean.code, clean.output).toBe(0);

    const dir = copyTree();
    appendFileSync(join(dir, 'shared/util/hash.ts'), '\nexport const plantedUnusedExport = 1;\n');
    writeFileSync(join(dir, 'shared/util/planted-unused-file.ts'), 'export const nobodyImportsThis = 2;\n');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    pkg.dependencies['planted-unused-dependency'] = '^1.0.0';
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    const planted = knip(dir);
    expect(planted.code, planted.output).not.toBe(0);
    expect(planted.output).toMatch(/Unused files[\s\S]*shared\/util\/planted-unused-file\.ts/);
    expect(planted.output).toMatch(/Unused exports[\s\S]*plantedUnusedExport\s+shared\/util\/hash\.ts/);
    expect(planted.output).toMatch(/Unused dependencies[\s\S]*planted-unused-dependency/);
  }, 120_000);
});
