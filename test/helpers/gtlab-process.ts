/** The gtlab command run as a child process (cli/gtlab.js under this Node), as the CLI tests use it. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

export const GTLAB_BIN = resolve(import.meta.dirname, '../../cli/gtlab.js');

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `gtlab ...args` in `cwd` (default: this process's), with `env` (default: this process's), and wait for it. */
export function runGtlab(args: string[], cwd?: string, env?: NodeJS.ProcessEnv): ProcessResult {
  const r = spawnSync(process.execPath, [GTLAB_BIN, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
