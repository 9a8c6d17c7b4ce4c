/**
 * Shared test helpers for the tree models: negamax from the leaves of a materialised tree, statistics
 * with tolerances derived from the sample size, and a brute-force set cover.
 */
import type { Graph } from '../../shared/game/graph.ts';
import { solveGraph } from '../../shared/game/graph.ts';
import type { SetCoverInstance } from '../../shared/set-cover/set-cover-instance.ts';

/** Negamax values of a materialised tree computed from its leaves alone (interior values ignored). */
export function solveFromLeaves(g: Graph): Float64Array {
  const value = g.value.slice();
  for (let v = 0; v < g.nodeCount; v++) if (g.childOffsets[v + 1] > g.childOffsets[v]) value[v] = NaN;
  return solveGraph({ ...g, value });
}

/**
 * Pearson chi-square statistic of observed counts against expected counts, and a rejection threshold
 * of mean + 5 standard deviations of the chi-square law with k − 1 degrees of freedom (mean k − 1,
 * variance 2(k − 1)): a false alarm is far below 1e-4 for the sizes used here.
 */
export function chiSquare(observed: ArrayLike<number>, expected: ArrayLike<number>): { stat: number; limit: number } {
  let stat = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i];
    stat += (observed[i] - e) ** 2 / e;
  }
  const dof = observed.length - 1;
  return { stat, limit: dof + 5 * Math.sqrt(2 * dof) };
}

/** Expected counts of a uniform law over `k` cells for `total` draws. */
export function uniformExpected(k: number, total: number): number[] {
  return new Array<number>(k).fill(total / k);
}

/** |observed frequency − p| within `z` binomial standard errors for `n` trials. */
export function withinBinomial(
  successes: number,
  n: number,
  p: number,
  z = 5,
): { freq: number; tol: number; ok: boolean } {
  const freq = successes / n;
  const tol = z * Math.sqrt(Math.max(p * (1 - p), 1e-12) / n);
  return { freq, tol, ok: Math.abs(freq - p) <= tol };
}

/** Independent reference: the smallest k such that some k of the m sets cover 0..n−1 (all 2^m subsets). */
export function bruteForceMinCover(inst: SetCoverInstance): number {
  const m = inst.sets.length;
  let best = Infinity;
  for (let mask = 0; mask < 1 << m; mask++) {
    const covered = new Set<number>();
    let k = 0;
    for (let j = 0; j < m; j++) {
      if (mask & (1 << j)) {
        k++;
        for (const x of inst.sets[j]) covered.add(x);
      }
    }
    if (covered.size === inst.universe && k < best) best = k;
  }
  return best;
}
