/** A worker handle with no process behind it, for tests that need exact control of messages and exits. */
import type { WorkerExit, WorkerHandle } from '../../shared/jobs/job-pool.ts';
import { PROTOCOL_VERSION, type ToWorker } from '../../shared/jobs/protocol.ts';

export class FakeWorker implements WorkerHandle {
  msg: ((m: unknown) => void) | null = null;
  exit: ((e: WorkerExit) => void) | null = null;
  sent: ToWorker[] = [];
  killed = false;
  postMessage(m: ToWorker): void {
    this.sent.push(m);
  }
  onMessage(cb: (m: unknown) => void): void {
    this.msg = cb;
  }
  onExit(cb: (e: WorkerExit) => void): void {
    this.exit = cb;
  }
  /** killed: the exit follows, as a process's would */
  kill(): void {
    this.killed = true;
    queueMicrotask(() => this.exit?.({ code: null, signal: 'SIGKILL' }));
  }
  ready(): void {
    this.msg?.({ v: PROTOCOL_VERSION, type: 'ready', pid: 1 });
  }
  crash(code = 1): void {
    this.exit?.({ code });
  }
  /** a frame of job 1 from the worker */
  send(m: Record<string, unknown>): void {
    this.msg?.({ v: PROTOCOL_VERSION, jobId: 1, ...m });
  }
}

/** A spawner of fake workers, each kept in spawn order. */
export function fakeWorkers(): { spawn: () => FakeWorker; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const spawn = () => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  };
  return { spawn, workers };
}
