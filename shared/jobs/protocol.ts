/**
 * Messages between a job pool and its workers (utility processes, Node child processes or Web
 * Workers). Frames carry a version so a stale worker is detected instead of misread. Plain JSON-able
 * objects only (structured clone / IPC serialisation).
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import type { ResultLine } from '../experiments/run-tree.ts';

export const PROTOCOL_VERSION = 1;

export type ToWorker =
  | { v: 1; type: 'run-tree'; jobId: number; spec: ExperimentSpec; tree: number }
  | { v: 1; type: 'cancel'; jobId: number }
  /** test hook: make the worker hang in a busy loop (to test kill after the grace period) */
  | { v: 1; type: 'hang'; jobId: number; ms: number };

export type FromWorker =
  | { v: 1; type: 'ready'; pid: number | null }
  | { v: 1; type: 'line'; jobId: number; line: ResultLine }
  | { v: 1; type: 'done'; jobId: number }
  | { v: 1; type: 'cancelled'; jobId: number }
  | { v: 1; type: 'error'; jobId: number; message: string };

export function isFromWorker(m: unknown): m is FromWorker {
  return typeof m === 'object' && m !== null && (m as { v?: unknown }).v === PROTOCOL_VERSION && typeof (m as { type?: unknown }).type === 'string';
}
