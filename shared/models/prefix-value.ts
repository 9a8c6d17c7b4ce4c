/**
 * Prefix value game trees (Furtak & Buro 2009, Sec. 7) and, with `zeroDamage: false`, the incremental
 * model they refine (Fuller et al. 1973; Scheucher & Kaindl 1998).
 *
 * Each interior node v has b(v) children, b fixed or uniform in [bmin..bmax]. Move i inflicts damage
 * d_i(v) uniform in [−D..0] on the mover, and the child's prefix value is p(v_i) = −p(v) − d_i(v) (eq. 2).
 * In the prefix value model one move per node, at a uniformly random position, is forced to d = 0 (the
 * others keep their U[−D..0] damage, so they may be 0 too, as in the C reference pvt.c), and
 * Theorem 7.1 gives f(v) = p(v): every node's true negamax value is known on the fly.
 *
 * With `horizon: 'estimate'` a non-terminal node evaluates to its estimate f̂(v) = f(v) + e (its own view:
 * −childEstimate at its parent), so a depth-d search scores its horizon as Sec. 8's searches did; the
 * default 'exact' scores it with f(v) = p(v).
 *
 * Heuristic estimates (Sec. 7): integer noise U[−E..E], Gaussian C·N(0,1), or softmax leakage with
 * constant C (implemented by the Gumbel-max trick: sorting moves by C·(−f(v_k)) + Gumbel noise picks
 * move k first with probability exp(C·(−f(v_k))) / Σ exp(C·(−f(v_i))), exactly the paper's softmax).
 *
 * The tree is implicit: a node is a 32-bit state hash plus its prefix value, children derive from
 * (seed, path) by hashing (./seeded-tree.ts), so a subtree is identical whichever search reaches it.
 *
 * This module registers the tree's specialised kernel (./prefix-value-search.ts) with the searches
 * (search/kernels.ts) when it loads, and its minimum proof tree kernel (./prefix-value-mpt.ts) with the
 * branch and bound (proof/mpt-kernels.ts): every entry point that can construct a PrefixValueTree has
 * loaded them, so alpha-beta and NegaScout take the kernel wherever the tree is searched, and the `true`
 * and `seen` denominators wherever they are sized.
 */
import { HORIZONS, INF, type Game, type Horizon } from '../game/game.ts';
import { childKey, prefixValueKernel } from './prefix-value-search.ts';
import { KERNEL_MAX_BRANCHING, KERNEL_MAX_HEIGHT, type PrefixValueShape } from './prefix-value-shape.ts';
import { estimateRows, expandRows, ROW, type RowHolder } from './prefix-value-rows.ts';
import { below, childHash, mix32, unit, SALT_BRANCH, SALT_NOISE, SALT_NOISE2, SALT_ZERO } from '../util/hash.ts';
import { checkInt, checkSafeInt, MAX_TREE_INDEX } from '../util/range.ts';
import { SeededTree, type SeededTreeParams } from './seeded-tree.ts';
import { geometricTreeSize } from '../util/tree-size.ts';
import { registerKernel } from '../search/kernels.ts';
import { registerMptKernel } from '../proof/mpt-kernels.ts';
import { prefixValueMptKernel } from './prefix-value-mpt.ts';

export type Noise = { kind: 'uniform'; e: number } | { kind: 'gaussian'; c: number } | { kind: 'softmax'; c: number };

export interface PrefixValueParams extends SeededTreeParams {
  /** branching uniform in [bmin..bmax]; bmin = bmax for a fixed branching factor */
  bmin: number;
  bmax: number;
  /** damage bound D: edge damage uniform in [−D..0] */
  damage: number;
  /** estimate noise; default none (estimate = true value) */
  noise?: Noise;
  /** true: prefix value model (one zero-damage move per node); false: incremental model */
  zeroDamage?: boolean;
  /** value of the root, f(r) (default 0) */
  rootValue?: number;
  /**
   * What evaluate() / childValue() give at a non-terminal node (a search horizon): 'exact' (default)
   * the prefix value, 'estimate' the noisy estimate f̂ = f + e in the node's own view (game/game.ts).
   */
  horizon?: Horizon;
}

/** Largest branching factor and height an implicit tree accepts (buffers are sized from them). */
export const PREFIX_VALUE_LIMITS = {
  maxBranching: KERNEL_MAX_BRANCHING,
  maxHeight: KERNEL_MAX_HEIGHT,
  maxDamage: 1_000_000,
} as const;

export function checkPrefixValueParams(p: PrefixValueParams): void {
  checkInt('depth', p.height, 0, PREFIX_VALUE_LIMITS.maxHeight);
  checkInt('bmin', p.bmin, 1, PREFIX_VALUE_LIMITS.maxBranching);
  checkInt('bmax', p.bmax, 1, PREFIX_VALUE_LIMITS.maxBranching);
  if (p.bmin > p.bmax) throw new RangeError(`branching ${p.bmin}..${p.bmax} is not allowed: MIN must be ≤ MAX`);
  checkInt('damage', p.damage, 0, PREFIX_VALUE_LIMITS.maxDamage);
  checkSafeInt('seed', p.seed);
  if (p.tree !== undefined) checkInt('tree', p.tree, 0, MAX_TREE_INDEX);
  if (p.horizon !== undefined && !(HORIZONS as readonly unknown[]).includes(p.horizon)) {
    throw new RangeError(`horizon = ${String(p.horizon)} is not allowed: it must be 'estimate' or 'exact'`);
  }
  if (p.rootValue !== undefined)
    checkInt('rootValue', p.rootValue, -PREFIX_VALUE_LIMITS.maxDamage, PREFIX_VALUE_LIMITS.maxDamage);
  const n = p.noise;
  if (n) {
    if (n.kind === 'uniform') checkInt('noise', n.e, 0, PREFIX_VALUE_LIMITS.maxDamage);
    else if (!(Number.isFinite(n.c) && n.c >= 0)) {
      throw new RangeError(`noise constant C = ${n.c} is not allowed: it must be a finite number ≥ 0`);
    }
  }
}

const NOISE_NONE = 0,
  NOISE_UNIFORM = 1,
  NOISE_GAUSSIAN = 2,
  NOISE_SOFTMAX = 3;

export class PrefixValueTree extends SeededTree implements Game, RowHolder {
  readonly maxChildren: number;
  readonly integerEstimates: boolean;

  private readonly bmin: number;
  private readonly bspan: number;
  private readonly dspan: number;
  private readonly zeroDamage: boolean;
  private readonly noiseKind: number;
  private readonly noiseE: number;
  private readonly noiseC: number;
  private readonly rootValue: number;
  /** horizon 'estimate' with a noise model: non-terminal nodes evaluate to their estimate */
  private readonly noisyHorizon: boolean;

  /** Prefix value per ply of the current path. */
  private readonly value: Int32Array;
  // Children of the node expanded at each ply, row `ply * ROW`: their state hashes and prefix values, in
  // the tree's own arrays or, while it holds them, in the WebAssembly rows of ./prefix-value-rows.ts.
  chHash: Int32Array;
  chValue: Int32Array;
  readonly ownHash: Int32Array;
  readonly ownValue: Int32Array;

  constructor(readonly params: PrefixValueParams) {
    checkPrefixValueParams(params);
    super(params);
    this.maxChildren = params.bmax;
    this.bmin = params.bmin;
    this.bspan = params.bmax - params.bmin + 1;
    this.dspan = params.damage + 1;
    this.zeroDamage = params.zeroDamage ?? true;
    const n = params.noise;
    this.noiseKind = !n
      ? NOISE_NONE
      : n.kind === 'uniform'
        ? NOISE_UNIFORM
        : n.kind === 'gaussian'
          ? NOISE_GAUSSIAN
          : NOISE_SOFTMAX;
    this.noiseE = n && n.kind === 'uniform' ? n.e : 0;
    this.noiseC = n && n.kind !== 'uniform' ? n.c : 0;
    this.rootValue = params.rootValue ?? 0;
    this.integerEstimates = this.noiseKind === NOISE_UNIFORM || this.noiseKind === NOISE_NONE;
    this.noisyHorizon = params.horizon === 'estimate' && this.noiseKind !== NOISE_NONE;
    const plies = params.height + 1;
    this.value = new Int32Array(plies);
    this.ownHash = new Int32Array(plies * ROW);
    this.ownValue = new Int32Array(plies * ROW);
    this.chHash = this.ownHash;
    this.chValue = this.ownValue;
    this.value[0] = this.rootValue;
  }

  /** Branching factor of a node with state hash h at the given ply (0 at the tree's height). */
  private degreeOf(h: number, ply: number): number {
    if (ply >= this.maxPly) return 0;
    return this.bspan === 1 ? this.bmin : this.bmin + below(mix32(h ^ SALT_BRANCH), this.bspan);
  }

  expand(): number {
    const ply = this.ply;
    if (ply >= this.maxPly) return 0;
    const h = this.hash[ply];
    const drawn = expandRows(this, ply, h, this.value[ply]);
    return drawn >= 0 ? drawn : this.expandHere(ply, h);
  }

  /** expand() in TypeScript, where WebAssembly is missing: the same rows. */
  private expandHere(ply: number, h: number): number {
    const b = this.degreeOf(h, ply);
    const z = this.zeroDamage ? below(mix32(h ^ SALT_ZERO), b) : b; // b: no child (all are < b)
    const base = 0 - this.value[ply];
    const row = ply * ROW;
    const dspan = this.dspan;
    const chHash = this.chHash;
    const chValue = this.chValue;
    for (let i = 0; i < b; i++) {
      const hc = childHash(h, i);
      chHash[row + i] = hc;
      // p(v_i) = −p(v) − d_i(v) with d_i ∈ [−D..0], i.e. the child gains |d_i|. The damage is drawn
      // from the child's own state hash (already a full-avalanche hash of (seed, path)); the child's
      // branching and noise use salted re-hashes of it, so the three stay independent.
      // No damage on the zero-damage move z, without a branch (z falls on a random child, so a branch on it
      // mispredicts once per node): ((i ^ z) − 1) >> 31 is −1 exactly when i = z, else 0.
      chValue[row + i] = base + (below(hc, dspan) & ~(((i ^ z) - 1) >> 31));
    }
    return b;
  }

  /**
   * The child's state hash as expand() drew it, and the kernel's cheaper second key word (childKey; keyLo
   * is the real hash), so that both engines key a node alike.
   */
  override descend(i: number): void {
    const ply = this.ply;
    const row = ply * ROW;
    this.hash[ply + 1] = this.chHash[row + i];
    this.value[ply + 1] = this.chValue[row + i];
    this.key2[ply + 1] = childKey(this.key2[ply], i);
    this.ply = ply + 1;
  }

  /**
   * The prefix value p(v): exact (f = p) in the prefix value model, the path value in the incremental one;
   * with horizon 'estimate', at a non-terminal node its estimate in its own view (−childEstimate from the parent).
   */
  evaluate(): number {
    const ply = this.ply;
    if (this.noisyHorizon && ply < this.maxPly) return -this.estimateOf(this.hash[ply], -this.value[ply]) + 0; // + 0: no −0
    return this.value[ply];
  }

  childValue(i: number): number {
    const k = this.ply * ROW + i;
    if (!this.noisyHorizon || this.ply + 1 >= this.maxPly) return this.chValue[k];
    // Uniform noise, the common case, written out: −estimateOf(h, −p) is p + noise − E.
    if (this.noiseKind === NOISE_UNIFORM)
      return this.chValue[k] + below(mix32(this.chHash[k] ^ SALT_NOISE), 2 * this.noiseE + 1) - this.noiseE;
    return -this.estimateOf(this.chHash[k], -this.chValue[k]) + 0;
  }

  childValues(out: Float64Array, n: number): number {
    if (!this.noisyHorizon || this.ply + 1 >= this.maxPly) {
      // Exact values (as childValue decides), read from the row expand() wrote (the common case, without a call per
      // child). Their maximum negation by a mask, not Math.max: V8's Math.max on doubles branches, and whether a child
      // beats the best so far is a coin toss. The values are int32 within ±2^26 (PREFIX_VALUE_LIMITS), so d cannot overflow.
      // (The kernel frontier's form, least ^= (least ^ cv) & ((cv − least) >> 31), measured 1.5–2.6 % slower here.)
      const row = this.ply * ROW;
      const chValue = this.chValue;
      let max = 0 - chValue[row];
      out[0] = chValue[row];
      for (let i = 1; i < n; i++) {
        const cv = chValue[row + i];
        out[i] = cv;
        const d = 0 - cv - max;
        max += d & ~(d >> 31); // + d where d ≥ 0
      }
      return max;
    }
    let max = -INF;
    for (let i = 0; i < n; i++) {
      const cv = this.childValue(i);
      out[i] = cv;
      max = Math.max(max, 0 - cv);
    }
    return max;
  }

  exactValue(): number {
    // Interior values of the incremental model are only known by searching; leaves are exact.
    if (this.zeroDamage || this.ply >= this.maxPly) return this.value[this.ply];
    return NaN;
  }

  childEstimate(i: number): number {
    const k = this.ply * ROW + i;
    return this.estimateOf(this.chHash[k], -this.chValue[k]);
  }

  /** Estimate of the node with state hash hc whose value is v in its parent's view, in the parent's view. */
  private estimateOf(hc: number, v: number): number {
    switch (this.noiseKind) {
      case NOISE_UNIFORM:
        return v - (below(mix32(hc ^ SALT_NOISE), 2 * this.noiseE + 1) - this.noiseE);
      case NOISE_GAUSSIAN: {
        // Box–Muller from two independent hash streams.
        const u1 = unit(mix32(hc ^ SALT_NOISE));
        const u2 = unit(mix32(hc ^ SALT_NOISE2));
        return v + this.noiseC * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      }
      case NOISE_SOFTMAX: {
        const g = -Math.log(-Math.log(unit(mix32(hc ^ SALT_NOISE))));
        // C = 0 is uniform random: the Gumbel noise alone decides.
        return this.noiseC > 0 ? v + g / this.noiseC : g;
      }
      default:
        return v;
    }
  }

  childEstimates(out: Float64Array, off: number, n: number): void {
    const row = this.ply * ROW;
    if (this.noiseKind === NOISE_UNIFORM) {
      // The common case, kept free of the per-child dispatch.
      const e = this.noiseE,
        span = 2 * e + 1;
      const chHash = this.chHash;
      const chValue = this.chValue;
      for (let i = 0; i < n; i++)
        out[off + i] = e - chValue[row + i] - below(mix32(chHash[row + i] ^ SALT_NOISE), span);
    } else {
      for (let i = 0; i < n; i++) out[off + i] = this.childEstimate(i);
    }
  }

  childEstimatesInt(out: Int32Array, off: number, n: number): void {
    if (estimateRows(this, this.ply, n, out, off)) return;
    // Uniform noise or none (integerEstimates): estimateOf's uniform case, where none is E = 0. Written out
    // as in childEstimates: the noise drawn by one shared helper measured 2–6 % slower on the generic engine.
    const row = this.ply * ROW;
    const e = this.noiseE,
      span = 2 * e + 1;
    const chHash = this.chHash;
    const chValue = this.chValue;
    for (let i = 0; i < n; i++) out[off + i] = e - chValue[row + i] - below(mix32(chHash[row + i] ^ SALT_NOISE), span);
  }

  childDegree(i: number): number {
    return this.degreeOf(this.chHash[this.ply * ROW + i], this.ply + 1);
  }

  private shapeRecord: PrefixValueShape | null = null;

  /** The generation constants as the specialised kernel (./prefix-value-search.ts) reads them, built once. */
  shape(): PrefixValueShape {
    return (this.shapeRecord ??= {
      bmin: this.bmin,
      bspan: this.bspan,
      dspan: this.dspan,
      zeroDamage: this.zeroDamage,
      noiseE: this.noiseE,
      kernelNoise: !this.params.noise || this.params.noise.kind === 'uniform',
      horizonEstimate: this.params.horizon === 'estimate',
      maxPly: this.maxPly,
      rootHash: this.rootHash,
      rootKey: this.rootKey,
      rootValue: this.rootValue,
    });
  }

  /** Expected number of nodes of the full tree: Σ_{k=0..height} b̄^k with b̄ = (bmin + bmax) / 2. */
  static expectedSize(p: Pick<PrefixValueParams, 'height' | 'bmin' | 'bmax'>): number {
    return geometricTreeSize(PrefixValueTree.meanBranching(p), p.height);
  }

  /** Mean number of children of an interior node: branching is uniform on bmin..bmax. */
  static meanBranching(p: Pick<PrefixValueParams, 'bmin' | 'bmax'>): number {
    return (p.bmin + p.bmax) / 2;
  }
}

registerKernel(PrefixValueTree, prefixValueKernel);
registerMptKernel(PrefixValueTree, prefixValueMptKernel);
