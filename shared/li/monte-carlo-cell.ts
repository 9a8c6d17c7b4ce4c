/**
 * The Monte-Carlo check of one cell of a Li table (Li 1989, Ch. 2-4): the same computation as
 * `gtlab montecarlo li-2|li-3|li-4` (./monte-carlo-check.ts), set against the cell's corrected and
 * printed-computation values and the thesis's number, with progress for the Studies tab's worker.
 */
import { monteCarloLi } from './monte-carlo-check.ts';

type McExperiment = 'li-2' | 'li-3' | 'li-4';

export interface McTarget {
  experiment: McExperiment;
  params: { p0?: number; f1: number; f2: number; k?: number; d?: number; h?: number };
  quantity: string;
  /** the cell: corrected, printed computation, thesis (null/undefined: lost/none) */
  corrected: number;
  printed: number;
  thesis: number | null | undefined;
  /** decimals of the thesis's number */
  digits: number;
}

export interface McResult {
  target: McTarget;
  trees: number;
  seed: number;
  mean: number;
  se: number;
  lo: number;
  hi: number;
  half95: number;
  inInterval: { corrected: boolean; printed: boolean; thesis: boolean | null };
}

export const MC_MAX_TREES = 10_000_000;

/** Runs the check; `progress(done, total)` is called every 50 trees (accepted samples for li-3). */
export function runMonteCarlo(
  target: McTarget,
  trees: number,
  seed: number,
  progress?: (done: number, total: number) => void,
): McResult {
  if (!Number.isInteger(trees) || trees < 2 || trees > MC_MAX_TREES)
    throw new RangeError(`trees = ${trees} is not allowed: it must be an integer in [2..${MC_MAX_TREES}]`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed = ${seed} is not allowed: it must be a safe integer`);
  const m = monteCarloLi(target.experiment, target.params, trees, seed, progress);
  // A degenerate sample (every tree the same, se = 0) has a zero-width interval: compare up to rounding.
  const inside = (x: number) =>
    m.lo - 1e-9 * Math.max(1, Math.abs(x)) <= x && x <= m.hi + 1e-9 * Math.max(1, Math.abs(x));
  const t = target.thesis;
  return {
    target,
    trees,
    seed,
    mean: m.mean,
    se: m.se,
    lo: m.lo,
    hi: m.hi,
    half95: m.half95,
    inInterval: {
      corrected: inside(target.corrected),
      printed: inside(target.printed),
      thesis: t === null || t === undefined ? null : inside(t),
    },
  };
}
