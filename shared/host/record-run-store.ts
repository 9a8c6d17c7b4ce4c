/**
 * A RunStore over a store of run records (IndexedDB in the browser, memory in tests): records are loaded
 * once and kept in memory; a run's fields are saved when it is created and when its status changes, and
 * each result line is stored as it arrives, so a reload or a crash of the page keeps every finished tree
 * and the run can be resumed from them (as `gtlab run --resume` resumes a folder). Each tree and depth
 * is stored once (./stored-lines.ts): a resumed run's repeat of a depth stored before is not stored again.
 */
import type { RunData, RunNotes } from '../api/contract.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import type { RunStore } from './run-store.ts';
import { completeTrees, latestLines } from './run-rules.ts';
import { StoredLines } from './stored-lines.ts';

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
  /** the runs once loaded (every append comes after the create or reopen that loaded them) */
  private runs: Map<string, RunData> | null = null;
  /** the stored lines of runs appended to, by tree and depth */
  private readonly stored = new Map<string, StoredLines>();

  constructor(
    private readonly records: RunRecords,
    readonly where = 'this browser',
  ) {}

  private all(): Promise<Map<string, RunData>> {
    this.loaded ??= this.records.loadAll().then(
      (runs) => (this.runs = new Map(runs.map((r) => [r.id, { ...r, lines: latestLines(r.lines) }]))),
      () => (this.runs = new Map()),
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

  /** The run with the lines of its complete trees; it keeps every stored line, which the resumed run's lines complete. */
  async reopen(id: string): Promise<RunData | null> {
    const r = (await this.all()).get(id);
    if (!r) return null;
    const keep = completeTrees(r.spec, r.lines);
    return copy({ ...r, lines: r.lines.filter((l) => keep.has(l.tree)) });
  }

  /** Store a line of a run created or reopened here; a line it holds already is not stored again, one with other numbers is refused (throws). */
  append(id: string, line: ResultLine): void {
    const r = this.runs?.get(id);
    if (!r) throw new Error(`run ${id} is not a run ${this.where} holds`);
    let stored = this.stored.get(id);
    if (!stored) {
      stored = new StoredLines(r.lines);
      this.stored.set(id, stored);
    }
    if (!stored.isNew(line, `run ${id} in ${this.where}`)) return;
    r.lines.push(line);
    stored.add(line);
    void this.records.appendLine(id, line).catch(() => undefined);
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
    this.stored.delete(id);
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
