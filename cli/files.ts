/**
 * File access for the CLI. Reads refuse oversized files before reading them; writes go to a temporary
 * file renamed into place (../node/storage.ts), so a failure never leaves a half-written output or
 * overwrites a good one, and a refusal of the disk is named with the path.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './usage-error.ts';
import { asStorageError, errnoCode, writeFileWhole } from '../node/storage.ts';

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
  try {
    statSync(dir);
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') throw new UsageError(`--out ${path}: the folder ${dir} does not exist`);
    throw asStorageError(e, dir, `writing ${path}`);
  }
  writeFileWhole(p, text);
}
