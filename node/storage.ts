/**
 * The one write layer of the Node hosts (CLI and the Electron main process). Every file a run, merge,
 * sweep or figure export writes goes through it, so a file-system refusal reaches the user as input to
 * act on, never as a stack:
 *   - a StorageError names the path, the reason in words and what to do (free space, another folder,
 *     permissions), for the codes a disk, a mount or an odd path give (ENOSPC, EDQUOT, EROFS, EACCES,
 *     EPERM, EEXIST, ENOTDIR, EISDIR, ELOOP, ENAMETOOLONG, EFBIG, EMFILE, EIO);
 *   - whole files are written to a temporary name beside the target and renamed into place, the
 *     temporary removed when the write fails, so a target is either its old self or whole;
 *   - an appended line that the disk cuts short is cut back off, so the file keeps only whole lines.
 */
import {
  accessSync,
  appendFileSync,
  constants,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** What each code means for the path it names, and what the user can do about it. */
const REASONS: Record<string, { what: string; todo: string }> = {
  ENOSPC: { what: 'no space left on the device', todo: 'free space on that disk, or choose a folder on another disk' },
  EDQUOT: {
    what: 'the disk quota is used up',
    todo: 'free space within the quota, or choose a folder on another disk',
  },
  EFBIG: { what: 'the file is larger than this file system allows', todo: 'choose a folder on another file system' },
  EROFS: { what: 'the file system is read-only', todo: 'choose a folder on a writable disk' },
  EACCES: { what: 'permission denied', todo: 'choose a folder you may write to, or change its permissions' },
  EPERM: {
    what: 'the operation is not permitted',
    todo: 'choose a folder you may write to, or change its permissions',
  },
  EEXIST: { what: 'something already exists at this path', todo: 'move it away, or choose another path' },
  ENOTDIR: { what: 'a part of the path is a file, not a folder', todo: 'choose a path whose folders are folders' },
  EISDIR: { what: 'it is a folder, not a file', todo: 'choose a file name, or move the folder away' },
  ELOOP: {
    what: 'too many symbolic links (a link that leads back to itself?)',
    todo: 'choose a path without the link loop',
  },
  ENAMETOOLONG: {
    what: 'a name in the path is too long (file systems allow 255 bytes a name)',
    todo: 'choose a shorter name',
  },
  EMFILE: { what: 'too many open files', todo: 'close other programs, or raise the limit (ulimit -n), and run again' },
  EIO: {
    what: 'the device reported an input/output error',
    todo: 'check the disk, or choose a folder on another disk',
  },
};

/** A file-system refusal: the path, the code, and a sentence saying what is wrong and what to do. */
export class StorageError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    /** what was being done ("writing run.json", "creating the folder"), for the message */
    readonly doing: string,
    /** what is wrong, where the code's usual words would mislead */
    what = REASONS[code].what,
  ) {
    super(`${path}: ${what} (${code}) while ${doing}; ${REASONS[code].todo}`);
    this.name = 'StorageError';
  }

  /** True for a full disk or quota: the run can go on once space is freed. */
  get full(): boolean {
    return this.code === 'ENOSPC' || this.code === 'EDQUOT' || this.code === 'EFBIG';
  }
}

/** The errno code of `e`, if it is a Node system error. */
export function errnoCode(e: unknown): string | undefined {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * `e` as a StorageError on `path` when it is a storage refusal, else `e` itself. With `ownPath`, the
 * error's own path wins when it names one (the failing part of a longer path); a write through a
 * temporary file names its target instead.
 */
export function asStorageError(e: unknown, path: string, doing: string, ownPath = true): unknown {
  if (e instanceof StorageError) return e;
  const code = errnoCode(e);
  if (code === undefined || !(code in REASONS)) return e;
  const own = (e as NodeJS.ErrnoException).path;
  return new StorageError(ownPath && typeof own === 'string' && own.length > 0 ? own : path, code, doing);
}

/** Run `f`, turning a storage refusal into a StorageError on `path`. */
export function storing<T>(path: string, doing: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw asStorageError(e, path, doing);
  }
}

/** The temporary name a whole-file write uses beside `path` (NAME.tmp-PID, which folder checks know). */
function temporaryName(path: string): string {
  return join(dirname(path), `${basename(path)}.tmp-${process.pid}`);
}

/** Write `data` to `path` whole or not at all: a temporary file beside it, renamed into place. */
export function writeFileWhole(path: string, data: string | Uint8Array): void {
  const tmp = temporaryName(path);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw asStorageError(e, path, 'writing it', false);
  }
}

/** writeFileWhole of JSON text (pretty, newline-terminated). */
export function writeJsonWhole(path: string, value: unknown): void {
  writeFileWhole(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Append `text` (whole lines) to `path`. When the write fails part-way (a full disk), the file is cut
 * back to its length before it, so it never ends in a torn line of this process's making.
 */
export function appendWhole(path: string, text: string): void {
  let before: number;
  try {
    before = statSync(path).size;
  } catch (e) {
    throw asStorageError(e, path, 'appending to it', false);
  }
  try {
    appendFileSync(path, text);
  } catch (e) {
    try {
      truncateSync(path, before);
    } catch {
      // the cut failed too: the reader sets a torn last line aside, as after a crash
    }
    throw asStorageError(e, path, 'appending to it', false);
  }
}

/** What a system call was doing, in words, for an error that reached the top without this layer. */
export function syscallDoing(syscall: string | undefined): string {
  const words: Record<string, string> = {
    mkdir: 'creating the folder',
    open: 'opening it',
    write: 'writing it',
    rename: 'moving a file into place',
    unlink: 'removing a file',
    link: 'linking a file',
    scandir: 'listing the folder',
    rmdir: 'removing a folder',
  };
  return (syscall && words[syscall]) ?? (syscall ? `${syscall}` : 'using it');
}

/**
 * mkdir -p, a refusal named with the path. A path that exists as a file is said so; Node reports a
 * recursive mkdir on a read-only or forbidden parent as ENOENT, so then the nearest existing parent
 * is asked whether it may be written, and its answer is the reason.
 */
export function makeFolder(path: string): void {
  try {
    mkdirSync(path, { recursive: true });
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'EEXIST') throw new StorageError(path, code, 'creating the folder', 'a file is there, not a folder');
    if (code === 'ENOENT') {
      let parent = dirname(path);
      while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
      storing(parent, `creating the folder ${path}`, () => accessSync(parent, constants.W_OK));
    }
    throw asStorageError(e, path, 'creating the folder');
  }
}
