/**
 * The browser adapter's host: the GtlabApi contract (shared/api/contract.ts) inside the page, as a thin
 * adapter over the shared run host (shared/host/run-host.ts) with run records kept in a RunRecords
 * store and finished studies in a StudyStore (IndexedDB in the browser, memory in tests) and jobs in the
 * spawner's workers. Events reach
 * subscribers as they reach the desktop app's windows.
 *
 * Everything host-specific is injected (worker spawning, storage, downloads, file picking), so the
 * same class runs under Node in the tests with in-process workers.
 */
import type {
  AppInfo,
  FigureRequest,
  GtlabApi,
  HostEvent,
  ImportResult,
  RunData,
  RunEvent,
  RunListing,
  RunNotes,
  SaveRequest,
  StudyEvent,
  StudyFigureRequest,
  StudyListing,
  StudyRecord,
} from '../../../shared/api/contract.ts';
import {
  describeIssues,
  FigureRequestSchema,
  SaveRequestSchema,
  StudyFigureRequestSchema,
} from '../../../shared/api/ipc-schemas.ts';
import type { FigureSpec } from '../../../shared/figures/figure-spec.ts';
import { RecordRunStore, type RunRecords } from '../../../shared/host/record-run-store.ts';
import { RunHost } from '../../../shared/host/run-host.ts';
import { MemoryStudyStore, type StudyStore } from '../../../shared/host/study-store.ts';
import type { SpawnWorker } from '../../../shared/jobs/job-pool.ts';
import { VERSION } from '../../../shared/version.ts';

export interface WebHostDeps {
  spawn: SpawnWorker;
  /** pool size (the browser's cores − 1, at least 1) */
  workers: number;
  store: RunRecords;
  /** where completed studies are kept (default: memory, gone with the page) */
  studies?: StudyStore;
  versions: Record<string, string>;
  saveFile(req: SaveRequest): Promise<{ saved: boolean; path?: string }>;
  openSpecFile(): Promise<{ name: string; text: string } | null>;
  /** render a run's figure into a file to save; throws (with the reason) for formats the page cannot render */
  /** the figure of runs (the first, then those compared) as a file to save */
  renderFigure(runs: RunData[], figure: FigureSpec, format: FigureRequest['format']): Promise<SaveRequest>;
  /** a kept study's figure as a file to save; throws (with the reason) for kinds without one or formats the page cannot render */
  renderStudyFigure(record: StudyRecord, format: StudyFigureRequest['format']): Promise<SaveRequest>;
}

export class WebHost implements GtlabApi {
  private readonly listeners = new Set<(e: HostEvent) => void>();
  private readonly host: RunHost;

  constructor(private readonly deps: WebHostDeps) {
    const emit = (e: HostEvent) => this.emit(e);
    this.host = new RunHost({
      store: new RecordRunStore(deps.store),
      studies: deps.studies ?? new MemoryStudyStore(),
      spawn: deps.spawn,
      workers: deps.workers,
      emit,
      emitStudy: emit,
    });
  }

  async appInfo(): Promise<AppInfo> {
    return {
      name: 'Game Tree Lab',
      version: VERSION,
      host: 'web',
      versions: { ...this.deps.versions },
      defaultWorkers: this.deps.workers,
    };
  }

  startRun(spec: unknown, options?: { workers?: number }): Promise<string> {
    return this.host.startRun(spec, options ?? {});
  }

  cancelRun(runId: string): Promise<void> {
    return this.host.cancelRun(runId);
  }

  resumeRun(runId: string): Promise<void> {
    return this.host.resumeRun(runId);
  }

  onRunEvent(cb: (e: RunEvent) => void): () => void {
    return this.listen((e) => 'runId' in e && cb(e));
  }

  listRuns(): Promise<RunListing[]> {
    return this.host.listRuns();
  }

  deleteRun(runId: string): Promise<void> {
    return this.host.deleteRun(runId);
  }

  annotateRun(runId: string, notes: RunNotes): Promise<void> {
    return this.host.annotateRun(runId, notes);
  }

  importRunFolder(files: { path: string; text: string }[]): Promise<ImportResult> {
    return this.host.importRunFolder(files);
  }

  openRun(runId: string): Promise<RunData> {
    return this.host.openRun(runId);
  }

  async startStudy(request: unknown): Promise<string> {
    return this.host.startStudy(request);
  }

  async cancelStudy(studyId: string): Promise<void> {
    this.host.cancelStudy(studyId);
  }

  onStudyEvent(cb: (e: StudyEvent) => void): () => void {
    return this.listen((e) => 'studyId' in e && cb(e));
  }

  listStudies(): Promise<StudyListing[]> {
    return this.host.listStudies();
  }

  openStudy(id: string): Promise<StudyRecord> {
    return this.host.openStudy(id);
  }

  deleteStudy(id: string): Promise<void> {
    return this.host.deleteStudy(id);
  }

  async exportStudyFigure(req: StudyFigureRequest): Promise<{ saved: boolean; path?: string }> {
    const r = StudyFigureRequestSchema.safeParse(req);
    if (!r.success) throw new RangeError(describeIssues(r.error, 'exportStudyFigure'));
    return this.deps.saveFile(await this.deps.renderStudyFigure(await this.openStudy(r.data.id), r.data.format));
  }

  async saveFile(req: SaveRequest): Promise<{ saved: boolean; path?: string }> {
    const r = SaveRequestSchema.safeParse(req);
    if (!r.success) throw new RangeError(describeIssues(r.error, 'saveFile'));
    return this.deps.saveFile(r.data);
  }

  async exportFigure(req: FigureRequest): Promise<{ saved: boolean; path?: string }> {
    const r = FigureRequestSchema.safeParse(req);
    if (!r.success) throw new RangeError(describeIssues(r.error, 'exportFigure'));
    const runs = await Promise.all([r.data.runId, ...(r.data.compareRunIds ?? [])].map((id) => this.openRun(id)));
    return this.deps.saveFile(await this.deps.renderFigure(runs, r.data.figure, r.data.format));
  }

  openSpecFile(): Promise<{ name: string; text: string } | null> {
    return this.deps.openSpecFile();
  }

  /** Stop every worker (page unload, tests). Running runs end as cancelled. */
  close(): void {
    this.host.close();
  }

  private listen(cb: (e: HostEvent) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  private emit(e: HostEvent): void {
    for (const cb of [...this.listeners]) {
      try {
        cb(e);
      } catch (err) {
        console.error('gtlab: a host event listener failed', err);
      }
    }
  }
}
