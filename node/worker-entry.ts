/**
 * Worker entry under plain Node (`child_process.fork`): the CLI's pool and the tests run this.
 * The stop signals sent to a whole process group (Ctrl-C in a terminal, `kill -- -PGID`, a scheduler)
 * are the parent's to handle: it cancels this worker's job and then ends it. The worker leaves them
 * alone, so a tree is not reported failed because the worker died first, and exits when its parent
 * is gone.
 */
import { createWorkerCore } from '../shared/jobs/worker-core.ts';
import type { FromWorker, ToWorker } from '../shared/jobs/protocol.ts';

for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR1'] as const) process.on(s, () => {});
// The parent is gone (closed pool or crashed CLI): nothing left to report to.
process.on('disconnect', () => process.exit(0));
const send = (m: FromWorker) => {
  if (!process.connected) process.exit(0);
  process.send!(m, undefined, undefined, (e: Error | null) => {
    if (e) process.exit(0);
  });
};
const handle = createWorkerCore(send, process.pid);
process.on('message', (m) => handle(m as ToWorker));
