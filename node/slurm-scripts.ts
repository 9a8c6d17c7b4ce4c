/**
 * The two batch scripts of a Slurm submission (pure text, no Slurm needed to build or test them):
 *   DIR/slurm/array.sbatch  an array 0..N-1 (`%K` throttle); task I runs `gtlab run DIR/spec.json
 *                           --shard I/N --out DIR` with the submitting machine's absolute node and
 *                           project paths; stdout/stderr per task under DIR/slurm/logs/. Slurm's warning
 *                           (--signal=B:USR1@60) reaches the batch shell, which passes it to gtlab (it
 *                           stops taking trees, keeps every finished line, exits 1) and requeues the task,
 *                           whose rerun resumes the shard.
 *   DIR/slurm/merge.sbatch  `gtlab merge DIR`, submitted with --dependency=afterany:<array job>.
 */
import { join } from 'node:path';

export interface SlurmScriptOptions {
  /** absolute output folder (the shard set) */
  out: string;
  tasks: number;
  /** job name stem (the spec's name) */
  name: string;
  /** absolute paths on the submitting machine: node, the project, its cli/gtlab.js */
  node: string;
  project: string;
  gtlab: string;
  partition?: string;
  time?: string;
  cpusPerTask: number;
  mem?: string;
  maxParallel?: number;
  sbatchArgs: readonly string[];
}

/** A word for bash: single-quoted, with embedded quotes closed and escaped. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export const slurmDir = (out: string): string => join(out, 'slurm');
export const logsDir = (out: string): string => join(out, 'slurm', 'logs');

/** `0-3%2`, or a list of indices `1,3%2` for a resubmission. */
export function arraySpec(indices: readonly number[] | number, maxParallel?: number): string {
  const list = typeof indices === 'number' ? `0-${indices - 1}` : indices.join(',');
  return maxParallel ? `${list}%${maxParallel}` : list;
}

function header(o: SlurmScriptOptions, lines: string[]): string[] {
  const common = [
    ...(o.partition ? [`--partition=${o.partition}`] : []),
    ...(o.mem ? [`--mem=${o.mem}`] : []),
    ...o.sbatchArgs,
  ];
  return ['#!/bin/bash', ...[...lines, ...common].map((l) => `#SBATCH ${l}`), ''];
}

export function arraySbatch(o: SlurmScriptOptions): string {
  const logs = logsDir(o.out);
  return [
    ...header(o, [
      `--job-name=${o.name}`, `--array=${arraySpec(o.tasks, o.maxParallel)}`,
      `--output=${join(logs, 'shard-%a.out')}`, `--error=${join(logs, 'shard-%a.err')}`, '--open-mode=append',
      `--cpus-per-task=${o.cpusPerTask}`, ...(o.time ? [`--time=${o.time}`] : []), '--signal=B:USR1@60', '--requeue',
    ]),
    `# gtlab shard $SLURM_ARRAY_TASK_ID of ${o.tasks}: the trees t with t mod ${o.tasks} = $SLURM_ARRAY_TASK_ID`,
    `cd ${shellQuote(o.project)} || exit 2`,
    `echo "gtlab shard \${SLURM_ARRAY_TASK_ID}/${o.tasks} on $(hostname) at $(date -u +%FT%TZ) (job \${SLURM_JOB_ID})"`,
    `${shellQuote(o.node)} ${shellQuote(o.gtlab)} run ${shellQuote(join(o.out, 'spec.json'))} --shard "\${SLURM_ARRAY_TASK_ID}/${o.tasks}" \\`,
    `  --workers "\${SLURM_CPUS_PER_TASK:-${o.cpusPerTask}}" --out ${shellQuote(o.out)} --json &`,
    'pid=$!',
    '# Time limit near: gtlab finishes nothing new, keeps what is written, exits; the requeued task resumes.',
    `trap 'kill -USR1 "$pid" 2>/dev/null; wait "$pid"; scontrol requeue "\${SLURM_ARRAY_JOB_ID}_\${SLURM_ARRAY_TASK_ID}"; exit 1' USR1`,
    'wait "$pid"',
    '',
  ].join('\n');
}

export function mergeSbatch(o: SlurmScriptOptions): string {
  const logs = logsDir(o.out);
  return [
    ...header(o, [`--job-name=${o.name}-merge`, `--output=${join(logs, 'merge.out')}`, `--error=${join(logs, 'merge.err')}`, '--open-mode=append', '--cpus-per-task=1']),
    `cd ${shellQuote(o.project)} || exit 2`,
    `${shellQuote(o.node)} ${shellQuote(o.gtlab)} merge ${shellQuote(o.out)} --json`,
    '',
  ].join('\n');
}
