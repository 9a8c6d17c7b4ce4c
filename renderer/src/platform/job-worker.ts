/**
 * Web Worker entry of the browser adapter (tree jobs and studies): the same job loop as the Electron
 * utility processes and the CLI's child processes (shared/jobs/worker-core.ts), wired to the worker's
 * message port.
 */
import { createWorkerCore } from '../../../shared/jobs/worker-core.ts';
import type { FromWorker, ToWorker } from '../../../shared/jobs/protocol.ts';

// The DOM lib types `self` as a Window; inside a dedicated worker it is the worker's global scope.
const scope = self as unknown as {
  postMessage(m: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

const handle = createWorkerCore((m) => scope.postMessage(m), null);
scope.onmessage = (e) => handle(e.data);
