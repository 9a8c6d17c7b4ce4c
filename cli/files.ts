/**
 * File access for the CLI. Reads refuse oversized files before reading them; writes go to a temporary
 * file renamed into place, so a failure never leaves a half-written output or overwrites a good one.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './usage-error.ts';

/** Largest input file read (bytes); gtlab-graph files of the default 5M-node limit stay below it. */
const MAX_INPUT_BYTES = 512 * 1024 * 1024;

export function readText(path: string, what: string): string {
  const p = resolve(path);
  if (!existsSync(p)) throw new UsageError(`${what} ${path}: no such file`);
  const st = statSync(p);
  if (!st.isFile()) throw new UsageError(`${what} ${path}: not a regular file`);
  if (st.size > MAX_INPUT_BYTES) {
    throw new UsageError(`${what} ${path}: ${st.size} bytes is larger than the ${MAX_INPUT_BYTES}-byte limit`);
  }
  return readFileSync(p, 'utf8');
}

export function writeAtomically(path: string, text: string | Uint8Array): void {
  const p = resolve(path);
  const dir = dirname(p);
  if (!existsSync(dir)) throw new UsageError(`--out ${path}: the folder ${dir} does not exist`);
  const tmp = `${p}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, p);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
