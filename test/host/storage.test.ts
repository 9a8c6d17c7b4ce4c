/**
 * The write layer (node/storage.ts) on faults a test can make without root: a full device (/dev/full
 * refuses every write with ENOSPC), a target that is a folder, a folder path through a file. Each
 * refusal is a StorageError naming the path and what to do; a whole-file write leaves neither a
 * temporary file nor a changed target; an append the device refuses leaves the file as it was.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendWhole, asStorageError, makeFolder, StorageError, writeFileWhole } from '../../node/storage.ts';
import { refusal } from '../helpers/refusal.ts';

const dir = mkdtempSync(join(tmpdir(), 'gtlab-storage-'));
const hasDevFull = existsSync('/dev/full');

describe('the write layer', () => {
  test.skipIf(!hasDevFull)('a full device: an append is refused with ENOSPC, the path and what to do', () => {
    const message = refusal(() => appendWhole('/dev/full', 'a line\n'), StorageError);
    expect(message).toBe(
      '/dev/full: no space left on the device (ENOSPC) while appending to it; free space on that disk, or choose a folder on another disk',
    );
  });

  test('a whole-file write onto a folder: EISDIR named, no temporary file, the folder as it was', () => {
    // a folder of its own: the other tests write beside it in any order
    const here = mkdtempSync(join(dir, 'onto-folder-'));
    const target = join(here, 'target');
    mkdirSync(target);
    writeFileSync(join(target, 'inside'), 'x');
    const message = refusal(() => writeFileWhole(target, 'data'), StorageError);
    expect(message).toContain(`${target}: it is a folder, not a file (EISDIR) while writing it`);
    expect(readdirSync(here)).toEqual(['target']);
    expect(readdirSync(target)).toEqual(['inside']);
  });

  test('a whole-file write replaces the old file only when the new one is whole', () => {
    const f = join(dir, 'whole.json');
    writeFileWhole(f, 'old');
    writeFileWhole(f, 'new');
    expect(readFileSync(f, 'utf8')).toBe('new');
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  test('a folder where a file is, and a folder through a file, are named as such', () => {
    const file = join(dir, 'plain');
    writeFileSync(file, 'x');
    expect(refusal(() => makeFolder(file), StorageError)).toContain(`${file}: a file is there, not a folder (EEXIST)`);
    expect(refusal(() => makeFolder(join(file, 'sub')), StorageError)).toContain(
      'a part of the path is a file, not a folder (ENOTDIR)',
    );
  });

  test('only storage codes become a StorageError; anything else passes through unchanged', () => {
    const missing = Object.assign(new Error('gone'), { code: 'ENOENT', path: '/x' });
    expect(asStorageError(missing, '/x', 'reading it')).toBe(missing);
    const bug = new TypeError('a bug');
    expect(asStorageError(bug, '/x', 'writing it')).toBe(bug);
    const full = asStorageError(Object.assign(new Error('full'), { code: 'ENOSPC' }), '/x', 'writing it');
    expect(full).toBeInstanceOf(StorageError);
    expect((full as StorageError).full).toBe(true);
  });
});
