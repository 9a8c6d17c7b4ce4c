/** Worker entry inside an Electron utility process: messages arrive on process.parentPort. No electron import. */
import { createWorkerCore } from '../../shared/jobs/worker-core.ts';
import type { ToWorker } from '../../shared/jobs/protocol.ts';

interface ParentPort {
  on(event: 'message', cb: (e: { data: unknown }) => void): void;
  postMessage(m: unknown): void;
}

const port = (process as unknown as { parentPort: ParentPort }).parentPort;
const handle = createWorkerCore((m) => port.postMessage(m), process.pid);
port.on('message', (e) => handle(e.data as ToWorker));
