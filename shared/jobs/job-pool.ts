/**
 * A pool of long-lived workers running experiment jobs (one tree of a spec each) from a FIFO queue.
 * Host-independent: it only needs `spawn()` returning a WorkerHandle, so the Electron main process
 * (utility processes), the CLI (Node child processes), tests and the browser (Web Workers) share it.
 *
 * The worker's exit event is the source of truth: a worker that dies mid-job fails that job with the
 * reason and is respawned; other jobs are unaffected. Cancel is cooperative first (a message the
 * runner sees between steps), then kill + respawn after a grace period. A worker may be gone before
 * its exit event arrives (killed by a signal, its channel closed): a message it cannot take is
 * dropped, never thrown, and that exit event settles its job. A circuit breaker stops respawning
 * when workers keep crashing, failing the queue with the reason instead of looping.
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import type { JobCallbacks, TreeJobs } from '../experiments/run-experiment.ts';
import { isFromWorker, PROTOCOL_VERSION, type FromWorker, type ToWorker } from './protocol.ts';

export interface WorkerExit {
  code: number | null;
  signal?: string | null;
}

export interface WorkerHandle {
  postMessage(m: ToWorker): void;
  onMessage(cb: (m: unknown) => void): void;
  onExit(cb: (e: WorkerExit) => void): void;
  kill(): void;
}

export type SpawnWorker = () => WorkerHandle;

export interface PoolOptions {
  size: number;
  /** time a running job gets to stop after a cancel before its worker is killed */
  cancelGraceMs?: number;
  /** circuit breaker: this many unexpected worker exits within crashWindowMs stop respawning */
  maxCrashes?: number;
  crashWindowMs?: number;
}

interface Job {
  id: number;
  spec: ExperimentSpec;
  tree: number;
  cb: JobCallbacks;
  slot: Slot | null;
  cancelRequested: boolean;
  killTimer: ReturnType<typeof setTimeout> | null;
}

interface Slot {
  handle: WorkerHandle;
  ready: boolean;
  alive: boolean;
  job: Job | null;
  killedForCancel: boolean;
}

export class JobPool implements TreeJobs {
  private readonly queue: Job[] = [];
  private readonly slots: Slot[] = [];
  private readonly jobs = new Map<number, Job>();
  private readonly crashes: number[] = [];
  private nextId = 1;
  private closed = false;
  private breakerReason: string | null = null;
  readonly size: number;
  private readonly graceMs: number;
  private readonly maxCrashes: number;
  private readonly crashWindowMs: number;

  constructor(
    private readonly spawn: SpawnWorker,
    opts: PoolOptions,
  ) {
    if (!Number.isInteger(opts.size) || opts.size < 1 || opts.size > 256) {
      throw new RangeError(`workers = ${opts.size} is not allowed: it must be an integer in [1..256]`);
    }
    this.size = opts.size;
    this.graceMs = opts.cancelGraceMs ?? 500;
    this.maxCrashes = opts.maxCrashes ?? 5;
    this.crashWindowMs = opts.crashWindowMs ?? 30_000;
    for (let i = 0; i < this.size; i++) this.slots.push(this.start());
  }

  /** Queue tree `tree` of `spec`; returns the job id. */
  submit(spec: ExperimentSpec, tree: number, cb: JobCallbacks): number {
    if (this.closed) throw new Error('the job pool is closed');
    const job: Job = { id: this.nextId++, spec, tree, cb, slot: null, cancelRequested: false, killTimer: null };
    this.jobs.set(job.id, job);
    if (this.breakerReason !== null) {
      this.finish(job);
      job.cb.onFailed(this.breakerReason);
      return job.id;
    }
    this.queue.push(job);
    this.dispatch();
    return job.id;
  }

  /** Cancel a job: a queued one at once, a running one cooperatively, then by killing its worker. */
  cancel(id: number): void {
    const job = this.jobs.get(id);
    if (!job || job.cancelRequested) return;
    job.cancelRequested = true;
    // From the end: a whole run is cancelled newest first, so each queued job is found at once.
    const q = this.queue.lastIndexOf(job);
    if (q >= 0) {
      this.queue.splice(q, 1);
      this.finish(job);
      job.cb.onCancelled();
      return;
    }
    const slot = job.slot;
    if (!slot) return;
    post(slot, { v: PROTOCOL_VERSION, type: 'cancel', jobId: id });
    job.killTimer = setTimeout(() => {
      if (slot.job === job && slot.alive) {
        slot.killedForCancel = true;
        kill(slot);
      }
    }, this.graceMs);
  }

  /** Stop all workers; queued and running jobs are cancelled. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const job of [...this.jobs.values()]) {
      this.finish(job);
      job.cb.onCancelled();
    }
    this.queue.length = 0;
    for (const s of this.slots) if (s.alive) kill(s);
  }

  private start(): Slot {
    const slot: Slot = { handle: this.spawn(), ready: false, alive: true, job: null, killedForCancel: false };
    slot.handle.onMessage((m) => this.onMessage(slot, m));
    slot.handle.onExit((e) => this.onExit(slot, e));
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.alive || !slot.ready || slot.job) continue;
      const job = this.queue.shift()!;
      if (!post(slot, { v: PROTOCOL_VERSION, type: 'run-tree', jobId: job.id, spec: job.spec, tree: job.tree })) {
        this.queue.unshift(job); // the worker is gone: the job waits for its replacement
        slot.ready = false;
        continue;
      }
      job.slot = slot;
      slot.job = job;
    }
  }

  private onMessage(slot: Slot, raw: unknown): void {
    if (!isFromWorker(raw)) return; // not ours (or a stale protocol): ignore rather than misread
    const m: FromWorker = raw;
    if (m.type === 'ready') {
      slot.ready = true;
      this.dispatch();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== m.jobId) return; // a late message of a job already settled
    switch (m.type) {
      case 'line':
        job.cb.onLine(m.line);
        return;
      case 'done':
        this.release(slot, job);
        job.cb.onDone();
        return;
      case 'cancelled':
        this.release(slot, job);
        job.cb.onCancelled();
        return;
      case 'error':
        this.release(slot, job);
        job.cb.onFailed(m.message);
        return;
    }
  }

  private onExit(slot: Slot, e: WorkerExit): void {
    slot.alive = false;
    const job = slot.job;
    slot.job = null;
    const how = `code ${e.code ?? 'none'}${e.signal ? `, signal ${e.signal}` : ''}`;
    if (job) {
      this.finish(job);
      if (slot.killedForCancel || job.cancelRequested)
        job.cb.onCancelled(); // a worker gone while its job was being cancelled
      else job.cb.onFailed(`the worker process exited (${how}) while running tree ${job.tree}`);
    }
    if (this.closed) return;
    if (!slot.killedForCancel) {
      const now = Date.now();
      this.crashes.push(now);
      while (this.crashes.length > 0 && now - this.crashes[0] > this.crashWindowMs) this.crashes.shift();
      if (this.crashes.length >= this.maxCrashes) {
        this.breakerReason = `workers keep crashing (${this.crashes.length} exits within ${this.crashWindowMs / 1000} s, last ${how}); not restarting them`;
        for (const q of this.queue.splice(0)) {
          this.finish(q);
          q.cb.onFailed(this.breakerReason);
        }
        return;
      }
    }
    const i = this.slots.indexOf(slot);
    this.slots[i] = this.start();
  }

  private release(slot: Slot, job: Job): void {
    slot.job = null;
    this.finish(job);
    this.dispatch();
  }

  private finish(job: Job): void {
    if (job.killTimer) clearTimeout(job.killTimer);
    job.killTimer = null;
    job.slot = null;
    this.jobs.delete(job.id);
  }
}

/** Send to a worker; false if it is gone (its exit event is on its way and settles its job). */
function post(slot: Slot, m: ToWorker): boolean {
  try {
    slot.handle.postMessage(m);
    return true;
  } catch {
    return false;
  }
}

/** Kill a worker that may have exited already (its exit event settles its job). */
function kill(slot: Slot): void {
  try {
    slot.handle.kill();
  } catch {
    // gone already
  }
}
