/**
 * The Monte-Carlo check of one of Li's quantities (Li 1989, Ch. 2-4) on generated node-dependent trees:
 * R_k (li-2), D(d, h) (li-3), N_k (li-4) — the mean with its 95 % interval, next to the exact value of
 * the corrected model and the printed-mode value. One computation for `gtlab montecarlo` and the app.
 */
import {
  alphaBetaLeafCount,
  decisionMeans,
  treeMean,
  winLeafCount,
  type MeanEstimate,
  type Progress,
} from './monte-carlo.ts';
import { winLeavesPrinted, winLeavesRecurrence } from './win-leaf-count.ts';
import { expectedLeaves, leavesClosedForm, leavesRecurrence } from './alpha-beta-leaves.ts';
import { correctDecision } from './correct-decision.ts';

export const LI_EXPERIMENTS = ['li-2', 'li-3', 'li-4'] as const;
export type LiExperiment = (typeof LI_EXPERIMENTS)[number];
export interface LiCheckParams {
  p0?: number;
  f1: number;
  f2: number;
  k?: number;
  d?: number;
  h?: number;
}

export interface MonteCarloResult {
  experiment: LiExperiment;
  params: Record<string, number>;
  trees: number;
  seed: number;
  mean: number;
  se: number;
  half95: number;
  lo: number;
  hi: number;
  exact: { corrected: number; printed: number };
  inInterval: { corrected: boolean; printed: boolean };
  quantity: string;
}

/** The check `gtlab montecarlo` prints and the app's Li tables run (progress for the app's worker). */
export function monteCarloLi(
  experiment: LiExperiment,
  p: LiCheckParams,
  trees: number,
  seed: number,
  progress?: Progress,
): MonteCarloResult {
  let m: MeanEstimate;
  let corrected: number;
  let printed: number;
  let quantity: string;
  let params: Record<string, number>;
  let half95: number;
  if (experiment === 'li-3') {
    const { f1, f2, d, h } = p as Required<typeof p>;
    if (d < 1 || d > h) throw new RangeError(`d = ${d} is not allowed: it must be an integer in [1..h] = [1..${h}]`);
    // A win/loss pair is drawn with probability 1 − f1 (odd h, Max node) or 1 − f2 (even h).
    if ((h % 2 === 1 ? f1 : f2) === 1)
      throw new RangeError(
        `${h % 2 === 1 ? 'f1' : 'f2'} = 1 is not allowed for h = ${h}: the node never has a win and a loss child, so D(d, h) is undefined`,
      );
    m = decisionMeans(f1, f2, h, seed, trees, trees * 1000, progress)[d - 1];
    half95 = (m.hi - m.lo) / 2; // the Wilson score interval of a [0, 1] score (see monte-carlo.ts)
    corrected = correctDecision(f1, f2, h)[d - 1];
    printed = correctDecision(f1, f2, h, 'min-everywhere')[d - 1];
    quantity = `D(${d}, ${h}): probability of a correct decision`;
    params = { f1, f2, d, h };
  } else {
    const { p0, f1, f2, k } = p as Required<typeof p>;
    params = { p0, f1, f2, k };
    if (experiment === 'li-2') {
      m = treeMean({ height: 2 * k, p0, f1, f2, seed }, trees, winLeafCount, progress);
      corrected = winLeavesRecurrence(p0, f1, f2, k)[k - 1];
      printed = winLeavesPrinted(p0, f1, f2, k);
      half95 = m.half95;
      quantity = `R_${k}: win leaves at depth ${2 * k}`;
    } else {
      m = treeMean({ height: 2 * k, p0, f1, f2, seed }, trees, alphaBetaLeafCount, progress);
      corrected = expectedLeaves(p0, leavesRecurrence(f1, f2, k));
      printed = expectedLeaves(p0, leavesClosedForm(f1, f2, k, 'printed'));
      half95 = m.half95;
      quantity = `N_${k}: leaves examined by alpha-beta with window [0, 1], height ${2 * k}`;
    }
  }
  // A degenerate sample (every tree the same, se = 0) gives a zero-width interval: compare up to rounding.
  const inside = (x: number) =>
    m.lo - 1e-9 * Math.max(1, Math.abs(x)) <= x && x <= m.hi + 1e-9 * Math.max(1, Math.abs(x));
  return {
    experiment,
    params,
    trees,
    seed,
    mean: m.mean,
    se: m.se,
    half95,
    lo: m.lo,
    hi: m.hi,
    exact: { corrected, printed },
    inInterval: { corrected: inside(corrected), printed: inside(printed) },
    quantity,
  };
}
