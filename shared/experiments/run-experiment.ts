/**
 * Runs a whole experiment on a job pool: one job per tree (skipping trees a resumed run already has),
 * every result line handed to a sink as it arrives (the host appends it to disk at once), progress
 * with an ETA, cancellation of everything still queued or running. The numbers do not depend on the
 * number of workers: tree i is always generated from (seed, i).
 */
import type { ResultLine } from '../io/result-line-fields.ts';
import { specDepths, type ExperimentSpec } from './spec.ts';

/** How a tree's job reports: its lines as they come, then exactly one of done, failed or cancelled. */
export interface JobCallbacks {
  onLine(line: ResultLine): void;
  onDone(): void;
  onFailed(reason: string): void;
  onCancelled(): void;
}

/**
 * What a run needs of a job pool (../jobs/job-pool.ts is one): a tree of the spec submitted as a job,
 * and a job cancelled by the id `submit` returned.
 */
export interface TreeJobs {
  submit(spec: ExperimentSpec, tree: number, cb: JobCallbacks): number;
  cancel(id: number): void;
}

export interface RunProgress {
  treesTotal: number;
  treesDone: number;
  treesFailed: number;
  treesCancelled: number;
  /** trees a resumed run already had */
  treesSkipped: number;
  elapsedMs: number;
  /** estimated time to finish, from the mean time per tree so far and the pool's parallelism */
  etaMs: number | null;
}

export interface RunOutcome {
  status: 'completed' | 'cancelled' | 'failed';
  failures: { tree: number; reason: string }[];
  progress: RunProgress;
}

export interface RunHooks {
  /**
   * every result line, in arrival order; must store it durably before returning, or throw if it cannot
   * (that tree then fails with the error's message, and no later line of it comes)
   */
  onLine(line: ResultLine): void;
  onProgress?(p: RunProgress): void;
  onTreeFailed?(tree: number, reason: string): void;
}

export class ExperimentRun {
  private readonly jobIds: number[] = [];
  private cancelled = false;
  private readonly progress: RunProgress;
  private readonly failures: { tree: number; reason: string }[] = [];
  private t0 = 0;

  constructor(
    private readonly pool: TreeJobs,
    private readonly spec: ExperimentSpec,
    private readonly hooks: RunHooks,
    private readonly skipTrees: ReadonlySet<number> = new Set(),
  ) {
    const skipped = [...skipTrees].filter((t) => t >= 0 && t < spec.trees).length;
    this.progress = {
      treesTotal: spec.trees,
      treesDone: skipped,
      treesFailed: 0,
      treesCancelled: 0,
      treesSkipped: skipped,
      elapsedMs: 0,
      etaMs: null,
    };
  }

  start(): Promise<RunOutcome> {
    this.t0 = Date.now();
    return new Promise((resolve) => {
      let pending = 0;
      const settle = () => {
        this.tick();
        if (--pending === 0) {
          const status = this.cancelled ? 'cancelled' : this.failures.length > 0 ? 'failed' : 'completed';
          resolve({ status, failures: this.failures, progress: { ...this.progress } });
        }
      };
      // Lines per tree: a tree cancelled after its last line arrived is done, as every listing counts it
      // (shared/host/run-rules.ts: a tree is done when all its depths are).
      const depths = specDepths(this.spec).length;
      const linesOf = new Map<number, number>();
      for (let tree = 0; tree < this.spec.trees; tree++) {
        if (this.skipTrees.has(tree)) continue;
        pending++;
        // A line that could not be stored fails its tree: the job is cancelled, and however it ends
        // (done, cancelled or failed) the tree counts as failed with that reason.
        let unstored: string | null = null;
        let id: number | undefined;
        const failed = (reason: string) => {
          this.progress.treesFailed++;
          this.failures.push({ tree, reason });
          this.hooks.onTreeFailed?.(tree, reason);
          settle();
        };
        id = this.pool.submit(this.spec, tree, {
          onLine: (line) => {
            if (unstored !== null) return;
            try {
              this.hooks.onLine(line);
            } catch (e) {
              unstored = e instanceof Error ? e.message : String(e);
              if (id !== undefined) this.pool.cancel(id);
              return;
            }
            linesOf.set(tree, (linesOf.get(tree) ?? 0) + 1);
          },
          onDone: () => {
            if (unstored !== null) return failed(unstored);
            this.progress.treesDone++;
            settle();
          },
          onFailed: (reason) => failed(unstored ?? reason),
          onCancelled: () => {
            if (unstored !== null) return failed(unstored);
            if ((linesOf.get(tree) ?? 0) >= depths) this.progress.treesDone++;
            else this.progress.treesCancelled++;
            settle();
          },
        });
        if (unstored !== null) this.pool.cancel(id); // a pool that called back before submit returned
        this.jobIds.push(id);
      }
      if (pending === 0) resolve({ status: 'completed', failures: [], progress: { ...this.progress } });
      else this.tick();
    });
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    // Queued jobs first (instant), so no worker picks one up while running jobs are being stopped.
    for (const id of [...this.jobIds].reverse()) this.pool.cancel(id);
  }

  private tick(): void {
    const p = this.progress;
    p.elapsedMs = Date.now() - this.t0;
    const ran = p.treesDone - p.treesSkipped + p.treesFailed;
    const left = p.treesTotal - p.treesDone - p.treesFailed - p.treesCancelled;
    p.etaMs = ran > 0 ? (p.elapsedMs / ran) * left : null;
    this.hooks.onProgress?.({ ...p });
  }
}
