/**
 * Fastest-cut-first move orderings (Furtak & Buro 2009, Sec. 6 and Sec. 8).
 *
 *  - linear:    sort by V_i − C·S_i / max_j S_j                       (Sec. 6, first heuristic)
 *  - threshold: moves with V_i ≥ β − C first, smallest S_i among them  (Sec. 6, second heuristic)
 *  - ratio:     ascending S_i / P_i, P_i the probability that move i cuts (Theorem 6.1)
 *  - weighted:  wV·V_i − wR·S_i/P_i − wS·S_i                           (Sec. 8, the combination used in Fig. 4)
 *
 * V_i is the child's value from the parent's view (previous pass or static estimate), S_i the size
 * estimate (out-degree by default, Sec. 8). P_i comes from a `CutProbability`: the hard threshold
 * "V_i ≥ β" of Sec. 8, or a table learned from trees of the same family.
 */
import type { ChildInfo, MoveOrdering } from './move-ordering.ts';

/** P_i as a function of the child's value estimate (parent's view) and the node's β. */
export interface CutProbability {
  readonly name: string;
  p(value: number, beta: number): number;
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
  if (probs.length === 0) throw new Error('learned cut probability: probs must not be empty');
  for (const [k, p] of probs.entries()) {
    if (!(p >= 0 && p <= 1)) throw new Error(`learned cut probability: probs[${k}] = ${p} is not in [0, 1]`);
  }
  const table = Float64Array.from(probs);
  const last = table.length - 1;
  return {
    name: `learned(${minMargin}..${minMargin + last})`,
    p(value: number, beta: number): number {
      let k = Math.round(value - beta) - minMargin;
      if (k < 0) k = 0;
      else if (k > last) k = last;
      return table[k];
    },
  };
}

/**
 * S/P for a move that cannot cut (P_i = 0) is infinite in Theorem 6.1; the weighted key uses this
 * finite stand-in instead, the same for every such move, so they still order among themselves by
 * the value and size terms.
 */
const RATIO_NO_CUT = 1e6;

/** Stable insertion sort by descending primary key, ties broken by descending secondary key. */
function sortTwoKeys(k1: Float64Array, k2: Float64Array, n: number, out: Int32Array, off: number): void {
  for (let i = 0; i < n; i++) out[off + i] = i;
  for (let i = 1; i < n; i++) {
    const c = out[off + i];
    const a = k1[c];
    const b = k2[c];
    let j = i - 1;
    while (j >= 0) {
      const o = out[off + j];
      if (k1[o] > a || (k1[o] === a && k2[o] >= b)) break;
      out[off + j + 1] = o;
      j--;
    }
    out[off + j + 1] = c;
  }
}

/** Scratch buffers shared by the FCF orderings of one search (orderings run one node at a time). */
class Scratch {
  key = new Float64Array(64);
  ensure(n: number): Float64Array {
    if (this.key.length < n) this.key = new Float64Array(Math.max(n, this.key.length * 2));
    return this.key;
  }
}

function maxOf(a: Float64Array, n: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) if (a[i] > m) m = a[i];
  return m;
}

/** V_i − C·S_i / max_j S_j, best first. */
export function fcfLinear(c: number): MoveOrdering {
  if (!(c >= 0)) throw new Error(`fcf-linear: C = ${c} must be ≥ 0`);
  const s = new Scratch();
  return {
    name: `fcf-linear(${c})`,
    needsSize: true,
    needsValue: true,
    sort(info: ChildInfo, _alpha: number, _beta: number, out: Int32Array, off: number): void {
      const n = info.n;
      const key = s.ensure(n);
      const ms = maxOf(info.size, n) || 1;
      for (let i = 0; i < n; i++) key[i] = info.value[i] - (c * info.size[i]) / ms;
      sortTwoKeys(key, info.value, n, out, off);
    },
  };
}

/** Moves with V_i ≥ β − C first, smallest S_i first among them; the rest by value. */
export function fcfThreshold(c: number): MoveOrdering {
  if (!(c >= 0)) throw new Error(`fcf-threshold: C = ${c} must be ≥ 0`);
  const s = new Scratch();
  return {
    name: `fcf-threshold(${c})`,
    needsSize: true,
    needsValue: true,
    sort(info: ChildInfo, _alpha: number, beta: number, out: Int32Array, off: number): void {
      const n = info.n;
      const key = s.ensure(n);
      // Candidates get key −S_i + a lift above every non-candidate; non-candidates sort by value.
      const lift = 4 * (maxOf(info.size, n) + 1) + 1e9;
      for (let i = 0; i < n; i++) key[i] = info.value[i] >= beta - c ? lift - info.size[i] : -lift + info.value[i];
      sortTwoKeys(key, info.value, n, out, off);
    },
  };
}

/** Ascending S_i / P_i (Theorem 6.1); ties (and P_i = 0 moves) by value. */
export function fcfRatio(prob: CutProbability = hardThreshold): MoveOrdering {
  const s = new Scratch();
  return {
    name: `fcf-ratio(${prob.name})`,
    needsSize: true,
    needsValue: true,
    sort(info: ChildInfo, _alpha: number, beta: number, out: Int32Array, off: number): void {
      const n = info.n;
      const key = s.ensure(n);
      for (let i = 0; i < n; i++) {
        const p = prob.p(info.value[i], beta);
        key[i] = p > 0 ? -info.size[i] / p : -Infinity;
      }
      sortTwoKeys(key, info.value, n, out, off);
    },
  };
}

export interface FcfWeights {
  /** weight of the value estimate V_i */
  value: number;
  /** weight of the S_i / P_i term */
  ratio: number;
  /** weight of the size term S_i */
  size: number;
}

/**
 * The weighted combination of Sec. 8: wV·V_i − wR·s_i/P_i − wS·s_i, best first, with s_i = S_i / max_j S_j
 * (normalised so weights transfer between families) and s_i/P_i = RATIO_NO_CUT when P_i = 0.
 */
export function fcfWeighted(w: FcfWeights, prob: CutProbability = hardThreshold): MoveOrdering {
  for (const k of ['value', 'ratio', 'size'] as const) {
    if (!Number.isFinite(w[k])) throw new Error(`fcf-weighted: weight ${k} = ${w[k]} must be a finite number`);
  }
  const s = new Scratch();
  return {
    name: `fcf-weighted(${w.value},${w.ratio},${w.size};${prob.name})`,
    needsSize: true,
    needsValue: true,
    sort(info: ChildInfo, _alpha: number, beta: number, out: Int32Array, off: number): void {
      const n = info.n;
      const key = s.ensure(n);
      const ms = maxOf(info.size, n) || 1;
      for (let i = 0; i < n; i++) {
        const p = prob.p(info.value[i], beta);
        const sz = info.size[i] / ms;
        key[i] = w.value * info.value[i] - w.ratio * (p > 0 ? sz / p : RATIO_NO_CUT) - w.size * sz;
      }
      sortTwoKeys(key, info.value, n, out, off);
    },
  };
}
