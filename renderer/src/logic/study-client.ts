/**
 * Starting a Studies computation in its own Web Worker (./study-worker.ts): the promise settles with
 * the result or the error message; `cancel()` terminates the worker at once (the computations are
 * synchronous loops, so there is nothing cooperative to wait for) and rejects with StudyCancelled.
 */
import type { StudyMessage, StudyRequest, StudyResult } from './study-jobs.ts';

export class StudyCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface StudyHandle<K extends StudyResult['kind']> {
  done: Promise<Extract<StudyResult, { kind: K }>>;
  cancel(): void;
}

export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () => new Worker(new URL('./study-worker.ts', import.meta.url), { type: 'module', name: 'gtlab-study' });

export function startStudy<R extends StudyRequest>(
  req: R,
  onProgress?: (m: Extract<StudyMessage, { type: 'progress' }>) => void,
  factory: WorkerFactory = defaultFactory,
): StudyHandle<R['kind']> {
  const worker = factory();
  let settle: { resolve(r: StudyResult): void; reject(e: Error): void } | null = null;
  const done = new Promise<StudyResult>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = (f: (s: NonNullable<typeof settle>) => void) => {
    const s = settle;
    settle = null;
    worker.terminate();
    if (s) f(s);
  };
  worker.onmessage = (e: MessageEvent<StudyMessage>) => {
    const m = e.data;
    if (m.type === 'progress') {
      if (settle) onProgress?.(m);
    } else if (m.type === 'result') finish((s) => s.resolve(m.result));
    else finish((s) => s.reject(m.range ? new RangeError(m.message) : new Error(m.message)));
  };
  worker.onerror = (ev) => {
    ev.preventDefault();
    finish((s) => s.reject(new Error(`the study worker failed: ${ev.message || 'script error'}`)));
  };
  worker.postMessage(req);
  return {
    done: done as StudyHandle<R['kind']>['done'],
    cancel: () => finish((s) => s.reject(new StudyCancelled())),
  };
}
