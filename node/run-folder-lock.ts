/**
 * One writer per run folder: the lock file FOLDER/gtlab.lock, held while a process writes the folder
 * (a run, a resumed run, one shard's folder DIR/shards/I-of-N/, a merge into DIR, a sweep's DIR, the
 * desktop app's runs). It holds one JSON object naming the holder: pid, host, start time, command,
 * and under Slurm the job and its restart count.
 *
 * Taken atomically: the content is written to a private file first, then hard-linked to the lock's
 * name, which fails when the name exists, so a reader never sees half a lock. Released when the holder
 * is done, and by an exit hook on any exit of the process (normal end, error, signal handled); only
 * SIGKILL or a power cut leave one behind. Such a stale lock is taken over, with a message, when it
 * provably has no live holder: its pid is not running on this host, the host has rebooted since
 * (another boot id), or it names this Slurm job in an earlier attempt (a requeued job runs once at a
 * time). A live holder, or one on another host (whose pid cannot be checked from here), is refused
 * with the holder named; the user may delete the file once sure that holder is gone.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

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
  /** the Slurm job (SLURM_JOB_ID) and its attempt (SLURM_RESTART_COUNT) */
  slurm?: { job: string; restart: number };
}

/** The folder is locked by a live holder (or one this host cannot check): nothing was written. */
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
  mkdirSync(dir, { recursive: true });
  const path = resolve(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command: holderCommand,
    ...bootAndSlurm(),
  };
  const text = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (create(path, text)) return keep(new RunFolderLock(path, text));
    const seen = readRaw(path);
    if (seen === null) continue; // released between our two calls: try again
    const holder = parseHolder(seen);
    const stale = holder ? staleReason(holder, path) : unreadableReason(path);
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
  throw new RunFolderLockedError(`${dir}: could not take ${path}: other processes keep taking and releasing it`, null);
}

/** The holder named by `dir`'s lock file, or null when there is none (or it cannot be read). */
export function readLockHolder(dir: string): LockHolder | null {
  const raw = readRaw(join(dir, LOCK_FILE));
  return raw === null ? null : parseHolder(raw);
}

/**
 * Remove the lock of `dir` left by a Slurm task that Slurm reports ended (failed, cancelled, timed
 * out: `gtlab slurm resubmit` runs its shard again, maybe on another host). A lock of a process
 * outside Slurm, or of one still running on this host, stays. Returns what was removed, or null.
 */
export function clearEndedSlurmLock(dir: string): string | null {
  const path = resolve(dir, LOCK_FILE);
  const raw = readRaw(path);
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
  writeFileSync(tmp, text);
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

function readRaw(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function parseHolder(raw: string): LockHolder | null {
  try {
    const h = JSON.parse(raw) as Partial<LockHolder> | null;
    if (h && Number.isInteger(h.pid) && typeof h.host === 'string' && typeof h.since === 'string')
      return { command: 'a gtlab process', ...h } as LockHolder;
  } catch {
    // not JSON: unreadable
  }
  return null;
}

/** An unreadable lock older than this is not one being written (create's fallback) but a damaged one. */
const UNREADABLE_STALE_MS = 2000;

/** Why an unreadable lock file is stale: only once it is old enough not to be one being written. */
function unreadableReason(path: string): string | undefined {
  try {
    const age = Date.now() - statSync(path).mtimeMs;
    return age > UNREADABLE_STALE_MS
      ? `the lock file is unreadable, last written ${new Date(statSync(path).mtimeMs).toISOString()}`
      : undefined;
  } catch {
    return undefined;
  }
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
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH' ? `${describeHolder(h)} is not running` : null;
  }
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
      if (Date.now() - statSync(guard).mtimeMs > 10_000) unlinkSync(guard); // left by a takeover killed midway
    } catch {
      // gone meanwhile
    }
    sleep(50);
    return false;
  }
  try {
    if (readRaw(path) !== seen) return false;
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
