/**
 * The outputs a finished run writes beside its results (summary.json and results.csv aside), chosen
 * from what its spec compares, not from its name: a spec that compares a value-only series with a
 * fastest-cut-first partner (Furtak & Buro 2009, Sec. 8, Figure 4) gets fig4-summary.json, report.md
 * and the figure (./fig4-outputs.ts). `gtlab run`, `gtlab merge`'s run and the app's run folders take
 * them from here, so one spec leaves the same files whoever ran it.
 */
import type { ExperimentSpec } from '../shared/experiments/spec.ts';
import { comparesFastestCutFirst, type Fig4Summary } from '../shared/furtak-buro/fig4-summary.ts';
import { writeFig4Outputs } from './fig4-outputs.ts';
import type { RunData } from '../shared/api/contract.ts';
import type { RunFolder } from './run-folder.ts';

/** Outputs a run writes into its folder after summary.json and results.csv (figures, a report). */
export type RunOutputs = (folder: RunFolder, status: RunData['status']) => Promise<void>;

export interface RunOutputContext {
  /** the pool size the run ran on */
  workers: number;
  /** the run's wall time in seconds when its outputs are written, or null where it was not measured */
  wallSeconds: () => number | null;
  /** told the Figure 4 summary once it is written (the CLI prints it with --json) */
  fig4?: (summary: Fig4Summary) => void;
}

/** The outputs of a run of `spec`, or undefined when it has none beyond the summary and the CSV. */
export function runOutputs(spec: ExperimentSpec, ctx: RunOutputContext): RunOutputs | undefined {
  if (!comparesFastestCutFirst(spec)) return undefined;
  return async (folder, status) => {
    const summary = await writeFig4Outputs(folder, status, ctx.workers, ctx.wallSeconds());
    ctx.fig4?.(summary);
  };
}
