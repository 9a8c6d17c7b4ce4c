/**
 * The Sweep tab's grid editor as plain data: the experiment form's spec is the base, each
 * axis a spec path and the values typed for it, turned into a `gtlab-sweep` file and expanded by the
 * same code the CLI runs (shared/experiments/sweep.ts), so the app's cells are `gtlab sweep`'s cells.
 * The paths offered are the form's own labelled fields (the model's, from its descriptor's schema, and
 * the run's trees, depth, tree height and seed).
 */
import {
  expandSweep,
  SWEEP_FORMAT,
  SWEEP_VERSION,
  SweepError,
  type SweepCell,
  type SweepInput,
} from '../../../shared/experiments/sweep.ts';
import type { ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { estimateRun } from './estimate.ts';
import { fieldInfo, modelFields } from './spec-form.ts';

interface SweepAxisDraft {
  path: string;
  /** the values as typed: "0, 2, 4" */
  values: string;
}

export interface SweepDraft {
  name: string;
  axes: SweepAxisDraft[];
}

/** The paths an axis may sweep for a base spec, with the form's labels. */
export function sweepablePaths(base: ExperimentSpec): { path: string; label: string }[] {
  const model = modelFields(base.model.kind)
    .filter((f) => !f.options && !f.path.endsWith('.kind'))
    .map((f) => ({ path: f.path, label: f.meta.label }));
  return [...model, ...['trees', 'depth', 'height', 'seed'].map((path) => ({ path, label: fieldInfo(path)!.label }))];
}

/** "0, 2, 4" → [0, 2, 4]; numbers stay numbers, anything else a string; empty entries are an error. */
export function parseAxisValues(text: string): number[] | string {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) return 'values: a comma-separated list such as 0, 2, 4';
  const nums = parts.map(Number);
  if (nums.some((n) => !Number.isFinite(n)))
    return `values: "${parts.find((p) => !Number.isFinite(Number(p)))}" is not a number`;
  return nums;
}

/** The sweep file of a draft over `base` (the form's spec), or the first problem named by axis. */
export function draftToSweep(draft: SweepDraft, base: ExperimentSpec): SweepInput | string {
  const grid: Record<string, number[]> = {};
  const labels = new Map(sweepablePaths(base).map((p) => [p.path, p.label]));
  for (const [k, a] of draft.axes.entries()) {
    if (a.path === '') return `axis ${k + 1}: choose a parameter`;
    const name = labels.get(a.path) ?? a.path;
    if (a.path in grid) return `axis ${k + 1}: ${name} is swept twice`;
    const v = parseAxisValues(a.values);
    if (typeof v === 'string') return `axis ${k + 1} (${name}) ${v}`;
    grid[a.path] = v;
  }
  if (Object.keys(grid).length === 0) return 'add an axis: a parameter and its values';
  return { format: SWEEP_FORMAT, version: SWEEP_VERSION, name: draft.name.trim() || base.name, base, grid };
}

export interface SweepPlan {
  sweep: SweepInput | null;
  cells: SweepCell[];
  error: string | null;
  /** estimated wall time of all cells one after another on `workers` (s) */
  seconds: number;
  /** the same work on one core (s) */
  cpuSeconds: number;
}

/** Validate and expand a draft (every cell a valid spec, as `gtlab sweep` requires) and estimate it. */
export function planSweep(draft: SweepDraft, base: ExperimentSpec | null, workers: number): SweepPlan {
  if (base === null)
    return {
      sweep: null,
      cells: [],
      error: 'the experiment form has errors: the sweep starts from its spec',
      seconds: 0,
      cpuSeconds: 0,
    };
  const sweep = draftToSweep(draft, base);
  if (typeof sweep === 'string') return { sweep: null, cells: [], error: sweep, seconds: 0, cpuSeconds: 0 };
  try {
    const { cells } = expandSweep(sweep);
    const est = cells.map((c) => estimateRun(c.spec, workers));
    return {
      sweep,
      cells,
      error: null,
      seconds: est.reduce((a, e) => a + e.seconds, 0),
      cpuSeconds: est.reduce((a, e) => a + e.cpuSeconds, 0),
    };
  } catch (e) {
    if (e instanceof SweepError) return { sweep: null, cells: [], error: e.message, seconds: 0, cpuSeconds: 0 };
    throw e;
  }
}

/** The README of "Export for a cluster": the commands to type on the login node. */
export function clusterReadme(sweepFile: string, name: string, cells: number): string {
  return [
    `# ${name}: ${cells} cells, to run on a Slurm cluster`,
    '',
    'Copy this folder and the Game Tree Lab project (with `npm ci` done) to a filesystem the compute nodes see',
    '(home or scratch, not /tmp); then, on the login node, in the project folder:',
    '',
    '```sh',
    `npx gtlab sweep ${sweepFile} --out /scratch/$USER/${name} --launcher slurm --tasks-per-cell 4 --time 01:00:00 --dry-run   # look at the two scripts`,
    `npx gtlab sweep ${sweepFile} --out /scratch/$USER/${name} --launcher slurm --tasks-per-cell 4 --time 01:00:00           # submit: one array, one merge job`,
    `npx gtlab sweep summarize /scratch/$USER/${name} --out heatmap.pdf                                                     # when the merge job is done`,
    '```',
    '',
    'The first command writes slurm/array.sbatch (one task per cell and shard) and slurm/merge.sbatch (gtlab merge of',
    'every cell) without submitting; add --partition, --mem, --max-parallel or --sbatch-arg as your cluster needs.',
    'Each cell is a run folder cells/<slug>/; the merged cells are what a local `gtlab sweep` would have written.',
    '',
  ].join('\n');
}
