/**
 * The run host: everything between "start this spec" and the windows' run events, written once for
 * the desktop app (node/run-manager.ts: run folders, utility processes) and the browser
 * (renderer/src/platform/web-host.ts: IndexedDB, Web Workers). Over two ports, a RunStore and a
 * worker spawner, it owns the queue (one run at a time, each split per tree over one pool of
 * long-lived workers), the throttling of events, the progress and completeness rules
 * (./run-rules.ts), cancel of queued and running runs, resume of stopped ones, and Studies as a
 * second job kind (./study-runner.ts), each completed study kept in a StudyStore (./study-store.ts).
 */
import type {
  ImportResult,
  RunData,
  RunEvent,
  RunListing,
  StudyEvent,
  StudyListing,
  StudyRecord,
} from '../api/contract.ts';
import {
  describeIssues,
  RUN_ID_PATTERN,
  RunNotesSchema,
  StartOptionsSchema,
  StudyRequestSchema,
} from '../api/ipc-schemas.ts';
import { ExperimentRun, type RunOutcome, type RunProgress } from '../experiments/run-experiment.ts';
import { parseSpec, seriesLabel, type ExperimentSpec } from '../experiments/spec.ts';
import { JobPool, type SpawnWorker } from '../jobs/job-pool.ts';
import type { StudyRequest, StudyResult } from '../studies/registry.ts';
import { GENERATOR } from '../version.ts';
import { RunEventThrottle } from './run-event-throttle.ts';
import { completeTrees, runIdCandidate, shownStatus } from './run-rules.ts';
import { readRunFolderFiles, type FolderFile } from './run-folder-files.ts';
import type { RunStore } from './run-store.ts';
import { StudyRunner } from './study-runner.ts';
import { byFinishedDesc, replacesKept, STUDY_RECORD_ID_PATTERN, studyListing, type StudyStore } from './study-store.ts';

export interface RunHostOptions {
  store: RunStore;
  spawn: SpawnWorker;
  /** size of the pool of tree workers */
  workers: number;
  emit: (e: RunEvent) => void;
  emitStudy?: (e: StudyEvent) => void;
  /** where completed studies are kept (none: studies are not kept) */
  studies?: StudyStore;
  /** at most this many lines/progress events per run and second (default 30) */
  maxEventsPerSecond?: number;
  cancelGraceMs?: number;
  /**
   * keep a live run's lines in memory for openRun (default true: windows open live runs); a host that
   * only writes them to its store (`gtlab run`) sets false, so a long run's memory does not grow
   */
  keepLines?: boolean;
}

interface LiveRun {
  data: RunData;
  spec: ExperimentSpec;
  /** trees a resumed run already has */
  skip: ReadonlySet<number>;
  throttle: RunEventThrottle;
  runner: ExperimentRun | null;
  cancelRequested: boolean;
  /** the status a cancel records: 'interrupted' when a scheduler, not a person, stopped the run */
  stoppedAs: 'cancelled' | 'interrupted';
  /** why the store refused the run's writes (a full disk): the run stops and ends "failed" */
  storeFailure?: string;
}

/** Progress before any job ran: the skipped trees of a resumed run count as done, `cancelled` the rest. */
const noProgress = (live: LiveRun, cancelled = false): RunProgress => ({
  treesTotal: live.spec.trees,
  treesDone: live.skip.size,
  treesFailed: 0,
  treesCancelled: cancelled ? live.spec.trees - live.skip.size : 0,
  treesSkipped: live.skip.size,
  elapsedMs: 0,
  etaMs: null,
});

export class RunHost {
  private readonly live = new Map<string, LiveRun>();
  private readonly queue: LiveRun[] = [];
  private readonly reserved = new Set<string>();
  /** ids whose resume is between its checks and its queueing */
  private readonly resuming = new Set<string>();
  private readonly studies: StudyRunner;
  /** running studies: their requests and when they started, for the record kept when they finish */
  private readonly studyStarts = new Map<string, { request: StudyRequest; createdAt: Date }>();
  private readonly reservedStudyIds = new Set<string>();
  private active: LiveRun | null = null;
  private pool: JobPool | null = null;
  private closed = false;
  /** the pool size of the next run */
  private workers: number;

  constructor(private readonly o: RunHostOptions) {
    this.workers = o.workers;
    this.studies = new StudyRunner(o.spawn, (e) => this.onStudyEvent(e), this.gapMs);
  }

  private get gapMs(): number {
    return 1000 / (this.o.maxEventsPerSecond ?? 30);
  }

  /**
   * Validate a spec, store the run as queued and queue it; resolves with its id before it starts.
   * `workers` sets the pool's size from this run on (resumes included); default: as before.
   */
  async startRun(input: unknown, options: unknown = {}): Promise<string> {
    const spec = parseSpec(input); // throws SpecError naming the fields
    const opts = StartOptionsSchema.safeParse(options);
    if (!opts.success) throw new RangeError(describeIssues(opts.error, 'run options'));
    if (this.closed) throw new Error('the run host is closed');
    if (opts.data.workers !== undefined) this.workers = opts.data.workers;
    const id = await this.newId(spec.name);
    const data: RunData = {
      id,
      spec,
      status: 'queued',
      createdAt: new Date().toISOString(),
      generator: GENERATOR,
      lines: [],
      failures: [],
    };
    await this.o.store.create(data, this.workers);
    this.enqueue(data, new Set());
    return id;
  }

  /**
   * Keep a finished (or stopped) run computed elsewhere — a CLI run folder, a cluster's merged shards —
   * in the store beside the host's own runs: a new id, its lines, its status (a stopped one can be resumed).
   */
  async importRun(run: Omit<RunData, 'id'>): Promise<string> {
    if (this.closed) throw new Error('the run host is closed');
    const id = await this.newId(run.spec.name);
    const data: RunData = { ...run, id };
    await this.o.store.create({ ...data, status: 'queued', lines: [] }, this.workers);
    for (const l of run.lines) this.o.store.append(id, l);
    await this.o.store.update(data, true);
    return id;
  }

  /** The runs of a results folder's files (shared/host/run-folder-files.ts), each kept as above. */
  async importRunFolder(files: readonly FolderFile[]): Promise<ImportResult> {
    const folder = readRunFolderFiles(files);
    const runs: ImportResult['runs'] = [];
    for (const r of folder.runs) runs.push({ id: await this.importRun(r.run), at: r.at });
    return { runs, sweep: folder.sweep, notices: folder.notices };
  }

  /**
   * Queue a stored run that stopped (interrupted, cancelled or failed) again: its complete trees are
   * kept and skipped, the others run (tree i is generated from (seed, i), so the numbers are those of
   * an uninterrupted run).
   */
  async resumeRun(id: string): Promise<void> {
    if (this.closed) throw new Error('the run host is closed');
    const live = this.live.get(id);
    if (live) throw new RangeError(`run "${id}" is ${live.data.status}: only a run that stopped can be resumed`);
    if (this.resuming.has(id)) throw new RangeError(`run "${id}" is being resumed already`);
    this.resuming.add(id);
    try {
      const stored = RUN_ID_PATTERN.test(id) ? await this.o.store.reopen(id) : null;
      if (!stored) throw this.notARun(id);
      if (stored.status === 'completed') throw new RangeError(`run "${id}" is completed: nothing to resume`);
      const data: RunData = { ...stored, status: 'queued', failures: [] }; // as in runOpened
      await this.o.store.update(data, false);
      this.enqueue(data, completeTrees(data.spec, data.lines));
    } finally {
      this.resuming.delete(id);
    }
  }

  /**
   * Queue a run its store holds open already under `id` (`gtlab run` on its one folder: new, resumed or
   * a shard), the trees in `skip` counting as done: a resumed run's complete trees, and for a shard
   * every tree of the other shards.
   */
  async runOpened(id: string, skip: ReadonlySet<number>): Promise<void> {
    if (this.closed) throw new Error('the run host is closed');
    if (this.live.has(id)) throw new RangeError(`run "${id}" is live already`);
    const stored = await this.o.store.reopen(id);
    if (!stored) throw this.notARun(id);
    // The failures of an earlier attempt are not carried: its failed trees run again, and a run-level
    // failure (outputs a full disk refused) is what this attempt repairs.
    this.enqueue({ ...stored, status: 'queued', failures: [] }, skip);
  }

  /**
   * Cancel a queued run at once, a running one through its jobs; a finished run is left as it is.
   * `as`: the status recorded, 'interrupted' when a scheduler stopped it (it is resumed the same way).
   */
  async cancelRun(id: string, as: 'cancelled' | 'interrupted' = 'cancelled'): Promise<void> {
    const live = this.live.get(id);
    if (!live) {
      if (RUN_ID_PATTERN.test(id) && (await this.o.store.has(id))) return;
      throw this.notARun(id);
    }
    if (live.cancelRequested) return;
    live.cancelRequested = true;
    live.stoppedAs = as;
    const q = this.queue.indexOf(live);
    if (q >= 0) {
      this.queue.splice(q, 1);
      await this.finish(live, { status: 'cancelled', failures: [], progress: noProgress(live, true) });
      return;
    }
    live.runner?.cancel();
  }

  /** Stored and live runs, newest first; "trees done" counts trees with a line at every depth. */
  async listRuns(): Promise<RunListing[]> {
    const all = new Map((await this.o.store.list()).map((r) => [r.id, r]));
    for (const [id, live] of this.live) all.set(id, live.data);
    return [...all.values()]
      .map((r) => ({
        id: r.id,
        name: r.spec.name,
        seed: r.spec.seed,
        createdAt: r.createdAt,
        finishedAt: r.finishedAt ?? null,
        trees: r.spec.trees,
        status: shownStatus(r.status, this.live.has(r.id)),
        treesDone: completeTrees(r.spec, r.lines).size,
        model: r.spec.model.kind,
        depth: r.spec.depth,
        series: r.spec.series.map(seriesLabel),
        notes: r.notes ?? {},
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Delete a stored run that is not queued or running (its lines and files with it). */
  async deleteRun(id: string): Promise<void> {
    const live = this.live.get(id);
    if (live) throw new RangeError(`run "${id}" is ${live.data.status}: cancel it before deleting it`);
    if (!RUN_ID_PATTERN.test(id) || !(await this.o.store.has(id))) throw this.notARun(id);
    await this.o.store.remove(id);
  }

  /** Set a run's title, notes and tags (validated: the field and what is allowed are named). */
  async annotateRun(id: string, input: unknown): Promise<void> {
    const r = RunNotesSchema.safeParse(input);
    if (!r.success) throw new RangeError(describeIssues(r.error, 'run notes'));
    const live = this.live.get(id);
    if (!live && (!RUN_ID_PATTERN.test(id) || !(await this.o.store.has(id)))) throw this.notARun(id);
    if (live) live.data.notes = r.data;
    await this.o.store.annotate(id, r.data);
  }

  /** A run with every line so far (a live run's lines as received). */
  async openRun(id: string): Promise<RunData> {
    const live = this.live.get(id);
    if (live) return { ...live.data, lines: [...live.data.lines], failures: [...live.data.failures] };
    const r = RUN_ID_PATTERN.test(id) ? await this.o.store.open(id) : null;
    if (!r) throw this.notARun(id);
    return { ...r, status: shownStatus(r.status, false) };
  }

  /** Validate a Studies request and start it in a worker of its own; returns its id. */
  startStudy(input: unknown): string {
    const r = StudyRequestSchema.safeParse(input);
    if (!r.success) throw new RangeError(describeIssues(r.error, 'study request'));
    if (this.closed) throw new Error('the run host is closed');
    const createdAt = new Date();
    const id = this.studies.start(r.data);
    this.studyStarts.set(id, { request: r.data, createdAt });
    return id;
  }

  cancelStudy(studyId: string): void {
    this.studies.cancel(studyId);
  }

  /** The kept studies, the latest finished first. */
  async listStudies(): Promise<StudyListing[]> {
    return this.o.studies ? (await this.o.studies.list()).sort(byFinishedDesc).map(studyListing) : [];
  }

  /** A kept study with its request and result. */
  async openStudy(id: string): Promise<StudyRecord> {
    const r = STUDY_RECORD_ID_PATTERN.test(id) ? await this.o.studies?.open(id) : null;
    if (!r) throw this.notAStudy(id);
    return r;
  }

  async deleteStudy(id: string): Promise<void> {
    const store = this.o.studies;
    if (!store || !STUDY_RECORD_ID_PATTERN.test(id) || !(await store.has(id))) throw this.notAStudy(id);
    await store.remove(id);
  }

  /**
   * A study's events go out as they come, but a completed one is kept first: its record is stored and
   * `finished` then names it (or says why it could not be kept), so a window told of it finds it listed.
   */
  private onStudyEvent(e: StudyEvent): void {
    const emit = (x: StudyEvent) => this.o.emitStudy?.(x);
    if (e.type === 'progress') {
      emit(e);
      return;
    }
    const started = this.studyStarts.get(e.studyId);
    this.studyStarts.delete(e.studyId);
    if (e.type !== 'finished' || !started || !this.o.studies) {
      emit(e);
      return;
    }
    this.keepStudy(started, e.result, e.ms).then(
      (recordId) => emit({ ...e, recordId }),
      (err: unknown) =>
        emit({
          ...e,
          notKept: `the study could not be kept in ${this.o.studies!.where}: ${err instanceof Error ? err.message : String(err)}`,
        }),
    );
  }

  /** Keep a completed study: `ms` is the work's duration as its job measured it. */
  private async keepStudy(
    started: { request: StudyRequest; createdAt: Date },
    result: StudyResult,
    ms: number,
  ): Promise<string> {
    const store = this.o.studies!;
    const { request, createdAt } = started;
    const id = await this.newStudyId(request.kind, createdAt);
    const record: StudyRecord = {
      format: 'gtlab-study',
      version: 1,
      id,
      request,
      result,
      createdAt: createdAt.toISOString(),
      finishedAt: new Date().toISOString(),
      ms,
      generator: GENERATOR,
    };
    const replaced = (await store.list()).filter((k) => k.id !== id && replacesKept(request, k.request));
    await store.put(record);
    for (const k of replaced) await store.remove(k.id);
    return id;
  }

  private async newStudyId(kind: string, at: Date): Promise<string> {
    for (let k = 0; ; k++) {
      const id = runIdCandidate(kind, at, k);
      if (this.reservedStudyIds.has(id)) continue;
      this.reservedStudyIds.add(id); // before awaiting, so a study finishing at the same time cannot pick it too
      if (!(await this.o.studies!.has(id))) return id;
    }
  }

  private notAStudy(id: string): RangeError {
    return new RangeError(
      `study "${id}" does not exist: it is not a study kept in ${this.o.studies?.where ?? 'this host (it keeps no studies)'}`,
    );
  }

  /** Stop every worker (app quit, page unload, tests): queued and running runs end as cancelled. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const live of [...this.queue]) void this.cancelRun(live.data.id);
    this.active?.runner?.cancel();
    this.pool?.close();
    this.pool = null;
    this.studies.close();
  }

  private enqueue(data: RunData, skip: ReadonlySet<number>): void {
    const live: LiveRun = {
      data,
      spec: data.spec,
      skip,
      runner: null,
      cancelRequested: false,
      stoppedAs: 'cancelled',
      throttle: new RunEventThrottle(data.id, this.gapMs, this.o.emit),
    };
    this.live.set(data.id, live);
    this.queue.push(live);
    // Start on the next turn so the caller can subscribe to the run's events with its id first.
    setTimeout(() => this.next(), 0);
  }

  private notARun(id: string): RangeError {
    return new RangeError(`run "${id}" does not exist: it is not a run in ${this.o.store.where}`);
  }

  private async newId(name: string): Promise<string> {
    const at = new Date();
    for (let k = 0; ; k++) {
      const id = runIdCandidate(name, at, k);
      if (this.reserved.has(id)) continue;
      this.reserved.add(id); // before awaiting, so a concurrent start cannot pick it too
      if (!(await this.o.store.has(id))) return id;
    }
  }

  private next(): void {
    if (this.active || this.closed || this.queue.length === 0) return;
    const live = this.queue.shift()!;
    this.active = live;
    live.data.status = 'running';
    this.o.store.update(live.data, false).catch((e: unknown) => this.storeRefused(live, e));
    if (this.pool && this.pool.size !== this.workers) {
      this.pool.close(); // idle between runs: the next run gets the pool size asked for
      this.pool = null;
    }
    this.pool ??= new JobPool(this.o.spawn, { size: this.workers, cancelGraceMs: this.o.cancelGraceMs });
    const { id } = live.data;
    const runner = new ExperimentRun(
      this.pool,
      live.spec,
      {
        onLine: (line) => {
          if (live.storeFailure !== undefined) return; // the store refused a line: none after it is kept
          try {
            this.o.store.append(id, line); // stored first: nothing finished is lost
          } catch (e) {
            this.storeRefused(live, e);
            return;
          }
          if (this.o.keepLines ?? true) live.data.lines.push(line);
          live.throttle.line(line);
        },
        onProgress: (p) => live.throttle.setProgress(p),
        onTreeFailed: (tree, reason) => {
          live.data.failures.push({ tree, reason });
          this.o.emit({ runId: id, type: 'tree-failed', tree, reason });
        },
      },
      live.skip,
    );
    live.runner = runner;
    this.o.emit({ runId: id, type: 'progress', progress: noProgress(live) });
    runner.start().then(
      (outcome) => this.finish(live, outcome),
      (e) =>
        this.finish(live, {
          status: 'failed',
          failures: [{ tree: -1, reason: e instanceof Error ? e.message : String(e) }],
          progress: noProgress(live),
        }),
    );
  }

  /**
   * The store refused to keep the run (a full or read-only disk): the run stops at once, its jobs
   * cancelled, and ends "failed" with the reason; every line stored before stays, for a resume.
   */
  private storeRefused(live: LiveRun, e: unknown): void {
    if (live.storeFailure !== undefined) return;
    live.storeFailure = `the run stopped because its results could not be stored: ${e instanceof Error ? e.message : String(e)}`;
    live.runner?.cancel();
  }

  /** Pending events out, the final status stored (summary written), then `finished`; the next run starts. */
  private async finish(live: LiveRun, outcome: RunOutcome): Promise<void> {
    live.throttle.flush();
    const { data } = live;
    data.status = outcome.status === 'cancelled' ? live.stoppedAs : outcome.status;
    if (live.storeFailure !== undefined) {
      data.status = 'failed';
      data.failures.push({ tree: -1, reason: live.storeFailure });
    }
    for (const f of outcome.failures) {
      if (!data.failures.some((x) => x.tree === f.tree && x.reason === f.reason)) data.failures.push(f);
    }
    await this.o.store.update(data, true).catch((e: unknown) => {
      data.failures.push({
        tree: -1,
        reason: `the run's final state could not be stored: ${e instanceof Error ? e.message : String(e)}`,
      });
    });
    this.o.emit({ runId: data.id, type: 'progress', progress: outcome.progress });
    const status = live.storeFailure === undefined ? outcome.status : 'failed';
    this.o.emit({ runId: data.id, type: 'finished', outcome: { ...outcome, status, failures: [...data.failures] } });
    this.live.delete(data.id);
    if (this.active === live) {
      this.active = null;
      live.runner = null;
      setTimeout(() => this.next(), 0);
    }
  }
}
