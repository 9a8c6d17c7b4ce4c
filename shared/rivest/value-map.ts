/**
 * The map of static evaluations into (0, 1), which M_p needs (Rivest 1987, Sec. 3: generalized means
 * are defined for positive arguments; his Connect-Four scores were positive too).
 *
 * u(v) = 1 / (1 + exp(−v / s)), a logistic of the evaluation v with scale s > 0. It is increasing (so
 * it keeps the order of evaluations: a plain minimax back-up on u-values picks the same moves as on
 * v-values) and odd around ½: u(−v) = 1 − u(v), so the value for the other player is 1 − u. With the
 * Connect-Four evaluation (../connect4/evaluation.ts: heuristics in (−1, 1), proven results ±1..±21)
 * the default s = 0.25 spreads heuristics over (0.02, 0.98) and puts proven wins above 0.98; wins
 * deeper than about 9 plies (v ≥ 9, u = 1 − e^−36) round to exactly 1 and losses to a tiny positive
 * number, which M_p and the logarithms of the weights handle (u is clamped to ≥ MIN_UNIT so it is
 * never 0, whatever the evaluation's range).
 */
export const DEFAULT_VALUE_SCALE = 0.25;

export function toUnit(v: number, scale: number): number {
  const u = 1 / (1 + Math.exp(-v / scale));
  return Math.max(u, MIN_UNIT); // exp overflow (|v| / s > 709) would give exactly 0
}

/** Smallest value u returns: positive, so logarithms and M_−p stay finite. */
const MIN_UNIT = 1e-300;

export function checkScale(scale: number): void {
  if (!(Number.isFinite(scale) && scale >= 0.05 && scale <= 1e6)) {
    throw new RangeError(
      `scale = ${scale} is not allowed: it must be a number in [0.05, 1e6] (the logistic u(v) = 1/(1+exp(−v/scale)))`,
    );
  }
}
