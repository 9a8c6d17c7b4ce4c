/**
 * Child-process workers for pool tests that kill them: every handle kept in spawn order, and the first
 * worker's 'ready' as the pool sees it (its start-up time varies with the machine's load).
 */
import { spawnChildProcessWorker } from '../../node/child-process-worker.ts';
import type { SpawnWorker, WorkerHandle } from '../../shared/jobs/job-pool.ts';

export function watchedChildWorkers(): { spawn: SpawnWorker; handles: WorkerHandle[]; firstReady: Promise<void> } {
  const handles: WorkerHandle[] = [];
  let ready!: () => void;
  const firstReady = new Promise<void>((r) => (ready = r));
  const spawn: SpawnWorker = () => {
    const h = spawnChildProcessWorker();
    handles.push(h);
    return {
      ...h,
      onMessage: (cb) =>
        h.onMessage((m) => {
          if ((m as { type?: string }).type === 'ready') ready();
          cb(m);
        }),
    };
  };
  return { spawn, handles, firstReady };
}
