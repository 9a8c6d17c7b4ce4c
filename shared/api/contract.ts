/**
 * The contract between the renderer and whatever runs its jobs: the Electron main process (through
 * the preload's `window.gtlab`) or the browser adapter (Web Workers). Types and channel names only,
 * so main, preload, the web adapter and the renderer agree at compile time. Every input crossing it
 * is validated on the receiving side with the zod schemas of shared/ (never trusted).
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import type { RunOutcome, RunProgress } from '../experiments/run-experiment.ts';
import type { StudyRequest, StudyResult } from '../studies/registry.ts';
import type { StudyProgress } from '../studies/study-descriptor.ts';
import type { FigureSpecInput } from '../figures/figure-spec.ts';

export interface AppInfo {
  name: string;
  version: string;
  /** 'electron' or 'web' */
  host: 'electron' | 'web';
  /** versions of the runtime pieces, recorded with results */
  versions: Record<string, string>;
  /** default number of workers (cores − 1, at least 1) */
  defaultWorkers: number;
}

export type RunStatus = 'queued' | 'running' | 'completed' | 'cancelled' | 'failed' | 'interrupted';

/** What a researcher writes about a run: a title shown instead of the spec's name, notes and tags. */
export interface RunNotes {
  title?: string;
  notes?: string;
  tags?: string[];
}

export interface RunListing {
  id: string;
  name: string;
  seed: number;
  status: RunStatus;
  createdAt: string;
  /** when it last ended (completed, cancelled, failed), null while it has not */
  finishedAt: string | null;
  trees: number;
  treesDone: number;
  /** the tree model's kind, the search depth and the series' labels (History's columns) */
  model: string;
  depth: number;
  series: string[];
  notes: RunNotes;
}

export interface RunData {
  id: string;
  spec: ExperimentSpec;
  status: RunStatus;
  createdAt: string;
  generator: string;
  lines: ResultLine[];
  failures: { tree: number; reason: string }[];
  /** when it last ended; absent or null while it has not */
  finishedAt?: string | null;
  notes?: RunNotes;
}

export type RunEvent =
  | { runId: string; type: 'progress'; progress: RunProgress }
  | { runId: string; type: 'lines'; lines: ResultLine[] }
  | { runId: string; type: 'tree-failed'; tree: number; reason: string }
  | { runId: string; type: 'finished'; outcome: RunOutcome };

/** Events of a Studies computation (the host's second job kind); exactly one of the last three ends it. */
export type StudyEvent =
  | { studyId: string; type: 'progress'; progress: StudyProgress }
  /**
   * `ms`: the work's duration as the job measured it in its worker (the result's own duration, where it
   * holds one, and the kept record's are this number); `recordId`: the id under which the host kept the
   * study (History), stored before this event is sent; `notKept`: why it could not be kept (the result is
   * here all the same)
   */
  | { studyId: string; type: 'finished'; result: StudyResult; ms: number; recordId?: string; notKept?: string }
  /** `range`: the request was refused (a RangeError naming the field), not a failure of the computation */
  | { studyId: string; type: 'failed'; message: string; range: boolean }
  | { studyId: string; type: 'cancelled' };

/**
 * A study kept by the host that ran it (a file `studies/<id>.json` beside the desktop app's run folders,
 * a record in the browser's IndexedDB), written when it finished: its request holds the parameters.
 */
export interface StudyRecord {
  format: 'gtlab-study';
  version: 1;
  /** a kept study's id (a UTC stamp and the kind, like a run id); not the live `studyId` of its events */
  id: string;
  request: StudyRequest;
  result: StudyResult;
  createdAt: string;
  finishedAt: string;
  /** the work's duration in ms as the job measured it in its worker (the finished event's `ms`) */
  ms: number;
  generator: string;
  notes?: RunNotes;
}

/** History's row of a kept study. */
export interface StudyListing {
  id: string;
  kind: StudyRequest['kind'];
  /** the parameters on one line (shared/studies/registry.ts studyParameters) */
  summary: string;
  createdAt: string;
  finishedAt: string;
  ms: number;
  /** whether the study has a figure to export (exportStudyFigure) */
  figure: boolean;
}

/** A kept study's figure as a file: SVG (font embedded), PNG at 300 dpi, PDF (desktop only). */
export interface StudyFigureRequest {
  id: string;
  format: 'svg' | 'png' | 'pdf';
}

/** Everything the host sends to the windows, on one channel (run events carry `runId`, study events `studyId`). */
export type HostEvent = RunEvent | StudyEvent;

/** A file the user saves (export); the host shows a save dialog (Electron) or downloads it (web). */
export interface SaveRequest {
  suggestedName: string;
  /** text content, or base64 for binary formats (PNG, PDF) */
  content: string;
  encoding: 'utf8' | 'base64';
}

export interface GtlabApi {
  appInfo(): Promise<AppInfo>;
  /**
   * start a run of a spec (validated by the host) on the host's worker pool; resolves with the run id.
   * `workers` sizes the pool from this run on (default: as before, initially `defaultWorkers`)
   */
  startRun(spec: unknown, options?: { workers?: number }): Promise<string>;
  cancelRun(runId: string): Promise<void>;
  /** queue a run that stopped (interrupted, cancelled, failed) again: its complete trees are kept, the others run */
  resumeRun(runId: string): Promise<void>;
  /** subscribe to run events; returns an unsubscribe function */
  onRunEvent(cb: (e: RunEvent) => void): () => void;
  listRuns(): Promise<RunListing[]>;
  /** delete a stored run that is not running (its folder or record, lines and all) */
  deleteRun(runId: string): Promise<void>;
  /** set a run's title, notes and tags (validated by the host) */
  annotateRun(runId: string, notes: RunNotes): Promise<void>;
  openRun(runId: string): Promise<RunData>;
  saveFile(req: SaveRequest): Promise<{ saved: boolean; path?: string }>;
  /**
   * Keep a results folder written by the CLI (a run folder, a merged shard set or a sweep folder) in
   * History: its files as the renderer read them from a chosen folder, validated by the host; resolves
   * with the new runs' ids and, for a sweep, its record (name, axes, cells)
   */
  importRunFolder(files: { path: string; text: string }[]): Promise<ImportResult>;
  /** open a spec file chosen by the user (Electron: native dialog; web: file picker) */
  openSpecFile(): Promise<{ name: string; text: string } | null>;
  /**
   * Render a run's figure on the host exactly as `gtlab plot` does (SVG, vector PDF, PNG at 300 dpi)
   * and save it; the web host may refuse formats it cannot render (its message says so).
   */
  exportFigure(req: FigureRequest): Promise<{ saved: boolean; path?: string }>;
  /** start a Studies computation (validated by the host) in a worker of its own; resolves with its id */
  startStudy(request: unknown): Promise<string>;
  /** stop a study at once; its last event is `cancelled` */
  cancelStudy(studyId: string): Promise<void>;
  /** subscribe to study events; returns an unsubscribe function */
  onStudyEvent(cb: (e: StudyEvent) => void): () => void;
  /** the studies this host kept (every one that completed), the latest finished first */
  listStudies(): Promise<StudyListing[]>;
  /** a kept study: request, result, times and generator */
  openStudy(id: string): Promise<StudyRecord>;
  /** delete a kept study */
  deleteStudy(id: string): Promise<void>;
  /** render a kept study's figure on the host (as exportFigure renders a run's) and save it; refused for kinds without one */
  exportStudyFigure(req: StudyFigureRequest): Promise<{ saved: boolean; path?: string }>;
}

/** A sweep folder's record (sweep.json) as an import reads it: its name, axes and cells by slug. */
export interface ImportedSweep {
  name: string;
  axes: string[];
  figureAxes: string[];
  cells: { slug: string; params: Record<string, unknown> }[];
}

export interface ImportResult {
  /** one per imported run, with where it was in the folder ("" or "cells/<slug>") */
  runs: { id: string; at: string }[];
  sweep: ImportedSweep | null;
  /** what the import left out that the user should be told (a torn last line of a results.jsonl), one sentence each */
  notices: string[];
}

export interface FigureRequest {
  runId: string;
  format: 'svg' | 'png' | 'pdf';
  /** the figure's settings (gtlab-figure v1, shared/figures/figure-spec.ts) */
  figure: FigureSpecInput;
  /** runs overlaid on the ratio or absolute figure (up to five) */
  compareRunIds?: string[];
}

/** IPC channel names, one place (Electron host). */
export const CHANNELS = {
  appInfo: 'gtlab:app-info',
  startRun: 'gtlab:start-run',
  cancelRun: 'gtlab:cancel-run',
  resumeRun: 'gtlab:resume-run',
  listRuns: 'gtlab:list-runs',
  deleteRun: 'gtlab:delete-run',
  annotateRun: 'gtlab:annotate-run',
  openRun: 'gtlab:open-run',
  importRunFolder: 'gtlab:import-run-folder',
  saveFile: 'gtlab:save-file',
  openSpecFile: 'gtlab:open-spec-file',
  exportFigure: 'gtlab:export-figure',
  startStudy: 'gtlab:start-study',
  cancelStudy: 'gtlab:cancel-study',
  listStudies: 'gtlab:list-studies',
  openStudy: 'gtlab:open-study',
  deleteStudy: 'gtlab:delete-study',
  exportStudyFigure: 'gtlab:export-study-figure',
  /** host → windows: every HostEvent (run and study events) */
  runEvent: 'gtlab:run-event',
} as const;
