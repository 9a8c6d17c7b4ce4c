/**
 * VP-lists (Li 1989, Ch. 5 §2, (5.1)): the probability function P_g of a node's merit value Φ(g) on
 * the integer domain [−i, i], with P_NEG, P_MAX, P_MIN (§2), lower_bound / upper_bound and the clamp
 * P_MIN(P_MAX(P, ⟨α,1⟩), ⟨β,1⟩) of Algorithm 5.1 (§3).
 *
 * Storage: the thesis's list of ⟨v, P(v)⟩ pairs with P(v) > 0 is kept densely, one row of 2i + 1
 * probabilities per slot of a preallocated pool, with the bounds (the first and last v with P(v) ≠ 0)
 * alongside. For i = 6 a row is 13 doubles, so the dense form is both the smaller and the faster one;
 * `toPairs` gives the thesis's sparse list. All operations write into a slot of the pool: a search
 * allocates nothing per node.
 *
 * P_MAX is computed with the thesis's formula P(v) = P1(v)P2(v) + P1(v)ΣP2(<v) + P2(v)ΣP1(<v) (a sum
 * of non-negative terms, so P(v) = 0 exactly where the definition gives 0 and the bounds stay exact in
 * floating point). Operands are independent random variables. The searches, in negamax form, need only P_NEG
 * and P_MAX; P_MIN (`pMin`) is P_NEG(P_MAX(P_NEG(P1), P_NEG(P2))), which does the arithmetic of the thesis's
 * mirrored sums over t > v in the same order, P_NEG being exact.
 */

/** A VP-list as the thesis writes it: ⟨v, p⟩ pairs, v ascending, p > 0. */
export type VPPairs = [number, number][];

const MAX_DOMAIN = 64;

export class VPPool {
  /** the domain bound i: values live in [−i, i] */
  readonly i: number;
  /** row length 2i + 1; value v is stored at index v + i */
  readonly width: number;
  readonly p: Float64Array;
  /** lower_bound and upper_bound of each slot (lo > hi marks an empty slot) */
  readonly lo: Int32Array;
  readonly hi: Int32Array;

  constructor(
    i: number,
    readonly slots: number,
  ) {
    if (!Number.isInteger(i) || i < 1 || i > MAX_DOMAIN)
      throw new RangeError(`domain bound i = ${i} is not allowed: it must be an integer in [1..${MAX_DOMAIN}]`);
    if (!Number.isInteger(slots) || slots < 1)
      throw new RangeError(`slots = ${slots} is not allowed: it must be a positive integer`);
    this.i = i;
    this.width = 2 * i + 1;
    this.p = new Float64Array(slots * this.width);
    this.lo = new Int32Array(slots).fill(1);
    this.hi = new Int32Array(slots);
  }

  lowerBound(s: number): number {
    return this.lo[s];
  }

  upperBound(s: number): number {
    return this.hi[s];
  }

  /** P(v) of slot s (0 outside the bounds). */
  prob(s: number, v: number): number {
    return v < this.lo[s] || v > this.hi[s] ? 0 : this.p[s * this.width + v + this.i];
  }

  /** The special VP-list ⟨v, 1⟩. */
  setPoint(s: number, v: number): void {
    this.checkValue(v);
    const o = s * this.width;
    this.p.fill(0, o, o + this.width);
    this.p[o + v + this.i] = 1;
    this.lo[s] = v;
    this.hi[s] = v;
  }

  /** dst := P_NEG(src): P_NEG(P)(v) = P(−v). dst ≠ src. */
  neg(dst: number, src: number): void {
    const w = this.width;
    const d = dst * w;
    const a = src * w;
    for (let k = 0; k < w; k++) this.p[d + k] = this.p[a + w - 1 - k];
    this.lo[dst] = -this.hi[src];
    this.hi[dst] = -this.lo[src];
  }

  /** dst := P_MAX(a, b) for independent a, b; dst may be a or b. */
  max(dst: number, a: number, b: number): void {
    const w = this.width;
    const P = this.p;
    const oa = a * w;
    const ob = b * w;
    const od = dst * w;
    let Fa = 0; // Σ_{t<v} P_a(t)
    let Fb = 0;
    for (let k = 0; k < w; k++) {
      const pa = P[oa + k];
      const pb = P[ob + k];
      P[od + k] = pa * pb + pa * Fb + pb * Fa;
      Fa += pa;
      Fb += pb;
    }
    this.lo[dst] = Math.max(this.lo[a], this.lo[b]);
    this.hi[dst] = Math.max(this.hi[a], this.hi[b]);
  }

  /**
   * dst := P_MIN(P_MAX(src, ⟨α,1⟩), ⟨β,1⟩) for α ≤ β: the mass below α moves to α, the mass above β
   * to β (Algorithm 5.1 statement 1, Lemma 5.1). dst may be src.
   */
  clamp(dst: number, src: number, alpha: number, beta: number): void {
    this.checkValue(alpha);
    this.checkValue(beta);
    if (alpha > beta) throw new RangeError(`clamp window [${alpha}, ${beta}] is not allowed: alpha must be ≤ beta`);
    const w = this.width;
    const P = this.p;
    const os = src * w;
    const od = dst * w;
    const ka = alpha + this.i;
    const kb = beta + this.i;
    let below = 0;
    let above = 0;
    for (let k = 0; k < ka; k++) below += P[os + k];
    for (let k = kb + 1; k < w; k++) above += P[os + k];
    for (let k = ka; k <= kb; k++) P[od + k] = P[os + k];
    for (let k = 0; k < ka; k++) P[od + k] = 0;
    for (let k = kb + 1; k < w; k++) P[od + k] = 0;
    if (ka === kb) P[od + ka] = below + P[os + ka] + above;
    else {
      P[od + ka] += below;
      P[od + kb] += above;
    }
    const lo = this.lo[src];
    const hi = this.hi[src];
    this.lo[dst] = lo < alpha ? alpha : Math.min(lo, beta);
    this.hi[dst] = hi < alpha ? alpha : Math.min(hi, beta);
  }

  copy(dst: number, src: number): void {
    const w = this.width;
    this.p.copyWithin(dst * w, src * w, src * w + w);
    this.lo[dst] = this.lo[src];
    this.hi[dst] = this.hi[src];
  }

  /** Load a VP-list (values in [−i, i], probabilities > 0 summing to 1 within 1e-9). */
  fromPairs(s: number, pairs: VPPairs): void {
    checkPairs(pairs, this.i);
    const o = s * this.width;
    this.p.fill(0, o, o + this.width);
    for (const [v, q] of pairs) this.p[o + v + this.i] = q;
    this.lo[s] = pairs[0][0];
    this.hi[s] = pairs[pairs.length - 1][0];
  }

  /** The thesis's VP-list: the pairs with P(v) > 0, v ascending. */
  toPairs(s: number): VPPairs {
    const out: VPPairs = [];
    for (let v = this.lo[s]; v <= this.hi[s]; v++) {
      const q = this.p[s * this.width + v + this.i];
      if (q > 0) out.push([v, q]);
    }
    return out;
  }

  private checkValue(v: number): void {
    if (!Number.isInteger(v) || v < -this.i || v > this.i)
      throw new RangeError(`value ${v} is not allowed: it must be an integer in [${-this.i}..${this.i}]`);
  }
}

/** A VP-list must be non-empty, v strictly ascending integers in [−i, i], p > 0, Σp = 1 (within 1e-9). */
export function checkPairs(pairs: VPPairs, i: number): void {
  if (!Array.isArray(pairs) || pairs.length === 0)
    throw new RangeError('VP-list is not allowed: it must have at least one ⟨v, p⟩ pair');
  let sum = 0;
  for (let k = 0; k < pairs.length; k++) {
    const [v, q] = pairs[k];
    if (!Number.isInteger(v) || v < -i || v > i)
      throw new RangeError(`VP-list pair ${k}: v = ${v} is not allowed: it must be an integer in [${-i}..${i}]`);
    if (k > 0 && v <= pairs[k - 1][0])
      throw new RangeError(`VP-list pair ${k}: v = ${v} is not allowed: values must be strictly ascending`);
    if (!(q > 0 && q <= 1 + 1e-9))
      throw new RangeError(`VP-list pair ${k}: p = ${q} is not allowed: it must be in (0, 1]`);
    sum += q;
  }
  if (Math.abs(sum - 1) > 1e-9) throw new RangeError(`VP-list probabilities sum to ${sum}: they must sum to 1`);
}

/** Convenience wrappers on pair lists (tests, the CLI), each on small pools of its own. */
export function pNeg(a: VPPairs, i: number): VPPairs {
  const pool = new VPPool(i, 2);
  pool.fromPairs(0, a);
  pool.neg(1, 0);
  return pool.toPairs(1);
}

/** P_MAX(P_1, …, P_n), folded left as the thesis defines it for n ≥ 3. */
export function pMax(lists: VPPairs[], i: number): VPPairs {
  if (lists.length === 0) throw new RangeError('P_MAX needs at least one VP-list');
  const pool = new VPPool(i, 2);
  pool.fromPairs(0, lists[0]);
  for (let k = 1; k < lists.length; k++) {
    pool.fromPairs(1, lists[k]);
    pool.max(0, 0, 1);
  }
  return pool.toPairs(0);
}

/** P_MIN(P_1, …, P_n) = P_NEG(P_MAX(P_NEG(P_1), …, P_NEG(P_n))), folded left like P_MAX. */
export function pMin(lists: VPPairs[], i: number): VPPairs {
  if (lists.length === 0) throw new RangeError('P_MIN needs at least one VP-list');
  return pNeg(
    pMax(
      lists.map((l) => pNeg(l, i)),
      i,
    ),
    i,
  );
}

export function pClamp(a: VPPairs, alpha: number, beta: number, i: number): VPPairs {
  const pool = new VPPool(i, 1);
  pool.fromPairs(0, a);
  pool.clamp(0, 0, alpha, beta);
  return pool.toPairs(0);
}
