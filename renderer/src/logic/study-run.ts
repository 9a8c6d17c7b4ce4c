/**
 * The one composable for a Studies computation (`useStudy()` in a component's setup): start a request
 * on the host (its own worker: a utility process in the app, a Web Worker in the browser), follow its
 * progress, cancel it (also when the component unmounts). `run()` resolves with the result, or null
 * when the study was cancelled or failed (then `error` holds the message); `ms` is then the completed
 * study's duration as its job measured it (the number History keeps). Starting again cancels a study
 * still running.
 */
import { onBeforeUnmount, ref, shallowRef } from 'vue';
import type { StudyEvent } from '../../../shared/api/contract.ts';
import type { StudyRequest, StudyResult } from '../../../shared/studies/registry.ts';
import type { StudyProgress } from '../../../shared/studies/study-descriptor.ts';
import { platform } from '../platform/index.ts';

type Handler = (e: StudyEvent) => void;
const handlers = new Map<string, Handler>();
/** events of a study whose start has not resolved yet (a fast worker may answer first) */
const early = new Map<string, StudyEvent[]>();
let pendingStarts = 0;
let subscribed = false;

function dispatch(e: StudyEvent): void {
  const h = handlers.get(e.studyId);
  if (h) h(e);
  else if (pendingStarts > 0) early.set(e.studyId, [...(early.get(e.studyId) ?? []), e]);
}

async function startOnHost(req: StudyRequest, h: Handler): Promise<string> {
  if (!subscribed) {
    platform().onStudyEvent(dispatch);
    subscribed = true;
  }
  pendingStarts++;
  try {
    const id = await platform().startStudy(req);
    handlers.set(id, h);
    for (const e of early.get(id) ?? []) h(e);
    early.delete(id);
    return id;
  } finally {
    if (--pendingStarts === 0) early.clear();
  }
}

export type StudyStatus = 'idle' | 'running' | 'completed' | 'cancelled' | 'failed';

export function useStudy() {
  const status = ref<StudyStatus>('idle');
  const running = ref(false);
  const progress = shallowRef<StudyProgress | null>(null);
  const error = ref<string | null>(null);
  /** the last completed study's duration in ms (its job's stopwatch), null until one completes */
  const ms = ref<number | null>(null);
  let current: { id: string | null; settle(r: StudyResult | null): void } | null = null;

  function end(s: StudyStatus, result: StudyResult | null): void {
    const c = current;
    if (!c) return;
    current = null;
    if (c.id !== null) handlers.delete(c.id);
    status.value = s;
    running.value = false;
    progress.value = null;
    c.settle(result);
  }

  /** Start `req`; `onProgress` sees every progress event (trees, samples or games so far). */
  function run<R extends StudyRequest>(
    req: R,
    onProgress?: (p: StudyProgress) => void,
  ): Promise<Extract<StudyResult, { kind: R['kind'] }> | null> {
    cancel();
    error.value = null;
    status.value = 'running';
    running.value = true;
    progress.value = null;
    ms.value = null;
    return new Promise((resolve) => {
      const mine = {
        id: null as string | null,
        settle: (r: StudyResult | null) => resolve(r as Extract<StudyResult, { kind: R['kind'] }> | null),
      };
      current = mine;
      startOnHost(req, (e) => {
        if (current !== mine) return;
        if (e.type === 'progress') {
          progress.value = e.progress;
          onProgress?.(e.progress);
        } else if (e.type === 'finished') {
          ms.value = e.ms;
          end('completed', e.result);
        } else if (e.type === 'cancelled') end('cancelled', null);
        else {
          error.value = e.message;
          end('failed', null);
        }
      }).then(
        (id) => {
          if (current === mine) mine.id = id;
          else void platform().cancelStudy(id); // cancelled while starting
        },
        (e: unknown) => {
          if (current !== mine) return;
          error.value = e instanceof Error ? e.message : String(e);
          end('failed', null);
        },
      );
    });
  }

  /** Stop the running study at once (nothing to wait for: its worker is killed). */
  function cancel(): void {
    const id = current?.id ?? null;
    end('cancelled', null);
    if (id !== null) void platform().cancelStudy(id);
  }

  onBeforeUnmount(cancel);
  return { run, cancel, status, running, progress, error, ms };
}
