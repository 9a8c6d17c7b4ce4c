/** Pool behaviour that needs precise control of worker lifetimes: fake workers (no processes). */
import { describe, expect, test } from 'vitest';
import { JobPool, type PoolOptions } from '../../shared/jobs/job-pool.ts';
import type { JobCallbacks } from '../../shared/experiments/run-experiment.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { fakeWorkers } from '../helpers/fake-worker.ts';

const spec = presetSpec('knuth-moore-check', { trees: 1, depth: 2 });
function recorder() {
  const events: string[] = [];
  const cb = (tree: number): JobCallbacks => ({
    onLine: () => {},
    onDone: () => events.push(`${tree} done`),
    onFailed: (r) => events.push(`${tree} failed: ${r}`),
    onCancelled: () => events.push(`${tree} cancelled`),
  });
  return { events, cb };
}

/** A pool whose workers are fake, kept in spawn order. */
function fakePool(options: PoolOptions) {
  const { spawn, workers } = fakeWorkers();
  return { pool: new JobPool(spawn, options), workers };
}

describe('job pool with fake workers', () => {
  test('FIFO: jobs wait for a ready worker and go out in order', () => {
    const { pool, workers } = fakePool({ size: 1 });
    const { cb } = recorder();
    pool.submit(spec, 0, cb(0));
    pool.submit(spec, 1, cb(1));
    expect(workers[0].sent).toHaveLength(0); // not ready yet
    workers[0].ready();
    expect(workers[0].sent).toEqual([expect.objectContaining({ type: 'run-tree', tree: 0 })]);
    workers[0].msg!({ v: 1, type: 'done', jobId: 1 });
    expect(workers[0].sent.at(-1)).toEqual(expect.objectContaining({ type: 'run-tree', tree: 1 }));
    expect(workers).toHaveLength(1); // one worker, busy with the second job, nothing left queued
    pool.close();
  });

  test('messages of another protocol version or of a settled job are ignored', () => {
    const { pool, workers } = fakePool({ size: 1 });
    const { events, cb } = recorder();
    pool.submit(spec, 0, cb(0));
    workers[0].ready();
    workers[0].msg!({ v: 2, type: 'done', jobId: 1 });
    workers[0].msg!({ v: 1, type: 'done', jobId: 99 });
    expect(events).toEqual([]);
    workers[0].msg!({ v: 1, type: 'error', jobId: 1, message: 'boom' });
    expect(events).toEqual(['0 failed: boom']);
    pool.close();
  });

  test('circuit breaker: workers that keep crashing stop being respawned; the queue fails with the reason', () => {
    const { pool, workers } = fakePool({ size: 1, maxCrashes: 3, crashWindowMs: 60_000 });
    const { events, cb } = recorder();
    for (let t = 0; t < 5; t++) pool.submit(spec, t, cb(t));
    for (let k = 0; k < 3; k++) {
      workers[k].ready();
      workers[k].crash(139);
    }
    expect(workers).toHaveLength(3); // no fourth spawn
    expect(events.slice(0, 3)).toEqual(
      [0, 1, 2].map((t) => `${t} failed: the worker process exited (code 139) while running tree ${t}`),
    );
    expect(events.slice(3)).toEqual(
      [3, 4].map((t) =>
        expect.stringMatching(
          new RegExp(`^${t} failed: workers keep crashing \\(3 exits within 60 s, last code 139\\)`),
        ),
      ),
    );
    pool.submit(spec, 9, cb(9));
    expect(events.at(-1)).toMatch(/^9 failed: workers keep crashing/);
    pool.close();
  });

  test('cancel of a running job: cooperative message first, kill after the grace period, respawn not counted as a crash', async () => {
    const { pool, workers } = fakePool({ size: 1, cancelGraceMs: 20, maxCrashes: 1 });
    const { events, cb } = recorder();
    const id = pool.submit(spec, 0, cb(0));
    workers[0].ready();
    pool.cancel(id);
    expect(workers[0].sent.at(-1)).toEqual({ v: 1, type: 'cancel', jobId: id });
    await new Promise((r) => setTimeout(r, 60));
    expect(workers[0].killed).toBe(true);
    expect(events).toEqual(['0 cancelled']);
    expect(workers).toHaveLength(2); // respawned although maxCrashes = 1
    pool.close();
  });
});
