/**
 * A RunStore over a store of run records (IndexedDB in the browser, memory in tests): records are loaded
 * once and kept in memory; a run's fields are saved when it is created and when its status changes, and
 * each result line is stored as it arrives, so a reload or a crash of the page keeps every finished tree
 * and the run can be resumed from them (as `gtlab run --resume` resumes a folder).
 */
import type { RunData, RunNotes } from '../api/contract.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import type { RunStore } from './run-store.ts';
import { completeTrees, latestLines } from './run-rules.ts';

/** A deep copy of a record (records are plain JSON, as IndexedDB and the IPC would copy them). */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Run records by id, and their result lines in arrival order. */
export interface RunRecords {
  /** every run with its lines */
  loadAll(): Promise<RunData[]>;
  /** a run's fields (its `lines` are not saved here: appendLine keeps them) */
  save(run: RunData): Promise<void>;
  /** one more result line of a run */
  appendLine(runId: string, line: ResultLine): Promise<void>;
  /** a run and its lines, gone */
  remove(runId: string): Promise<void>;
}

export class MemoryRunRecords implements RunRecords {
  private readonly runs = new Map<string, RunData>();
  private readonly lines = new Map<string, ResultLine[]>();
  async loadAll(): Promise<RunData[]> {
    return [...this.runs.values()].map((r) => ({ ...copy(r), lines: copy(this.lines.get(r.id) ?? []) }));
  }
  async save(run: RunData): Promise<void> {
    this.runs.set(run.id, { ...copy({ ...run, lines: [] }) });
  }
  async appendLine(runId: string, line: ResultLine): Promise<void> {
    const into = this.lines.get(runId);
    if (into) into.push(copy(line));
    else this.lines.set(runId, [copy(line)]);
  }
  async remove(runId: string): Promise<void> {
    this.runs.delete(runId);
    this.lines.delete(runId);
  }
}

export class RecordRunStore implements RunStore {
  private loaded: Promise<Map<string, RunData>> | null = null;

  constructor(
    private readonly records: RunRecords,
    readonly where = 'this browser',
  ) {}

  private all(): Promise<Map<string, RunData>> {
    this.loaded ??= this.records.loadAll().then(
      (runs) => new Map(runs.map((r) => [r.id, { ...r, lines: latestLines(r.lines) }])),
      () => new Map(),
    );
    return this.loaded;
  }

  async has(id: string): Promise<boolean> {
    return (await this.all()).has(id);
  }

  async create(run: RunData): Promise<void> {
    const r = copy(run);
    (await this.all()).set(run.id, r);
    await this.save(r);
  }

  async reopen(id: string): Promise<RunData | null> {
    const r = (await this.all()).get(id);
    if (!r) return null;
    const keep = completeTrees(r.spec, r.lines);
    r.lines = r.lines.filter((l) => keep.has(l.tree));
    return copy(r);
  }

  append(id: string, line: ResultLine): void {
    void this.all().then((m) => {
      const r = m.get(id);
      if (!r) return;
      r.lines.push(line);
      return this.records.appendLine(id, line).catch(() => undefined);
    });
  }

  async update(run: RunData, finished: boolean): Promise<void> {
    const r = (await this.all()).get(run.id);
    if (!r) return;
    r.status = run.status;
    r.failures = copy(run.failures);
    if (finished) r.finishedAt = new Date().toISOString();
    await this.save(r);
  }

  async remove(id: string): Promise<void> {
    (await this.all()).delete(id);
    await this.records.remove(id);
  }

  async annotate(id: string, notes: RunNotes): Promise<void> {
    const r = (await this.all()).get(id);
    if (!r) return;
    r.notes = copy(notes);
    await this.save(r);
  }

  async list(): Promise<RunData[]> {
    return [...(await this.all()).values()];
  }

  async open(id: string): Promise<RunData | null> {
    return (await this.all()).get(id) ?? null;
  }

  private save(r: RunData): Promise<void> {
    return this.records.save({ ...r, lines: [] }).catch(() => undefined);
  }
}
