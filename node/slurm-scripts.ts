/**
 * The two batch scripts of a Slurm submission (pure text, no Slurm needed to build or test them):
 *   DIR/slurm/array.sbatch  an array 0..N-1 (`%K` throttle); task I runs `gtlab run DIR/spec.json
 *                           --shard I/N --out DIR` with the submitting machine's absolute node and
 *                           project paths; stdout/stderr per task under DIR/slurm/logs/. Slurm's warning
 *                           (--signal=B:USR1@60) reaches the batch shell, which passes it to gtlab (it
 *                           stops taking trees, keeps every finished line, marks the shard interrupted,
 *                           exits 138) and requeues the task, whose rerun resumes the shard.
 *   DIR/slurm/merge.sbatch  `gtlab merge DIR`, submitted with --dependency=afterany:<array job>.
 */
import { join } from 'node:path';
import { shellQuote } from './shell-words.ts';

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

/**
 * The body of one array task: `gtlab run SPEC --shard SHARD --out OUT` in the background, with Slurm's
 * time-limit warning passed on and the task requeued (its rerun resumes the shard). SPEC, SHARD and OUT
 * are bash words (quoted paths, or expressions of the task id).
 */
function shardTask(o: SlurmScriptOptions, spec: string, shard: string, out: string): string[] {
  return [
    `cd ${shellQuote(o.project)} || exit 2`,
    `echo "gtlab shard ${shard} of ${out} on $(hostname) at $(date -u +%FT%TZ) (job \${SLURM_JOB_ID})"`,
    `${shellQuote(o.node)} ${shellQuote(o.gtlab)} run ${spec} --shard "${shard}" \\`,
    `  --workers "\${SLURM_CPUS_PER_TASK:-${o.cpusPerTask}}" --out ${out} --json &`,
    'pid=$!',
    '# Time limit near: gtlab finishes nothing new, keeps what is written, exits; the requeued task resumes.',
    `trap 'kill -USR1 "$pid" 2>/dev/null; wait "$pid"; scontrol requeue "\${SLURM_ARRAY_JOB_ID}_\${SLURM_ARRAY_TASK_ID}"; exit 1' USR1`,
    'wait "$pid"',
    '',
  ];
}

function arrayHeader(o: SlurmScriptOptions): string[] {
  const logs = logsDir(o.out);
  return header(o, [
    `--job-name=${o.name}`,
    `--array=${arraySpec(o.tasks, o.maxParallel)}`,
    `--output=${join(logs, 'shard-%a.out')}`,
    `--error=${join(logs, 'shard-%a.err')}`,
    '--open-mode=append',
    `--cpus-per-task=${o.cpusPerTask}`,
    ...(o.time ? [`--time=${o.time}`] : []),
    '--signal=B:USR1@60',
    '--requeue',
  ]);
}

export function arraySbatch(o: SlurmScriptOptions): string {
  return [
    ...arrayHeader(o),
    `# gtlab shard $SLURM_ARRAY_TASK_ID of ${o.tasks}: the trees t with t mod ${o.tasks} = $SLURM_ARRAY_TASK_ID`,
    ...shardTask(o, shellQuote(join(o.out, 'spec.json')), `\${SLURM_ARRAY_TASK_ID}/${o.tasks}`, shellQuote(o.out)),
  ].join('\n');
}

/**
 * A sweep's array: task t runs shard t mod K of cell ⌊t / K⌋ (K = `perCell`), each cell a shard set
 * DIR/cells/<slug>/ with its spec.json; o.tasks = cells × K.
 */
export function sweepArraySbatch(o: SlurmScriptOptions, cells: readonly string[], perCell: number): string {
  return [
    ...arrayHeader(o),
    `# gtlab sweep: ${cells.length} cells × ${perCell} shards; task t = shard t mod ${perCell} of cell t / ${perCell}`,
    `CELLS=(${cells.map(shellQuote).join(' ')})`,
    `CELL="\${CELLS[$((SLURM_ARRAY_TASK_ID / ${perCell}))]}"`,
    `OUT=${shellQuote(join(o.out, 'cells'))}/"$CELL"`,
    ...shardTask(o, '"$OUT/spec.json"', `$((SLURM_ARRAY_TASK_ID % ${perCell}))/${perCell}`, '"$OUT"'),
  ].join('\n');
}

function mergeHeader(o: SlurmScriptOptions): string[] {
  const logs = logsDir(o.out);
  return [
    ...header(o, [
      `--job-name=${o.name}-merge`,
      `--output=${join(logs, 'merge.out')}`,
      `--error=${join(logs, 'merge.err')}`,
      '--open-mode=append',
      '--cpus-per-task=1',
    ]),
    `cd ${shellQuote(o.project)} || exit 2`,
  ];
}

export function mergeSbatch(o: SlurmScriptOptions): string {
  return [...mergeHeader(o), `${shellQuote(o.node)} ${shellQuote(o.gtlab)} merge ${shellQuote(o.out)} --json`, ''].join(
    '\n',
  );
}

/** A sweep's merge job: every cell's shards merged; exit 1 if any cell is incomplete. */
export function sweepMergeSbatch(o: SlurmScriptOptions, cells: readonly string[]): string {
  return [
    ...mergeHeader(o),
    'status=0',
    `for cell in ${cells.map(shellQuote).join(' ')}; do`,
    `  ${shellQuote(o.node)} ${shellQuote(o.gtlab)} merge ${shellQuote(join(o.out, 'cells'))}/"$cell" --json || status=1`,
    'done',
    'exit $status',
    '',
  ].join('\n');
}
