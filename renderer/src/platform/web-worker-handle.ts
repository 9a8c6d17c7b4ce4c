/**
 * A JobPool WorkerHandle over a Web Worker. A browser worker has no exit event, so the handle makes
 * one: `kill()` terminates the worker and reports the exit to the pool, and an error the worker cannot
 * recover from (a script that fails to load, an uncaught exception outside a job) is reported as an
 * exit with the reason, so the pool fails the job and respawns (with its circuit breaker).
 */
import type { WorkerExit, WorkerHandle } from '../../../shared/jobs/job-pool.ts';
import type { ToWorker } from '../../../shared/jobs/protocol.ts';

export function spawnWebWorker(): WorkerHandle {
  const worker = new Worker(new URL('./job-worker.ts', import.meta.url), { type: 'module', name: 'gtlab-job' });
  let exitCb: ((e: WorkerExit) => void) | null = null;
  let exited = false;
  const exit = (e: WorkerExit): void => {
    if (exited) return;
    exited = true;
    worker.terminate();
    // Asynchronously, as a process exit would arrive: the pool may be inside a call that killed it.
    setTimeout(() => exitCb?.(e), 0);
  };
  worker.onerror = (ev) => {
    ev.preventDefault();
    exit({ code: 1, signal: `worker error: ${ev.message || 'script error'}` });
  };
  worker.onmessageerror = () => exit({ code: 1, signal: 'worker error: a message could not be deserialised' });
  return {
    postMessage: (m: ToWorker) => {
      if (!exited) worker.postMessage(m);
    },
    onMessage: (cb) => {
      worker.onmessage = (ev: MessageEvent) => cb(ev.data);
    },
    onExit: (cb) => {
      exitCb = cb;
    },
    kill: () => exit({ code: null, signal: 'terminated' }),
  };
}
