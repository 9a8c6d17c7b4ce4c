/**
 * The run host's RunStore over run folders (./run-folder.ts) under one runs directory: the desktop
 * app's history. A line is appended to results.jsonl before the host reports it; when a run ends its
 * summary.json and results.csv are written and run.json gets the final status. A run folder is locked
 * (./run-folder-lock.ts) from its creation or resume until its end, so a `gtlab run --resume` (or a
 * second app) cannot write it at the same time, and a folder another process is writing is neither
 * resumed nor deleted here.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunData, RunNotes } from '../shared/api/contract.ts';
import type { ResultLine } from '../shared/io/result-line-fields.ts';
import type { RunSummary } from '../shared/experiments/statistics.ts';
import { RUN_ID_PATTERN } from '../shared/api/ipc-schemas.ts';
import type { RunStore } from '../shared/host/run-store.ts';
import { RunFolder } from './run-folder.ts';
import { lockRunFolder, type RunFolderLock } from './run-folder-lock.ts';
import { runOutputs, type RunOutputs } from './run-outputs.ts';

/** The host's view of a run folder, with `lines` (default: every line of its results.jsonl). */
export function runData(id: string, f: RunFolder, lines = f.lines()): RunData {
  const r = f.record;
  return {
    id,
    spec: f.spec,
    status: r.status,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    generator: r.generator,
    lines,
    failures: r.failures,
    notes: r.notes ?? {},
  };
}

/**
 * A run's end in its folder: summary.json and results.csv, then `outputs`, and only when every one of
 * them is whole, run.json's final status and failures. When an output cannot be written (a full disk),
 * run.json says "failed" with the reason if it can still be written, and otherwise stays as it was;
 * the error is thrown on, and a resume of the folder writes the outputs again.
 */
export async function recordRunEnd(f: RunFolder, run: RunData, outputs?: RunOutputs): Promise<RunSummary> {
  const lines = f.lines();
  const summary = f.summary(lines);
  try {
    f.writeSummary(summary, lines);
    await outputs?.(f, run.status);
  } catch (e) {
    const reason = `the run's outputs could not be written: ${e instanceof Error ? e.message : String(e)}`;
    try {
      f.update({
        status: 'failed',
        finishedAt: new Date().toISOString(),
        failures: [...run.failures, { tree: -1, reason }],
      });
    } catch {
      // run.json cannot be written either: it keeps its last state, which a later look reads as interrupted
    }
    throw e;
  }
  f.update({ status: run.status, finishedAt: new Date().toISOString(), failures: run.failures });
  return summary;
}

export class FolderRunStore implements RunStore {
  /** folders of the runs this process created and has not finished */
  private readonly folders = new Map<string, RunFolder>();
  /** the locks of those folders */
  private readonly locks = new Map<string, RunFolderLock>();

  constructor(readonly where: string) {
    mkdirSync(where, { recursive: true });
  }

  async has(id: string): Promise<boolean> {
    return existsSync(join(this.where, id));
  }

  async create(run: RunData, workers: number): Promise<void> {
    const dir = join(this.where, run.id);
    this.folders.set(
      run.id,
      this.locked(run.id, () => RunFolder.create(dir, run.spec, workers, 'queued')),
    );
  }

  async reopen(id: string): Promise<RunData | null> {
    if (!this.isRun(id)) return null;
    const f = this.locked(id, () => RunFolder.resume(join(this.where, id)));
    this.folders.set(id, f);
    const lines = f.lines(); // read once: the finished trees and their lines
    const done = f.completeTrees(lines);
    return runData(
      id,
      f,
      lines.filter((l) => done.has(l.tree)),
    );
  }

  append(id: string, line: ResultLine): void {
    this.folder(id).append(line);
  }

  async update(run: RunData, finished: boolean): Promise<void> {
    const f = this.folder(run.id);
    if (!finished) {
      f.update({ status: run.status === 'queued' ? 'queued' : 'running' });
      return;
    }
    try {
      // The same outputs as `gtlab run` of the spec writes (the app measures no wall time of its own).
      await recordRunEnd(f, run, runOutputs(f.spec, { workers: f.record.workers, wallSeconds: () => null }));
    } finally {
      this.folders.delete(run.id);
      this.unlock(run.id);
    }
  }

  async list(): Promise<RunData[]> {
    if (!existsSync(this.where)) return [];
    const out: RunData[] = [];
    for (const name of readdirSync(this.where)) {
      try {
        const r = await this.open(name);
        if (r) out.push(r);
      } catch {
        // a folder that is not a readable run is not listed
      }
    }
    return out;
  }

  async open(id: string): Promise<RunData | null> {
    if (!this.isRun(id)) return null;
    return runData(id, RunFolder.open(join(this.where, id)));
  }

  async remove(id: string): Promise<void> {
    if (!this.isRun(id)) return;
    this.folders.delete(id);
    this.unlock(id);
    const lock = lockRunFolder(join(this.where, id)); // refuses a folder another process is writing
    rmSync(join(this.where, id), { recursive: true, force: true });
    lock.release();
  }

  async annotate(id: string, notes: RunNotes): Promise<void> {
    // A run being written keeps its folder object (whose record later updates would write back).
    const f = this.folders.get(id) ?? (this.isRun(id) ? RunFolder.open(join(this.where, id)) : null);
    f?.update({ notes });
  }

  /** A valid run id whose folder holds a run.json. */
  private isRun(id: string): boolean {
    return RUN_ID_PATTERN.test(id) && existsSync(join(this.where, id, 'run.json'));
  }

  /** Open a run's folder under its lock (released again if opening fails). */
  private locked(id: string, open: () => RunFolder): RunFolder {
    const lock = lockRunFolder(join(this.where, id));
    try {
      const f = open();
      this.locks.set(id, lock);
      return f;
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  private unlock(id: string): void {
    this.locks.get(id)?.release();
    this.locks.delete(id);
  }

  private folder(id: string): RunFolder {
    const f = this.folders.get(id);
    if (!f) throw new Error(`run ${id} is not a run this host is writing`);
    return f;
  }
}
