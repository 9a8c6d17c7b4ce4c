/**
 * Outputs written all or nothing into a folder that already holds other files (a shard set's DIR
 * holds spec.json and shards/): every file is first written into a temporary folder inside DIR (same
 * file system, so a rename moves it), then moved into place, the file that marks the outputs complete
 * (run.json) last and any older one of it removed first. A failure while writing removes the
 * temporary folder and leaves DIR as it was; a kill while moving leaves no run.json, so DIR never
 * claims a run that its other files do not hold. A temporary folder left by a killed process is
 * removed by the next write.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { storing } from './storage.ts';

const PREFIX = '.outputs-tmp-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Temporary folders in `dir` whose writer is gone. */
function removeStale(dir: string): void {
  for (const n of readdirSync(dir)) {
    const pid = n.startsWith(PREFIX) ? Number(n.slice(PREFIX.length).split('-')[0]) : NaN;
    if (Number.isSafeInteger(pid) && !alive(pid)) rmSync(join(dir, n), { recursive: true, force: true });
  }
}

/**
 * Let `write` fill a temporary folder, then move its files into `dir`, `last` (which must be among
 * them) after all the others. Returns what `write` returns.
 */
export async function writeOutputsAtomically<T>(
  dir: string,
  last: string,
  write: (tmp: string) => Promise<T>,
): Promise<T> {
  storing(dir, 'clearing old temporary folders', () => removeStale(dir));
  const tmp = join(dir, `${PREFIX}${process.pid}-${Date.now().toString(36)}`);
  storing(tmp, 'creating a temporary folder', () => mkdirSync(tmp));
  let result: T;
  try {
    result = await write(tmp);
    const names = readdirSync(tmp);
    if (!names.includes(last)) throw new Error(`${last} was not written`);
    storing(dir, 'moving the outputs into place', () => {
      if (existsSync(join(dir, last))) unlinkSync(join(dir, last));
      for (const n of names) if (n !== last) renameSync(join(tmp, n), join(dir, n));
      renameSync(join(tmp, last), join(dir, last));
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return result;
}
