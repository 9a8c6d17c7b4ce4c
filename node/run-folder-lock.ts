/**
 * One writer per run folder: the lock file FOLDER/gtlab.lock, held while a process writes the folder
 * (a run, a resumed run, one shard's folder DIR/shards/I-of-N/, a merge into DIR, a sweep's DIR, the
 * desktop app's runs). It holds one JSON object naming the holder: pid, host, when it took the lock,
 * command, on Linux the boot id and the process's start time on that boot, and under Slurm the job
 * and its restart count.
 *
 * Taken atomically: the content is written to a private file first, then hard-linked to the lock's
 * name, which fails when the name exists, so a reader never sees half a lock. Released when the holder
 * is done, and by an exit hook on any exit of the process (normal end, error, signal handled); only
 * SIGKILL or a power cut leave one behind. Such a stale lock is taken over, with a message, when it
 * provably has no live holder: its pid is not running on this host, or is running but as another
 * process (its start time differs from the one recorded: the pid was reused), the host has rebooted
 * since (another boot id), it names this Slurm job in an earlier attempt (a requeued job runs once at
 * a time), or it names no process at all (pid 0, negative, not an integer; text that is no lock). A
 * live holder, or one on another host (whose pid cannot be checked from here), is refused with the
 * holder named; the user may delete the file once sure that holder is gone. A lock name gtlab cannot
 * read or replace by itself (a folder, a file it may not read) is refused too, with the command that
 * removes it.
 */
import {
  closeSync,
  linkSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { makeFolder, storing } from './storage.ts';
import { shellWord } from './shell-words.ts';

export const LOCK_FILE = 'gtlab.lock';

export interface LockHolder {
  pid: number;
  host: string;
  /** when the lock was taken (ISO 8601) */
  since: string;
  /** what holds it: the command line, or the desktop app */
  command: string;
  /** Linux's boot id: a lock from before a reboot has no live holder */
  boot?: string;
  /**
   * The holder's start time on this boot, in clock ticks (field 22 of Linux's /proc/PID/stat): a
   * running process with the holder's pid but another start time is not the holder.
   */
  started?: number;
  /** the Slurm job (SLURM_JOB_ID) and its attempt (SLURM_RESTART_COUNT) */
  slurm?: { job: string; restart: number };
}

/**
 * The folder is locked by a live holder (or one this host cannot check), or its lock's name is taken
 * by something gtlab may not remove by itself (a folder, an unreadable file): nothing was written.
 */
export class RunFolderLockedError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
    this.name = 'RunFolderLockedError';
  }
}

/** How a lock in this process names its holder (the CLI's command line unless told otherwise). */
let holderCommand = ['gtlab', ...process.argv.slice(2)].join(' ');
export function setLockCommand(command: string): void {
  holderCommand = command;
}

const held = new Set<RunFolderLock>();
let exitHookInstalled = false;

export class RunFolderLock {
  private released = false;
  constructor(
    readonly path: string,
    private readonly text: string,
  ) {}

  /** Remove the lock file if it is still this lock's (idempotent). */
  release(): void {
    if (this.released) return;
    this.released = true;
    held.delete(this);
    try {
      if (readFileSync(this.path, 'utf8') === this.text) unlinkSync(this.path);
    } catch {
      // already gone (the folder was deleted, or the user removed the file): nothing to release
    }
  }
}

function describeHolder(h: LockHolder): string {
  return `${h.command} (pid ${h.pid} on ${h.host}, since ${h.since}${h.slurm ? `, Slurm job ${h.slurm.job}` : ''})`;
}

/**
 * Take the lock of `dir` (created if missing). `warn` gets the message when a stale lock is taken over
 * (default: stderr). Throws RunFolderLockedError naming a live holder.
 */
export function lockRunFolder(
  dir: string,
  warn: (message: string) => void = (m) => process.stderr.write(`gtlab: ${m}\n`),
): RunFolderLock {
  makeFolder(dir);
  const path = resolve(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command: holderCommand,
    ...bootAndSlurm(),
    ...startedField(process.pid),
  };
  const text = `${JSON.stringify(me)}\n`;
  const t0 = Date.now();
  for (let attempt = 0; attempt < 50; attempt++) {
    if (create(path, text)) return keep(new RunFolderLock(path, text));
    const seen = readRaw(path, dir);
    if (seen === null) continue; // released between our two calls: try again
    const holder = parseHolder(seen);
    const stale = holder ? staleReason(holder, path) : unreadableReason(path, seen, Date.now() - t0);
    if (stale === undefined) {
      sleep(100); // a lock being written without hard links (see create): read it again shortly
      continue;
    }
    if (stale === null) {
      const h = holder!;
      const check =
        h.host === me.host
          ? ''
          : `; this host cannot check a process on ${h.host}: if that run is over, delete ${path}`;
      throw new RunFolderLockedError(
        `${dir} is in use by ${describeHolder(h)}: wait for it to end or stop it${check}`,
        h,
      );
    }
    if (takeOver(path, seen)) warn(`${dir}: taking over a stale lock (${stale})`);
  }
  throw new RunFolderLockedError(
    `${dir}: could not take ${path}: other processes keep taking and releasing it; try again, and if this persists while no gtlab process writes ${dir}, remove it: rm ${shellWord(path)}`,
    null,
  );
}

/** The holder named by `dir`'s lock file, or null when there is none (or it cannot be read). */
export function readLockHolder(dir: string): LockHolder | null {
  let raw: string | null;
  try {
    raw = readRaw(join(dir, LOCK_FILE), dir);
  } catch {
    return null; // a folder or an unreadable file: no holder to name
  }
  return raw === null ? null : parseHolder(raw);
}

/**
 * Remove the lock of `dir` left by a Slurm task that Slurm reports ended (failed, cancelled, timed
 * out: `gtlab slurm resubmit` runs its shard again, maybe on another host). A lock of a process
 * outside Slurm, or of one still running on this host, stays. Returns what was removed, or null.
 * Throws RunFolderLockedError when the lock's name is a folder or an unreadable file.
 */
export function clearEndedSlurmLock(dir: string): string | null {
  const path = resolve(dir, LOCK_FILE);
  const raw = readRaw(path, dir);
  const h = raw === null ? null : parseHolder(raw);
  if (!h?.slurm || (h.host === hostname() && staleReason(h, path) === null)) return null;
  if (!takeOver(path, raw!)) return null;
  return `removed the lock of ${describeHolder(h)}: Slurm reports that job ended`;
}

function keep(lock: RunFolderLock): RunFolderLock {
  held.add(lock);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const l of [...held]) l.release();
    });
  }
  return lock;
}

/** Create the lock file with `text` unless it exists; false if it does. */
function create(path: string, text: string): boolean {
  const tmp = `${path}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  storing(dirname(path), 'writing the lock file', () => writeFileSync(tmp, text));
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    // A file system without hard links: exclusive create, then the content (a reader may see it empty).
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, text);
      closeSync(fd);
      return true;
    } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e2;
    }
  } finally {
    unlinkSync(tmp);
  }
}

/** What the codes of a lock file gtlab cannot read mean. */
const UNREADABLE: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'a symbolic link that leads back to itself',
  EIO: 'input/output error',
};

/**
 * The text of the lock file `path` of `dir`, or null when there is none. A name gtlab cannot read
 * (a folder, a file it may not read, a symbolic link to nothing) throws RunFolderLockedError with
 * the command that removes it: no process can hold a lock through it, nor can gtlab tell.
 */
function readRaw(path: string, dir: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    let why = code ? `${code}${UNREADABLE[code] ? `: ${UNREADABLE[code]}` : ''}` : String(e);
    if (code === 'ENOENT') {
      let target: string;
      try {
        if (!lstatSync(path).isSymbolicLink()) return null;
        target = readlinkSync(path);
      } catch {
        return null; // gone: released meanwhile
      }
      why = `a symbolic link to ${target}, which does not exist`;
    }
    if (code === 'EISDIR')
      throw new RunFolderLockedError(
        `${dir}: cannot take the lock: ${path} is a folder, not a lock file; look at what it holds, then remove it: rm -r ${shellWord(path)}`,
        null,
      );
    throw new RunFolderLockedError(
      `${dir}: cannot take the lock: ${path} cannot be read (${why}); if no gtlab process is writing ${dir}, remove it: rm ${shellWord(path)}`,
      null,
    );
  }
}

/** A process id a lock may name: a positive pid_t. */
const isPid = (pid: unknown): pid is number =>
  Number.isInteger(pid) && (pid as number) > 0 && (pid as number) < 2 ** 31;

function parseHolder(raw: string): LockHolder | null {
  try {
    const h = JSON.parse(raw) as Partial<LockHolder> | null;
    if (h && isPid(h.pid) && typeof h.host === 'string' && typeof h.since === 'string')
      return { command: 'a gtlab process', ...h } as LockHolder;
  } catch {
    // not JSON: unreadable
  }
  return null;
}

/** Every lock this module writes begins so: text that does not is no lock being written. */
const LOCK_START = '{"pid":';

/**
 * An unreadable lock older than this is not one being written (create's fallback) but a damaged one;
 * nor is one a taker has watched for this long, whatever its file time says.
 */
const UNREADABLE_STALE_MS = 2000;

/**
 * Why the lock file whose text `raw` names no holder is stale, or undefined while it may be a lock
 * being written (`raw` is the start of one and neither its last write nor the `waited` ms of the
 * taker are older than UNREADABLE_STALE_MS: a file time in the future does not hold it longer).
 */
function unreadableReason(path: string, raw: string, waited: number): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && 'pid' in parsed && !isPid(parsed.pid))
    return `the lock file names pid ${JSON.stringify(parsed.pid)}, which no process can have`;
  let mtime: number;
  try {
    mtime = statSync(path).mtimeMs;
  } catch {
    return undefined; // gone: released meanwhile
  }
  const reason = `the lock file is unreadable, last written ${new Date(mtime).toISOString()}`;
  const beingWritten = parsed === undefined && (raw.startsWith(LOCK_START) || LOCK_START.startsWith(raw));
  if (!beingWritten) return reason;
  return Date.now() - mtime > UNREADABLE_STALE_MS || waited > UNREADABLE_STALE_MS ? reason : undefined;
}

/** Why `h` has no live holder, or null when it may have one. */
function staleReason(h: LockHolder, path: string): string | null {
  const mine = bootAndSlurm();
  if (h.slurm && mine.slurm && h.slurm.job === mine.slurm.job && h.slurm.restart !== mine.slurm.restart) {
    return `${describeHolder(h)} was attempt ${h.slurm.restart} of this Slurm job, which is now at attempt ${mine.slurm.restart}`;
  }
  if (h.host !== hostname()) return null;
  if (h.boot && mine.boot && h.boot !== mine.boot) return `${describeHolder(h)} ran before this host rebooted`;
  if (h.pid === process.pid) {
    // This process: held if it is one of our live locks, else left by an earlier process with our pid.
    return [...held].some((l) => l.path === path) ? null : `${describeHolder(h)} is not running`;
  }
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH' ? `${describeHolder(h)} is not running` : null;
  }
  // Its pid runs: the holder only if it started when the holder did (where both times are known).
  const now = Number.isSafeInteger(h.started) ? startTime(h.pid) : undefined;
  return now !== undefined && now !== h.started
    ? `${describeHolder(h)} is not running: pid ${h.pid} is now another process, started at tick ${now} of this boot, not ${h.started}`
    : null;
}

/**
 * When process `pid` started, in clock ticks since boot: field 22 of /proc/PID/stat, counted after
 * the command name in parentheses (field 2, which may itself hold spaces and parentheses).
 * Undefined where there is no /proc or no such process.
 */
function startTime(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/); // fields 3, 4, …
  const ticks = Number(fields[22 - 3]);
  return Number.isSafeInteger(ticks) && ticks >= 0 ? ticks : undefined;
}

/** This process's `started` field for its lock, where /proc tells it. */
function startedField(pid: number): Pick<LockHolder, 'started'> {
  const started = startTime(pid);
  return started === undefined ? {} : { started };
}

/**
 * Remove the stale lock whose content was `seen`, under a short-lived second lock so that two
 * processes taking over at once cannot remove each other's fresh lock. False when another process
 * is taking over right now (the caller tries again).
 */
function takeOver(path: string, seen: string): boolean {
  const guard = `${path}.takeover`;
  try {
    writeFileSync(guard, `${process.pid}\n`, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    try {
      // Left by a takeover killed midway (one being made now was written now: a file time far in the
      // future is no such one either).
      if (Math.abs(Date.now() - statSync(guard).mtimeMs) > 10_000) unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    sleep(50);
    return false;
  }
  try {
    if (readRaw(path, dirname(path)) !== seen) return false;
    unlinkSync(path);
    return true;
  } finally {
    unlinkSync(guard);
  }
}

function bootAndSlurm(): Pick<LockHolder, 'boot' | 'slurm'> {
  let boot: string | undefined;
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    boot = undefined; // not Linux
  }
  const job = process.env.SLURM_JOB_ID;
  return {
    ...(boot ? { boot } : {}),
    ...(job ? { slurm: { job, restart: Number(process.env.SLURM_RESTART_COUNT ?? 0) } } : {}),
  };
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
