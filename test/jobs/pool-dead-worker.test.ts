/**
 * Cancelling around a worker that is already gone: a signal to the process group, a crash, an app
 * quitting can end a worker before the pool hears of its exit. Telling it to stop must not throw
 * (EPIPE, ERR_IPC_CHANNEL_CLOSED), and its job ends cancelled once its exit arrives.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { JobCallbacks } from '../../shared/experiments/run-experiment.ts';
import { JobPool, type SpawnWorker, type WorkerExit, type WorkerHandle } from '../../shared/jobs/job-pool.ts';
import { watchedChildWorkers } from '../helpers/watched-child-workers.ts';
import { PROTOCOL_VERSION, type ToWorker } from '../../shared/jobs/protocol.ts';
import { slowSpec } from '../helpers/slow-spec.ts';

const pools: JobPool[] = [];
afterEach(() => {
  for (const p of pools.splice(0)) p.close();
});

function settledBy(events: string[]): { cb: JobCallbacks; settled: Promise<void> } {
  let done!: () => void;
  const settled = new Promise<void>((r) => (done = r));
  const end = (e: string) => {
    events.push(e);
    done();
  };
  return {
    cb: {
      onLine: () => {},
      onDone: () => end('done'),
      onFailed: (r) => end(`failed: ${r}`),
      onCancelled: () => end('cancelled'),
    },
    settled,
  };
}

/** A worker that throws on every message once dead, as a closed channel does, and exits when told. */
function fakeWorker(): { spawn: SpawnWorker; die: () => void; exit: () => void; sent: ToWorker[] } {
  let dead = false;
  const sent: ToWorker[] = [];
  let onMessage: (m: unknown) => void = () => {};
  let onExit: (e: WorkerExit) => void = () => {};
  const handle: WorkerHandle = {
    postMessage: (m) => {
      if (dead) throw Object.assign(new Error('channel closed'), { code: 'ERR_IPC_CHANNEL_CLOSED' });
      sent.push(m);
    },
    onMessage: (cb) => (onMessage = cb),
    onExit: (cb) => (onExit = cb),
    kill: () => {
      if (dead) throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
    },
  };
  let spawned = 0;
  return {
    spawn: () => {
      if (spawned++ === 0) setTimeout(() => onMessage({ v: PROTOCOL_VERSION, type: 'ready', pid: 1 }), 0);
      return spawned === 1 ? handle : { postMessage: () => {}, onMessage: () => {}, onExit: () => {}, kill: () => {} };
    },
    die: () => (dead = true),
    exit: () => onExit({ code: null, signal: 'SIGINT' }),
    sent,
  };
}

describe('cancel with a worker already gone', () => {
  test('a worker whose channel is closed: cancel and close do not throw, the job ends cancelled at its exit', async () => {
    const w = fakeWorker();
    const p = new JobPool(w.spawn, { size: 1, cancelGraceMs: 50 });
    pools.push(p);
    const events: string[] = [];
    const { cb, settled } = settledBy(events);
    const id = p.submit(slowSpec(1), 0, cb);
    await new Promise((r) => setTimeout(r, 10));
    expect(w.sent.map((m) => m.type)).toEqual(['run-tree']);
    w.die();
    expect(() => p.cancel(id)).not.toThrow();
    await new Promise((r) => setTimeout(r, 100)); // past the grace period: the kill of a dead worker does not throw either
    w.exit();
    await settled;
    expect(events).toEqual(['cancelled']);
    expect(() => p.close()).not.toThrow();
  });

  test('a real child process dead before the pool saw its exit: cancel raises no EPIPE, the job ends cancelled', async () => {
    const { spawn, handles, firstReady: isReady } = watchedChildWorkers();
    const p = new JobPool(spawn, { size: 1, cancelGraceMs: 100 });
    pools.push(p);
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    process.on('uncaughtException', onError);
    try {
      const events: string[] = [];
      const { cb, settled } = settledBy(events);
      await isReady;
      const id = p.submit(slowSpec(1), 0, cb);
      await new Promise((r) => setTimeout(r, 300)); // the worker is busy with the tree
      handles[0].kill();
      // Block this thread while the child dies, so the pool has not seen its exit when it cancels.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      p.cancel(id);
      await settled;
      await new Promise((r) => setTimeout(r, 200)); // an EPIPE would surface by now
      expect(errors).toEqual([]);
      expect(events).toEqual(['cancelled']);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
