/**
 * Each result once: after any interruption, `gtlab run --resume` (or a shard's run again) leaves
 * results.jsonl holding exactly the lines of an uninterrupted run of the same spec — compared as
 * sorted lists of lines, so a (tree, depth) stored twice shows — whether the run stopped on Ctrl-C,
 * lost a worker to SIGKILL, tore its last line, or left a tree with some of its depths. The lines carry
 * no timing: two uninterrupted runs of one spec give the same lines, only their order varies with the
 * workers.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GTLAB_BIN, gtlabFolder } from '../helpers/gtlab-process.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { sortedLinesAsWritten } from '../helpers/results-jsonl.ts';

const SPEC = ['furtak-buro-fig4', '--trees', '24', '--depth', '7'];
const DEPTHS = 7;

const { dir, gtlab } = gtlabFolder('gtlab-resume-lines-');
const at = (...p: string[]) => join(dir, ...p);
const read = (...p: string[]) => readFileSync(at(...p), 'utf8');
/** A run folder's lines, sorted, every one kept: a (tree, depth) stored twice shows as a difference. */
const sortedLines = (...p: string[]) => sortedLinesAsWritten(read(...p, 'results.jsonl'));
const treeOf = (l: string) => (JSON.parse(l) as ResultLine).tree;
/** Trees with some of their depths in the file but not all. */
function partTrees(...p: string[]): number[] {
  const n = new Map<number, number>();
  for (const l of sortedLines(...p)) n.set(treeOf(l), (n.get(treeOf(l)) ?? 0) + 1);
  return [...n].filter(([, k]) => k < DEPTHS).map(([t]) => t);
}
const setStatus = (status: string, ...p: string[]) =>
  writeFileSync(at(...p, 'run.json'), JSON.stringify({ ...JSON.parse(read(...p, 'run.json')), status }));

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The pids of the worker processes whose parent is `pid`. */
function workersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid && readFileSync(`/proc/${n}/cmdline`, 'utf8').includes('worker-entry');
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
}

/**
 * `gtlab ...args`, and once the number of lines its results.jsonl (`file`) holds passes `when`,
 * `act(pid)`: a signal to it or to one of its workers. Resolves with the exit code and stderr.
 */
async function interrupted(
  args: string[],
  file: string,
  when: (lines: number) => boolean,
  act: (pid: number) => void,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [GTLAB_BIN, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  const done = new Promise<number | null>((r) =>
    child.on('close', (code) => {
      exited = true;
      r(code);
    }),
  );
  const count = () => (existsSync(at(file)) ? read(file).split('\n').length - 1 : 0);
  while (!exited && !when(count())) await sleep(20);
  if (!exited) act(child.pid!);
  return { code: await done, stderr };
}

beforeAll(() => {
  const r = gtlab('run', ...SPEC, '--workers', '2', '--out', 'clean');
  expect(r.code, r.stderr).toBe(0);
  const again = gtlab('run', ...SPEC, '--workers', '1', '--out', 'clean-1');
  expect(again.code, again.stderr).toBe(0);
}, 120_000);

describe('results.jsonl after an interruption and a resume equals an uninterrupted run, line for line', () => {
  test('two uninterrupted runs of one spec give the same lines (sorted), whatever the workers', () => {
    expect(sortedLines('clean-1')).toEqual(sortedLines('clean'));
    expect(sortedLines('clean')).toHaveLength(24 * DEPTHS);
  });

  test('a tree with some of its depths and no run end: --resume completes it in place', () => {
    const lines = read('clean-1', 'results.jsonl').split('\n').slice(0, -1);
    // tree 20 keeps depths 1..4; trees 21.. are gone
    const cut = lines.findIndex((l) => treeOf(l) === 20) + 4;
    cpSync(at('clean-1'), at('part'), { recursive: true });
    writeFileSync(
      at('part', 'results.jsonl'),
      lines
        .slice(0, cut)
        .map((l) => `${l}\n`)
        .join(''),
    );
    setStatus('cancelled', 'part');
    expect(partTrees('part')).toEqual([20]);
    const r = gtlab('run', '--resume', '--out', 'part', '--workers', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(read('part', 'results.jsonl')).toBe(read('clean-1', 'results.jsonl'));
    expect(sortedLines('part')).toEqual(sortedLines('clean'));
  }, 60_000);

  test('a torn last line in the middle of a tree: set aside, the tree completed in place', () => {
    const lines = read('clean-1', 'results.jsonl').split('\n').slice(0, -1);
    const cut = lines.findIndex((l) => treeOf(l) === 22) + 3;
    cpSync(at('clean-1'), at('torn'), { recursive: true });
    const torn = lines[cut].slice(0, 40);
    writeFileSync(
      at('torn', 'results.jsonl'),
      `${lines
        .slice(0, cut)
        .map((l) => `${l}\n`)
        .join('')}${torn}`,
    );
    setStatus('running', 'torn');
    const r = gtlab('run', '--resume', '--out', 'torn', '--workers', '2');
    expect(r.code, r.stderr).toBe(0);
    expect(read('torn', 'results.torn')).toBe(`${torn}\n`);
    expect(sortedLines('torn')).toEqual(sortedLines('clean'));
  }, 60_000);

  // Othello endgames: a tree's lines come one by one, a search apart (the furtak-buro trees send theirs
  // together at the end). One worker, stopped while a tree searches its last depth (10 empties), its
  // first two stored; should that tree finish first, the run is made again in another folder.
  const OTHELLO = ['othello-endgame-fcf', '--trees', '3', '--depth', '10', '--yes'];
  const PER_TREE = 3;
  let othelloClean = false;
  async function stoppedMidTree(name: string, act: (pid: number) => boolean): Promise<{ out: string; stderr: string }> {
    if (!othelloClean) {
      const clean = gtlab('run', ...OTHELLO, '--workers', '2', '--out', 'othello');
      expect(clean.code, clean.stderr).toBe(0);
      othelloClean = true;
    }
    let out = '';
    let stderr = '';
    const partial = () => read(out, 'results.jsonl').split('\n').length % PER_TREE !== 1;
    for (let attempt = 0; attempt < 3 && (out === '' || !partial()); attempt++) {
      out = `${name}-${attempt}`;
      let acted = false;
      const r = await interrupted(
        ['run', ...OTHELLO, '--workers', '1', '--out', out],
        `${out}/results.jsonl`,
        (n) => n % PER_TREE === PER_TREE - 1,
        (pid) => (acted = act(pid)),
      );
      expect(acted, 'the run ended before it could be stopped').toBe(true);
      expect(r.code, r.stderr).not.toBe(0);
      stderr = r.stderr;
    }
    expect(partial(), 'the stop left no tree with some of its depths').toBe(true);
    return { out, stderr };
  }

  test.skipIf(process.platform === 'win32')(
    'Ctrl-C (SIGINT) mid-tree, then --resume',
    async () => {
      const { out, stderr } = await stoppedMidTree('int', (pid) => process.kill(pid, 'SIGINT'));
      expect(stderr).toContain(`gtlab run --resume --out ${out}`);
      const resumed = gtlab('run', '--resume', '--out', out, '--workers', '2');
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(sortedLines(out)).toEqual(sortedLines('othello'));
    },
    180_000,
  );

  test.skipIf(process.platform !== 'linux')(
    'a worker killed (SIGKILL) mid-tree, then --resume',
    async () => {
      const { out, stderr } = await stoppedMidTree('kill', (pid) => {
        const w = workersOf(pid);
        if (w.length > 0) process.kill(w[0], 'SIGKILL');
        return w.length > 0;
      });
      expect(stderr).toMatch(/failed: the worker process exited \(code none, signal SIGKILL\)/);
      const resumed = gtlab('run', '--resume', '--out', out, '--workers', '2');
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(sortedLines(out)).toEqual(sortedLines('othello'));
    },
    180_000,
  );

  test('a shard run again after a stop mid-tree: its lines once; the merge equals the uninterrupted run', () => {
    const shard = (i: number) => gtlab('run', ...SPEC, '--shard', `${i}/2`, '--workers', '1', '--out', 'set');
    for (const i of [0, 1]) expect(shard(i).code).toBe(0);
    const s0 = ['set', 'shards', '0-of-2'];
    const own = sortedLines(...s0);
    const lines = read(...s0, 'results.jsonl')
      .split('\n')
      .slice(0, -1);
    const cut = lines.findIndex((l) => treeOf(l) === 10) + 2;
    writeFileSync(
      at(...s0, 'results.jsonl'),
      lines
        .slice(0, cut)
        .map((l) => `${l}\n`)
        .join(''),
    );
    setStatus('cancelled', ...s0);
    expect(partTrees(...s0)).toEqual([10]);
    const again = shard(0);
    expect(again.code, again.stderr).toBe(0);
    expect(sortedLines(...s0)).toEqual(own);
    expect(sortedLines(...s0)).toEqual(sortedLines('clean').filter((l) => treeOf(l) % 2 === 0));
    const merged = gtlab('merge', 'set');
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).not.toMatch(/duplicate/);
    expect(sortedLines('set')).toEqual(sortedLines('clean'));
  }, 120_000);
});
