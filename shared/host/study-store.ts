/**
 * The run host's third port: where finished studies are kept (History's Studies), as runs are kept in
 * a RunStore. Implemented by files `studies/<id>.json` beside the desktop app's run folders
 * (node/study-folder-store.ts), an IndexedDB object store in the browser (renderer/src/platform/web.ts)
 * and memory (tests, and a page without IndexedDB). The host writes a record when the study's result
 * arrives, before the windows hear of it.
 */
import type { StudyListing, StudyRecord } from '../api/contract.ts';
import { RUN_ID_PATTERN, StudyRequestSchema } from '../api/ipc-schemas.ts';
import { hasStudyFigure, studyDescriptor, studyParameters, type StudyRequest } from '../studies/registry.ts';
import { describeIssues } from '../util/describe-issues.ts';

export interface StudyStore {
  /** where the studies are, for messages ("/home/me/runs/studies", "this browser") */
  readonly where: string;
  has(id: string): Promise<boolean>;
  /** keep a record (a new one, or one with the same id replaced) */
  put(record: StudyRecord): Promise<void>;
  /** every kept record (unreadable ones are left out) */
  list(): Promise<StudyRecord[]>;
  /** one kept record, or null if there is none with this id */
  open(id: string): Promise<StudyRecord | null>;
  remove(id: string): Promise<void>;
}

/** A kept study's id: the characters of a run id (it names a file). */
export const STUDY_RECORD_ID_PATTERN = RUN_ID_PATTERN;

export class StudyRecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StudyRecordError';
  }
}

/**
 * A record read back from a file or a database, checked: the format and version, the id (the file's
 * name, when `id` is given), the times, and the request as the host accepts it; the result must be of
 * the request's kind (its numbers are the host's own output and are not checked again).
 */
export function parseStudyRecord(x: unknown, where: string, id?: string): StudyRecord {
  const fail = (field: string, what: string) => new StudyRecordError(`${where}: ${field} ${what}`);
  if (typeof x !== 'object' || x === null) throw fail('the record', 'must be a JSON object');
  const r = x as Record<string, unknown>;
  if (r.format !== 'gtlab-study') throw fail('format', 'must be "gtlab-study"');
  if (r.version !== 1) throw fail('version', `must be 1 (this is ${String(r.version)})`);
  if (typeof r.id !== 'string' || !STUDY_RECORD_ID_PATTERN.test(r.id))
    throw fail('id', 'must be letters, digits, ".", "_" or "-"');
  if (id !== undefined && r.id !== id) throw fail('id', `must be "${id}" (the file's name), not "${r.id}"`);
  for (const f of ['createdAt', 'finishedAt'] as const) {
    if (typeof r[f] !== 'string' || Number.isNaN(Date.parse(r[f] as string)))
      throw fail(f, 'must be an ISO date and time');
  }
  if (typeof r.ms !== 'number' || !(r.ms >= 0)) throw fail('ms', 'must be a number ≥ 0');
  if (typeof r.generator !== 'string') throw fail('generator', 'must be a string');
  const req = StudyRequestSchema.safeParse(r.request);
  if (!req.success) throw new StudyRecordError(`${where}: ${describeIssues(req.error, 'request')}`);
  const result = r.result as { kind?: unknown } | null;
  if (typeof result !== 'object' || result === null || result.kind !== req.data.kind)
    throw fail('result.kind', `must be the request's kind, "${req.data.kind}"`);
  return { ...(r as unknown as StudyRecord), request: req.data };
}

/** History's row of a record. */
export function studyListing(r: StudyRecord): StudyListing {
  return {
    id: r.id,
    kind: r.request.kind,
    summary: studyParameters(r.request),
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    ms: r.ms,
    figure: hasStudyFigure(r.result),
  };
}

/** Kept studies, the latest finished first (ties: the later id first). */
export function byFinishedDesc(a: StudyRecord, b: StudyRecord): number {
  return b.finishedAt.localeCompare(a.finishedAt) || b.id.localeCompare(a.id);
}

/**
 * Whether a new record replaces a kept one instead of joining it: its kind says so (a Li table, computed
 * every time the Studies tab shows it and depending on nothing but its table, keeps only its latest
 * record); every other kind is kept once per run.
 */
export function replacesKept(next: StudyRequest, kept: StudyRequest): boolean {
  if (next.kind !== kept.kind) return false;
  return studyDescriptor(next.kind).replacesKept?.(next, kept) ?? false;
}

/** A deep copy of a record (records are plain JSON, as IndexedDB and the IPC would copy them). */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Studies in memory (tests; a page without IndexedDB): gone with the host. */
export class MemoryStudyStore implements StudyStore {
  private readonly records = new Map<string, StudyRecord>();

  constructor(readonly where = 'this page (not kept across reloads)') {}

  async has(id: string): Promise<boolean> {
    return this.records.has(id);
  }

  async put(record: StudyRecord): Promise<void> {
    this.records.set(record.id, copy(record));
  }

  async list(): Promise<StudyRecord[]> {
    return [...this.records.values()].map(copy);
  }

  async open(id: string): Promise<StudyRecord | null> {
    const r = this.records.get(id);
    return r ? copy(r) : null;
  }

  async remove(id: string): Promise<void> {
    this.records.delete(id);
  }
}
