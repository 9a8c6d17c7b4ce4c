/**
 * A RunStore over a store of whole run records (IndexedDB in the browser, memory in tests): records are
 * loaded once, kept in memory, and saved whole when a run is created and when its status changes
 * (result lines reach the saved record with the next status change).
 */
import type { RunData } from '../api/contract.ts';
import type { ResultLine } from '../experiments/run-tree.ts';
import type { RunStore } from './run-store.ts';
import { completeTrees } from './run-rules.ts';

/** A deep copy of a record (records are plain JSON, as IndexedDB and the IPC would copy them). */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Whole run records by id. */
export interface RunRecords {
  loadAll(): Promise<RunData[]>;
  save(run: RunData): Promise<void>;
}

export class MemoryRunRecords implements RunRecords {
  private readonly runs = new Map<string, RunData>();
  async loadAll(): Promise<RunData[]> {
    return [...this.runs.values()].map((r) => copy(r));
  }
  async save(run: RunData): Promise<void> {
    this.runs.set(run.id, copy(run));
  }
}

export class RecordRunStore implements RunStore {
  private loaded: Promise<Map<string, RunData>> | null = null;

  constructor(private readonly records: RunRecords, readonly where = 'this browser') {}

  private all(): Promise<Map<string, RunData>> {
    this.loaded ??= this.records.loadAll().then(
      (runs) => new Map(runs.map((r) => [r.id, r])),
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
    void this.all().then((m) => m.get(id)?.lines.push(line));
  }

  async update(run: RunData): Promise<void> {
    const r = (await this.all()).get(run.id);
    if (!r) return;
    r.status = run.status;
    r.failures = copy(run.failures);
    await this.save(r);
  }

  async list(): Promise<RunData[]> {
    return [...(await this.all()).values()];
  }

  async open(id: string): Promise<RunData | null> {
    return (await this.all()).get(id) ?? null;
  }

  private save(r: RunData): Promise<void> {
    return this.records.save(r).catch(() => undefined);
  }
}
