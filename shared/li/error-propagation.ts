/**
 * Li thesis Ch. 3 §2.1, formulas (3.1)-(3.2) and Fig. 3.2: how a bi-valued evaluation's error
 * probabilities α = Pr[Ψ = 1 | loss], β = Pr[Ψ = 0 | win] at depth 2k become α', β' at depth 2(k−1)
 * after a Min and a Max back-up:
 *   α2 = α²f2 + α(1−β)(1−f2),  β2 = β² + 2β(1−β)            (Min node, (f'))
 *   α' = α2² + 2α2(1−α2),      β' = β2²f1 + β2(1−α2)(1−f1)   (Max node, (e'))
 * Fig. 3.2 iterates them from (α, β) = (0.3, 0.2) with f1 = f2 = 0.7 and says the error "disappears"
 * after j > 14 back-ups. The figure prints no numbers, so there is nothing to correct: both modes agree.
 */
import { checkInt, checkProbability } from '../util/range.ts';
import type { LiMode, LiTableResult } from './li-table.ts';

/** One back-up of two plies, (3.1)-(3.2). */
export function propagateError(alpha: number, beta: number, f1: number, f2: number): [number, number] {
  checkProbability('alpha', alpha);
  checkProbability('beta', beta);
  checkProbability('f1', f1);
  checkProbability('f2', f2);
  const a2 = alpha * alpha * f2 + alpha * (1 - beta) * (1 - f2);
  const b2 = beta * beta + 2 * beta * (1 - beta);
  return [a2 * a2 + 2 * a2 * (1 - a2), b2 * b2 * f1 + b2 * (1 - a2) * (1 - f1)];
}

/** The points (α_j, β_j), j = 0..steps, of Fig. 3.2 (defaults: the figure's parameters). */
export function errorTrajectory(steps = 20, alpha = 0.3, beta = 0.2, f1 = 0.7, f2 = 0.7): [number, number][] {
  checkInt('steps', steps, 0, 10_000);
  const out: [number, number][] = [[alpha, beta]];
  for (let j = 0; j < steps; j++) out.push(propagateError(out[j][0], out[j][1], f1, f2));
  return out;
}

/** First step j at which both errors are below `eps` (the thesis's "disappears"), or -1 within `steps`. */
export function vanishingStep(points: [number, number][], eps: number): number {
  return points.findIndex(([a, b]) => a < eps && b < eps);
}

export function figure32(mode: LiMode, steps = 20): LiTableResult {
  const pts = errorTrajectory(steps);
  const j = vanishingStep(pts, 0.005);
  return {
    table: 'fig3.2',
    mode,
    title: 'Fig. 3.2: error probabilities (α_j, β_j) after j two-ply back-ups, f1 = f2 = 0.7',
    columns: ['alpha', 'beta'],
    rows: pts.map(([a, b], step) => ({ f1: 0.7, f2: 0.7, step, values: [a, b] })),
    errata: [],
    notes: [
      'iterates (3.1)-(3.2) from (α, β) = (0.3, 0.2); the figure plots j = 0..8 and prints no numbers',
      `both errors fall below 0.005 (0.00 to two decimals) first at j = ${j}: the text's "the error disappears at depth 2(k−j) with j > 14"`,
    ],
  };
}
