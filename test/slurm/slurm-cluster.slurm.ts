/**
 * gtlab slurm against a real Slurm: a one-node cluster started by scripts/slurm-local.sh (Debian's
 * slurm-wlm and munge, installed if missing; needs root). Without Slurm and without root the suite
 * fails with the script's message; it never passes silently.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runGtlab } from '../helpers/gtlab-process.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { sweepFile, writeSweepFile } from '../helpers/sweep-file.ts';
import { sortedResultsJsonl } from '../helpers/results-jsonl.ts';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/slurm-local.sh');
const SPEC = ['furtak-buro-fig4', '--trees', '12', '--depth', '6'];
let dir = '';
let state = '';
let env: NodeJS.ProcessEnv = {};
const gtlab = (...args: string[]) => runGtlab(args, dir, env);
const slurmCmd = (cmd: string, ...args: string[]) => spawnSync(cmd, args, { env, encoding: 'utf8' });
const read = (...p: string[]) => readFileSync(join(dir, ...p), 'utf8');

/** Wait until none of the jobs is pending, running or completing. */
async function waitForJobs(ids: string[], seconds = 240): Promise<void> {
  for (let i = 0; i < seconds * 2; i++) {
    const q = slurmCmd('squeue', '-h', '-j', ids.join(','), '-t', 'PD,R,CG,CF,S', '-o', '%i');
    if (q.status !== 0 || q.stdout.trim() === '') return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`jobs ${ids.join(',')} still queued after ${seconds} s: ${slurmCmd('squeue').stdout}`);
}

function submit(out: string, spec: readonly string[] = SPEC): { arrayJobId: string; mergeJobId: string } {
  const r = gtlab('slurm', 'submit', ...spec, '--tasks', '4', '--out', out, '--json');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gtlab-slurm-it-'));
  state = mkdtempSync(join(tmpdir(), 'gtlab-slurm-cluster-'));
  const start = spawnSync('bash', [SCRIPT, 'start', state], { encoding: 'utf8' });
  if (start.status !== 0)
    throw new Error(
      `npm run test:slurm needs a local Slurm and could not start one: ${start.stderr.trim() || start.stdout.trim()}`,
    );
  const conf = /export SLURM_CONF=(\S+)/.exec(start.stdout)?.[1];
  if (!conf) throw new Error(`scripts/slurm-local.sh start printed no SLURM_CONF: ${start.stdout}`);
  env = { ...process.env, SLURM_CONF: conf };
  // The reference: a local run of the same spec.
  const local = gtlab('run', ...SPEC, '--workers', '2', '--out', 'local');
  expect(local.code, local.stderr).toBe(0);
});

afterAll(() => {
  if (state) spawnSync('bash', [SCRIPT, 'stop', state], { encoding: 'utf8' });
});

/** The result lines of the run folder at `folder` (path parts under dir), sorted by tree then depth, as one text. */
const sortedResults = (...folder: string[]) =>
  sortedResultsJsonl(read(...folder, 'results.jsonl'))
    .map((l) => `${l}\n`)
    .join('');

describe('gtlab slurm on a local Slurm', () => {
  test('4 array tasks and the merge job: the merged run equals the local run', async () => {
    const { arrayJobId, mergeJobId } = submit('a');
    expect(arrayJobId).toMatch(/^\d+$/);
    await waitForJobs([arrayJobId, mergeJobId]);
    expect(read('a', 'slurm', 'logs', 'merge.out')).toMatch(/"complete":true/);
    expect(read('a', 'results.jsonl')).toBe(sortedResults('local'));
    for (const f of ['summary.json', 'results.csv', 'fig4-summary.json'])
      expect(read('a', f), f).toBe(read('local', f));
    const st = gtlab('slurm', 'status', 'a', '--json');
    expect(JSON.parse(st.stdout).shards.map((s: { state: string }) => s.state)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
  });

  test('the Othello endgame preset (real positions, k = 8..9 empties) as 4 array tasks: the merged run equals a local run', async () => {
    const spec = ['othello-endgame-fcf', '--trees', '6', '--depth', '9'];
    const local = gtlab('run', ...spec, '--workers', '2', '--out', 'othello-local');
    expect(local.code, local.stderr).toBe(0);
    const { arrayJobId, mergeJobId } = submit('othello', spec);
    await waitForJobs([arrayJobId, mergeJobId]);
    expect(read('othello', 'slurm', 'logs', 'merge.out')).toMatch(/"complete":true/);
    expect(read('othello', 'results.jsonl')).toBe(sortedResults('othello-local'));
    for (const f of ['summary.json', 'results.csv', 'fig4-summary.json'])
      expect(read('othello', f), f).toBe(read('othello-local', f));
  });

  test('a cancelled task: merge names its trees, resubmit completes it, nothing duplicated', async () => {
    const { arrayJobId, mergeJobId } = submit('b');
    expect(slurmCmd('scancel', `${arrayJobId}_1`).status).toBe(0);
    await waitForJobs([arrayJobId, mergeJobId]);
    const m = gtlab('merge', 'b', '--json');
    expect(m.code).toBe(1);
    const report = JSON.parse(m.stdout);
    expect(report.missing).toEqual([1, 5, 9]);
    expect(
      report.shards.filter((s: { state: string }) => s.state !== 'complete').map((s: { index: number }) => s.index),
    ).toEqual([1]);
    expect(JSON.parse(gtlab('slurm', 'status', 'b', '--json').stdout).shards[1].state).toBe('failed');

    const re = gtlab('slurm', 'resubmit', 'b', '--json');
    expect(re.code, re.stderr).toBe(0);
    const again = JSON.parse(re.stdout);
    expect(again.resubmitted).toEqual([1]);
    await waitForJobs([again.arrayJobId, again.mergeJobId]);
    const merged = read('b', 'results.jsonl');
    expect(merged).toBe(sortedResults('local'));
    const keys = merged
      .trim()
      .split('\n')
      .map((l) => {
        const x = JSON.parse(l) as ResultLine;
        return `${x.tree}:${x.depth}`;
      });
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(12 * 6);
    expect(read('b', 'summary.json')).toBe(read('local', 'summary.json'));
  });

  test("a 2×2 sweep as one array over (cell, shard) pairs and one merge job: every cell equals the local sweep's", async () => {
    const grid = { trees: [6], depth: [4], 'model.noise.e': [0, 4], 'model.damage': [3, 6] };
    writeSweepFile(dir, 'sweep.json', sweepFile('slurm-2x2', 'furtak-buro-fig4', grid));
    const local = gtlab('sweep', 'sweep.json', '--out', 'sweep-local', '--workers', '2');
    expect(local.code, local.stderr).toBe(0);
    const r = gtlab(
      'sweep',
      'sweep.json',
      '--out',
      'sweep-slurm',
      '--launcher',
      'slurm',
      '--tasks-per-cell',
      '2',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const { arrayJobId, mergeJobId } = JSON.parse(r.stdout);
    await waitForJobs([arrayJobId, mergeJobId]);
    const cells = readdirSync(join(dir, 'sweep-local', 'cells'));
    expect(cells).toHaveLength(4);
    for (const c of cells) {
      expect(read('sweep-slurm', 'cells', c, 'results.jsonl'), c).toBe(sortedResults('sweep-local', 'cells', c));
      expect(read('sweep-slurm', 'cells', c, 'summary.json'), c).toBe(read('sweep-local', 'cells', c, 'summary.json'));
    }
    const a = gtlab('sweep', 'summarize', 'sweep-local', '--json');
    const b = gtlab('sweep', 'summarize', 'sweep-slurm', '--json');
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(JSON.parse(b.stdout).rows).toEqual(JSON.parse(a.stdout).rows);
  });
});
