/**
 * Paths gtlab cannot write (node/storage.ts, cli/main.ts): a file where a folder should be, a path
 * through a file, /dev/null, a symbolic link loop, a 256-byte name. `run`, `run --resume`, `merge` and
 * `plot` answer each with exit 2 and a message naming the path and the reason, never a stack or
 * "internal error", and nothing that was there is changed.
 */
import { describe, expect, test } from 'vitest';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gtlabFolder, type ProcessResult } from '../helpers/gtlab-process.ts';
import { expectRefused } from '../helpers/cli-refusal.ts';

const { dir, gtlab } = gtlabFolder('gtlab-odd-out-');
const at = (...p: string[]) => join(dir, ...p);
writeFileSync(at('a-file'), 'kept\n');
symlinkSync('loop', at('loop'));
const longName = 'x'.repeat(256);
const RUN = ['run', 'furtak-buro-fig4', '--trees', '2', '--depth', '3', '--workers', '1', '--yes'];

/** Each odd path with the words its message must hold. */
const ODD = [
  { path: 'a-file', says: 'a file is there, not a folder (EEXIST)' },
  { path: 'a-file/run', says: 'a part of the path is a file, not a folder (ENOTDIR)' },
  { path: '/dev/null', says: 'a file is there, not a folder (EEXIST)' },
  { path: 'loop', says: '(ELOOP)' },
  { path: 'loop/run', says: '(ELOOP)' },
  { path: longName, says: '(ENAMETOOLONG)' },
];

/** Refused with exit 2 and no stack, the message naming `path` (and saying `says`). */
function refusedAt(r: ProcessResult, path: string, says?: string): void {
  expectRefused(r, path);
  if (says) expect(r.stderr).toContain(says);
}

describe('odd --out paths', () => {
  test.each(ODD)('gtlab run --out $path: exit 2 naming the path and why', ({ path, says }) => {
    refusedAt(gtlab(...RUN, '--out', path), path, says);
  });

  test.each(ODD)('gtlab run --resume and merge on $path: exit 2, no stack', ({ path }) => {
    refusedAt(gtlab('run', '--resume', '--out', path, '--yes'), path);
    refusedAt(gtlab('merge', path), path);
  });

  test('gtlab plot into odd paths: exit 2 naming the path; the run folder is untouched', () => {
    const run = at('a-run');
    expect(gtlab(...RUN, '--out', run).code).toBe(0);
    const before = readdirSync(run).sort();
    mkdirSync(at('a-folder.svg'));
    for (const { out, says } of [
      { out: at('a-file', 'f.svg'), says: '(ENOTDIR)' },
      { out: at('a-folder.svg'), says: 'it is a folder, not a file (EISDIR)' },
      { out: at('loop', 'f.svg'), says: '(ELOOP)' },
      { out: at(`${longName}.svg`), says: '(ENAMETOOLONG)' },
    ])
      refusedAt(gtlab('plot', run, '--out', out), out, says);
    expect(readdirSync(run).sort()).toEqual(before);
    expect(readFileSync(at('a-file'), 'utf8')).toBe('kept\n');
    expect(readdirSync(at('a-folder.svg'))).toEqual([]);
  });
});
