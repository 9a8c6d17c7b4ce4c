/**
 * Cancel is a state, not a crash: `gtlab run` (flags, --shard) and `gtlab sweep` as real process groups
 * get SIGINT, SIGTERM, SIGHUP or SIGUSR1 at random moments (fast-check over the delay), as Ctrl-C in a
 * terminal or a scheduler sends them to the whole group. Each time: no stack trace, run.json says
 * cancelled (interrupted for USR1), the exit code is 128 + the signal's number, no process of the
 * group is left after 3 s, and resuming gives the lines (each once) and summary of a clean run.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { expandSweep } from '../../shared/experiments/sweep.ts';
import { GTLAB_BIN, gtlabFolder } from '../helpers/gtlab-process.ts';
import { sweepFile, writeSweepFile } from '../helpers/sweep-file.ts';
import { sortedLinesAsWritten } from '../helpers/results-jsonl.ts';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR1'] as const;
type Sig = (typeof SIGNALS)[number];
const SPEC = ['furtak-buro-fig4', '--trees', '80', '--depth', '7', '--workers', '2'];

const { dir, gtlab } = gtlabFolder('gtlab-cancel-');
const read = (...p: string[]) => readFileSync(join(dir, ...p), 'utf8');
/** A run folder's lines, sorted, every one kept: a (tree, depth) stored twice shows as a difference. */
const sortedLines = (...p: string[]) => sortedLinesAsWritten(read(...p, 'results.jsonl'));
const statusOf = (...p: string[]) => (JSON.parse(read(...p, 'run.json')) as { status: string }).status;

/** The processes of group `pgid` that are still alive (zombies waiting for a reaper are not). */
function groupMembers(pgid: number): string[] {
  if (existsSync('/proc/self/stat')) {
    const alive: string[] = [];
    for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') alive.push(`${pid} (${state})`);
    }
    return alive;
  }
  const ps = spawnSync('ps', ['-A', '-o', 'pid=,pgid=,stat='], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => Number(f[1]) === pgid && !f[2]?.startsWith('Z'))
    .map((f) => f[0]);
}

interface Stopped {
  code: number | null;
  signal: string | null;
  stderr: string;
  /** group members still alive 3 s after the command exited */
  leftover: string[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Resolves once `file` has some content. */
async function written(file: string): Promise<void> {
  while (!(existsSync(file) && readFileSync(file, 'utf8').length > 0)) await sleep(50);
}

/** Run `gtlab ...args` as the leader of its own process group; `sig` goes to the whole group once `when` resolves. */
async function signalled(args: string[], sig: Sig, when: () => Promise<void>): Promise<Stopped> {
  const child = spawn(process.execPath, [GTLAB_BIN, ...args], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let exitedYet = false;
  const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
    child.on('close', (code, signal) => {
      exitedYet = true;
      r({ code, signal });
    }),
  );
  const pgid = child.pid!;
  void Promise.race([when(), exited]).then(() => {
    if (exitedYet) return;
    try {
      process.kill(-pgid, sig);
    } catch {
      // the group is gone: the command finished first
    }
  });
  const { code, signal } = await exited;
  let leftover = groupMembers(pgid);
  for (let waited = 0; leftover.length > 0 && waited < 3000; waited += 100) {
    await sleep(100);
    leftover = groupMembers(pgid);
  }
  if (leftover.length > 0) process.kill(-pgid, 'SIGKILL');
  return { code, signal, stderr, leftover };
}

/** What every stopped command must show: no stack, the signal's exit code, nothing left running. */
function expectCleanStop(r: Stopped, sig: Sig): void {
  expect(r.stderr, 'a stack trace on stderr').not.toMatch(/\n\s+at |internal error|Error:/);
  expect(r.leftover, 'processes of the group still alive 3 s after the exit').toEqual([]);
  expect(r.signal, 'killed by the signal instead of handling it').toBeNull();
  expect(r.code).toBe(128 + constants.signals[sig]);
  expect(r.stderr).toMatch(/to continue: /);
}

const expectedStatus = (sig: Sig) => (sig === 'SIGUSR1' ? 'interrupted' : 'cancelled');

beforeAll(() => {
  const r = gtlab('run', ...SPEC, '--out', 'clean');
  expect(r.code, r.stderr).toBe(0);
}, 60_000);

describe.skipIf(process.platform === 'win32')('a stop signal to the process group', () => {
  test('gtlab run at random moments: a state, not a crash; --resume equals a clean run', async () => {
    let k = 0;
    await fc.assert(
      // The delay counts from the start (loading, folder, workers starting) or from the first line written (mid-run).
      fc.asyncProperty(
        fc.constantFrom('start', 'first line'),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom(...SIGNALS),
        async (from, delay, sig) => {
          const out = `run-${k++}`;
          const firstLine = from === 'start' ? Promise.resolve() : written(join(dir, out, 'results.jsonl'));
          const r = await signalled(['run', ...SPEC, '--out', out], sig, () => firstLine.then(() => sleep(delay)));
          expect(r.leftover, 'processes of the group still alive 3 s after the exit').toEqual([]);
          if (r.signal === sig) {
            // Before gtlab set its handlers up (while loading), the signal ends it, and nothing is written yet.
            expect(existsSync(join(dir, out))).toBe(false);
            expect(gtlab('run', ...SPEC, '--out', out).code).toBe(0);
          } else if (r.code === 0) {
            expect(statusOf(out)).toBe('completed'); // the signal came after the last tree
          } else {
            expectCleanStop(r, sig);
            expect(statusOf(out)).toBe(expectedStatus(sig));
            expect(r.stderr).toContain(`gtlab run --resume --out ${out}`);
            const resumed = gtlab('run', '--resume', '--out', out);
            expect(resumed.code, resumed.stderr).toBe(0);
          }
          expect(statusOf(out)).toBe('completed');
          expect(sortedLines(out)).toEqual(sortedLines('clean'));
          expect(JSON.parse(read(out, 'summary.json'))).toEqual(JSON.parse(read('clean', 'summary.json')));
          expect(existsSync(join(dir, out, 'gtlab.lock')), 'the lock outlived the run').toBe(false);
        },
      ),
      { numRuns: 4, endOnFailure: true },
    );
  }, 240_000);

  test('gtlab run --shard: SIGTERM mid-run cancels the shard; running it again completes it', async () => {
    const args = ['run', ...SPEC, '--shard', '0/1', '--out', 'shard'];
    const r = await signalled(args, 'SIGTERM', () => written(join(dir, 'shard', 'shards', '0-of-1', 'results.jsonl')));
    expectCleanStop(r, 'SIGTERM');
    expect(statusOf('shard', 'shards', '0-of-1')).toBe('cancelled');
    expect(r.stderr).toMatch(/to continue: run the same command again/);
    expect(gtlab(...args).code).toBe(0);
    expect(sortedLines('shard', 'shards', '0-of-1')).toEqual(sortedLines('clean'));
    expect(gtlab('merge', 'shard').code).toBe(0);
    expect(sortedLines('shard')).toEqual(sortedLines('clean'));
  }, 60_000);

  test('gtlab sweep: SIGINT in a cell cancels it and ends the sweep; the same command again completes it', async () => {
    const sweep = sweepFile('sig', 'furtak-buro-fig4', { trees: [80], depth: [6], 'model.noise.e': [0, 4] });
    const { cells } = expandSweep(writeSweepFile(dir, 'sig.json', sweep));
    const cell = (c: number) => join('sw', 'cells', cells[c].slug);
    const r = await signalled(['sweep', 'sig.json', '--out', 'sw', '--workers', '2'], 'SIGINT', () =>
      written(join(dir, cell(0), 'results.jsonl')),
    );
    expectCleanStop(r, 'SIGINT');
    expect(statusOf(cell(0))).toBe('cancelled');
    expect(existsSync(join(dir, cell(1))), 'the sweep went on to the next cell').toBe(false);
    expect(r.stderr).toMatch(/to continue: gtlab sweep/);
    const again = gtlab('sweep', 'sig.json', '--out', 'sw', '--workers', '2');
    expect(again.code, again.stderr).toBe(0);
    writeFileSync(join(dir, 'cell0.json'), JSON.stringify(cells[0].spec));
    expect(gtlab('run', 'cell0.json', '--workers', '2', '--out', 'cell0').code).toBe(0);
    expect(sortedLines(cell(0))).toEqual(sortedLines('cell0'));
    expect(JSON.parse(read(cell(0), 'summary.json'))).toEqual(JSON.parse(read('cell0', 'summary.json')));
  }, 60_000);
});
