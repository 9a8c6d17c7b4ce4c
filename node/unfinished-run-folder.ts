/**
 * A run folder whose creation was cut short. RunFolder.create writes spec.json, then an empty
 * results.jsonl, then run.json last: a folder without run.json that holds nothing but those first
 * files (results.jsonl still empty), perhaps the lock of its writer and a temporary file of the write in progress is a run
 * that never started. Creating the same run there again, or resuming it, completes it; nothing of a
 * run is lost by clearing it, since no result was written.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile } from './json-file.ts';
import { LOCK_FILE } from './run-folder-lock.ts';

/** A temporary file of writeJson or of a results rewrite: NAME.tmp-PID. */
const TEMP = /\.tmp-\d+$/;

/**
 * If `dir` is a run folder whose creation was cut short: its spec.json as parsed JSON (undefined when
 * the kill came before it, or for a shard's folder, which has none). Otherwise null.
 */
export function unfinishedRunFolder(dir: string): { spec: unknown } | null {
  if (!existsSync(dir) || !statSync(dir).isDirectory() || existsSync(join(dir, 'run.json'))) return null;
  const names = readdirSync(dir).filter((n) => n !== LOCK_FILE); // the lock of the process creating it now
  if (names.length === 0) return null;
  const known = names.every(
    (n) => n === 'spec.json' || TEMP.test(n) || (n === 'results.jsonl' && statSync(join(dir, n)).size === 0),
  );
  if (!known) return null;
  return { spec: names.includes('spec.json') ? readJsonFile(join(dir, 'spec.json')) : undefined };
}

/** Remove what an unfinished creation left in `dir` (only the files unfinishedRunFolder accepts). */
export function clearUnfinished(dir: string): void {
  for (const n of readdirSync(dir))
    if (n === 'spec.json' || n === 'results.jsonl' || TEMP.test(n)) rmSync(join(dir, n), { force: true });
}
