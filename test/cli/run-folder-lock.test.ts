/**
 * One writer per run folder (node/run-folder-lock.ts), with real concurrent processes: two
 * `gtlab run --resume` on one folder, a stale lock left by a dead process, planted live locks in
 * front of run, --resume, --shard, merge and sweep, several processes taking over one stale lock at
 * once, and the desktop app's run host beside the CLI.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GTLAB_BIN, gtlabFolder } from '../helpers/gtlab-process.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { LOCK_FILE, lockRunFolder, readLockHolder, type LockHolder } from '../../node/run-folder-lock.ts';
import { RunManager } from '../../node/run-manager.ts';
import { loadSpec } from '../../cli/commands/run.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';
import type { RunEvent } from '../../shared/api/contract.ts';
import { sweepFile, writeSweepFile } from '../helpers/sweep-file.ts';

const { dir, gtlab } = gtlabFolder('gtlab-lock-');
const at = (...p: string[]) => join(dir, ...p);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A stopped run folder (no lines yet) that `--resume` continues. */
function stoppedRun(name: string, trees: number, depth: number): string {
  const f = RunFolder.create(at(name), loadSpec('furtak-buro-fig4', { trees: String(trees), depth: String(depth) }), 1);
  f.update({ status: 'cancelled' });
  return at(name);
}

function plantLock(folder: string, h: Partial<LockHolder>): LockHolder {
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: '2026-01-02T03:04:05.000Z',
    command: 'gtlab run planted',
    ...h,
  };
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, LOCK_FILE), `${JSON.stringify(holder)}\n`);
  return holder;
}

/** A pid no process has: one that just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

const keysOf = (folder: string) =>
  readFileSync(join(folder, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const x = JSON.parse(l) as { tree: number; depth: number };
      return `${x.tree}:${x.depth}`;
    });

const children: ChildProcess[] = [];
function start(
  args: string[],
  cwd = dir,
): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(args[0], args.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, done: new Promise((r) => child.on('close', (code) => r({ code, stdout, stderr }))) };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('a lock per run folder', () => {
  test('two gtlab run --resume on one folder at once: one runs, the other exits 2 naming it; no line is written twice', async () => {
    const a = stoppedRun('A', 100, 7);
    const runs = [0, 1].map(() =>
      start([process.execPath, GTLAB_BIN, 'run', '--resume', '--out', 'A', '--workers', '1']),
    );
    const results = await Promise.all(runs.map((r) => r.done));
    expect(results.map((r) => r.code).sort()).toEqual([0, 2]);
    const loser = results.findIndex((r) => r.code === 2);
    const winner = runs[1 - loser].child.pid!;
    expect(results[loser].stderr).toMatch(
      new RegExp(
        `A is in use by gtlab run --resume --out A --workers 1 \\(pid ${winner} on ${hostname()}, since \\d{4}-\\d\\d-\\d\\dT`,
      ),
    );
    expect(results[loser].stderr).not.toMatch(/\n\s+at /);
    const keys = keysOf(a);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(100 * 7);
    expect(JSON.parse(readFileSync(join(a, 'run.json'), 'utf8')).status).toBe('completed');
    expect(existsSync(join(a, LOCK_FILE))).toBe(false);
  }, 120_000);

  test('a stale lock (its pid is not running here) is taken over with a message', () => {
    const b = stoppedRun('B', 4, 4);
    const pid = deadPid();
    plantLock(b, { pid });
    const r = gtlab('run', '--resume', '--out', 'B', '--workers', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(
        `B: taking over a stale lock \\(gtlab run planted \\(pid ${pid} on ${hostname()}, since 2026-01-02T03:04:05.000Z\\) is not running\\)`,
      ),
    );
    expect(keysOf(b)).toHaveLength(4 * 4);
    expect(existsSync(join(b, LOCK_FILE))).toBe(false);
  }, 60_000);

  test('a live lock is refused with exit 2 naming its holder, by run, --resume, --shard, merge and sweep; nothing is written', () => {
    const holder = `gtlab run planted \\(pid ${process.pid} on ${hostname()}, since 2026-01-02T03:04:05.000Z\\)`;
    const c = stoppedRun('C', 4, 4);
    plantLock(c, {});
    const before = readFileSync(join(c, 'run.json'), 'utf8');
    const resumed = gtlab('run', '--resume', '--out', 'C');
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(new RegExp(`C is in use by ${holder}: wait for it to end or stop it\\n`));
    expect(readFileSync(join(c, 'run.json'), 'utf8')).toBe(before);
    expect(readFileSync(join(c, 'results.jsonl'), 'utf8')).toBe('');

    plantLock(at('D'), {});
    const fresh = gtlab('run', 'furtak-buro-fig4', '--trees', '2', '--depth', '3', '--out', 'D');
    expect(fresh.code).toBe(2);
    expect(fresh.stderr).toMatch(new RegExp(holder));
    expect(existsSync(at('D', 'spec.json'))).toBe(false);

    plantLock(at('S', 'shards', '0-of-2'), {});
    const shard = gtlab('run', 'furtak-buro-fig4', '--trees', '2', '--depth', '3', '--shard', '0/2', '--out', 'S');
    expect(shard.code).toBe(2);
    expect(shard.stderr).toMatch(new RegExp(`0-of-2 is in use by ${holder}`));
    expect(existsSync(at('S', 'shards', '0-of-2', 'run.json'))).toBe(false);
    // The other shard of the set has a folder of its own: it runs.
    expect(
      gtlab('run', 'furtak-buro-fig4', '--trees', '2', '--depth', '3', '--shard', '1/2', '--out', 'S', '--workers', '1')
        .code,
    ).toBe(0);

    plantLock(at('S'), {});
    const merged = gtlab('merge', 'S');
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(new RegExp(`S is in use by ${holder}`));
    expect(existsSync(at('S', 'run.json'))).toBe(false);

    writeSweepFile(dir, 'tiny.json', sweepFile('tiny', 'furtak-buro-fig4', { trees: [2], depth: [3] }));
    plantLock(at('W'), {});
    const swept = gtlab('sweep', 'tiny.json', '--out', 'W');
    expect(swept.code).toBe(2);
    expect(swept.stderr).toMatch(new RegExp(`W is in use by ${holder}`));
    expect(existsSync(at('W', 'sweep.json'))).toBe(false);
  }, 120_000);

  test('a lock from another host is refused (its pid cannot be checked here), saying how to clear it', () => {
    const e = stoppedRun('E', 2, 3);
    plantLock(e, { host: 'elsewhere.example', pid: 4242 });
    const r = gtlab('run', '--resume', '--out', 'E');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `E is in use by gtlab run planted (pid 4242 on elsewhere.example, since 2026-01-02T03:04:05.000Z): wait for it to end or stop it; this host cannot check a process on elsewhere.example: if that run is over, delete ${join(e, LOCK_FILE)}`,
    );
  });

  test('processes taking over one stale lock at the same moment: exactly one gets it', async () => {
    const folder = at('T');
    mkdirSync(folder);
    const script = at('take-lock.mjs');
    writeFileSync(
      script,
      `
      import { existsSync } from 'node:fs';
      const [mod, folder, go, done] = process.argv.slice(2);
      const { lockRunFolder } = await import(mod);
      const wait = async (f) => { while (!existsSync(f)) await new Promise((r) => setTimeout(r, 10)); };
      process.stdout.write('ready\\n');
      await wait(go);
      try {
        const lock = lockRunFolder(folder, () => {});
        process.stdout.write('got\\n');
        await wait(done);
        lock.release();
      } catch (e) {
        process.stdout.write('refused: ' + e.message + '\\n');
      }
    `,
    );
    const mod = pathToFileURL(join(import.meta.dirname, '../../node/run-folder-lock.ts')).href;
    const procs = [0, 1, 2, 3].map(() => {
      const p = start([
        process.execPath,
        '--import',
        import.meta.resolve('tsx'),
        script,
        mod,
        folder,
        at('go'),
        at('done'),
      ]);
      let out = '';
      p.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      return { ...p, out: () => out };
    });
    while (!procs.every((p) => p.out().includes('ready'))) await sleep(20);
    plantLock(folder, { pid: deadPid() });
    writeFileSync(at('go'), '');
    while (!procs.every((p) => /got|refused/.test(p.out()))) await sleep(20);
    writeFileSync(at('done'), '');
    await Promise.all(procs.map((p) => p.done));
    const got = procs.filter((p) => p.out().includes('got'));
    expect(got).toHaveLength(1);
    for (const p of procs.filter((x) => x !== got[0]))
      expect(p.out()).toMatch(new RegExp(`in use by .*\\(pid ${got[0].child.pid} on `));
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  }, 60_000);

  test("the desktop app's run host and the CLI exclude each other", async () => {
    const runsDir = at('runs');
    const events: RunEvent[] = [];
    const host = new RunManager({ runsDir, spawn: spawnInProcessWorker, workers: 1, emit: (e) => events.push(e) });
    try {
      // The app writes a run: the CLI may not resume it meanwhile.
      const id = await host.startRun(loadSpec('furtak-buro-fig4', { trees: '2000', depth: '8' }));
      const r = gtlab('run', '--resume', '--out', join(runsDir, id));
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`is in use by the Game Tree Lab app \\(pid ${process.pid} on ${hostname()}, since `),
      );
      await host.cancelRun(id);
      while (!events.some((e) => e.runId === id && e.type === 'finished')) await sleep(20);
      expect(existsSync(join(runsDir, id, LOCK_FILE))).toBe(false);

      // A CLI writes a run folder under the runs directory: the app neither resumes nor deletes it.
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      children.push(other);
      const held = plantLock(join(runsDir, id), { pid: other.pid!, command: 'gtlab run --resume' });
      await expect(host.resumeRun(id)).rejects.toThrow(
        `is in use by gtlab run --resume (pid ${held.pid} on ${hostname()}`,
      );
      await expect(host.deleteRun(id)).rejects.toThrow(/is in use by gtlab run --resume/);
      expect(existsSync(join(runsDir, id, 'run.json'))).toBe(true);
      other.kill('SIGKILL');
    } finally {
      host.close();
    }
  }, 60_000);
});

describe("the lock's rules, in this process", () => {
  const taken = (folder: string) => {
    const warned: string[] = [];
    const lock = lockRunFolder(folder, (m) => warned.push(m));
    return { lock, warned };
  };

  test('taken and released: the file names this process while held and is gone after; a second take here is refused', () => {
    const f = at('R1');
    const { lock, warned } = taken(f);
    expect(warned).toEqual([]);
    expect(readLockHolder(f)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockRunFolder(f)).toThrow(new RegExp(`R1 is in use by .*\\(pid ${process.pid} on ${hostname()}`));
    lock.release();
    expect(existsSync(join(f, LOCK_FILE))).toBe(false);
    lock.release(); // idempotent
  });

  test('release leaves a lock that is not its own (the file was replaced meanwhile)', () => {
    const f = at('R2');
    const { lock } = taken(f);
    const other = plantLock(f, { pid: 1234567, host: 'elsewhere.example' });
    lock.release();
    expect(readLockHolder(f)).toEqual(other);
  });

  test('stale: this pid but not held here, a reboot since, an earlier attempt of this Slurm job, an unreadable file', async () => {
    plantLock(at('R3'), { pid: process.pid });
    expect(taken(at('R3')).warned[0]).toMatch(
      /R3: taking over a stale lock \(gtlab run planted \(pid \d+ .*\) is not running\)/,
    );

    if (existsSync('/proc/sys/kernel/random/boot_id')) {
      plantLock(at('R4'), { pid: process.ppid, boot: 'another-boot' });
      expect(taken(at('R4')).warned[0]).toMatch(/ran before this host rebooted/);
    }

    const saved = { job: process.env.SLURM_JOB_ID, restart: process.env.SLURM_RESTART_COUNT };
    try {
      process.env.SLURM_JOB_ID = '900_3';
      process.env.SLURM_RESTART_COUNT = '1';
      plantLock(at('R5'), { host: 'node17.cluster', pid: 77, slurm: { job: '900_3', restart: 0 } });
      expect(taken(at('R5')).warned[0]).toMatch(/was attempt 0 of this Slurm job, which is now at attempt 1/);
      plantLock(at('R6'), { host: 'node17.cluster', pid: 77, slurm: { job: '901_0', restart: 0 } });
      expect(() => taken(at('R6'))).toThrow(
        /R6 is in use by gtlab run planted \(pid 77 on node17.cluster, since .*, Slurm job 901_0\)/,
      );
    } finally {
      for (const [k, v] of [
        ['SLURM_JOB_ID', saved.job],
        ['SLURM_RESTART_COUNT', saved.restart],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }

    const old = at('R7');
    mkdirSync(old);
    writeFileSync(join(old, LOCK_FILE), '{"pid": 12');
    utimesSync(join(old, LOCK_FILE), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(taken(old).warned[0]).toMatch(/R7: taking over a stale lock \(the lock file is unreadable, last written /);
    // A fresh unreadable file may be a lock being written: it is waited for, then taken over.
    const fresh = at('R8');
    mkdirSync(fresh);
    writeFileSync(join(fresh, LOCK_FILE), '');
    const t0 = Date.now();
    expect(taken(fresh).warned[0]).toMatch(/the lock file is unreadable/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
  });
});
