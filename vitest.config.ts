/**
 * The test suite in four projects, so that a change can be checked in a minute and everything still
 * runs under `npm test`:
 *   unit        tests that run in the test's process alone, sharing their worker's loaded modules
 *               with the files before them (`npm run test:fast`, with unit-mocks)
 *   unit-mocks  such tests that replace a module, a global or the clock: each file in a fresh process
 *   process  tests that start other processes: the gtlab command, worker pools of child processes,
 *            the lint and dependency tools
 *   browser  the renderer end to end in Chromium (test/e2e/)
 * A test file's project follows from what it imports (./test/test-projects.ts), so a new test needs no
 * list to be kept.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { testProjects } from './test/test-projects.ts';

const { unit, unitMocks, process: processTests, browser } = testProjects('test');
const GTLAB_BUNDLE = './test/gtlab-bundle.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Hooks spawn gtlab processes too; on a loaded machine they need the tests' allowance.
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker more than the cores (vitest's default is one fewer): the process and browser tests spend
    // much of their time waiting for the processes they start, which do the work on the cores.
    maxWorkers: availableParallelism() + 1,
    projects: [
      // Modules load once per worker, not once per file: a file's import is most of a unit test's time.
      { extends: true, test: { name: 'unit', include: unit, isolate: false } },
      { extends: true, test: { name: 'unit-mocks', include: unitMocks } },
      // Both spawn gtlab, bundled at the start of the run (test/gtlab-bundle.ts); the unit tests do not.
      { extends: true, test: { name: 'process', include: processTests, globalSetup: [GTLAB_BUNDLE] } },
      { extends: true, test: { name: 'browser', include: browser, globalSetup: [GTLAB_BUNDLE] } },
    ],
  },
});
