/**
 * The Studies tab's long computations (../studies/registry.ts) as one message-in, messages-out function:
 * the worker loop (./worker-core.ts) runs it for the run host's study jobs, in a worker of its own
 * (utility process in the app, Web Worker in the browser), and the tests run it directly.
 */
import { studyDescriptor, type StudyRequest, type StudyResult } from '../studies/registry.ts';
import type { StudyProgress } from '../studies/study-descriptor.ts';
import { Stopwatch } from '../util/stopwatch.ts';

export type StudyMessage =
  | ({ type: 'progress' } & StudyProgress)
  /** `ms`: the work's duration on the job's stopwatch (the one the result, History and the view show) */
  | { type: 'result'; result: StudyResult; ms: number }
  /** `range`: bad input (a RangeError naming the field), not a failure of the computation */
  | { type: 'error'; message: string; range: boolean };

/** Progress at most every `ms` (the page repaints anyway; more messages only cost the main thread). */
function throttled(post: (m: StudyMessage) => void, ms: number): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    const now = performance.now();
    if (done === total || now - last >= ms) {
      last = now;
      post({ type: 'progress', done, total });
    }
  };
}

/**
 * Runs one request to its end: progress messages, then exactly one result or error message. The work's
 * duration is measured here, once: the stopwatch starts before the study's run and is stopped by the
 * study at the end of its work or, at the latest, when its run returns. `now` is its clock (default
 * performance.now; tests give a fake one).
 */
export function runStudyJob(req: StudyRequest, post: (m: StudyMessage) => void, now?: () => number): void {
  try {
    const d = studyDescriptor(req.kind);
    const watch = new Stopwatch(now);
    const result = d.run(req, {
      progress: throttled(post, 100),
      report: (p) => post({ type: 'progress', ...p }),
      watch,
    });
    post({ type: 'result', result, ms: watch.stop() });
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e), range: e instanceof RangeError });
  }
}
