/** A job-pool worker in this process (the real worker core): messages cross a setTimeout, as they cross a thread boundary. */
import { createWorkerCore } from '../../shared/jobs/worker-core.ts';
import type { SpawnWorker, WorkerExit } from '../../shared/jobs/job-pool.ts';
import type { FromWorker, ToWorker } from '../../shared/jobs/protocol.ts';

export const spawnInProcessWorker: SpawnWorker = () => {
  let onMsg: (m: unknown) => void = () => {};
  let onExit: (e: WorkerExit) => void = () => {};
  let alive = true;
  const handle = createWorkerCore((m: FromWorker) => setTimeout(() => alive && onMsg(structuredClone(m)), 0));
  return {
    postMessage: (m: ToWorker) => setTimeout(() => alive && handle(structuredClone(m)), 0),
    onMessage: (cb) => {
      onMsg = cb;
    },
    onExit: (cb) => {
      onExit = cb;
    },
    kill: () => {
      alive = false;
      setTimeout(() => onExit({ code: null, signal: 'terminated' }), 0);
    },
  };
};
