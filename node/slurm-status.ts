/**
 * The state of each shard of a Slurm submission: pending/running from `squeue`, done/failed from
 * `sacct` where accounting exists, and from the shard files otherwise (a shard whose task left the
 * queue without all its trees failed). Parsing and the decision are pure; only `slurmQueue` runs
 * the commands. Also which shards a resubmission takes: those neither complete nor queued.
 */
import { spawnSync } from 'node:child_process';
import type { ShardState } from './shard-merge.ts';

export type SlurmShardState = 'pending' | 'running' | 'done' | 'failed';

/** A task's scheduler state by array index, for the array jobs of a submission. */
export type TaskStates = Map<number, string>;

const PENDING = new Set(['PENDING', 'CONFIGURING', 'REQUEUED', 'REQUEUE_HOLD', 'REQUEUE_FED', 'RESIZING', 'SUSPENDED']);
const RUNNING = new Set(['RUNNING', 'COMPLETING', 'STAGE_OUT', 'SIGNALING']);

/** Expand `3`, `[0-3]`, `[1,3-5%2]` into indices. */
function indices(text: string): number[] {
  const body = text.replace(/^\[|\]$/g, '').replace(/%\d+$/, '');
  const out: number[] = [];
  for (const part of body.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) continue;
    for (let i = Number(m[1]); i <= Number(m[2] ?? m[1]); i++) out.push(i);
  }
  return out;
}

/**
 * Lines "JOBID_INDEX STATE" (squeue -h -r -o '%i %T') or "JOBID_INDEX|STATE" (sacct -n -P -X -o
 * JobID,State); a line for a job not in `arrayJobIds` is ignored; later jobs of the list win.
 */
export function parseTaskStates(text: string, arrayJobIds: readonly string[]): TaskStates {
  const rank = new Map(arrayJobIds.map((id, i) => [id, i]));
  const best = new Map<number, { rank: number; state: string }>();
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)_(\S+?)\s*[|\s]\s*([A-Z_]+)/.exec(line);
    if (!m || !rank.has(m[1])) continue;
    const r = rank.get(m[1])!;
    for (const i of indices(m[2])) {
      const prev = best.get(i);
      if (!prev || prev.rank <= r) best.set(i, { rank: r, state: m[3] });
    }
  }
  return new Map([...best].map(([i, v]) => [i, v.state]));
}

/** Per shard: the files decide done; otherwise the queue, then accounting, then "failed" (left the queue incomplete). */
export function shardStatuses(
  shards: readonly ShardState[],
  queue: TaskStates,
  accounting: TaskStates,
): SlurmShardState[] {
  return shards.map((s) => {
    if (s.state === 'complete') return 'done';
    const q = queue.get(s.index) ?? accounting.get(s.index);
    if (q && PENDING.has(q)) return 'pending';
    if (q && RUNNING.has(q)) return 'running';
    return 'failed';
  });
}

/** The shards a resubmission runs again: not complete, and not still pending or running. */
export function shardsToResubmit(shards: readonly ShardState[], statuses: readonly SlurmShardState[]): number[] {
  return shards.filter((s, i) => s.state !== 'complete' && statuses[i] === 'failed').map((s) => s.index);
}

/** squeue (and sacct, when accounting answers) for the submission's array jobs. */
export function slurmQueue(arrayJobIds: readonly string[]): {
  queue: TaskStates;
  accounting: TaskStates;
  source: 'squeue' | 'squeue+sacct' | 'files';
} {
  const ids = arrayJobIds.join(',');
  const sq = spawnSync('squeue', ['-h', '-r', '-j', ids, '-o', '%i %T'], { encoding: 'utf8' });
  const sa = spawnSync('sacct', ['-n', '-P', '-X', '-j', ids, '-o', 'JobID,State'], { encoding: 'utf8' });
  const queue = sq.status === 0 ? parseTaskStates(sq.stdout, arrayJobIds) : new Map<number, string>();
  const accounting = sa.status === 0 ? parseTaskStates(sa.stdout, arrayJobIds) : new Map<number, string>();
  return {
    queue,
    accounting,
    source: sq.status !== 0 ? 'files' : sa.status === 0 && sa.stdout.trim() !== '' ? 'squeue+sacct' : 'squeue',
  };
}
