/**
 * The job loop inside a worker, independent of the host: the host passes incoming messages to
 * `handle` and gives `send` for outgoing ones. Jobs run one at a time; a cancel is seen between the
 * runner's steps (it yields to the event loop), and the pool kills the worker if that takes too long.
 */
import { CancelledError, runTree } from '../experiments/run-tree.ts';
import { PROTOCOL_VERSION, type FromWorker, type ToWorker } from './protocol.ts';

export function createWorkerCore(send: (m: FromWorker) => void, pid: number | null = null): (m: ToWorker) => void {
  const cancelled = new Set<number>();
  let queue: Promise<void> = Promise.resolve();
  send({ v: PROTOCOL_VERSION, type: 'ready', pid });
  return (m: ToWorker) => {
    if (m.type === 'cancel') {
      cancelled.add(m.jobId);
      return;
    }
    const { jobId, spec, tree } = m;
    queue = queue.then(async () => {
      if (cancelled.has(jobId)) {
        send({ v: PROTOCOL_VERSION, type: 'cancelled', jobId });
        return;
      }
      try {
        await runTree(spec, tree, (line) => send({ v: PROTOCOL_VERSION, type: 'line', jobId, line }), () => cancelled.has(jobId));
        send({ v: PROTOCOL_VERSION, type: 'done', jobId });
      } catch (e) {
        if (e instanceof CancelledError) send({ v: PROTOCOL_VERSION, type: 'cancelled', jobId });
        else send({ v: PROTOCOL_VERSION, type: 'error', jobId, message: e instanceof Error ? e.message : String(e) });
      } finally {
        cancelled.delete(jobId);
      }
    });
  };
}
