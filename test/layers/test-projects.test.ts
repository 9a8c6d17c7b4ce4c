/**
 * The split of the suite into projects (test/test-projects.ts): a planted test file that starts a
 * process in any of the ways the split knows lands in `process`, never in the fast `unit` project; one
 * under e2e/ lands in `browser`; one that replaces a module or the clock in `unit-mocks`, where each file
 * has a fresh process; a plain one in `unit`. (The planted imports are assembled from
 * parts, so that this file itself stays a unit test.)
 */
import { describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testProjects } from '../test-projects.ts';

const from = (module: string) => `import { x } from '${module}';\n`;

describe('test projects', () => {
  test('planted files land in their projects', () => {
    const root = mkdtempSync(join(tmpdir(), 'gtlab-projects-'));
    mkdirSync(join(root, 'e2e'));
    mkdirSync(join(root, 'cli'));
    writeFileSync(join(root, 'plain.test.ts'), "import { expect } from 'vitest';\n");
    writeFileSync(join(root, 'mocks.test.ts'), `${['vi', 'mock'].join('.')}('../x.ts');\n`);
    writeFileSync(join(root, 'clock.test.ts'), `${['vi', 'useFakeTimers'].join('.')}();\n`);
    writeFileSync(join(root, 'cli', 'spawns.test.ts'), from(['node:child', 'process'].join('_')));
    writeFileSync(join(root, 'cli', 'gtlab.test.ts'), from(['../helpers/gtlab', 'process.ts'].join('-')));
    writeFileSync(join(root, 'pool.test.ts'), from(['../../node/child', 'process-worker.ts'].join('-')));
    writeFileSync(join(root, 'e2e', 'page.test.ts'), from('./harness.ts'));
    writeFileSync(join(root, 'helper.ts'), from(['node:child', 'process'].join('_')));
    const p = testProjects(root);
    expect(p.unit).toEqual([`${root}/plain.test.ts`]);
    expect(p.unitMocks).toEqual([`${root}/clock.test.ts`, `${root}/mocks.test.ts`]);
    expect(p.process).toEqual([`${root}/cli/gtlab.test.ts`, `${root}/cli/spawns.test.ts`, `${root}/pool.test.ts`]);
    expect(p.browser).toEqual([`${root}/e2e/page.test.ts`]);
  });
});
