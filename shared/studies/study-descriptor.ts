/**
 * What the rest of the workbench knows about a kind of study (the Studies tab's long computations: Li's
 * tables, Connect-Four and Othello solves, match play, the pathology experiment…): its kind (as requests
 * and kept records write it), a title, its request as a zod schema (`kind` first; the flat parameters
 * carry labels and ranges, ../util/fields.ts), the run function, History's one-line summary, the CSV and,
 * where it has one, the figure and the Studies tab's view of its own. Each wing defines its studies'
 * descriptors (../li/li-table-study.ts, ../connect4/c4-study.ts, …), listed in ./registry.ts, from
 * which the IPC schema, the job dispatch, `gtlab study`, History's rows, the CSV and figure exports and
 * the Studies tab (its views and every view's parameter inputs) are derived.
 */
import type { z } from 'zod';
import type { Stopwatch } from '../util/stopwatch.ts';

/**
 * How far a study is: `done` of `total` (trees, samples, games; nodes with total 0 for a solve of
 * unknown size), the milliseconds it has run on its stopwatch and `done` per second where it counts them
 * (a solve's paced reports, ../util/progress-pace.ts), and what the study's own view shows of it live (a
 * match's tally, a solve's score window), typed by the study that reports it.
 */
export interface StudyProgress {
  done: number;
  total: number;
  ms?: number;
  perSecond?: number;
  detail?: unknown;
}

/**
 * A view of the Studies tab that a wing draws itself, in place of the form derived from the request
 * schema; several studies of one wing may share one (Li's tables, checks and Chapter 5).
 */
export interface StudyTab {
  /** the tab's id, unique across wings */
  readonly id: string;
  /** the tab's button */
  readonly label: string;
  /** the line beside the buttons: the paper and what is computed */
  readonly hint: string;
  /** the Vue component that draws it, renderer/src/components/<component>.vue */
  readonly component: string;
}

/**
 * What a running study may report: `progress` (throttled) for counted work, `report` for anything richer;
 * and its stopwatch, started where the job starts the work: a study whose result holds its duration
 * stops it at the end of its work and writes that, the duration the job hands on to History and the view.
 */
export interface StudyContext {
  progress(done: number, total: number): void;
  report(p: StudyProgress): void;
  readonly watch: Stopwatch;
}

/** An exported figure's ECharts option (drawn by node/render-figure.ts and the app's exports alike). */
export type StudyFigureOption = Record<string, unknown>;

export interface StudyDescriptor<Q extends { kind: string } = { kind: string }, R extends { kind: string } = Q> {
  readonly kind: Q['kind'];
  /** History's and `gtlab study`'s name of the kind, e.g. "Connect-Four solve" */
  readonly title: string;
  /** one line on what the study computes (`gtlab study KIND --help`) */
  readonly description: string;
  /** the request, `kind` included: checked for shape at the IPC boundary and in kept records */
  readonly schema: z.ZodType<Q>;
  /** a valid request of this kind, quick to run (`gtlab study KIND --help`; tests) */
  readonly example: Q;
  /** the Studies tab's view that shows it, where its wing draws one; else the form alone */
  readonly tab?: StudyTab;
  /** the tree models or games it generates or plays (by name, as its help and README say) */
  readonly models: readonly string[];
  /** the request's parameters on one line ("Table 4.2"; "…, 300 trees, seed 1"): History, CSV provenance */
  summary(q: Q): string;
  /** computes the result; a RangeError names a parameter out of range */
  run(q: Q, ctx: StudyContext): R;
  /** the tidy CSV under `provenance`, its first line (./study-exports.ts) */
  csv(q: Q, r: R, provenance: string): string;
  /** the figure, for kinds that have one, in `fontFamily` */
  figure?(r: R, o: { fontFamily?: string }): StudyFigureOption;
  /**
   * whether a new record of this kind replaces a kept one instead of joining it (a study that depends on
   * nothing but its request and is computed whenever the tab shows it); default: every record is kept
   */
  replacesKept?(next: Q, kept: Q): boolean;
}

/** A descriptor with its request and result types inferred (the registry keeps them apart by kind). */
export function defineStudy<Q extends { kind: string }, R extends { kind: Q['kind'] }>(
  d: StudyDescriptor<Q, R>,
): StudyDescriptor<Q, R> {
  return d;
}
