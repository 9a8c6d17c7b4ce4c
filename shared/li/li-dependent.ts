/**
 * Node-dependent binary game trees (Liwu Li, thesis Ch. 2, Sec. 2: Definition 2.2 specialised to
 * degree 2 and values S = {0, 1}). Values are generated top-down, so every node's exact value is
 * known as soon as the cursor reaches it:
 *
 *  - (d)   the root (a Max node) is a win for Max with probability p0;
 *  - (e')  a win Max node's children (g1, g2) are (1,1) with probability f1, (1,0) and (0,1) with
 *          (1−f1)/2 each; a loss Max node's children are both losses (forced by minimax);
 *  - (f')  a loss Min node's children are (0,0) with probability f2, (1,0) and (0,1) with (1−f2)/2
 *          each; a win Min node's children are both wins (forced);
 *  - (e'')/(f'') the asymmetric ("ordered") variant: (1,0) with z1 (resp. z2) and (0,1) with
 *          1−f1−z1 (resp. 1−f2−z2). Omitting z1/z2 gives (e')/(f'), i.e. z = (1−f)/2.
 *
 * Values above are Max's (1 = Max wins). Negamax encoding (../game/game.ts): +1 if the player to move
 * at the node wins, −1 if that player loses; Max moves at even plies, so a Max win is +1 at even plies
 * and −1 at odd plies. The thesis takes d even; any d ≥ 0 is accepted here.
 *
 * Implicit and deterministic as ../models/seeded-tree.ts: a node is a 32-bit state hash derived from
 * (seed, tree, path); its children's values are a function of its own value and its hash only, so a
 * subtree is identical whichever order it is visited in. Lemma 2.1: Min (Max) nodes are positively
 * correlated iff f1 > 1/3 (f2 > 1/3).
 */
import type { Game } from '../game/game.ts';
import { mix32, unit } from '../util/hash.ts';
import { SeededTree, type SeededTreeParams } from '../models/seeded-tree.ts';
import { checkInt, checkProbability, checkSafeInt, MAX_DEPTH, MAX_TREE_INDEX } from '../util/range.ts';

export interface LiDependentParams extends SeededTreeParams {
  /** probability that Max wins the root, P0(1) */
  p0: number;
  /** dependent factors: probability that both children of a win Max (loss Min) node are wins (losses) */
  f1: number;
  f2: number;
  /** asymmetric variant (e'')/(f''): probability of (g1, g2) = (1, 0); default (1 − f)/2 */
  z1?: number;
  z2?: number;
}

export const LI_DEPENDENT_LIMITS = { maxHeight: MAX_DEPTH } as const;

// Salts of this model's hash streams.
const SALT_ROOT = 0x510e527f;
const SALT_SPLIT = 0x3f84d5b5;

/** The asymmetric variant's probabilities z_i, each paired with its f_i (f_i + z_i ≤ 1). */
export const Z_WITH_F = [
  ['z1', 'f1'],
  ['z2', 'f2'],
] as const;

/**
 * Why z = zv cannot go with f = fv, or null when it can. Rounding slack lets e.g. f = 0.7, z = 0.3 (sum
 * 1.0000000000000002 in doubles) through. The core and the spec schema both ask this function; the core
 * names the parameters, the schema passes its fields' labels as `name`.
 */
export function zWithFError(
  z: 'z1' | 'z2',
  zv: number,
  f: 'f1' | 'f2',
  fv: number,
  name: (k: 'z1' | 'z2' | 'f1' | 'f2') => string = (k) => k,
): string | null {
  const [zn, fn] = [name(z), name(f)];
  return fv + zv > 1 + 1e-12 ? `${zn} = ${zv} is not allowed with ${fn} = ${fv}: ${fn} + ${zn} must be ≤ 1` : null;
}

export function checkLiDependentParams(p: LiDependentParams): void {
  checkInt('depth', p.height, 0, LI_DEPENDENT_LIMITS.maxHeight);
  checkProbability('p0', p.p0);
  checkProbability('f1', p.f1);
  checkProbability('f2', p.f2);
  for (const [z, f] of Z_WITH_F) {
    const zv = p[z];
    if (zv === undefined) continue;
    checkProbability(z, zv);
    const why = zWithFError(z, zv, f, p[f]);
    if (why !== null) throw new RangeError(why);
  }
  checkSafeInt('seed', p.seed);
  if (p.tree !== undefined) checkInt('tree', p.tree, 0, MAX_TREE_INDEX);
}

/**
 * 1 − ¼(1+f1)(1+f2), how far the factor of (2.7) falls short of 1, written as ¼[2(1−f2) + (1+f2)(1−f1)]: a sum
 * of non-negative terms, which does not cancel to 0 as f1 and f2 approach 1 (at f1 = f2 = 1 − 2⁻⁵³ the literal
 * difference is 0).
 */
export function liFactorGap(f1: number, f2: number): number {
  return 0.25 * (2 * (1 - f2) + (1 + f2) * (1 - f1));
}

/**
 * Probability P_k that Max wins a node at depth 2k of a symmetric tree ((e')/(f')): recurrence (2.7),
 * P_{k+1} = ¼(1+f1)(1+f2)·P_k + ½(1−f2), P_0 = p0. Odd depths use (2.5), Q_k = ½(1+f1)·P_k.
 */
export function liWinProbability(p: Pick<LiDependentParams, 'p0' | 'f1' | 'f2'>, depth: number): number {
  let P = p.p0;
  for (let k = 0; k + 2 <= depth; k += 2) P = 0.25 * (1 + p.f1) * (1 + p.f2) * P + 0.5 * (1 - p.f2);
  return depth % 2 === 0 ? P : 0.5 * (1 + p.f1) * P;
}

export class LiDependentTree extends SeededTree implements Game {
  readonly maxChildren = 2;

  private readonly f1: number;
  private readonly f2: number;
  /** thresholds on u ∈ (0,1): u < f → both; u < f + z → (1,0); else (0,1) */
  private readonly fz1: number;
  private readonly fz2: number;

  /** Max's value (1 win, 0 loss) per ply of the current path. */
  private readonly win: Uint8Array;
  // Max's values of the two children of the node expanded at each ply.
  private readonly chWin: Uint8Array;

  constructor(readonly params: LiDependentParams) {
    checkLiDependentParams(params);
    super(params);
    this.f1 = params.f1;
    this.f2 = params.f2;
    this.fz1 = params.f1 + (params.z1 ?? (1 - params.f1) / 2);
    this.fz2 = params.f2 + (params.z2 ?? (1 - params.f2) / 2);
    const plies = params.height + 1;
    this.win = new Uint8Array(plies);
    this.chWin = new Uint8Array(2 * plies);
    this.win[0] = unit(mix32(this.rootHash ^ SALT_ROOT)) < params.p0 ? 1 : 0;
  }

  expand(): number {
    const ply = this.ply;
    if (ply >= this.maxPly) return 0;
    const w = this.win[ply];
    const row = 2 * ply;
    const maxNode = (ply & 1) === 0;
    // The forced cases: a lost Max node or a won Min node passes its value to both children.
    if (maxNode ? w === 0 : w === 1) {
      this.chWin[row] = w;
      this.chWin[row + 1] = w;
      return 2;
    }
    // (e'')/(f''): `w` is the value the node's player needs at least one child to have.
    const u = unit(mix32(this.hash[ply] ^ SALT_SPLIT));
    const f = maxNode ? this.f1 : this.f2;
    const fz = maxNode ? this.fz1 : this.fz2;
    if (u < f) {
      this.chWin[row] = w;
      this.chWin[row + 1] = w;
    } else if (u < fz) {
      // (g1, g2) = (1, 0) in Max's values, for both (e'') and (f'').
      this.chWin[row] = 1;
      this.chWin[row + 1] = 0;
    } else {
      this.chWin[row] = 0;
      this.chWin[row + 1] = 1;
    }
    return 2;
  }

  override descend(i: number): void {
    const ply = this.ply;
    this.win[ply + 1] = this.chWin[2 * ply + i];
    super.descend(i);
  }

  /** Max's value at the current node: 1 if Max wins, 0 if Max loses (the thesis's Φ). */
  maxValue(): number {
    return this.win[this.ply];
  }

  /** The exact negamax value: +1 if the player to move wins, −1 if not. */
  evaluate(): number {
    const maxWins = this.win[this.ply] === 1;
    return maxWins === ((this.ply & 1) === 0) ? 1 : -1;
  }

  exactValue(): number {
    return this.evaluate();
  }

  /** evaluate() at child i without descending (needs this node expanded). */
  childValue(i: number): number {
    const ply = this.ply;
    const maxWins = this.chWin[2 * ply + i] === 1;
    return maxWins === (((ply + 1) & 1) === 0) ? 1 : -1;
  }

  /** maxValue() at child i without descending (needs this node expanded). */
  childMaxValue(i: number): number {
    return this.chWin[2 * this.ply + i];
  }

  /** The model has no noisy heuristic; the exact value is one `descend` away (`exactValue`). */
  childEstimate(_i: number): number {
    return 0;
  }

  childDegree(_i: number): number {
    return this.ply + 1 < this.maxPly ? 2 : 0;
  }

  /** Number of nodes of the full binary tree: 2^(d+1) − 1. */
  static expectedSize(p: Pick<LiDependentParams, 'height'>): number {
    return 2 ** (p.height + 1) - 1;
  }
}
