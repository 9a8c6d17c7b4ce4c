/**
 * The run host's second job kind: Studies computations (Li's tables and Monte-Carlo checks, Tables
 * 5.1-5.3, Connect-Four, match play, pathology). Each study gets a fresh worker of its own from the
 * same spawner as the tree jobs (utility process, child process or Web Worker) and keeps it until it
 * settles; the computations are synchronous loops, so cancel kills the worker at once. Progress is
 * throttled by the run events' GapTimer (the latest at most once per `gapMs`, sent before the study's end).
 */
import type { StudyEvent } from '../api/contract.ts';
import type { SpawnWorker, WorkerHandle } from '../jobs/job-pool.ts';
import { isFromWorker, PROTOCOL_VERSION } from '../jobs/protocol.ts';
import type { StudyRequest } from '../studies/registry.ts';
import type { StudyProgress } from '../studies/study-descriptor.ts';
import { GapTimer } from './gap-timer.ts';

/** Studies running at once (each is a process in the app): the Studies tab needs two at most. */
export const MAX_STUDIES = 4;

interface Study {
  worker: WorkerHandle;
  settled: boolean;
  /** the latest progress not sent yet */
  progress: StudyProgress | null;
  gap: GapTimer;
}

export class StudyRunner {
  private readonly studies = new Map<string, Study>();
  private counter = 0;

  constructor(
    private readonly spawn: SpawnWorker,
    private readonly emit: (e: StudyEvent) => void,
    private readonly gapMs: number,
  ) {}

  /** Start a (validated) request on a new worker; events follow under the returned id. */
  start(request: StudyRequest): string {
    if (this.studies.size >= MAX_STUDIES)
      throw new RangeError(`${MAX_STUDIES} studies are running: cancel one before starting another`);
    const studyId = `study-${++this.counter}`;
    const worker = this.spawn();
    const s: Study = {
      worker,
      settled: false,
      progress: null,
      gap: new GapTimer(this.gapMs, () => {
        if (s.progress) this.emit({ studyId, type: 'progress', progress: s.progress });
        s.progress = null;
      }),
    };
    this.studies.set(studyId, s);
    const settle = (e: StudyEvent) => {
      if (s.settled) return;
      this.stop(studyId, s);
      this.emit(e);
    };
    worker.onMessage((raw) => {
      if (!isFromWorker(raw) || s.settled) return;
      if (raw.type === 'ready') worker.postMessage({ v: PROTOCOL_VERSION, type: 'run-study', jobId: 1, request });
      else if (raw.type === 'study-progress') {
        s.progress = raw.progress;
        s.gap.schedule();
      } else if (raw.type === 'study-result') settle({ studyId, type: 'finished', result: raw.result, ms: raw.ms });
      else if (raw.type === 'error')
        settle({ studyId, type: 'failed', message: raw.message, range: raw.range === true });
    });
    worker.onExit((e) =>
      settle({
        studyId,
        type: 'failed',
        range: false,
        message: `the study worker exited (code ${e.code ?? 'none'}${e.signal ? `, signal ${e.signal}` : ''})`,
      }),
    );
    return studyId;
  }

  /** Stop a study at once (its worker is killed); unknown or settled ids are ignored. */
  cancel(studyId: string): void {
    const s = this.studies.get(studyId);
    if (!s || s.settled) return;
    this.stop(studyId, s);
    this.emit({ studyId, type: 'cancelled' });
  }

  close(): void {
    for (const id of [...this.studies.keys()]) this.cancel(id);
  }

  /** Settle: the worker is killed, pending progress goes out first. */
  private stop(studyId: string, s: Study): void {
    s.gap.flush();
    s.settled = true;
    this.studies.delete(studyId);
    s.worker.kill();
  }
}
