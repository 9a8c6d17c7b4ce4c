/**
 * Independent uniform game trees (Pearl 1980, 1983; Nau 1982): every interior node has exactly n
 * children, every leaf is at depth d, and the n^d leaf values are drawn independently from one law.
 * Three leaf laws:
 *
 *  - `bivalued`: Max (the root player) wins the leaf with probability p0, else loses (Pearl's
 *    bi-valued trees; Nau's "P-games" with a win/loss leaf alphabet);
 *  - `range`:    an integer uniform in [lo..hi], for Max;
 *  - `distinct`: a uniformly random permutation of 0..n^d−1 over the leaves, for Max (the
 *    continuous-law model of Pearl: only the order of the values matters, and ties never occur).
 *
 * Negamax encoding (see ../game/game.ts): a leaf's law gives its value x for Max; the game reports
 * x at even plies (Max to move) and −x at odd plies (Min to move). A bi-valued leaf is +1 if the
 * player to move at it wins and −1 if that player loses, so x = +1 is "Max wins", −1 "Max loses".
 *
 * Interior values are not known without searching: `exactValue()` is NaN inside and `evaluate()`
 * throws inside, since there is no static evaluation to fall back on (a truncated search would
 * silently return nonsense).
 *
 * Implicit and deterministic: each node is a 32-bit state hash derived from (seed, tree, path) as in
 * ./seeded-tree.ts, so a leaf value is the same whatever order a search visits it in. The
 * `distinct` law needs the leaf's index in the tree (its path read as a base-n number) and maps it
 * through a keyed bijection of [0, n^d) (`SwapOrNotPermutation`, keyed by (seed, tree)), so nothing
 * is materialised; n^d ≤ 2^26 so the values stay far inside the searches' ±INF.
 */
import type { Game } from '../game/game.ts';
import { below, childHash, mix32, unit } from '../util/hash.ts';
import { SeededTree, type SeededTreeParams } from './seeded-tree.ts';
import { checkInt, checkProbability, checkSafeInt, MAX_DEPTH, MAX_TREE_INDEX } from '../util/range.ts';
import { geometricTreeSize } from '../util/tree-size.ts';

export type UniformLeafLaw =
  | { kind: 'bivalued'; p0: number }
  | { kind: 'range'; lo: number; hi: number }
  | { kind: 'distinct' };

export interface UniformParams extends SeededTreeParams {
  /** branching factor n of every interior node */
  degree: number;
  /** law of the i.i.d. leaf values, given for Max (the root player) */
  leaves: UniformLeafLaw;
}

export const UNIFORM_LIMITS = {
  maxDegree: 64,
  maxHeight: MAX_DEPTH,
  /** |lo|, |hi| of the range law: far inside the search's ±INF */
  maxValue: 1_000_000,
  /** n^d for the distinct law: the values 0..n^d−1 must stay far inside the searches' ±INF (10^9) */
  maxDistinctLeaves: 2 ** 26,
} as const;

// Salts of this model's hash streams (distinct from ../util/hash.ts's so streams never coincide).
const SALT_LEAF = 0x3c6ef35f;
const SALT_PERM = 0x6a09e667;

export function checkUniformParams(p: UniformParams): void {
  checkInt('degree', p.degree, 1, UNIFORM_LIMITS.maxDegree);
  checkInt('depth', p.height, 0, UNIFORM_LIMITS.maxHeight);
  checkSafeInt('seed', p.seed);
  if (p.tree !== undefined) checkInt('tree', p.tree, 0, MAX_TREE_INDEX);
  const law = p.leaves as UniformLeafLaw | undefined;
  if (!law || typeof law !== 'object')
    throw new RangeError(
      `leaves = ${String(law)} is not allowed: it must be a leaf law { kind: 'bivalued' | 'range' | 'distinct', … }`,
    );
  switch (law.kind) {
    case 'bivalued':
      checkProbability('leaves.p0', law.p0);
      break;
    case 'range':
      checkInt('leaves.lo', law.lo, -UNIFORM_LIMITS.maxValue, UNIFORM_LIMITS.maxValue);
      checkInt('leaves.hi', law.hi, -UNIFORM_LIMITS.maxValue, UNIFORM_LIMITS.maxValue);
      if (law.lo > law.hi)
        throw new RangeError(`leaves.lo = ${law.lo} is not allowed: it must be ≤ leaves.hi = ${law.hi}`);
      break;
    case 'distinct': {
      const leaves = p.degree ** p.height;
      if (leaves > UNIFORM_LIMITS.maxDistinctLeaves) {
        throw new RangeError(
          `depth = ${p.height} is not allowed with degree = ${p.degree} and distinct leaves: n^d = ${leaves} exceeds ${UNIFORM_LIMITS.maxDistinctLeaves} (2^26; values must stay well inside the searches' ±INF)`,
        );
      }
      break;
    }
    default:
      throw new RangeError(
        `leaves.kind = ${(law as { kind: unknown }).kind} is not allowed: it must be 'bivalued', 'range' or 'distinct'`,
      );
  }
}

const LAW_BIVALUED = 0,
  LAW_RANGE = 1,
  LAW_DISTINCT = 2;

/**
 * A keyed bijection of [0, size) (1 ≤ size ≤ 2^40): the swap-or-not shuffle (Hoang, Morris & Rogaway,
 * CRYPTO 2012), which works on any domain size without cycle walking. Round r pairs x with
 * x' = (K_r − x) mod size and swaps them iff a keyed bit of max(x, x') is set; each round is an
 * involution, so the whole is a bijection. 8 + 3·⌈log2 size⌉ rounds: fewer than the provable bound,
 * but chi-square tests of single values and of pairs over 4·10^5 keys (sizes 8..100) show no bias,
 * where a 4-round Feistel network with cycle walking was grossly non-uniform on small domains.
 * Round constants are computed once per tree; `apply` allocates nothing. Exported for tests.
 */
export class SwapOrNotPermutation {
  private readonly rounds: number;
  private readonly K: Float64Array;
  private readonly k: Int32Array;

  constructor(
    readonly size: number,
    key: number,
  ) {
    this.rounds = 8 + 3 * Math.ceil(Math.log2(Math.max(size, 2)));
    this.K = new Float64Array(this.rounds);
    this.k = new Int32Array(this.rounds);
    for (let r = 0; r < this.rounds; r++) {
      const h1 = mix32(key ^ Math.imul(2 * r + 1, 0x9e3779b1));
      const h2 = mix32(h1 ^ 0x7f4a7c15);
      // K_r uniform in [0, size) from 53 random bits (bias ≤ size / 2^53 ≤ 2^-13).
      this.K[r] = Math.floor((((h1 >>> 0) * 2097152 + (h2 >>> 11)) / 9007199254740992) * size);
      this.k[r] = mix32(h2 ^ 0x2545f491);
    }
  }

  apply(x: number): number {
    const n = this.size,
      K = this.K,
      k = this.k;
    for (let r = 0; r < this.rounds; r++) {
      let y = K[r] - x;
      if (y < 0) y += n;
      const m = Math.max(y, x);
      const hi = Math.floor(m / 4294967296);
      const h = hi === 0 ? mix32(m ^ k[r]) : mix32(mix32((m >>> 0) ^ k[r]) ^ hi);
      if (h & 1) x = y;
    }
    return x;
  }
}

export class UniformTree extends SeededTree implements Game {
  readonly maxChildren: number;

  private readonly degree: number;
  private readonly law: number;
  private readonly p0: number;
  private readonly lo: number;
  private readonly span: number;
  private readonly perm: SwapOrNotPermutation | null;

  /** Leaf-index prefix of the current path per ply: the path read as a base-n number. */
  private readonly index: Float64Array;

  constructor(readonly params: UniformParams) {
    checkUniformParams(params);
    super(params);
    this.degree = params.degree;
    this.maxChildren = params.degree;
    const law = params.leaves;
    this.law = law.kind === 'bivalued' ? LAW_BIVALUED : law.kind === 'range' ? LAW_RANGE : LAW_DISTINCT;
    this.p0 = law.kind === 'bivalued' ? law.p0 : 0;
    this.lo = law.kind === 'range' ? law.lo : 0;
    this.span = law.kind === 'range' ? law.hi - law.lo + 1 : 0;
    this.perm =
      law.kind === 'distinct'
        ? new SwapOrNotPermutation(params.degree ** params.height, mix32(this.rootHash ^ SALT_PERM))
        : null;
    this.index = new Float64Array(params.height + 1);
  }

  expand(): number {
    return this.ply < this.maxPly ? this.degree : 0;
  }

  override descend(i: number): void {
    const ply = this.ply;
    this.index[ply + 1] = this.index[ply] * this.degree + i;
    super.descend(i);
  }

  /** Value of the current leaf for Max (the root player), before the negamax sign. */
  private leafValueForMax(): number {
    const ply = this.ply;
    switch (this.law) {
      case LAW_BIVALUED:
        return unit(mix32(this.hash[ply] ^ SALT_LEAF)) < this.p0 ? 1 : -1;
      case LAW_RANGE:
        return this.lo + below(mix32(this.hash[ply] ^ SALT_LEAF), this.span);
      default:
        return this.perm!.apply(this.index[ply]);
    }
  }

  evaluate(): number {
    if (this.ply < this.maxPly) {
      throw new Error(
        `uniform trees have no static evaluation inside; search to the full depth ${this.maxPly} (evaluate() was called at ply ${this.ply})`,
      );
    }
    const x = this.leafValueForMax();
    // Negamax: Min moves at odd plies. (0 stays 0, never −0, so values compare and print cleanly.)
    return (this.ply & 1) === 0 ? x : 0 - x;
  }

  exactValue(): number {
    return this.ply < this.maxPly ? NaN : this.evaluate();
  }

  /** evaluate() at child i without descending (searches call it one ply above the horizon). */
  childValue(i: number): number {
    const ply = this.ply;
    if (ply + 1 < this.maxPly) {
      throw new Error(
        `uniform trees have no static evaluation inside; search to the full depth ${this.maxPly} (childValue() was called at ply ${ply})`,
      );
    }
    let x: number;
    switch (this.law) {
      case LAW_BIVALUED:
        x = unit(mix32(childHash(this.hash[ply], i) ^ SALT_LEAF)) < this.p0 ? 1 : -1;
        break;
      case LAW_RANGE:
        x = this.lo + below(mix32(childHash(this.hash[ply], i) ^ SALT_LEAF), this.span);
        break;
      default:
        x = this.perm!.apply(this.index[ply] * this.degree + i);
    }
    return ((ply + 1) & 1) === 0 ? x : 0 - x;
  }

  /** No heuristic knowledge: every child looks alike. */
  childEstimate(_i: number): number {
    return 0;
  }

  childDegree(_i: number): number {
    return this.ply + 1 < this.maxPly ? this.degree : 0;
  }

  /** Number of nodes of the tree, Σ_{k=0..d} n^k (exact: the tree is uniform). */
  static expectedSize(p: Pick<UniformParams, 'degree' | 'height'>): number {
    return geometricTreeSize(p.degree, p.height);
  }
}
