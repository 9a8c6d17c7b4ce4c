/**
 * Fastest-cut-first move orderings (Furtak & Buro 2009, Sec. 6 and Sec. 8).
 *
 *  - linear:    V_i − C·S_i / max_j S_j, best first                     (Sec. 6, first heuristic)
 *  - threshold: moves with V_i ≥ β − C first, smallest S_i among them  (Sec. 6, second heuristic)
 *  - ratio:     ascending S_i / P_i, P_i the probability that move i cuts (Theorem 6.1)
 *  - weighted:  wV·V_i − wR·s_i/P_i − wS·s_i                           (Sec. 8, the combination used in Fig. 4)
 *
 * V_i is the child's value from the parent's view (previous pass or static estimate), S_i the size
 * estimate (out-degree by default, Sec. 8). P_i comes from a `CutProbability`: the hard threshold
 * "V_i ≥ β" of Sec. 8, or a table learned from trees of the same family. Ties go to the higher V_i.
 */
import { defineOrdering } from './define-ordering.ts';
import type { MoveOrdering } from './move-ordering.ts';

/** P_i as a function of the child's value estimate (parent's view) and the node's β. */
export interface CutProbability {
  readonly name: string;
  p(value: number, beta: number): number;
  /** A learned table's margins and probabilities (learnedCutProbability), for kernels that look P_i up themselves. */
  readonly table?: { readonly minMargin: number; readonly probs: Float64Array };
}

/** Sec. 8: "P_i is initially a hard threshold based on whether the node value is ≥ beta". */
export const hardThreshold: CutProbability = {
  name: 'hard',
  p: (value, beta) => (value >= beta ? 1 : 0),
};

/**
 * P_i learned from trees of the same family: `probs[k]` is the observed frequency with which a move
 * whose estimate was `value − β = k + minMargin` produced a cut. Margins outside the table clamp to its ends.
 */
export function learnedCutProbability(minMargin: number, probs: readonly number[]): CutProbability {
  if (!Number.isInteger(minMargin))
    throw new RangeError(`learned cut probability: minMargin = ${minMargin} must be an integer`);
  if (probs.length === 0) throw new RangeError('learned cut probability: probs must not be empty');
  for (const [k, p] of probs.entries()) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`learned cut probability: probs[${k}] = ${p} is not in [0, 1]`);
  }
  const table = Float64Array.from(probs);
  const last = table.length - 1;
  return {
    name: `learned(${minMargin}..${minMargin + last})`,
    table: { minMargin, probs: table },
    p(value: number, beta: number): number {
      let k = Math.round(value - beta) - minMargin;
      if (k < 0) k = 0;
      else if (k > last) k = last;
      return table[k];
    },
  };
}

/**
 * s/P for a move that cannot cut (P_i = 0) is infinite in Theorem 6.1; the weighted key uses this
 * finite stand-in instead, the same for every such move, so they still order among themselves by
 * the value and size terms.
 */
const RATIO_NO_CUT = 1e6;

/** Key of a move that cannot cut in the ratio ordering: after every move that can (keys must be finite). */
const NO_CUT_LAST = -1e300;

/** Lifts threshold candidates above every other move (values and sizes are far below it). */
const CANDIDATE = 1e12;

function maxOf(a: Float64Array, n: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) if (a[i] > m) m = a[i];
  return m;
}

function checkConstant(name: string, c: number): void {
  if (!(Number.isFinite(c) && c >= 0))
    throw new RangeError(`${name}: C = ${c} is not allowed: it must be a finite number ≥ 0`);
}

/**
 * An FCF ordering: each needs the size and value estimates and breaks ties by the higher V_i (its `keys`
 * writes the tie row); only the name and the key formula differ.
 */
function fcfOrdering(
  name: string,
  keys: MoveOrdering['keys'],
  fcfWeighted?: MoveOrdering['fcfWeighted'],
): MoveOrdering {
  const o = { name, needsSize: true, needsValue: true, usesTie: true, keys };
  return defineOrdering(fcfWeighted === undefined ? o : { ...o, fcfWeighted });
}

/** V_i − C·S_i / max_j S_j, best first. */
export function fcfLinear(c: number): MoveOrdering {
  checkConstant('fcf-linear', c);
  return fcfOrdering(`fcf-linear(${c})`, (info, _alpha, _beta, key, tie, off) => {
    const n = info.n;
    const ms = maxOf(info.size, n) || 1;
    for (let i = 0; i < n; i++) {
      key[off + i] = info.value[i] - (c * info.size[i]) / ms;
      tie[off + i] = info.value[i];
    }
  });
}

/** Moves with V_i ≥ β − C first, smallest S_i first among them; then the others by value. */
export function fcfThreshold(c: number): MoveOrdering {
  checkConstant('fcf-threshold', c);
  return fcfOrdering(`fcf-threshold(${c})`, (info, _alpha, beta, key, tie, off) => {
    for (let i = 0; i < info.n; i++) {
      const v = info.value[i];
      key[off + i] = v >= beta - c ? CANDIDATE - info.size[i] : -CANDIDATE + v;
      tie[off + i] = v;
    }
  });
}

/** Ascending S_i / P_i (Theorem 6.1); moves with P_i = 0 last; ties by value. */
export function fcfRatio(prob: CutProbability = hardThreshold): MoveOrdering {
  return fcfOrdering(`fcf-ratio(${prob.name})`, (info, _alpha, beta, key, tie, off) => {
    for (let i = 0; i < info.n; i++) {
      const p = prob.p(info.value[i], beta);
      key[off + i] = p > 0 ? -info.size[i] / p : NO_CUT_LAST;
      tie[off + i] = info.value[i];
    }
  });
}

export interface FcfWeights {
  /** weight of the value estimate V_i */
  value: number;
  /** weight of the s_i / P_i term */
  ratio: number;
  /** weight of the size term s_i */
  size: number;
}

/**
 * The weighted combination of Sec. 8: wV·V_i − wR·s_i/P_i − wS·s_i, best first, with s_i = S_i / max_j S_j
 * (normalised so weights transfer between families) and s_i/P_i = RATIO_NO_CUT when P_i = 0.
 */
export function fcfWeighted(w: FcfWeights, prob: CutProbability = hardThreshold): MoveOrdering {
  for (const k of ['value', 'ratio', 'size'] as const) {
    if (!Number.isFinite(w[k])) throw new RangeError(`fcf-weighted: weight ${k} = ${w[k]} must be a finite number`);
  }
  return fcfOrdering(
    `fcf-weighted(${w.value},${w.ratio},${w.size};${prob.name})`,
    (info, _alpha, beta, key, tie, off) => {
      const n = info.n;
      const ms = maxOf(info.size, n) || 1;
      for (let i = 0; i < n; i++) {
        const p = prob.p(info.value[i], beta);
        const sz = info.size[i] / ms;
        key[off + i] = w.value * info.value[i] - w.ratio * (p > 0 ? sz / p : RATIO_NO_CUT) - w.size * sz;
        tie[off + i] = info.value[i];
      }
    },
    prob === hardThreshold || prob.table !== undefined
      ? Object.freeze({ value: w.value, ratio: w.ratio, size: w.size, learned: prob.table ?? null })
      : undefined,
  );
}
