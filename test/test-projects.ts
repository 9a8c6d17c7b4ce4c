/**
 * Which vitest project a test file belongs to, read from the file itself: a file under e2e/ drives
 * Chromium (browser); a file that imports what starts another process (node:child_process, the gtlab
 * process helpers, the child-process worker pool, the lint and dependency tools) is a process test;
 * every other file is a unit test (`npm run test:fast`): those that replace a module, a global or the
 * clock (vi.mock, vi.stubGlobal, vi.useFakeTimers…) each in a fresh process (unit-mocks), the rest
 * sharing their worker's loaded modules (unit), which spares each file the import of the same modules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Imports that start, or wait for, processes other than the test's own. */
const PROCESS_IMPORTS = [
  /from 'node:child_process'/,
  /helpers\/gtlab-process\.ts'/,
  /helpers\/watched-child-workers\.ts'/,
  /node\/child-process-worker\.ts'/,
  /from 'dependency-cruiser/,
  /from 'knip/,
];

/** Calls that replace a module, a global or a clock for one file: such a file needs a process of its own. */
const REPLACES = /\bvi\.(mock|doMock|hoisted|stubGlobal|stubEnv|spyOn|resetModules|useFakeTimers)\(/;

export interface TestProjects {
  /** unit tests that share their worker's modules with the files run before them (isolate: false) */
  unit: string[];
  /** unit tests that replace modules, globals or clocks: each in a fresh process */
  unitMocks: string[];
  process: string[];
  browser: string[];
}

/** Is the test source `text` (at `path`, relative to the test root) one that starts processes? */
function startsProcesses(text: string): boolean {
  return PROCESS_IMPORTS.some((p) => p.test(text));
}

/** The test files under `root` (e.g. "test"), each in its project, as paths vitest's include takes. */
export function testProjects(root: string): TestProjects {
  const out: TestProjects = { unit: [], unitMocks: [], process: [], browser: [] };
  const files = (readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
  for (const f of files) {
    const path = `${root}/${f}`;
    const text = readFileSync(join(root, f), 'utf8');
    if (f.startsWith('e2e/')) out.browser.push(path);
    else if (startsProcesses(text)) out.process.push(path);
    else if (REPLACES.test(text)) out.unitMocks.push(path);
    else out.unit.push(path);
  }
  return out;
}
