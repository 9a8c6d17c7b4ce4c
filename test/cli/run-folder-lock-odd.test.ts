/**
 * Odd run-folder locks (node/run-folder-lock.ts): locks naming no process (pid 0, -1, "abc"), text
 * that is no lock whatever its file time, a pid now running as another process (its start time on
 * this boot differs from the recorded one), a live holder with its right start time, and lock names
 * gtlab cannot read (a folder, a symbolic link loop or to nothing, a file it may not read), which
 * `gtlab run` refuses with exit 2 and the command that removes them.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { gtlabFolder } from '../helpers/gtlab-process.ts';
import { LOCK_FILE, lockRunFolder, readLockHolder, RunFolderLockedError } from '../../node/run-folder-lock.ts';
import { refusal } from '../helpers/refusal.ts';

const { dir, gtlab } = gtlabFolder('gtlab-odd-lock-');
const at = (...p: string[]) => join(dir, ...p);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const hasProc = existsSync('/proc/self/stat');
const bootId = hasProc ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : undefined;

/** A tiny fresh run into `out` (a folder under the test's folder). */
const run = (out: string) =>
  gtlab('run', 'furtak-buro-fig4', '--trees', '2', '--depth', '3', '--workers', '1', '--out', out);

/** `text` written as `folder`'s lock file. */
function plantText(folder: string, text: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, LOCK_FILE);
  writeFileSync(path, text);
  return path;
}

/** A lock of this host naming `fields` over a planted holder's. */
function plant(folder: string, fields: Record<string, unknown>): string {
  const holder = {
    pid: process.pid,
    host: hostname(),
    since: '2026-01-02T03:04:05.000Z',
    command: 'gtlab run planted',
    ...fields,
  };
  return plantText(folder, `${JSON.stringify(holder)}\n`);
}

/** Field 22 (starttime) of /proc/PID/stat, read as the kernel documents it: the fields after the name in parentheses. */
function procStartTime(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const m = /^\d+ \(.*\) (.*)$/s.exec(stat);
  return Number(m![1].trim().split(' ')[22 - 3]);
}

/** The lock of `folder` taken in this process: the warnings it gave, and the lock. */
function take(folder: string) {
  const warned: string[] = [];
  const lock = lockRunFolder(folder, (m) => warned.push(m));
  return { lock, warned };
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('a lock that names no process is stale', () => {
  test.each([
    ['pid 0', 0, '0'],
    ['pid -1', -1, '-1'],
    ['pid "abc"', 'abc', '"abc"'],
  ])(
    '%s: gtlab run takes it over, with the usual message',
    (_, pid, shown) => {
      const name = `pid${String(pid)}`;
      plant(at(name), { pid });
      const r = run(name);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(
        `gtlab: ${name}: taking over a stale lock (the lock file names pid ${shown}, which no process can have)\n`,
      );
      expect(existsSync(at(name, 'results.jsonl'))).toBe(true);
      expect(existsSync(at(name, LOCK_FILE))).toBe(false);
    },
    60_000,
  );

  test('text that is no lock is taken over at once, even with a file time in the future', () => {
    const path = plantText(at('G1'), 'garbage\n');
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(path, future, future);
    const written = new Date(statSync(path).mtimeMs).toISOString();
    const t0 = Date.now();
    const { lock, warned } = take(at('G1'));
    expect(Date.now() - t0).toBeLessThan(1500); // not the 2 s a lock being written is given
    expect(warned).toEqual([
      `${at('G1')}: taking over a stale lock (the lock file is unreadable, last written ${written})`,
    ]);
    lock.release();
  });

  test('the start of a lock (maybe one being written) with a file time in the future is waited for 2 s, not for ever', () => {
    const path = plantText(at('G2'), '{"pid":');
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(path, future, future);
    const t0 = Date.now();
    const { lock, warned } = take(at('G2'));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - t0).toBeLessThan(4500);
    expect(warned[0]).toMatch(/G2: taking over a stale lock \(the lock file is unreadable, last written /);
    lock.release();
  });

  test('a lock that cannot be taken over (its takeover is stuck) is refused saying what to do', () => {
    const folder = at('G3');
    const path = plant(folder, { pid: 0x7ffffff0 }); // no process has it
    mkdirSync(`${path}.takeover`); // a takeover in progress, as far as any taker can tell
    expect(refusal(() => take(folder), RunFolderLockedError)).toBe(
      `${folder}: could not take ${path}: other processes keep taking and releasing it; try again, and if this persists while no gtlab process writes ${folder}, remove it: rm ${path}`,
    );
  });
});

describe.skipIf(!hasProc)("a lock's holder is its pid started when the lock says (Linux: /proc/PID/stat)", () => {
  /** A live process whose name has spaces and parentheses in it (so its stat line does too). */
  async function oddlyNamedSleeper(): Promise<number> {
    const exe = at('x) y (z');
    if (!existsSync(exe)) symlinkSync('/bin/sleep', exe);
    const child = spawn(exe, ['60'], { stdio: 'ignore' });
    children.push(child);
    while (!readFileSync(`/proc/${child.pid}/stat`, 'utf8').includes('(x) y (z)')) await sleep(10);
    return child.pid!;
  }

  test("a lock taken here records this process's start time and boot; gtlab run is refused by it", () => {
    const { lock } = take(at('L1'));
    try {
      expect(readLockHolder(at('L1'))).toMatchObject({
        pid: process.pid,
        started: procStartTime(process.pid),
        boot: bootId,
      });
      const r = run('L1');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`L1 is in use by .* \\(pid ${process.pid} on ${hostname()}, since `));
    } finally {
      lock.release();
    }
  }, 60_000);

  test('a running pid whose start time is not the recorded one is another process: gtlab run takes the lock over', async () => {
    const pid = await oddlyNamedSleeper();
    const started = procStartTime(pid);
    plant(at('L2'), { pid, boot: bootId, started: started + 1 });
    const r = run('L2');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `gtlab: L2: taking over a stale lock (gtlab run planted (pid ${pid} on ${hostname()}, since 2026-01-02T03:04:05.000Z) is not running: pid ${pid} is now another process, started at tick ${started} of this boot, not ${started + 1})\n`,
    );
    expect(existsSync(at('L2', 'results.jsonl'))).toBe(true);

    // The same process with its own start time is a live holder: refused.
    plant(at('L3'), { pid, boot: bootId, started });
    const live = run('L3');
    expect(live.code).toBe(2);
    expect(live.stderr).toContain(`L3 is in use by gtlab run planted (pid ${pid} on ${hostname()}, since `);
  }, 60_000);
});

describe('a lock name gtlab cannot read is refused with the command that removes it', () => {
  test('a folder named gtlab.lock: gtlab run exits 2 saying `rm -r`, writes nothing and leaves the folder', () => {
    mkdirSync(at('D1', LOCK_FILE), { recursive: true });
    writeFileSync(at('D1', LOCK_FILE, 'notes.txt'), 'kept\n');
    const r = run('D1');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `gtlab: D1: cannot take the lock: ${at('D1', LOCK_FILE)} is a folder, not a lock file; look at what it holds, then remove it: rm -r ${at('D1', LOCK_FILE)}\n`,
    );
    expect(existsSync(at('D1', 'spec.json'))).toBe(false);
    expect(readFileSync(at('D1', LOCK_FILE, 'notes.txt'), 'utf8')).toBe('kept\n');
  }, 60_000);

  test('a symbolic link loop named gtlab.lock (unreadable even by root): gtlab run exits 2 saying `rm`', () => {
    mkdirSync(at('D2'));
    symlinkSync(LOCK_FILE, at('D2', LOCK_FILE));
    const r = run('D2');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `gtlab: D2: cannot take the lock: ${at('D2', LOCK_FILE)} cannot be read (ELOOP: a symbolic link that leads back to itself); if no gtlab process is writing D2, remove it: rm ${at('D2', LOCK_FILE)}\n`,
    );
    expect(existsSync(at('D2', 'spec.json'))).toBe(false);
  }, 60_000);

  test('a symbolic link to nothing named gtlab.lock is refused, not taken for a lock released again and again', () => {
    mkdirSync(at('D3'));
    symlinkSync('nowhere', at('D3', LOCK_FILE));
    const path = at('D3', LOCK_FILE);
    expect(refusal(() => take(at('D3')), RunFolderLockedError)).toBe(
      `${at('D3')}: cannot take the lock: ${path} cannot be read (a symbolic link to nowhere, which does not exist); if no gtlab process is writing ${at('D3')}, remove it: rm ${path}`,
    );
  });

  test('a path with spaces and quotes is quoted in the command', () => {
    const folder = at("it's a run");
    mkdirSync(join(folder, LOCK_FILE), { recursive: true });
    expect(refusal(() => take(folder), RunFolderLockedError)).toContain(
      `rm -r '${join(dir, "it'\\''s a run", LOCK_FILE)}'`,
    );
  });

  // Root reads a file whatever its mode, so the unreadable file is only made (and tested) for other users.
  test.skipIf(process.getuid?.() === 0)(
    'a lock file without read permission: gtlab run exits 2 saying `rm` (not run as root, who may read any file)',
    () => {
      const path = plant(at('D4'), {});
      chmodSync(path, 0o000);
      const r = run('D4');
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `gtlab: D4: cannot take the lock: ${path} cannot be read (EACCES: permission denied); if no gtlab process is writing D4, remove it: rm ${path}\n`,
      );
      expect(existsSync(at('D4', 'spec.json'))).toBe(false);
    },
    60_000,
  );
});
