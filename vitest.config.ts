/**
 * The test suite in three projects, so that a change can be checked in a minute and everything still
 * runs under `npm test`:
 *   unit     every test that runs in its own process alone (`npm run test:fast`)
 *   process  tests that start other processes: the gtlab command, worker pools of child processes,
 *            the lint and dependency tools
 *   browser  the renderer end to end in Chromium (test/e2e/)
 * A test file's project follows from what it imports (./test/test-projects.ts), so a new test needs no
 * list to be kept.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { testProjects } from './test/test-projects.ts';

const { unit, process: processTests, browser } = testProjects('test');
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
      { extends: true, test: { name: 'unit', include: unit } },
      // Both spawn gtlab, bundled at the start of the run (test/gtlab-bundle.ts); the unit tests do not.
      { extends: true, test: { name: 'process', include: processTests, globalSetup: [GTLAB_BUNDLE] } },
      { extends: true, test: { name: 'browser', include: browser, globalSetup: [GTLAB_BUNDLE] } },
    ],
  },
});
