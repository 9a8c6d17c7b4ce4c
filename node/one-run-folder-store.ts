/**
 * The run host's RunStore over the one run folder its caller opened and locked: `gtlab run` with a new
 * run, a resumed one or a shard (cli/commands/run.ts), run through the host's runOpened. The folder is
 * written as the app's run folders are (./run-folder-store.ts): each line appended before the host
 * reports it, run.json "running" with the pool size, and at the end summary.json, results.csv, the
 * caller's outputs (a figure and report) and, once they are whole, run.json's final status and failures.
 * It holds no other run. The first refusal of the disk is kept in `storageError` for the caller to report.
 */
import type { RunData, RunNotes } from '../shared/api/contract.ts';
import type { ResultLine } from '../shared/io/result-line-fields.ts';
import type { RunSummary } from '../shared/experiments/statistics.ts';
import type { RunStore } from '../shared/host/run-store.ts';
import type { RunFolder } from './run-folder.ts';
import { recordRunEnd, runData } from './run-folder-store.ts';
import type { RunOutputs } from './run-outputs.ts';
import { StorageError } from './storage.ts';

export class OneRunFolderStore implements RunStore {
  readonly where: string;
  /** the summary written when the run ended (null before) */
  summary: RunSummary | null = null;
  /** the first write the disk refused (a full disk, a read-only mount), or null */
  storageError: StorageError | null = null;

  constructor(
    /** the run's id in the host */
    readonly id: string,
    private readonly folder: RunFolder,
    /** the pool size, recorded in run.json when the run starts (a resumed run may run on another) */
    private readonly workers: number,
    /** outputs written at the run's end, before run.json says how it ended */
    private readonly outputs?: RunOutputs,
  ) {
    this.where = folder.dir;
  }

  async has(id: string): Promise<boolean> {
    return id === this.id;
  }

  async create(run: RunData): Promise<void> {
    throw new Error(`${this.where} holds one run, opened by its caller: run ${run.id} cannot be created in it`);
  }

  /** The run without its lines: the caller gives the host the trees to skip (runOpened). */
  async reopen(id: string): Promise<RunData | null> {
    return id === this.id ? runData(id, this.folder, []) : null;
  }

  append(_id: string, line: ResultLine): void {
    try {
      this.folder.append(line);
    } catch (e) {
      throw this.noted(e);
    }
  }

  async update(run: RunData, finished: boolean): Promise<void> {
    try {
      if (finished) this.summary = await recordRunEnd(this.folder, run, this.outputs);
      else this.folder.update({ status: run.status === 'queued' ? 'queued' : 'running', workers: this.workers });
    } catch (e) {
      throw this.noted(e);
    }
  }

  /** `e`, kept as storageError when it is the first refusal of the disk. */
  private noted(e: unknown): unknown {
    if (e instanceof StorageError) this.storageError ??= e;
    return e;
  }

  async list(): Promise<RunData[]> {
    return [runData(this.id, this.folder)];
  }

  async open(id: string): Promise<RunData | null> {
    return id === this.id ? runData(id, this.folder) : null;
  }

  async remove(id: string): Promise<void> {
    throw new Error(`run ${id} in ${this.where} is kept: a run folder is deleted by hand`);
  }

  async annotate(_id: string, notes: RunNotes): Promise<void> {
    this.folder.update({ notes });
  }
}
