/**
 * Submitting a shard set's scripts (./slurm-scripts.ts) with `sbatch --parsable`: the array, then the
 * merge job with --dependency=afterany:<array>. Every submission is recorded in DIR/slurm/jobs.json
 * (the array and merge job ids, which shards), which `gtlab slurm status|resubmit` read back.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { arraySpec, slurmDir } from './slurm-scripts.ts';
import { writeJsonWhole } from './storage.ts';

export class SlurmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlurmError';
  }
}

export interface SlurmSubmission {
  arrayJobId: string;
  mergeJobId: string;
  /** the array indices submitted (all of 0..tasks-1 the first time) */
  shards: number[];
  at: string;
}

export interface SlurmJobs {
  format: 'gtlab-slurm';
  version: 1;
  tasks: number;
  maxParallel: number | null;
  submissions: SlurmSubmission[];
}

export const jobsPath = (out: string): string => join(slurmDir(out), 'jobs.json');

/** The submission record of DIR, or null if DIR was never submitted. */
export function readJobs(out: string): SlurmJobs | null {
  if (!existsSync(jobsPath(out))) return null;
  let jobs: SlurmJobs;
  try {
    jobs = JSON.parse(readFileSync(jobsPath(out), 'utf8')) as SlurmJobs;
  } catch (e) {
    throw new SlurmError(`${jobsPath(out)}: not valid JSON (${(e as Error).message})`);
  }
  if (jobs.format !== 'gtlab-slurm') throw new SlurmError(`${jobsPath(out)}: format must be "gtlab-slurm"`);
  return jobs;
}

export function writeJobs(out: string, jobs: SlurmJobs): void {
  writeJsonWhole(jobsPath(out), jobs);
}

/** Fails naming the cause when there is no executable `sbatch` on PATH. */
export function requireSbatch(): void {
  for (const d of (process.env.PATH ?? '').split(delimiter)) {
    if (d === '') continue;
    try {
      accessSync(join(d, 'sbatch'), constants.X_OK);
      return;
    } catch {
      // not here
    }
  }
  throw new SlurmError(
    `no sbatch on PATH (${process.env.PATH ?? ''}): run this on a Slurm login node, or use --dry-run to only write the scripts`,
  );
}

/** `sbatch --parsable ARGS…` → the job id; sbatch's own message when it refuses. */
function sbatch(args: readonly string[]): string {
  const r = spawnSync('sbatch', ['--parsable', ...args], { encoding: 'utf8' });
  if (r.error) throw new SlurmError(`sbatch could not be started: ${r.error.message}`);
  if (r.status !== 0)
    throw new SlurmError(`sbatch ${args.join(' ')} failed (exit ${r.status}): ${r.stderr.trim() || r.stdout.trim()}`);
  const id = r.stdout.trim().split(';')[0];
  if (!/^\d+$/.test(id)) throw new SlurmError(`sbatch printed "${r.stdout.trim()}", not a job id`);
  return id;
}

/** Submit the array (all shards, or `shards` again) and the merge job after it; record both. */
export function submitArrayAndMerge(out: string, jobs: SlurmJobs, shards: number[] | null): SlurmSubmission {
  const dir = slurmDir(out);
  const arrayArgs = shards ? [`--array=${arraySpec(shards, jobs.maxParallel ?? undefined)}`] : [];
  const arrayJobId = sbatch([...arrayArgs, join(dir, 'array.sbatch')]);
  const mergeJobId = sbatch([`--dependency=afterany:${arrayJobId}`, join(dir, 'merge.sbatch')]);
  const submission = {
    arrayJobId,
    mergeJobId,
    shards: shards ?? [...Array(jobs.tasks).keys()],
    at: new Date().toISOString(),
  };
  jobs.submissions.push(submission);
  writeJobs(out, jobs);
  return submission;
}
