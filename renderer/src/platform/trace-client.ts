/**
 * The page's side of ./trace-worker.ts: one worker, one trace at a time. Asking for another trace (or
 * `cancel`) terminates a build in progress, so turning the tree or depth spinner never queues work.
 */
import type { ExperimentSpec } from '../../../shared/experiments/spec.ts';
import type { TraceTree } from '../../../shared/trace/trace-tree.ts';

export interface TraceRequest {
  id: number;
  spec: ExperimentSpec;
  tree: number;
  depth: number;
  focus: number[];
}
export type TraceReply = { id: number; trace: TraceTree } | { id: number; error: string };

let worker: Worker | null = null;
let pending: { id: number; reject: (e: Error) => void } | null = null;
let nextId = 1;

export class TraceCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'TraceCancelled';
  }
}

/** Stop the build in progress, if any (its promise rejects with TraceCancelled). */
export function cancelTrace(): void {
  if (pending === null) return;
  worker?.terminate();
  worker = null;
  pending.reject(new TraceCancelled());
  pending = null;
}

/** The trace of a run's tree at a depth, holding the subtree of `focus` (a path of moves) deepest. */
export function requestTrace(
  spec: ExperimentSpec,
  tree: number,
  depth: number,
  focus: readonly number[] = [],
): Promise<TraceTree> {
  cancelTrace();
  const w = (worker ??= new Worker(new URL('./trace-worker.ts', import.meta.url), {
    type: 'module',
    name: 'gtlab-trace',
  }));
  const id = nextId++;
  return new Promise<TraceTree>((resolve, reject) => {
    pending = { id, reject };
    w.onmessage = (e: MessageEvent<TraceReply>) => {
      if (pending?.id !== e.data.id) return;
      pending = null;
      if ('error' in e.data) reject(new Error(e.data.error));
      else resolve(e.data.trace);
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      if (pending?.id !== id) return;
      pending = null;
      worker = null;
      reject(new Error(`the trace worker failed: ${ev.message || 'script error'}`));
    };
    // A plain copy: the spec may be a reactive proxy, which structured clone refuses.
    w.postMessage({
      id,
      spec: JSON.parse(JSON.stringify(spec)) as ExperimentSpec,
      tree,
      depth,
      focus: [...focus],
    } satisfies TraceRequest);
  });
}
