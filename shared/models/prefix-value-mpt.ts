/**
 * The minimum proof tree branch and bound (../proof/mpt-branch-and-bound.ts: Furtak & Buro 2009, Sec. 5.2,
 * Figure 2 with budgets) on implicit prefix value trees (Sec. 7): the MPT kernel (../proof/mpt-kernels.ts)
 * that ./prefix-value.ts registers for PrefixValueTree. It serves both denominators: `true` (exact values,
 * f = p by Theorem 7.1) and `seen` (../proof/mpt-seen.ts: the depth-d truncation whose horizon scores the
 * noisy estimate f̂ = p + e of Sec. 8, bounds p ± E above the horizon, null-window tests on the truncation).
 * Where WebAssembly runs it runs in ./prefix-value-kernel.wat (`mptSize`, through ./prefix-value-wasm.ts),
 * at about twice the speed of this TypeScript form, which a host without WebAssembly runs; the two are
 * the same computation, written alike.
 *
 * It takes the generic code's steps in the generic code's order (MptBranchAndBound's pv, cut and all,
 * SeenValues' le and ge), so it finds the same sizes with the same expansions and tests; what differs is
 * the representation. A node is its state hash and prefix value, passed in arguments; its children are
 * drawn into per-ply rows as PrefixValueTree.expand draws them (./prefix-value-search.ts's generation),
 * values and bounds are int32, and a child's bounds, degree and horizon value come from its row entry
 * where the generic code descends into it and asks the Game. Sizes and budgets stay doubles, as there,
 * computed in the same order of operations (the kernel declines trees whose lower bounds pass 2^53 / 64,
 * where sums of them might round).
 *
 * What the tree's shape settles, where the generic code checks or branches:
 *  - the depth is clamped to the tree's height, so every node whose degree, bounds or children anything
 *    reads (remaining depth ≥ 1) lies above the height and has bmin..bmax children: no terminal child, no
 *    degree 0, and none below minBranching, which the kernel takes only up to bmin (above it the generic
 *    code runs, and throws);
 *  - exact values are known at every node (zeroDamage; the incremental model runs the generic code), so
 *    the tests order children by value and bound every child;
 *  - a horizon leaf scores p + U[−E..E] (uniform noise or none; other noise runs the generic code where
 *    tests read the horizon).
 * The bounds the generic code keeps in rows are computed here from the child's value: lower p − E, upper
 * p + E, and for an unbounded E (Infinity) one lower bound below every value (the candidates' ties are then
 * those of −∞) and upper bounds above every value.
 *
 * Where the generic code's work does not show in its results, the kernel does less: an all-node two plies
 * above the horizon needs only its number of children; a cut node there draws its children one by one and
 * stops once a candidate reaches the least size possible (no later one could then be tested); a test
 * draws a leaf's noise only where its value ± E does not decide, and stops at the first child that
 * decides. The sizes, expansions counted and tests counted are the generic code's.
 *
 * Hot loops allocate nothing. The module-level rows make it non-reentrant; it calls nothing that searches.
 */
import { noBestChildError, noCandidateError } from '../proof/mpt-branch-and-bound.ts';
import type { MptKernel, MptKernelSetup } from '../proof/mpt-kernels.ts';
import { below, childHash, mix32, SALT_BRANCH, SALT_NOISE, SALT_ZERO } from '../util/hash.ts';
import { notZ } from './prefix-value-search.ts';
import { mptSizeWasm } from './prefix-value-wasm.ts';
import {
  KERNEL_MAX_BRANCHING,
  KERNEL_MAX_HEIGHT,
  type MptBounds,
  type PrefixValueShape,
  type ShapedTree,
} from './prefix-value-shape.ts';

const ROW = KERNEL_MAX_BRANCHING;
const CELLS = (KERNEL_MAX_HEIGHT + 1) * ROW;
// Per ply, the children of the node searched or tested there: their state hashes and prefix values.
const HASH = new Int32Array(CELLS);
const VALUE = new Int32Array(CELLS);
// A cut node's children's degrees, its candidates in the order it tries them and their sort keys; a PV
// node's children's cut-node sizes T_x.
const DEG = new Int32Array(CELLS);
const CAND = new Int32Array(CELLS);
const ORDER_KEY = new Int32Array(CELLS);
const TW = new Float64Array(CELLS);
// A test's children in the order it tries them (ascending value, lowest index first on ties) and their values.
const ORDER = new Int32Array(CELLS);
const ORDER_VALUE = new Int32Array(CELLS);

/**
 * Above |f| of every node and every threshold (PREFIX_VALUE_LIMITS: root value and damage over 64 plies
 * below 2^26, noise below 2^20), so that value ± MAX_E and the unbounded offsets stay inside int32.
 */
const VALUE_LIMIT = 1 << 27;
const MAX_E = 1 << 28;
const UNBOUNDED_HI = 1 << 29;
const UNBOUNDED_LO = 1 << 30;
/** Lower bounds below this times a row's width stay exact integers in doubles. */
const EXACT_BOUND = 2 ** 53 / ROW;

// The tree and the setup of the running computation.
let bmin = 1,
  bspan = 1,
  dspan = 1,
  maxPly = 0,
  noiseE = 0,
  noiseSpan = 1,
  noisyLeaves = false,
  L = 1;
let LC: Float64Array = new Float64Array(1),
  LCany: Float64Array = new Float64Array(1);
// A child of value x has f ≥ (x & keepX) − loE and f ≤ x + hiE (see the header).
let keepX = -1,
  loE = 0,
  hiE = 0;
let expanded = 0,
  tests = 0;

/** The kernel as registered for PrefixValueTree. */
export const prefixValueMptKernel: MptKernel<ShapedTree> = {
  sizer(tree, setup) {
    const shape = tree.shape();
    const e = setup.errorBound;
    if (!shape.zeroDamage || setup.minBranching > shape.bmin) return null;
    // Sizes and bounds as exact integers, as the generic code's sums are (its bounds beyond 2^53 / 64 round).
    if (!(setup.lc[setup.lc.length - 1] < EXACT_BOUND)) return null;
    if (e !== null && e !== Infinity && !(Number.isInteger(e) && e >= 0 && e <= MAX_E)) return null;
    // Only tests read the horizon, and only with E > 0; they take the kernel's noise alone.
    if (e !== null && e > 0 && shape.horizonEstimate && !shape.kernelNoise) return null;
    const bounds = boundsOf(e ?? 0);
    return {
      pvSize(r, fv, work) {
        if (!(Number.isInteger(fv) && Math.abs(fv) < VALUE_LIMIT)) return null;
        const size = mptSizeWasm(shape, setup, bounds, r, fv, work);
        if (size !== null) return size;
        load(shape, setup, bounds);
        expanded = 0;
        tests = 0;
        try {
          return pv(0, r, fv, Infinity, shape.rootHash, shape.rootValue);
        } finally {
          work.expanded += expanded;
          work.tests += tests;
        }
      },
    };
  },
};

/** A child of value x has x − E ≤ f ≤ x + E: (x & keep) − loE and x + hiE (see the header for E = ∞). */
function boundsOf(e: number): MptBounds {
  return e === Infinity ? { keep: 0, loE: UNBOUNDED_LO, hiE: UNBOUNDED_HI } : { keep: -1, loE: e, hiE: e };
}

function load(shape: PrefixValueShape, setup: MptKernelSetup, bounds: MptBounds): void {
  bmin = shape.bmin;
  bspan = shape.bspan;
  dspan = shape.dspan;
  maxPly = shape.maxPly;
  noiseE = shape.noiseE;
  noiseSpan = 2 * shape.noiseE + 1;
  noisyLeaves = shape.horizonEstimate && shape.noiseE > 0;
  L = setup.leafCost;
  LC = setup.lc;
  LCany = setup.lcAny;
  keepX = bounds.keep;
  loE = bounds.loE;
  hiE = bounds.hiE;
}

/** The number of children of the node with state hash h above the tree's height (PrefixValueTree.degreeOf). */
function degree(h: number): number {
  return bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
}

/** The children of the node (h, p) at `ply`, n of them, into the ply's rows (PrefixValueTree.expand). */
function expand(ply: number, h: number, p: number, n: number): void {
  const z = below(mix32(h ^ SALT_ZERO), n);
  const row = ply * ROW;
  for (let i = 0; i < n; i++) {
    const hc = childHash(h, i);
    HASH[row + i] = hc;
    VALUE[row + i] = (below(hc, dspan) & notZ(i, z)) - p;
  }
}

/** The lower bound on f of a child of value x (the generic code's `lo` row). */
function lo(x: number): number {
  return (x & keepX) - loE;
}

/**
 * MptBranchAndBound.pv: P(v) of the node (h, p) at `ply` with remaining depth r ≥ 2 and value fv; exact
 * if ≤ budget, else a lower bound > budget.
 */
function pv(ply: number, r: number, fv: number, budget: number, h: number, p: number): number {
  expanded++;
  const n = degree(h);
  const lc = LC[r - 1];
  let rest = n * lc; // each child's lower bound, as the generic code sums them
  if (1 + rest > budget) return 1 + rest;
  expand(ply, h, p, n);
  const row = ply * ROW;
  const nf = 0 - fv;
  // t = Σ_x C_{−f(v)}(x); P(v) ≥ 1 + t.
  let t = 0;
  for (let k = row; k < row + n; k++) {
    rest -= lc;
    const c = r === 2 ? 1 + L : cut(ply + 1, r - 1, nf, budget - 1 - t - rest, HASH[k], VALUE[k]);
    TW[k] = c;
    t += c;
    if (1 + t + rest > budget) return 1 + t + rest;
  }
  // Best child w: 1 + t + P(w) − C(w), minimised over the children with f(w) ≤ −f(v).
  let best = Infinity;
  let lim = budget;
  let failLb = Infinity;
  for (let k = row; k < row + n; k++) {
    if (lo(VALUE[k]) > nf || !confirm(ply, r, nf, HASH[k], VALUE[k])) continue;
    const base = 1 + t - TW[k];
    const pw = r === 2 ? 1 + degree(HASH[k]) * L : pv(ply + 1, r - 1, nf, lim - base, HASH[k], VALUE[k]);
    const x = base + pw;
    if (x <= lim) {
      best = x;
      lim = x - 1;
    } else if (x < failLb) failLb = x;
  }
  if (best === Infinity && failLb === Infinity) throw noBestChildError(ply, nf);
  return best !== Infinity ? best : failLb;
}

/**
 * MptBranchAndBound.cut: C_b(v) of the node (h, p) at `ply` with remaining depth r ≥ 2; exact if ≤ budget,
 * else a lower bound > budget.
 */
function cut(ply: number, r: number, b: number, budget: number, h: number, p: number): number {
  expanded++;
  const n = degree(h);
  const nb = 0 - b;
  if (r === 2) return 1 + leastLeafAll(ply, h, p, n, nb);
  expand(ply, h, p, n);
  const row = ply * ROW;
  // Candidates by ascending lower bound kk = 1 + deg·LCany[r − 2] (by degree, unless LCany is 0 and they
  // all tie), ties by ascending lower bound on f(w), then by index: one int32 key each, the degree above
  // the value's offset within the node (x + p ∈ [0, D], D < 2^20; 0 where E is unbounded), sorted stably.
  const lcBelow = LCany[r - 2];
  const byDegree = lcBelow > 0 ? -1 : 0;
  let end = row;
  for (let i = 0; i < n; i++) {
    const x = VALUE[row + i];
    if (lo(x) > nb) continue;
    const d = degree(HASH[row + i]);
    DEG[row + i] = d;
    const key = (((d - bmin) & byDegree) << 20) | ((x + p) & keepX);
    let j = end++;
    for (; j > row && ORDER_KEY[j - 1] > key; j--) {
      ORDER_KEY[j] = ORDER_KEY[j - 1];
      CAND[j] = CAND[j - 1];
    }
    ORDER_KEY[j] = key;
    CAND[j] = i;
  }
  if (end === row) throw noCandidateError(ply, b);
  let best = Infinity;
  let lim = budget - 1; // a candidate's all-node must be ≤ lim to matter
  let failLb = Infinity;
  for (let j = row; j < end; j++) {
    const k = row + CAND[j];
    const d = DEG[k];
    const kk = 1 + d * lcBelow;
    if (kk > lim) {
      if (kk < failLb) failLb = kk;
      break;
    }
    if (!confirm(ply, r, nb, HASH[k], VALUE[k])) continue; // f(w) > −b: not a candidate
    const a = all(ply + 1, r - 1, nb, lim, HASH[k], VALUE[k], d);
    if (a <= lim) {
      best = a;
      lim = a - 1;
    } else if (a < failLb) failLb = a;
  }
  if (best === Infinity && failLb === Infinity) throw noCandidateError(ply, b);
  return best !== Infinity ? 1 + best : 1 + failLb;
}

/**
 * The cut node's closed form at r = 2 (MptBranchAndBound.cut): the least A_1(w) = 1 + deg(w)·L over its
 * n children w with f(w) ≤ −b the test confirms (a test only where A_1(w) beats the least so far), drawn
 * one by one, and none once the least is the smallest possible, 1 + bmin·L (no later child could then
 * be tested).
 */
function leastLeafAll(ply: number, h: number, p: number, n: number, nb: number): number {
  const z = below(mix32(h ^ SALT_ZERO), n);
  const least = 1 + bmin * L;
  let mn = Infinity;
  for (let i = 0; i < n && mn !== least; i++) {
    const hc = childHash(h, i);
    const x = (below(hc, dspan) & notZ(i, z)) - p;
    if (lo(x) <= nb) {
      const a1 = 1 + degree(hc) * L;
      if (a1 < mn && confirm(ply, 2, nb, hc, x)) mn = a1;
    }
  }
  if (mn === Infinity) throw noCandidateError(ply, 0 - nb);
  return mn;
}

/**
 * MptBranchAndBound.all: A_a(v) of the node (h, p) at `ply` with remaining depth r ≥ 2 and n children;
 * exact if ≤ budget, else a lower bound > budget.
 */
function all(ply: number, r: number, a: number, budget: number, h: number, p: number, n: number): number {
  expanded++;
  if (r === 2) return 1 + n * (1 + L); // C_1(x) = 1 + L for each (interior) child
  const lc = LC[r - 1];
  let rest = n * lc;
  let s = 1;
  if (s + rest > budget) return s + rest;
  expand(ply, h, p, n);
  const row = ply * ROW;
  const na = 0 - a;
  for (let k = row; k < row + n; k++) {
    rest -= lc;
    s += cut(ply + 1, r - 1, na, budget - s - rest, HASH[k], VALUE[k]);
    if (s + rest > budget) return s + rest;
  }
  return s;
}

/**
 * MptBranchAndBound.confirm: f(w) ≤ a for the child w (state hc, value x) of the node at `ply` with
 * remaining depth r, from its upper bound, else by a test.
 */
function confirm(ply: number, r: number, a: number, hc: number, x: number): boolean {
  if (x + hiE <= a) return true;
  tests++;
  return le(ply + 1, r - 1, a, hc, x);
}

/** SeenValues.le: f(node (h, p) at `ply`) ≤ a in the truncation with r ≥ 1 plies remaining. */
function le(ply: number, r: number, a: number, h: number, p: number): boolean {
  const na = 0 - a;
  // A child known below −a refutes (f < na: f ≤ na − 1, values being integers); children known ≥ −a need nothing.
  if (r === 1) return !someLeafAtMost(ply, h, p, na - 1);
  if (orderChildren(ply, h, p, na - 1)) return false;
  const row = ply * ROW;
  const n = degree(h);
  for (let j = row; j < row + n; j++) {
    const x = ORDER_VALUE[j];
    if (lo(x) >= na) continue;
    if (!ge(ply + 1, r - 1, na, HASH[row + ORDER[j]], x)) return false;
  }
  return true;
}

/** SeenValues.ge: f(node (h, p) at `ply`) ≥ b in the truncation with r ≥ 1 plies remaining. */
function ge(ply: number, r: number, b: number, h: number, p: number): boolean {
  const nb = 0 - b;
  // A child known ≤ −b proves it; children known above −b cannot.
  if (r === 1) return someLeafAtMost(ply, h, p, nb);
  if (orderChildren(ply, h, p, nb)) return true;
  const row = ply * ROW;
  const n = degree(h);
  for (let j = row; j < row + n; j++) {
    const x = ORDER_VALUE[j];
    if (lo(x) > nb) continue;
    if (le(ply + 1, r - 1, nb, HASH[row + ORDER[j]], x)) return true;
  }
  return false;
}

/**
 * SeenValues.readBounds: the children of the node (h, p) at `ply` into the ply's rows and into the order
 * the tests try them (an insertion sort as they are drawn); true as soon as one child's upper bound is ≤ t.
 */
function orderChildren(ply: number, h: number, p: number, t: number): boolean {
  const n = degree(h);
  const z = below(mix32(h ^ SALT_ZERO), n);
  const row = ply * ROW;
  for (let i = 0; i < n; i++) {
    const hc = childHash(h, i);
    const x = (below(hc, dspan) & notZ(i, z)) - p;
    if (x + hiE <= t) return true;
    HASH[row + i] = hc;
    VALUE[row + i] = x;
    let j = row + i;
    for (; j > row && ORDER_VALUE[j - 1] > x; j--) {
      ORDER_VALUE[j] = ORDER_VALUE[j - 1];
      ORDER[j] = ORDER[j - 1];
    }
    ORDER_VALUE[j] = x;
    ORDER[j] = i;
  }
  return false;
}

/**
 * Whether some child of the node (h, p) at `ply`, all of whose children are leaves, scores ≤ t (leafValue).
 * A noisy leaf of value x scores within x ± E: its noise is drawn only where that does not decide.
 */
function someLeafAtMost(ply: number, h: number, p: number, t: number): boolean {
  const n = degree(h);
  const z = below(mix32(h ^ SALT_ZERO), n);
  const e = noisyLeaves && ply + 1 < maxPly ? noiseE : 0;
  for (let i = 0; i < n; i++) {
    const hc = childHash(h, i);
    const x = (below(hc, dspan) & notZ(i, z)) - p;
    if (x - e > t) continue;
    if (x + e <= t || x + below(mix32(hc ^ SALT_NOISE), noiseSpan) - noiseE <= t) return true;
  }
  return false;
}
