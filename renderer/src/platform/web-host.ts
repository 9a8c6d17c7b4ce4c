/**
 * The browser adapter's host: implements the GtlabApi contract (shared/api/contract.ts) the way the
 * Electron main process does, but inside the page. Runs execute one after another (a queue of runs,
 * each split per tree over a JobPool of workers), events reach subscribers batched (result lines every
 * 50 ms, progress at most 30 times a second, as the desktop host throttles IPC), and run records are
 * kept in memory and in a RunStore (IndexedDB in the browser) so run history survives a reload.
 *
 * Everything host-specific is injected (worker spawning, storage, downloads, file picking), so the
 * same class runs under Node in the tests with in-process workers.
 */
import type { AppInfo, FigureRequest, GtlabApi, RunData, RunEvent, RunListing, RunStatus, SaveRequest } from '../../../shared/api/contract.ts';
import { describeIssues, FigureRequestSchema, SaveRequestSchema } from '../../../shared/api/ipc-schemas.ts';
import { ExperimentRun, type RunProgress } from '../../../shared/experiments/run-experiment.ts';
import type { ResultLine } from '../../../shared/experiments/run-tree.ts';
import { parseSpec, type ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { JobPool, type SpawnWorker } from '../../../shared/jobs/job-pool.ts';
import { GENERATOR, VERSION } from '../../../shared/version.ts';

export interface RunStore {
  loadAll(): Promise<RunData[]>;
  save(run: RunData): Promise<void>;
}

export class MemoryRunStore implements RunStore {
  private readonly runs = new Map<string, RunData>();
  async loadAll(): Promise<RunData[]> {
    return [...this.runs.values()].map((r) => structuredClone(r));
  }
  async save(run: RunData): Promise<void> {
    this.runs.set(run.id, structuredClone(run));
  }
}

export interface WebHostDeps {
  spawn: SpawnWorker;
  /** pool size (the browser's cores − 1, at least 1) */
  workers: number;
  store: RunStore;
  versions: Record<string, string>;
  saveFile(req: SaveRequest): Promise<{ saved: boolean; path?: string }>;
  openSpecFile(): Promise<{ name: string; text: string } | null>;
  /** render a run's figure into a file to save; throws (with the reason) for formats the page cannot render */
  renderFigure(run: RunData, req: FigureRequest, compare: RunData | null): SaveRequest;
  /** line batching and progress throttling intervals (ms) */
  lineFlushMs?: number;
  progressMs?: number;
}

interface LiveRun {
  data: RunData;
  spec: ExperimentSpec;
  workers: number;
  runner: ExperimentRun | null;
  cancelRequested: boolean;
  pendingLines: ResultLine[];
  lineTimer: ReturnType<typeof setTimeout> | null;
  lastProgressAt: number;
  progressTimer: ReturnType<typeof setTimeout> | null;
  pendingProgress: RunProgress | null;
  treesDone: number;
}

export class WebHost implements GtlabApi {
  private readonly runs = new Map<string, LiveRun>();
  private readonly stored = new Map<string, RunData>();
  private readonly listeners = new Set<(e: RunEvent) => void>();
  private readonly queue: LiveRun[] = [];
  private active: LiveRun | null = null;
  private pool: JobPool | null = null;
  private loaded: Promise<void> | null = null;
  private counter = 0;

  constructor(private readonly deps: WebHostDeps) {}

  async appInfo(): Promise<AppInfo> {
    return { name: 'Game Tree Lab', version: VERSION, host: 'web', versions: { ...this.deps.versions }, defaultWorkers: this.deps.workers };
  }

  async startRun(spec: unknown): Promise<string> {
    const parsed = parseSpec(spec); // throws SpecError naming the fields
    const workers = this.deps.workers;
    await this.load();
    const id = `web-${Date.now().toString(36)}-${(++this.counter).toString(36)}`;
    const live: LiveRun = {
      data: { id, spec: parsed, status: 'queued', createdAt: new Date().toISOString(), generator: GENERATOR, lines: [], failures: [] },
      spec: parsed, workers, runner: null, cancelRequested: false, pendingLines: [], lineTimer: null,
      lastProgressAt: 0, progressTimer: null, pendingProgress: null, treesDone: 0,
    };
    this.runs.set(id, live);
    this.queue.push(live);
    void this.persist(live);
    // Start on the next turn so the caller can subscribe to the run's events with its id first.
    setTimeout(() => this.next(), 0);
    return id;
  }

  async cancelRun(runId: string): Promise<void> {
    const live = this.runs.get(runId);
    if (!live) throw new RangeError(`run "${runId}" is not a run of this page`);
    if (live.cancelRequested) return;
    live.cancelRequested = true;
    const q = this.queue.indexOf(live);
    if (q >= 0) {
      this.queue.splice(q, 1);
      const progress: RunProgress = { treesTotal: live.spec.trees, treesDone: 0, treesFailed: 0, treesCancelled: live.spec.trees, treesSkipped: 0, elapsedMs: 0, etaMs: null };
      this.finish(live, { status: 'cancelled', failures: [], progress });
      return;
    }
    live.runner?.cancel();
  }

  onRunEvent(cb: (e: RunEvent) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  async listRuns(): Promise<RunListing[]> {
    await this.load();
    const all = new Map<string, RunData>(this.stored);
    for (const [id, live] of this.runs) all.set(id, live.data);
    return [...all.values()]
      .map((r) => ({
        id: r.id, name: r.spec.name, seed: r.spec.seed, status: r.status, createdAt: r.createdAt,
        trees: r.spec.trees, treesDone: new Set(r.lines.map((l) => l.tree)).size,
      }))
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  async openRun(runId: string): Promise<RunData> {
    await this.load();
    const live = this.runs.get(runId);
    if (live) return { ...live.data, lines: [...live.data.lines], failures: [...live.data.failures] };
    const r = this.stored.get(runId);
    if (!r) throw new RangeError(`run "${runId}" does not exist`);
    return r;
  }

  async saveFile(req: SaveRequest): Promise<{ saved: boolean; path?: string }> {
    const r = SaveRequestSchema.safeParse(req);
    if (!r.success) throw new RangeError(describeIssues(r.error, 'saveFile'));
    return this.deps.saveFile(r.data);
  }

  async exportFigure(req: FigureRequest): Promise<{ saved: boolean; path?: string }> {
    const r = FigureRequestSchema.safeParse(req);
    if (!r.success) throw new RangeError(describeIssues(r.error, 'exportFigure'));
    const run = await this.openRun(r.data.runId);
    const compare = r.data.compareRunId === undefined ? null : await this.openRun(r.data.compareRunId);
    return this.deps.saveFile(this.deps.renderFigure(run, r.data, compare));
  }

  openSpecFile(): Promise<{ name: string; text: string } | null> {
    return this.deps.openSpecFile();
  }

  /** Stop every worker (page unload, tests). Running runs end as cancelled. */
  close(): void {
    for (const live of [...this.queue]) void this.cancelRun(live.data.id);
    this.active?.runner?.cancel();
    this.pool?.close();
    this.pool = null;
  }

  private load(): Promise<void> {
    this.loaded ??= this.deps.store.loadAll().then((runs) => {
      for (const r of runs) {
        // A run that was queued or running when the page went away did not finish.
        const status: RunStatus = r.status === 'running' || r.status === 'queued' ? 'interrupted' : r.status;
        this.stored.set(r.id, { ...r, status });
      }
    }, () => undefined);
    return this.loaded;
  }

  private persist(live: LiveRun): Promise<void> {
    return this.deps.store.save(live.data).catch(() => undefined);
  }

  private poolFor(workers: number): JobPool {
    if (this.pool && this.pool.size !== workers) {
      this.pool.close();
      this.pool = null;
    }
    this.pool ??= new JobPool(this.deps.spawn, { size: workers });
    return this.pool;
  }

  private next(): void {
    if (this.active || this.queue.length === 0) return;
    const live = this.queue.shift()!;
    this.active = live;
    live.data.status = 'running';
    void this.persist(live);
    const runner = new ExperimentRun(this.poolFor(live.workers), live.spec, {
      onLine: (line) => {
        live.data.lines.push(line);
        live.pendingLines.push(line);
        live.lineTimer ??= setTimeout(() => this.flushLines(live), this.deps.lineFlushMs ?? 50);
      },
      onProgress: (p) => this.progress(live, p),
      onTreeFailed: (tree, reason) => {
        live.data.failures.push({ tree, reason });
        this.emit({ runId: live.data.id, type: 'tree-failed', tree, reason });
      },
    });
    live.runner = runner;
    this.emit({ runId: live.data.id, type: 'progress', progress: { treesTotal: live.spec.trees, treesDone: 0, treesFailed: 0, treesCancelled: 0, treesSkipped: 0, elapsedMs: 0, etaMs: null } });
    runner.start().then(
      (outcome) => this.finish(live, outcome),
      (e) => this.finish(live, {
        status: 'failed', failures: [{ tree: -1, reason: e instanceof Error ? e.message : String(e) }],
        progress: { treesTotal: live.spec.trees, treesDone: 0, treesFailed: 0, treesCancelled: 0, treesSkipped: 0, elapsedMs: 0, etaMs: null },
      }),
    );
  }

  private progress(live: LiveRun, p: RunProgress): void {
    live.pendingProgress = p;
    if (live.progressTimer) return;
    const gap = this.deps.progressMs ?? 1000 / 30;
    const wait = Math.max(0, live.lastProgressAt + gap - Date.now());
    live.progressTimer = setTimeout(() => {
      live.progressTimer = null;
      live.lastProgressAt = Date.now();
      this.flushLines(live); // lines before the progress that counts them
      if (live.pendingProgress) this.emit({ runId: live.data.id, type: 'progress', progress: live.pendingProgress });
      live.pendingProgress = null;
    }, wait);
  }

  private flushLines(live: LiveRun): void {
    if (live.lineTimer) clearTimeout(live.lineTimer);
    live.lineTimer = null;
    if (live.pendingLines.length === 0) return;
    const lines = live.pendingLines;
    live.pendingLines = [];
    this.emit({ runId: live.data.id, type: 'lines', lines });
  }

  private finish(live: LiveRun, outcome: { status: 'completed' | 'cancelled' | 'failed'; failures: { tree: number; reason: string }[]; progress: RunProgress }): void {
    if (live.progressTimer) clearTimeout(live.progressTimer);
    live.progressTimer = null;
    this.flushLines(live);
    live.data.status = outcome.status;
    for (const f of outcome.failures) {
      if (!live.data.failures.some((x) => x.tree === f.tree && x.reason === f.reason)) live.data.failures.push(f);
    }
    this.emit({ runId: live.data.id, type: 'progress', progress: outcome.progress });
    this.emit({ runId: live.data.id, type: 'finished', outcome: { ...outcome, failures: [...live.data.failures] } });
    void this.persist(live);
    if (this.active === live) {
      this.active = null;
      live.runner = null;
      setTimeout(() => this.next(), 0);
    }
  }

  private emit(e: RunEvent): void {
    for (const cb of [...this.listeners]) {
      try {
        cb(e);
      } catch (err) {
        console.error('gtlab: a run event listener failed', err);
      }
    }
  }
}
