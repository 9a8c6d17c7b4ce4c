/** The pool's WorkerHandle over an Electron utility process running electron/worker/utility-entry.ts. */
import { utilityProcess } from 'electron';
import workerPath from '../worker/utility-entry.ts?modulePath';
import type { SpawnWorker, WorkerHandle } from '../../shared/jobs/job-pool.ts';

export const spawnUtilityWorker: SpawnWorker = (): WorkerHandle => {
  const child = utilityProcess.fork(workerPath, [], { serviceName: 'Game Tree Lab worker', stdio: 'inherit' });
  return {
    postMessage: (m) => child.postMessage(m),
    onMessage: (cb) => child.on('message', cb),
    onExit: (cb) => child.on('exit', (code) => cb({ code })),
    kill: () => void child.kill(),
  };
};
