/**
 * The job loop inside a worker, independent of the host: the host passes incoming messages to
 * `handle` and gives `send` for outgoing ones. Jobs run one at a time. A tree job sees a cancel
 * between the runner's steps (it yields to the event loop), and the pool kills the worker if that
 * takes too long; a study is one synchronous computation, cancelled by killing its worker. The study
 * code is loaded on the first study, so tree workers start as fast as before it existed.
 */
import { runTree } from '../experiments/run-tree.ts';
import { CancelledError } from '../experiments/cancel.ts';
import { PROTOCOL_VERSION, type FromWorker, type ToWorker } from './protocol.ts';

export function createWorkerCore(send: (m: FromWorker) => void, pid: number | null = null): (m: ToWorker) => void {
  const v = PROTOCOL_VERSION;
  const cancelled = new Set<number>();
  let queue: Promise<void> = Promise.resolve();
  send({ v, type: 'ready', pid });
  return (m: ToWorker) => {
    if (m.type === 'cancel') {
      cancelled.add(m.jobId);
      return;
    }
    const { jobId } = m;
    if (m.type === 'run-study') {
      queue = queue.then(async () =>
        (await import('./study-jobs.ts')).runStudyJob(m.request, (s) => {
          if (s.type === 'progress') {
            // All of it: the counts, the clock and the study's own detail (a match's tally, a solve's window).
            const { type: _, ...progress } = s;
            send({ v, type: 'study-progress', jobId, progress });
          } else if (s.type === 'result') send({ v, type: 'study-result', jobId, result: s.result, ms: s.ms });
          else send({ v, type: 'error', jobId, message: s.message, range: s.range });
        }),
      );
      return;
    }
    const { spec, tree } = m;
    queue = queue.then(async () => {
      if (cancelled.has(jobId)) {
        send({ v, type: 'cancelled', jobId });
        return;
      }
      try {
        await runTree(
          spec,
          tree,
          (line) => send({ v, type: 'line', jobId, line }),
          () => cancelled.has(jobId),
        );
        send({ v, type: 'done', jobId });
      } catch (e) {
        if (e instanceof CancelledError) send({ v, type: 'cancelled', jobId });
        else send({ v, type: 'error', jobId, message: e instanceof Error ? e.message : String(e) });
      } finally {
        cancelled.delete(jobId);
      }
    });
  };
}
