/**
 * The gtlab command as the tests run it: a bundle of the sources built with esbuild at the start of a
 * test run (the globalSetup of the projects whose tests spawn gtlab, vitest.config.ts), so a spawned
 * gtlab starts in plain Node instead of transpiling every source through tsx's loader (cli/gtlab.js,
 * which test/cli/gtlab-entry.test.ts still runs). The command (gtlab.mjs) and the run pool's worker
 * (worker-entry.mjs, which node/child-process-worker.ts forks when it finds it beside itself) go into
 * a new folder of test-output/, removed at the end of the run, so a bundle is never stale and two runs
 * never share one. The pure-JavaScript packages that every start loads (BUNDLED) go into the bundle
 * too, since Node reads one file much faster than their hundreds of modules; every other package stays
 * in node_modules, loaded as a user's gtlab loads it (native code, or files read from the package's
 * own folder, would not survive bundling). The folder is two levels below the project, as
 * cli/commands/ is and as out/main/ is for the desktop build, so the paths the sources find from their
 * own place (the project for Slurm's scripts, assets/ for the figures' font) are the same from the bundle.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled gtlab command (a .mjs file that Node runs as cli/gtlab.js is run). */
    gtlabBin: string;
  }
}

/** gtlab's main(argv) run on this process's arguments, as cli/gtlab.js runs it. */
const COMMAND = `import { main } from './cli/main.ts';
process.exitCode = await main(process.argv.slice(2));
`;

/** Packages built into the bundle; any other import of the sources that is not a relative path is left to Node. */
const BUNDLED = new Set(['echarts', 'zod', 'pure-rand']);

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Imports of the project's sources: relative ones and BUNDLED packages built in, the rest left to Node. */
const onlyBundledPackages: Plugin = {
  name: 'only-bundled-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.importer.includes('/node_modules/') || BUNDLED.has(packageOf(args.path)) ? undefined : { external: true },
    );
  },
};

export default async function setup(project: TestProject): Promise<() => void> {
  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'test-output', 'gtlab-bundle-'));
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [onlyBundledPackages],
    logLevel: 'warning',
  };
  await Promise.all([
    build({ ...common, stdin: { contents: COMMAND, resolveDir: ROOT, loader: 'ts' }, outfile: join(dir, 'gtlab.mjs') }),
    build({ ...common, entryPoints: [join(ROOT, 'node/worker-entry.ts')], outfile: join(dir, 'worker-entry.mjs') }),
  ]);
  project.provide('gtlabBin', join(dir, 'gtlab.mjs'));
  return () => rmSync(dir, { recursive: true, force: true });
}
