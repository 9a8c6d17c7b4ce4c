/**
 * `gtlab slurm submit|status|resubmit`: a sharded run (gtlab run --shard) as a Slurm job array plus a
 * merge job. Scripts: node/slurm-scripts.ts; sbatch and the job record: node/slurm-submit.ts; shard
 * states from squeue/sacct and the files: node/slurm-status.ts. Everything is checked before anything
 * is written or submitted (the spec, the flags, sbatch on PATH). A resubmission clears the locks that
 * tasks Slurm reports ended left in their shards (node/run-folder-lock.ts).
 */
import { makeFolder, writeFileWhole } from '../../node/storage.ts';
import { join, resolve } from 'node:path';
import { checked, checkedAsync, int, matching, parse, requireStr, str, type Flags, flagOptions } from '../args.ts';
import { UsageError } from '../usage-error.ts';
import { loadSpec, SPEC_FLAGS } from './run.ts';
import { describeMerge } from './merge.ts';
import { checkSet, writeSetSpec } from '../../node/shard-set.ts';
import { inspectShardSet, mergeShardSet, type MergeReport } from '../../node/shard-merge.ts';
import { arraySbatch, logsDir, mergeSbatch, slurmDir, type SlurmScriptOptions } from '../../node/slurm-scripts.ts';
import {
  readJobs,
  requireSbatch,
  SlurmError,
  submitArrayAndMerge,
  writeJobs,
  jobsPath,
  type SlurmJobs,
} from '../../node/slurm-submit.ts';
import { shardStatuses, shardsToResubmit, slurmQueue } from '../../node/slurm-status.ts';
import { MAX_SHARDS, shardDirName } from '../../shared/experiments/shard.ts';
import { clearEndedSlurmLock, lockRunFolder } from '../../node/run-folder-lock.ts';
import { shardsDir } from '../../node/shard-set.ts';
import { quoted } from '../../shared/util/quoted.ts';

const SLURM_HELP = `gtlab slurm submit|status|resubmit …

  gtlab slurm submit SPEC|PRESET --tasks N --out DIR [--trees N] [--depth D] [--seed S] [--horizon H] [--size-info S]
      [--size-stand-in X] [--tt-move M] [--guess G] [--partition P] [--time HH:MM:SS] [--cpus-per-task C] [--mem M]
      [--max-parallel K] [--sbatch-arg=ARG]… [--dry-run] [--json]
    (--trees … --guess: the spec overrides of gtlab run; status and resubmit keep the set's spec and refuse them)
    writes DIR/spec.json, DIR/slurm/array.sbatch (array 0..N-1, task I = gtlab run --shard I/N, logs in
    DIR/slurm/logs/) and DIR/slurm/merge.sbatch (gtlab merge DIR), submits both with sbatch --parsable
    (the merge with --dependency=afterany:<array>) and prints {"arrayJobId","mergeJobId","scripts"}.
    --dry-run writes the scripts and submits nothing. DIR must be on a filesystem the nodes see; the
    scripts use this machine's absolute paths of node and of the project.
  gtlab slurm status DIR [--json]
    per shard: pending/running (squeue), done/failed (sacct where accounting exists, else the shard files)
  gtlab slurm resubmit DIR [--json]
    submits again only the shards that are neither complete nor queued, then the merge job after them
`;

const PROJECT = resolve(import.meta.dirname, '../..');

/** The flags that shape the batch scripts (--partition, --time, --mem, --cpus-per-task, --max-parallel, --sbatch-arg), checked. */
export const SCRIPT_FLAGS = {
  partition: { type: 'string' },
  time: { type: 'string' },
  'cpus-per-task': { type: 'string' },
  mem: { type: 'string' },
  'max-parallel': { type: 'string' },
  'sbatch-arg': { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
} as const;

/** Script options for `tasks` array tasks writing under `out` (also for gtlab sweep --launcher slurm). */
export function scriptOptions(flags: Flags, out: string, tasks: number): SlurmScriptOptions {
  const sbatchArgs = (flags['sbatch-arg'] as unknown as string[] | undefined) ?? [];
  for (const a of sbatchArgs)
    if (!/^--?[A-Za-z][^\n]*$/.test(a))
      throw new UsageError(
        `--sbatch-arg ${JSON.stringify(a)} is not allowed: one sbatch option per flag, written --sbatch-arg=--option=value`,
      );
  return {
    out,
    tasks,
    name: '',
    node: process.execPath,
    project: PROJECT,
    gtlab: join(PROJECT, 'cli', 'gtlab.js'),
    partition: matching(flags, 'partition', /^[A-Za-z0-9_.,-]+$/, 'a partition name (letters, digits, _ . , -)'),
    time: matching(flags, 'time', /^(\d+-)?\d+(:\d{1,2}){0,2}$/, 'a Slurm time limit: MM, HH:MM:SS or D-HH:MM:SS'),
    mem: matching(flags, 'mem', /^\d+[KMGT]?$/, 'an amount of memory such as 2G or 500M'),
    cpusPerTask: int(flags, 'cpus-per-task', 1, 256, 1),
    maxParallel: str(flags, 'max-parallel') === undefined ? undefined : int(flags, 'max-parallel', 1, tasks),
    sbatchArgs,
  };
}

async function submit(flags: Flags, positionals: string[]): Promise<number> {
  if (positionals.length !== 1)
    throw new UsageError('slurm submit takes one SPEC file or preset name (see gtlab slurm --help)');
  const out = resolve(requireStr(flags, 'out'));
  const tasks = int(flags, 'tasks', 1, MAX_SHARDS);
  const opts = scriptOptions(flags, out, tasks);
  const spec = checked(() => loadSpec(positionals[0], flags));
  if (tasks > spec.trees)
    throw new UsageError(
      `--tasks ${tasks} is not allowed: at most the spec's ${spec.trees} trees (one shard per tree)`,
    );
  checked(() => checkSet(out, spec, tasks));
  if (readJobs(out))
    throw new UsageError(
      `${out} was submitted already (${jobsPath(out)}): use gtlab slurm status|resubmit ${out}, or choose another --out`,
    );
  if (!flags['dry-run']) requireSbatch();
  opts.name = `gtlab-${spec.name}`.replace(/[^A-Za-z0-9_.-]+/g, '-');
  writeSetSpec(out, spec);
  makeFolder(logsDir(out));
  const scripts = [join(slurmDir(out), 'array.sbatch'), join(slurmDir(out), 'merge.sbatch')];
  writeFileWhole(scripts[0], arraySbatch(opts));
  writeFileWhole(scripts[1], mergeSbatch(opts));
  let ids = { arrayJobId: null as string | null, mergeJobId: null as string | null };
  if (!flags['dry-run']) {
    const jobs: SlurmJobs = {
      format: 'gtlab-slurm',
      version: 1,
      tasks,
      maxParallel: opts.maxParallel ?? null,
      submissions: [],
    };
    const s = submitArrayAndMerge(out, jobs, null);
    ids = { arrayJobId: s.arrayJobId, mergeJobId: s.mergeJobId };
  }
  if (flags.json) process.stdout.write(`${JSON.stringify({ ...ids, scripts, dryRun: Boolean(flags['dry-run']) })}\n`);
  process.stderr.write(
    flags['dry-run']
      ? `wrote ${scripts.join(' and ')}; nothing submitted\n`
      : `submitted array job ${ids.arrayJobId} (${tasks} tasks) and merge job ${ids.mergeJobId}\n`,
  );
  return 0;
}

function submitted(dir: string): SlurmJobs {
  const jobs = readJobs(dir);
  if (!jobs) throw new SlurmError(`${dir} was not submitted with gtlab slurm submit (${jobsPath(dir)} is missing)`);
  return jobs;
}

function shardsNow(dir: string, jobs: SlurmJobs) {
  const { report } = inspectShardSet(dir, jobs.tasks);
  const q = slurmQueue(jobs.submissions.map((s) => s.arrayJobId));
  const statuses = shardStatuses(report.shards, q.queue, q.accounting);
  return { report, statuses, source: q.source };
}

async function status(flags: Flags, dir: string): Promise<number> {
  const jobs = submitted(dir);
  const { report, statuses, source } = shardsNow(dir, jobs);
  const shards = report.shards.map((s, i) => ({ index: s.index, trees: s.trees, done: s.done, state: statuses[i] }));
  if (flags.json)
    process.stdout.write(
      `${JSON.stringify({ trees: report.trees, complete: report.complete, missing: report.missing, source, jobs: jobs.submissions, shards })}\n`,
    );
  else for (const s of shards) process.stdout.write(`shard ${s.index}: ${s.state} (${s.done}/${s.trees} trees)\n`);
  return 0;
}

async function resubmit(flags: Flags, dir: string): Promise<number> {
  const jobs = submitted(dir);
  const { report, statuses } = shardsNow(dir, jobs);
  const again = shardsToResubmit(report.shards, statuses);
  let result: { resubmitted: number[]; arrayJobId: string | null; mergeJobId: string | null; merge?: MergeReport };
  if (again.length > 0) {
    requireSbatch();
    // A task killed outright (out of memory, a node lost) left its shard's lock behind; Slurm says it ended.
    for (const index of again) {
      const cleared = clearEndedSlurmLock(join(shardsDir(dir), shardDirName({ index, count: jobs.tasks })));
      if (cleared) process.stderr.write(`gtlab: shard ${index}: ${cleared}\n`);
    }
    const s = submitArrayAndMerge(dir, jobs, again);
    result = { resubmitted: again, arrayJobId: s.arrayJobId, mergeJobId: s.mergeJobId };
    process.stderr.write(
      `resubmitted shards ${again.join(', ')} as array job ${s.arrayJobId}, merge job ${s.mergeJobId}\n`,
    );
  } else if (report.complete) {
    const lock = lockRunFolder(dir);
    const merge = await mergeShardSet(dir, jobs.tasks).finally(() => lock.release());
    result = { resubmitted: [], arrayJobId: null, mergeJobId: null, merge };
    process.stderr.write(`nothing to resubmit: ${describeMerge(dir, merge)}`);
  } else {
    result = { resubmitted: [], arrayJobId: null, mergeJobId: null };
    process.stderr.write(
      'nothing to resubmit: every incomplete shard is still pending or running (gtlab slurm status)\n',
    );
  }
  writeJobs(dir, jobs);
  if (flags.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}

export async function slurm(argv: string[]): Promise<number> {
  const {
    flags,
    positionals: [sub, ...positionals],
  } = parse(argv, { ...SCRIPT_FLAGS, ...flagOptions(['out', 'tasks', ...SPEC_FLAGS], ['json']) }, SLURM_HELP);
  if (sub === undefined) {
    process.stdout.write(SLURM_HELP);
    return 2;
  }
  if (sub === 'submit') return await checkedAsync(() => submit(flags, positionals));
  if (sub !== 'status' && sub !== 'resubmit')
    throw new UsageError(`slurm ${quoted(sub)}: use submit, status or resubmit (gtlab slurm --help)`);
  if (positionals.length !== 1) throw new UsageError(`slurm ${sub} takes one DIR, the --out of gtlab slurm submit`);
  const changes = SPEC_FLAGS.filter((f) => flags[f] !== undefined);
  if (changes.length > 0) {
    throw new UsageError(
      `slurm ${sub} works on the set submitted in ${positionals[0]} with its own spec: ${changes.map((f) => `--${f}`).join(', ')} would change it; drop ${changes.length > 1 ? 'them' : 'it'}, or submit a new set with another --out`,
    );
  }
  const dir = resolve(positionals[0]);
  return await checkedAsync(() => (sub === 'status' ? status(flags, dir) : resubmit(flags, dir)));
}
