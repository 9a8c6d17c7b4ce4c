/** The job pool with real worker processes (node/worker-entry.ts through child_process.fork). */
import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobPool, type SpawnWorker } from '../../shared/jobs/job-pool.ts';
import { spawnChildProcessWorker } from '../../node/child-process-worker.ts';
import { watchedChildWorkers } from '../helpers/watched-child-workers.ts';
import { ExperimentRun, type JobCallbacks } from '../../shared/experiments/run-experiment.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import type { ExperimentSpec } from '../../shared/experiments/spec.ts';
import { prefixValueSpec } from '../helpers/prefix-value-spec.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { slowSpec } from '../helpers/slow-spec.ts';

const pools: JobPool[] = [];
afterEach(() => {
  for (const p of pools.splice(0)) p.close();
});

function spec(trees: number, depth = 5): ExperimentSpec {
  return prefixValueSpec('pool test', { bmin: 2, bmax: 6, damage: 6, e: 4 }, { trees, seed: 42, depth }, [
    { algorithm: 'alphabeta', ordering: 'estimate' },
    { algorithm: 'negascout', ordering: 'fcf-ratio' },
    { algorithm: 'mtdf', ordering: 'estimate' },
  ]);
}

function pool(size: number, spawn: SpawnWorker = spawnChildProcessWorker, grace = 300): JobPool {
  const p = new JobPool(spawn, { size, cancelGraceMs: grace });
  pools.push(p);
  return p;
}

async function direct(s: ExperimentSpec): Promise<ResultLine[]> {
  const lines: ResultLine[] = [];
  for (let t = 0; t < s.trees; t++) await runTree(s, t, (l) => lines.push(l));
  return lines;
}

const key = (l: ResultLine) => `${l.tree}:${l.depth}`;
const sorted = (ls: ResultLine[]) => [...ls].sort((a, b) => a.tree - b.tree || a.depth - b.depth);

describe('job pool with real child processes', () => {
  test('results equal a direct in-process run, with 1 and with 2 workers; progress arrives', async () => {
    const s = spec(6);
    const want = await direct(s);
    for (const workers of [1, 2]) {
      const got: ResultLine[] = [];
      const progress: number[] = [];
      const outcome = await new ExperimentRun(pool(workers), s, {
        onLine: (l) => got.push(l),
        onProgress: (p) => progress.push(p.treesDone),
      }).start();
      expect(outcome.status).toBe('completed');
      expect(sorted(got)).toEqual(want);
      expect(progress.at(-1)).toBe(6);
      expect(progress.length).toBeGreaterThanOrEqual(6);
    }
  });

  test('cancel stops a running job within 1 s and cancels the queue', async () => {
    const p = pool(1);
    const outcome = new ExperimentRun(p, slowSpec(3), { onLine: () => {} });
    const done = outcome.start();
    await new Promise((r) => setTimeout(r, 800)); // the worker is busy with tree 0
    const t0 = Date.now();
    outcome.cancel();
    const r = await done;
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(r.status).toBe('cancelled');
    expect(r.progress.treesCancelled).toBe(3);
  });

  test('a worker killed mid-job: that job fails with a reason, the next runs on a respawned worker', async () => {
    const { spawn, handles, firstReady: ready } = watchedChildWorkers();
    const p = pool(1, spawn);
    const events: string[] = [];
    const cb = (name: string, settled: () => void): JobCallbacks => ({
      onLine: () => {},
      onDone: () => {
        events.push(`${name} done`);
        settled();
      },
      onFailed: (reason) => {
        events.push(`${name} failed: ${reason}`);
        settled();
      },
      onCancelled: () => {
        events.push(`${name} cancelled`);
        settled();
      },
    });
    const s = slowSpec(3);
    let a!: () => void, b!: () => void;
    const pa = new Promise<void>((r) => (a = r));
    const pb = new Promise<void>((r) => (b = r));
    p.submit(s, 0, cb('first', a));
    p.submit(spec(1, 3), 0, cb('second', b));
    await ready;
    await new Promise((r) => setTimeout(r, 300)); // the worker is busy with the first job
    handles[0].kill(); // as if the process crashed
    await pa;
    await pb;
    expect(events[0]).toMatch(
      /^first failed: the worker process exited \(code none, signal SIGKILL\) while running tree 0/,
    );
    expect(events[1]).toBe('second done');
    expect(handles.length).toBe(2);
  });

  test('a crash keeps every line written so far; --resume runs only the missing trees', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'gtlab-run-')), 'run');
    const s = spec(8, 4);
    const folder = RunFolder.create(dir, s, 2);
    let lines = 0;
    // Cancel once three trees are done. (Counting lines instead is wrong: two workers interleave
    // their trees' lines, so twelve lines can span four trees with only two of them complete.)
    const r1 = new ExperimentRun(pool(2), s, {
      onLine: (l) => {
        folder.append(l);
        lines++;
      },
      onProgress: (p) => {
        if (p.treesDone === 3) r1.cancel();
      },
    });
    const o1 = await r1.start();
    expect(o1.status).toBe('cancelled');
    const kept = RunFolder.open(dir);
    expect(kept.lines().length).toBe(lines); // every line received is on disk, partial trees included
    const complete = kept.completeTrees();
    expect(complete.size).toBeGreaterThanOrEqual(3);
    expect(complete.size).toBeLessThan(s.trees);
    const before = readFileSync(kept.resultsPath, 'utf8');
    const o2 = await new ExperimentRun(pool(2), s, { onLine: (l) => kept.append(l) }, complete).start();
    expect(o2.status).toBe('completed');
    expect(readFileSync(kept.resultsPath, 'utf8').startsWith(before)).toBe(true);
    expect(kept.lines().map(key)).toEqual((await direct(s)).map(key));
    expect(kept.lines()).toEqual(await direct(s));
  });

  test('bad pool sizes are refused with the field named', () => {
    expect(() => new JobPool(spawnChildProcessWorker, { size: 0 })).toThrow(/workers = 0 is not allowed/);
  });
});
