/**
 * The runs of the desktop app (Node side of the Electron main process): one shared pool of long-lived
 * workers, a run folder per run under the runs directory, events to the window throttled to at most
 * `maxEventsPerSecond` (result lines are batched), the run history read back from disk. Host-agnostic
 * apart from `spawn`, so tests drive it with Node child processes.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RunData, RunEvent, RunListing } from '../shared/api/contract.ts';
import { ExperimentRun, type RunProgress } from '../shared/experiments/run-experiment.ts';
import type { ResultLine } from '../shared/experiments/run-tree.ts';
import type { ExperimentSpec } from '../shared/experiments/spec.ts';
import { JobPool, type SpawnWorker } from '../shared/jobs/job-pool.ts';
import { RunFolder } from './run-folder.ts';

export const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

export interface RunManagerOptions {
  runsDir: string;
  spawn: SpawnWorker;
  workers: number;
  emit: (e: RunEvent) => void;
  maxEventsPerSecond?: number;
  cancelGraceMs?: number;
}

interface Active {
  run: ExperimentRun;
  folder: RunFolder;
  pending: ResultLine[];
  progress: RunProgress | null;
}

export class RunManager {
  private readonly pool: JobPool;
  private readonly active = new Map<string, Active>();
  private readonly interval: number;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly o: RunManagerOptions) {
    mkdirSync(o.runsDir, { recursive: true });
    this.pool = new JobPool(o.spawn, { size: o.workers, cancelGraceMs: o.cancelGraceMs });
    this.interval = 1000 / (o.maxEventsPerSecond ?? 30);
  }

  /** Start a run of a validated spec; returns its id (the run folder's name). */
  startRun(spec: ExperimentSpec): string {
    const id = this.newId(spec.name);
    const folder = RunFolder.create(join(this.o.runsDir, id), spec, this.pool.size);
    const a: Active = { run: null as unknown as ExperimentRun, folder, pending: [], progress: null };
    a.run = new ExperimentRun(this.pool, spec, {
      onLine: (line) => {
        folder.append(line); // on disk first: nothing finished is lost
        a.pending.push(line);
      },
      onProgress: (p) => {
        a.progress = p;
      },
      onTreeFailed: (tree, reason) => this.o.emit({ runId: id, type: 'tree-failed', tree, reason }),
    });
    this.active.set(id, a);
    this.ensureTimer();
    void a.run.start().then((outcome) => {
      this.flush(id, a);
      folder.writeSummary(folder.summary());
      folder.update({ status: outcome.status, finishedAt: new Date().toISOString(), failures: outcome.failures });
      this.active.delete(id);
      this.o.emit({ runId: id, type: 'finished', outcome });
      if (this.active.size === 0) this.stopTimer();
    });
    return id;
  }

  cancelRun(id: string): void {
    this.active.get(this.checkId(id))?.run.cancel();
  }

  listRuns(): RunListing[] {
    if (!existsSync(this.o.runsDir)) return [];
    const out: RunListing[] = [];
    for (const name of readdirSync(this.o.runsDir)) {
      if (!RUN_ID.test(name) || !existsSync(join(this.o.runsDir, name, 'run.json'))) continue;
      try {
        const f = RunFolder.open(join(this.o.runsDir, name));
        const running = this.active.has(name);
        out.push({
          id: name, name: f.spec.name, seed: f.spec.seed, createdAt: f.record.createdAt, trees: f.spec.trees,
          status: running ? 'running' : f.record.status === 'running' ? 'interrupted' : f.record.status,
          treesDone: f.completeTrees().size,
        });
      } catch {
        // a folder that is not a readable run is not listed
      }
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  openRun(id: string): RunData {
    const f = RunFolder.open(join(this.o.runsDir, this.checkId(id)));
    const running = this.active.has(id);
    return {
      id, spec: f.spec, createdAt: f.record.createdAt, generator: f.record.generator, lines: f.lines(), failures: f.record.failures,
      status: running ? 'running' : f.record.status === 'running' ? 'interrupted' : f.record.status,
    };
  }

  close(): void {
    for (const a of this.active.values()) a.run.cancel();
    this.pool.close();
    this.stopTimer();
  }

  private checkId(id: string): string {
    if (!RUN_ID.test(id) || !existsSync(join(this.o.runsDir, id, 'run.json'))) throw new RangeError(`run id "${id}" is not a run in ${this.o.runsDir}`);
    return id;
  }

  private newId(name: string): string {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..+/, '');
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'run';
    for (let k = 0; ; k++) {
      const id = `${stamp}-${slug}${k ? `-${k}` : ''}`;
      if (!existsSync(join(this.o.runsDir, id))) return id;
    }
  }

  private ensureTimer(): void {
    this.timer ??= setInterval(() => {
      for (const [id, a] of this.active) this.flush(id, a);
    }, this.interval);
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One batched update per run per tick: the lines since the last tick and the latest progress. */
  private flush(id: string, a: Active): void {
    if (a.pending.length > 0) this.o.emit({ runId: id, type: 'lines', lines: a.pending.splice(0) });
    if (a.progress) {
      this.o.emit({ runId: id, type: 'progress', progress: a.progress });
      a.progress = null;
    }
  }
}
