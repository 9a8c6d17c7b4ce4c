/**
 * Messages between the run host and its workers (utility processes, Node child processes or Web
 * Workers). Two job kinds: a tree of an experiment (`run-tree`, the job pool's jobs) and a Studies
 * computation (`run-study`). Frames carry a version so a stale worker is detected instead of misread.
 * Plain JSON-able objects only (structured clone / IPC serialisation).
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import type { StudyRequest, StudyResult } from '../studies/registry.ts';
import type { StudyProgress } from '../studies/study-descriptor.ts';

/** The version every frame carries; senders write this constant, receivers drop other versions. */
export const PROTOCOL_VERSION = 1;
type V = typeof PROTOCOL_VERSION;

export type ToWorker =
  | { v: V; type: 'run-tree'; jobId: number; spec: ExperimentSpec; tree: number }
  | { v: V; type: 'run-study'; jobId: number; request: StudyRequest }
  | { v: V; type: 'cancel'; jobId: number };

export type FromWorker =
  | { v: V; type: 'ready'; pid: number | null }
  | { v: V; type: 'line'; jobId: number; line: ResultLine }
  | { v: V; type: 'study-progress'; jobId: number; progress: StudyProgress }
  /** `ms`: the work's duration as the job measured it (./study-jobs.ts) */
  | { v: V; type: 'study-result'; jobId: number; result: StudyResult; ms: number }
  | { v: V; type: 'done'; jobId: number }
  | { v: V; type: 'cancelled'; jobId: number }
  /** `range`: bad input (a RangeError naming the field), not a failure of the computation */
  | { v: V; type: 'error'; jobId: number; message: string; range?: boolean };

export function isFromWorker(m: unknown): m is FromWorker {
  return (
    typeof m === 'object' &&
    m !== null &&
    (m as { v?: unknown }).v === PROTOCOL_VERSION &&
    typeof (m as { type?: unknown }).type === 'string'
  );
}
