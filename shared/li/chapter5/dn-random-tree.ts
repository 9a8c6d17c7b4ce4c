/**
 * (d, n)-random trees of Li 1989, Ch. 5 §6 ("Pruning Efficiency"), the test data of Tables 5.1-5.3:
 * every interior node has fewer than n successors, the tree has d levels, and every node carries
 * lower/upper bounds [l, u] ⊆ [−i, i] on its merit value (negamax: in the view of its player to move),
 * generated top-down from the root so that the bounds are consistent with the range back-up
 * l = max_j(−u_j), u = max_j(−l_j) (§5.1):
 *   - one successor, chosen at random, gets the upper bound −l; another gets the lower bound −u;
 *   - the other lower bounds are uniform integers in [−u, i], the other upper bounds in [−l, i];
 *   - a successor whose random lower bound exceeds its upper bound has the two exchanged.
 *
 * How the OCR is read (it does not fix these details):
 *   - "fewer than n successors": the number of successors is uniform in 1..n−1, and every node at
 *     depth < d is interior ("at most d levels" = leaves at depth d, d edges below the root). With
 *     mean branching n/2 this matches the size of Table 5.1 (e.g. d = 8, n = 7: 10·3.5^8 ≈ 225 000,
 *     printed 220 723);
 *   - the root's "preselected" bounds are drawn like any node's: two uniform integers in [−i, i],
 *     exchanged if needed;
 *   - the successor that receives the upper bound −l draws its lower bound in [−u, −l] (not [−u, i]):
 *     an exchange there would raise its upper bound above −l and break the consistency the section
 *     asks for. With a single successor it gets [−u, −l];
 *   - a leaf's probability function (the thesis only says its bounds are random) is positive at l and
 *     u and at each value strictly between them with probability ½, with weights uniform in (0, 1],
 *     normalised. Only the bounds matter for the pruning (§6), so Tables 5.1/5.2 do not depend on it.
 *
 * Implicit and deterministic like ../li-dependent.ts: a node is a 32-bit hash of
 * (seed, tree, path); its successors' bounds depend only on its own bounds and hash.
 */
import { below, childHash, mix32, seedHash, unit } from '../../util/hash.ts';
import type { VPPool } from './vp-list.ts';
import type { VPTree } from './vp-tree.ts';
import { checkInt, checkSafeInt, MAX_TREE_INDEX } from '../../util/range.ts';

export interface DnTreeParams {
  /** levels: leaves at depth d */
  d: number;
  /** width limit: every interior node has 1..n−1 successors */
  n: number;
  /** domain bound i: values in [−i, i] (the thesis: 6) */
  i?: number;
  seed: number;
  tree?: number;
}

const DN_LIMITS = { maxD: 20, minN: 2, maxN: 64, maxI: 64 } as const;
export const THESIS_DOMAIN = 6;

// One salt per random draw.
const SALT_ROOT_L = 0x0d1b4a2c;
const SALT_ROOT_U = 0x7c3f5e91;
const SALT_DEG = 0x2a9b6f13;
const SALT_A = 0x51c8e0d7;
const SALT_B = 0x3e6d9b25;
const SALT_L = 0x6b2f1c8a;
const SALT_U = 0x1f7a3d59;
const SALT_KEEP = 0x4c95e2b1;
const SALT_W = 0x2d3e8f67;

function checkDnParams(p: DnTreeParams): void {
  checkInt('d', p.d, 0, DN_LIMITS.maxD);
  checkInt('n', p.n, DN_LIMITS.minN, DN_LIMITS.maxN);
  if (p.i !== undefined) checkInt('i', p.i, 1, DN_LIMITS.maxI);
  checkSafeInt('seed', p.seed);
  if (p.tree !== undefined) checkInt('tree', p.tree, 0, MAX_TREE_INDEX);
}

/** A make/unmake cursor over one (d, n)-random tree; per-ply typed arrays, nothing allocated per node. */
export class DnRandomTree implements VPTree {
  readonly d: number;
  /** = d: the ply of the leaves (per-ply buffers are sized for it) */
  readonly maxPly: number;
  readonly n: number;
  readonly i: number;
  /** the largest number of successors, n − 1 */
  readonly maxChildren: number;
  ply = 0;

  private readonly hash: Int32Array;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  /** bounds of the successors of the node expanded at each ply: row ply·maxChildren */
  private readonly chLo: Int32Array;
  private readonly chHi: Int32Array;

  constructor(readonly params: DnTreeParams) {
    checkDnParams(params);
    this.d = params.d;
    this.maxPly = params.d;
    this.n = params.n;
    this.i = params.i ?? THESIS_DOMAIN;
    this.maxChildren = params.n - 1;
    const plies = this.d + 1;
    this.hash = new Int32Array(plies);
    this.lo = new Int32Array(plies);
    this.hi = new Int32Array(plies);
    this.chLo = new Int32Array(plies * this.maxChildren);
    this.chHi = new Int32Array(plies * this.maxChildren);
    const h = seedHash(params.seed, params.tree ?? 0);
    this.hash[0] = h;
    const i = this.i;
    const a = -i + below(mix32(h ^ SALT_ROOT_L), 2 * i + 1);
    const b = -i + below(mix32(h ^ SALT_ROOT_U), 2 * i + 1);
    this.lo[0] = Math.min(a, b);
    this.hi[0] = Math.max(a, b);
  }

  reset(): void {
    this.ply = 0;
  }

  /** Generate the successors' bounds; returns their number (0 at depth d). */
  expand(): number {
    const ply = this.ply;
    if (ply >= this.d) return 0;
    const h = this.hash[ply];
    const l = this.lo[ply];
    const u = this.hi[ply];
    const i = this.i;
    const m = 1 + below(mix32(h ^ SALT_DEG), this.maxChildren);
    const A = below(mix32(h ^ SALT_A), m);
    const B = m === 1 ? A : (A + 1 + below(mix32(h ^ SALT_B), m - 1)) % m;
    const row = ply * this.maxChildren;
    for (let j = 0; j < m; j++) {
      const c = childHash(h, j);
      let cl: number;
      let cu: number;
      if (j === A) {
        cu = -l;
        cl = j === B ? -u : -u + below(mix32(c ^ SALT_L), u - l + 1);
      } else {
        cl = j === B ? -u : -u + below(mix32(c ^ SALT_L), i + u + 1);
        cu = -l + below(mix32(c ^ SALT_U), i + l + 1);
        if (cl > cu) {
          const t = cl;
          cl = cu;
          cu = t;
        }
      }
      this.chLo[row + j] = cl;
      this.chHi[row + j] = cu;
    }
    return m;
  }

  descend(j: number): void {
    const ply = this.ply;
    const row = ply * this.maxChildren;
    this.hash[ply + 1] = childHash(this.hash[ply], j);
    this.lo[ply + 1] = this.chLo[row + j];
    this.hi[ply + 1] = this.chHi[row + j];
    this.ply = ply + 1;
  }

  ascend(): void {
    this.ply--;
  }

  /** The generated lower bound of the current node (its player's view): L_bound of §5.2. */
  lowerBound(): number {
    return this.lo[this.ply];
  }

  upperBound(): number {
    return this.hi[this.ply];
  }

  /** Write the current (leaf) node's probability function into slot s of `pool` (pool.i must equal i). */
  leafDistribution(pool: VPPool, s: number): void {
    const l = this.lo[this.ply];
    const u = this.hi[this.ply];
    const h = this.hash[this.ply];
    const w = pool.width;
    const o = s * w;
    const P = pool.p;
    const i = this.i;
    P.fill(0, o, o + w);
    let sum = 0;
    for (let v = l; v <= u; v++) {
      const hv = mix32(h ^ Math.imul(v + i + 1, SALT_KEEP));
      if (v !== l && v !== u && (hv & 1) === 0) continue;
      const q = 1 - unit(mix32(hv ^ SALT_W)); // (0, 1]
      P[o + v + i] = q;
      sum += q;
    }
    for (let v = l; v <= u; v++) P[o + v + i] /= sum;
    pool.lo[s] = l;
    pool.hi[s] = u;
  }
}
