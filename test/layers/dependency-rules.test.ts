/**
 * The import rules of .dependency-cruiser.cjs and the formatter are guards only if they fail on a
 * violation: each test copies what the check reads into a temporary folder, plants violations in the
 * copy and runs the project's own command there (`npm run lint:deps`'s script, `npm run lint`), which
 * fails, naming each one and nothing else. The tree itself is never touched.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
// Inside the tree (and ignored by git and Biome), so the copy finds the project's node_modules.
const BASE = join(ROOT, 'test-output');

function run(cmd: string, args: string[], cwd: string): { code: number; output: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { code: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
}

function copyOf(entries: readonly string[]): string {
  mkdirSync(BASE, { recursive: true });
  const dir = mkdtempSync(join(BASE, 'layers-'));
  for (const e of entries) cpSync(join(ROOT, e), join(dir, e), { recursive: true });
  return dir;
}

function plant(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

// What `npm run lint:deps` reads: the sources it cruises, its script, the tsconfig and the rules.
const LINT_DEPS_INPUTS = [
  'shared',
  'node',
  'cli',
  'electron',
  'renderer/src',
  'scripts/lint-deps.mjs',
  'tsconfig.json',
  '.dependency-cruiser.cjs',
];

const lintDepsIn = (dir: string) => run(process.execPath, [join(dir, 'scripts/lint-deps.mjs'), '--cwd', dir], dir);

describe('npm run lint:deps (dependency-cruiser)', () => {
  let dir = '';
  const lintDeps = () => lintDepsIn(dir);
  beforeAll(() => {
    dir = copyOf(LINT_DEPS_INPUTS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The report counts every violation: with exactly the planted ones reported, the copy without them is clean.
  test('fails on an upward import, a cycle, node:fs, electron or vue in shared/ and a folder without a layer, naming each', () => {
    plant(dir, {
      // util/ is the floor of shared/: it may not reach up to the run host
      'shared/util/planted-upward.ts': "export { RunHost } from '../host/run-host.ts';\n",
      // two modules that import each other (type-only imports count too)
      'shared/game/planted-cycle-a.ts':
        "import type { B } from './planted-cycle-b.ts';\nexport interface A {\n  b: B;\n}\n",
      'shared/game/planted-cycle-b.ts':
        "import type { A } from './planted-cycle-a.ts';\nexport interface B {\n  a: A;\n}\n",
      // shared/ runs in the browser: no Node built-in
      'shared/io/planted-node-fs.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
      // nor Electron, nor a package that needs the DOM
      'shared/io/planted-electron.ts': "export { app } from 'electron';\n",
      'shared/io/planted-vue.ts': "export { ref } from 'vue';\n",
      // a new folder of shared/ must be given its layer
      'shared/planted-folder/unplaced.ts': "export { mix32 } from '../util/hash.ts';\n",
    });
    const planted = lintDeps();
    expect(planted.code, planted.output).toBe(1);
    expect(planted.output).toMatch(
      /error shared-util-not-upward: shared\/util\/planted-upward\.ts → shared\/host\/run-host\.ts/,
    );
    expect(planted.output).toMatch(
      /error no-circular: shared\/game\/planted-cycle-a\.ts → shared\/game\/planted-cycle-b\.ts/,
    );
    expect(planted.output).toMatch(
      /error no-circular: shared\/game\/planted-cycle-b\.ts → shared\/game\/planted-cycle-a\.ts/,
    );
    expect(planted.output).toMatch(/error shared-no-node-builtins: shared\/io\/planted-node-fs\.ts → (node:)?fs/);
    expect(planted.output).toMatch(/error shared-no-electron: shared\/io\/planted-electron\.ts → /);
    expect(planted.output).toMatch(/error shared-no-dom-packages: shared\/io\/planted-vue\.ts → /);
    expect(planted.output).toMatch(/error shared-folder-has-a-layer: shared\/planted-folder\/unplaced\.ts → /);
    // those seven and nothing else
    expect(planted.output).toMatch(/x 7 dependency violations \(7 errors, 0 warnings\)/);
  }, 120_000);
});

describe('npm run lint:deps: the floors of the engine and the wings', () => {
  let dir = '';
  beforeAll(() => {
    dir = copyOf(LINT_DEPS_INPUTS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Each planted arrow alone breaks one rule; none closes a cycle.
  test('fails on an import up a floor, on machinery importing a wing, and on a wing a registry brings reaching up', () => {
    const liModel = readFileSync(join(dir, 'shared/li/li-model.ts'), 'utf8');
    plant(dir, {
      // search/ registers kernels but knows no model: each model registers its own
      'shared/search/planted-model.ts': "export { PrefixValueTree } from '../models/prefix-value.ts';\n",
      'shared/proof/planted-model.ts': "export { UniformTree } from '../models/uniform.ts';\n",
      // the machinery knows a wing only through a registry
      'shared/proof/planted-wing.ts': "export { OthelloGame } from '../othello/othello-game.ts';\n",
      // Li's model, which the models' registry lists, drawing on figures/: models/ would reach above itself
      'shared/li/li-model.ts': `${liModel}export { seriesColor } from '../figures/figure-style.ts';\n`,
    });
    const planted = lintDepsIn(dir);
    expect(planted.code, planted.output).toBe(1);
    expect(planted.output).toMatch(
      /error shared-search-not-upward: shared\/search\/planted-model\.ts → shared\/models\/prefix-value\.ts/,
    );
    expect(planted.output).toMatch(
      /error shared-proof-not-upward: shared\/proof\/planted-model\.ts → shared\/models\/uniform\.ts/,
    );
    expect(planted.output).toMatch(
      /error wings-join-through-registries: shared\/proof\/planted-wing\.ts → shared\/othello\/othello-game\.ts/,
    );
    // the models' registry reaches figures/ through Li's model, and so do the presets, which reach that registry
    expect(planted.output).toMatch(/error models-registry-not-reaching-up: shared\/models\/registry\.ts\n/);
    expect(planted.output).toMatch(/error experiments-registry-not-reaching-up: shared\/experiments\/presets\.ts\n/);
    expect(planted.output).toMatch(
      /error experiments-registry-not-reaching-up: shared\/experiments\/sweep-presets\.ts\n/,
    );
    // those six and nothing else
    expect(planted.output).toMatch(/x 6 dependency violations \(6 errors, 0 warnings\)/);
  }, 120_000);
});

describe('npm run lint (Biome)', () => {
  let dir = '';
  beforeAll(() => {
    dir = copyOf(['package.json', 'biome.jsonc', '.gitignore', 'shared/util/range.ts']);
    // Biome reads the ignore file through git, as in the tree
    run('git', ['init', '--quiet'], dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('passes on a formatted file, and fails on a line the formatter would change', () => {
    const clean = run('npm', ['run', '--silent', 'lint'], dir);
    expect(clean.code, clean.output).toBe(0);

    plant(dir, { 'shared/util/planted-format.ts': 'export const planted = {a:1};\n' });
    const planted = run('npm', ['run', '--silent', 'lint'], dir);
    expect(planted.code, planted.output).not.toBe(0);
    expect(planted.output).toMatch(/planted-format\.ts format/);
    // Biome shows the line it would print, spaces as middle dots
    expect(planted.output).toMatch(/Formatter would have printed[\s\S]*planted·=·\{·a:·1·\};/);
  }, 60_000);
});
