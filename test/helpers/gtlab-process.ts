/**
 * The gtlab command run as a child process under this Node, as the CLI tests use it: the bundle that
 * the run's globalSetup builds (test/gtlab-bundle.ts), or cli/gtlab.js where the run has none (the
 * Slurm suite's configuration).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

export const GTLAB_BIN = inject('gtlabBin') ?? resolve(import.meta.dirname, '../../cli/gtlab.js');

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The arguments of a command line written as a user types it, words without quotes: `words('run km --trees 3')`. */
export const words = (line: string): string[] => line.split(' ');

/** Run `gtlab ...args` in `cwd` (default: this process's), with `env` (default: this process's), and wait for it. */
export function runGtlab(args: string[], cwd?: string, env?: NodeJS.ProcessEnv): ProcessResult {
  const r = spawnSync(process.execPath, [GTLAB_BIN, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * `gtlab ...args` in `cwd` without waiting for it (so several run at once), stdin not a terminal and
 * stdout dropped: its exit code and stderr.
 */
export function startGtlab(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [GTLAB_BIN, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('exit', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

/** A new temporary folder named after `prefix`, and `gtlab ...args` run in it (runGtlab). */
export function gtlabFolder(prefix: string): { dir: string; gtlab: (...args: string[]) => ProcessResult } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, gtlab: (...args) => runGtlab(args, dir) };
}
