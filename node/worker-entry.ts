/** Worker entry under plain Node (`child_process.fork`): the CLI's pool and the tests run this. */
import { createWorkerCore } from '../shared/jobs/worker-core.ts';
import type { FromWorker, ToWorker } from '../shared/jobs/protocol.ts';

const handle = createWorkerCore((m: FromWorker) => process.send?.(m), process.pid);
process.on('message', (m) => handle(m as ToWorker));
// The parent is gone (closed pool or crashed CLI): nothing left to report to.
process.on('disconnect', () => process.exit(0));
