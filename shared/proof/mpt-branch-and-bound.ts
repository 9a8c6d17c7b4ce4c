/**
 * Minimum minimax proof tree size (Furtak & Buro 2009, Sec. 5.2, Figure 2) on an implicit Game whose
 * interior values are known (`exactValue()`, e.g. prefix value trees, Sec. 7), by depth-first
 * branch-and-bound instead of the printed recursion's full exploration of every cut-node candidate.
 *
 * From the root's window (−∞, ∞) Figure 2 only reaches three kinds of (node, window) pairs (see the
 * header of ./minimax-proof-tree.ts), written here with a threshold b:
 *   cut  C_b(v) = MPT_size(v, −∞, b), f(v) ≥ b:  1 + min over w with f(w) ≤ −b of A_{−b}(w)
 *   all  A_a(v) = MPT_size(v, a, ∞),  f(v) ≤ a:  1 + Σ_w C_{−a}(w)
 *   PV   P(v)   = MPT_size(v, −∞, ∞):              1 + t + min over w with f(w) = −f(v) of P(w) − C_{−f(v)}(w),
 *                                                   t = Σ_x C_{−f(v)}(x)
 * and 1 at a leaf or at the horizon. Each function takes a budget and returns the exact size when it is
 * ≤ budget, otherwise a lower bound > budget (fail-soft), so a cut node stops exploring a candidate as
 * soon as it cannot beat the best one found so far, and an all-node stops once its children's sizes
 * plus lower bounds for the rest exceed its budget.
 *
 * Lower bounds (admissible, by remaining depth r, given `minBranching` m = the fewest children of any
 * node above the horizon): LC[r] = 1 + LA[r−1], LA[r] = 1 + m·LC[r−1] (one child per cut node, every
 * child of an all-node); with a node's out-degree d known from its parent (`childDegree`) an all-node
 * is ≥ 1 + d·LC[r−1]. Cut-node candidates are tried in ascending order of that bound (ties: larger
 * margin first), so the likely smallest (fewest children) comes first, and the loop stops at the first
 * candidate whose bound cannot beat the best. The last two plies are closed forms: C = 2 and A = 1 + d at r = 1, and at r = 2
 * C = 2 + min over candidates of their degree, A = 1 + Σ (2 for an interior child, 1 for a terminal one).
 *
 * The sizes for depths 0..D (`sizesByDepth`) are one branch-and-bound per depth: each depth costs about
 * twice the one before, so the sum is ~1.5× depth D alone (depth-10 prefix value trees). Reusing the
 * previous depth's sizes as lower bounds (a node's size cannot shrink when the horizon moves down) was
 * tried and saved only ~7% of the expansions, not worth a table keyed by node.
 *
 * Hot loops allocate nothing: per-ply typed-array rows (candidates, keys, degrees, the PV node's
 * T_x values) indexed by `ply · maxChildren`, and the game cursor's make/unmake. Where the game's class
 * registers a kernel (./mpt-kernels.ts: prefix value trees do), `size` and `sizesByDepth` run the PV
 * node's search there, on the game's own representation, node for node this code (`kernel`: whether it
 * does; the option `kernel: false` keeps this code, for the tests that hold the kernel to it);
 * `proofTree` always runs here.
 *
 * It needs exact interior values: a NaN from `exactValue()` (e.g. the incremental model) is an error,
 * and so are values that contradict f(v) = max_w −f(w) where the search reads a node's children (a PV
 * node whose children do not give its value, a cut node with no child reaching its bound). `mptSizeOfGame` (./minimax-proof-tree.ts) is the oracle.
 *
 * With `leafCost: 0` every node at the horizon or terminal costs 0 instead of 1: the result is then the
 * fewest interior nodes of any minimax proof tree (the nodes a proof expands), the denominator of the
 * expanded-node view. The recursion and its closed forms take leaf cost L in place of each leaf's 1
 * (A_1(w) = 1 + deg·L, C_1(x) = 1 + L, L for a terminal child). The lower bounds, re-derived: a
 * terminal node costs L, one with children at least 1 + (its children's bounds), so LC[0] = LA[0] = L,
 * LC[r] = 1 + LA'[r−1] and LA[r] = 1 + m·LC'[r−1], where the primed bound is for a node that may be
 * terminal: LC'[r] = LC[r] (m ≥ 1: no terminal above the horizon) or L (m = 0), LA'[r] = LA[r] (m ≥ 1)
 * or min(L, LA[r]) (m = 0). With L = 1 the min is LA[r] (LA[r] ≥ 1): the same bounds as before; with
 * L = 0 and m = 0 every cut node's bound is 1 (its child may be a terminal of cost 0).
 *
 * `proofTree` walks one minimum proof tree into a ProofSink (./proof-sink.ts) instead of only sizing it:
 * the choices the searches above make (a cut node's cheapest candidate, a PV node's best child, recorded
 * per ply), the closed forms' nodes included (at r = 1 the first leaf giving the value or reaching the
 * bound; at r = 2 a cut node's cheapest candidate, whose children are leaves). No table keyed by node:
 * each proof node's search runs again when the walk reaches it, with its size from its parent's search as
 * the budget (an all-node's children get what all() would give them). On Fig. 4 trees at depth 10 that
 * is ~2.4× the expansions of size() and 1.5–2.3× its time, far below the `depth`× bound.
 *
 * With `values` (./mpt-seen.ts) the interior values are those of the truncation whose horizon carries
 * `evaluate()` (a noisy horizon): only bounds are read, exactValue() ± errorBound (unbounded where NaN),
 * and the recursion decides what it needs by null-window tests: a cut node's candidate w is confirmed
 * f(w) ≤ −b, a PV node's best child f(w) = −f(v), just before its subtree is used. Every other step is
 * the same; with errorBound 0 the bounds are the values and no test runs.
 */
import { leafValue, type Game } from '../game/game.ts';
import { checkLeafCost } from './minimax-proof-tree.ts';
import { mptSizerFor, type MptSizer } from './mpt-kernels.ts';
import { ALL, CUT, PV, type ProofRole, type ProofSink } from './proof-sink.ts';

/**
 * Values of the truncation decided by tests (./mpt-seen.ts), with the bound |f(v) − exactValue(v)| ≤
 * errorBound above the horizon wherever exactValue() is known.
 */
export interface TruncationValues {
  readonly errorBound: number;
  /** f(cursor's node) ≤ a in the truncation with r plies remaining (the cursor ends where it started) */
  atMost(r: number, a: number): boolean;
  /** f(root) of the truncation at remaining depth r (the cursor is on the root and ends there) */
  rootValue(r: number): number;
}

export interface MptBranchAndBoundOptions {
  /**
   * Fewest children of any node above the horizon (bmin for prefix value trees); the lower bounds rely
   * on it. Default 0 (always true, weaker bounds). A node found with fewer children (checked wherever
   * the search reads a degree) is a RangeError.
   */
  minBranching?: number;
  /** the truncation's values by tests (./mpt-seen.ts); default: exact values (exactValue / evaluate) */
  values?: TruncationValues;
  /** what a leaf of the proof (a horizon or terminal node) costs: 1 (the proof's size, default) or 0 (its interior nodes) */
  leafCost?: 0 | 1;
  /**
   * false: `size` and `sizesByDepth` run this generic code even where the game's class has a kernel
   * (./mpt-kernels.ts), so that tests can hold the kernel to it; default true
   */
  kernel?: boolean;
}

/** Work counters of the last `size` / `sizesByDepth` call. */
export interface MptBranchAndBoundStats {
  /** nodes whose children were generated */
  expanded: number;
  /** null-window tests run (truncation values only: `TruncationValues.atMost` calls) */
  tests: number;
}

export class MptBranchAndBound {
  readonly stats: MptBranchAndBoundStats = { expanded: 0, tests: 0 };
  /** whether `size` and `sizesByDepth` run on the game class's kernel (./mpt-kernels.ts) */
  readonly kernel: boolean;

  private readonly g: Game;
  private readonly m: number; // row width: game.maxChildren
  private readonly minB: number;
  private readonly maxDepth: number;
  // LC[r]: lower bound on a cut node at remaining depth r with at least one child (r ≥ 1);
  // LCany[r]: the same for a node that may be terminal (= LC[r] when minBranching ≥ 1, else 1).
  private readonly LC: Float64Array;
  private readonly LCany: Float64Array;
  // Per-ply rows.
  private readonly cand: Int32Array; // candidate child indices (cut node) / child order
  private readonly key: Float64Array; // sort key: lower bound of each candidate's subtree
  private readonly deg: Int32Array; // out-degree of child i
  private readonly lo: Float64Array; // lower bound on f(child i), child's view (= f with exact values)
  private readonly hi: Float64Array; // upper bound on f(child i)
  private readonly tv: TruncationValues | null;
  private readonly err: number;
  private readonly tw: Float64Array; // PV node: T_x[f(v), ∞] = C_{−f(v)}(x); all-node: C_{−a}(x)
  private readonly choice: Int32Array; // per ply: the child a cut node (its cheapest candidate) or a PV node (its best child) chose
  private readonly L: number; // leaf cost
  private readonly sizer: MptSizer | null;

  constructor(game: Game, options: MptBranchAndBoundOptions = {}) {
    const minB = options.minBranching ?? 0;
    if (!Number.isInteger(minB) || minB < 0 || minB > game.maxChildren) {
      throw new RangeError(
        `minBranching = ${minB} is not allowed: it must be an integer in [0..${game.maxChildren}] (the game's maxChildren)`,
      );
    }
    this.g = game;
    this.m = game.maxChildren;
    this.minB = minB;
    this.maxDepth = game.maxPly;
    const L = checkLeafCost(options.leafCost);
    this.L = L;
    const plies = game.maxPly + 1;
    this.LC = new Float64Array(plies + 1);
    this.LCany = new Float64Array(plies + 1);
    this.LC[0] = L;
    this.LCany[0] = L;
    for (let r = 1; r <= plies; r++) {
      // LA[r−1] for an all-node of unknown degree: ≥ minB children, each a cut node at r − 2. With
      // minB = 0 the cut node's child may be terminal (cost L), so its bound is min(L, LA[r−1]).
      const la = r - 1 === 0 ? L : 1 + minB * this.LCany[r - 2];
      this.LC[r] = 1 + (minB >= 1 ? la : Math.min(la, L));
      this.LCany[r] = minB >= 1 ? this.LC[r] : L;
    }
    const cells = plies * this.m;
    this.cand = new Int32Array(cells);
    this.key = new Float64Array(cells);
    this.deg = new Int32Array(cells);
    this.lo = new Float64Array(cells);
    this.hi = new Float64Array(cells);
    this.tv = options.values ?? null;
    this.err = this.tv === null ? 0 : this.tv.errorBound;
    this.tw = new Float64Array(cells);
    this.choice = new Int32Array(plies);
    const setup = {
      minBranching: minB,
      leafCost: L,
      errorBound: this.tv === null ? null : this.err,
      lc: this.LC,
      lcAny: this.LCany,
    };
    this.sizer = options.kernel === false ? null : mptSizerFor(game, setup);
    this.kernel = this.sizer !== null;
  }

  /** MPT_size(root, −∞, ∞) of the tree truncated at `depth` (Figure 2's result, exactly). */
  size(depth: number): number {
    if (!Number.isInteger(depth) || depth < 0) {
      throw new RangeError(`depth = ${depth} is not allowed: it must be an integer ≥ 0`);
    }
    this.stats.expanded = 0;
    this.stats.tests = 0;
    return this.rootSize(depth);
  }

  /** out[d] = MPT size of the tree truncated at depth d, for d = 0..maxDepth. */
  sizesByDepth(maxDepth: number): Float64Array {
    if (!Number.isInteger(maxDepth) || maxDepth < 0) {
      throw new RangeError(`maxDepth = ${maxDepth} is not allowed: it must be an integer ≥ 0`);
    }
    this.stats.expanded = 0;
    this.stats.tests = 0;
    const out = new Float64Array(maxDepth + 1);
    for (let d = 0; d <= maxDepth; d++) out[d] = this.rootSize(d);
    return out;
  }

  /**
   * Walk one minimum proof tree of the truncation at `depth` into `sink` and return its size (= size(depth),
   * under the same leaf cost): depth-first from the root, children in natural move order, sink.node once
   * per proof node (horizon and terminal leaves included) with its role and bound; the cursor and the
   * sink end on the root. The choices are Figure 2's, made by the same branch-and-bound: at a PV node the
   * best child w minimising P(w) − C(w), at a cut node the candidate minimising A (first in the search's
   * order on ties), at an all-node every child. A node's size is searched again when the walk reaches it,
   * with the budget its parent's search leaves it (its exact size below a PV or cut node: the tightest
   * budget that still finds the argmin); see the header for the cost.
   */
  proofTree(depth: number, sink: ProofSink): number {
    if (!Number.isInteger(depth) || depth < 0) {
      throw new RangeError(`depth = ${depth} is not allowed: it must be an integer ≥ 0`);
    }
    this.stats.expanded = 0;
    this.stats.tests = 0;
    const g = this.g;
    const r = Math.min(depth, this.maxDepth);
    g.reset();
    const fv = this.tv === null ? this.value(r) : this.tv.rootValue(r);
    const d = r === 0 ? 0 : g.expand();
    if (d > 0) this.checkDegree(d);
    return this.walk(PV, r, fv + 0, Infinity, sink);
  }

  /**
   * The proof of the cursor's node in `role` with `bound` (its value for PV; r plies remaining) into the
   * sink; `budget` is an upper bound on its size from the parent's search (exact below a PV or cut node,
   * what an all-node's size leaves for this child after its siblings' sizes and bounds), Infinity at the
   * root. Returns its size.
   */
  private walk(role: ProofRole, r: number, bound: number, budget: number, sink: ProofSink): number {
    const g = this.g,
      L = this.L;
    sink.node(role, bound);
    const n = r === 0 ? 0 : g.expand();
    if (n === 0) return L;
    const ply = g.ply,
      row = ply * this.m,
      tw = this.tw;
    const nb = -bound + 0; // + 0: no −0
    let s = 1;
    if (role === ALL) {
      // Every child, a cut node with bound −a, its budget what the all-node's leaves it (as all() would).
      let rest = r > 2 ? this.readDegrees(n, ply, row, this.LC[r - 1]) : 0;
      for (let i = 0; i < n; i++) {
        if (r > 2) rest -= this.key[row + i];
        sink.down(i);
        g.descend(i);
        s += this.walk(CUT, r - 1, nb, budget - s - rest, sink);
        g.ascend();
        sink.up();
      }
      return s;
    }
    let pick = -1,
      size = Infinity;
    if (r === 1) {
      // Every child is a leaf: the first one giving the value (PV) or reaching the bound (cut).
      for (let i = 0; i < n && pick < 0; i++) {
        const x = leafValue(this.g, i);
        if (role === PV ? x === nb : x <= nb) pick = i;
      }
      if (pick < 0) {
        if (role === CUT) this.inconsistent(bound);
        throw noBestChildError(ply, nb);
      }
    } else {
      size = this.exactWithin(role === CUT ? this.cut(r, bound, budget) : this.pv(r, bound, budget), budget);
      pick = this.choice[ply];
    }
    if (role === CUT) {
      sink.down(pick);
      g.descend(pick);
      s += this.walk(ALL, r - 1, nb, size - 1, sink);
      g.ascend();
      sink.up();
    } else {
      // PV: the best child (P(w) = P(v) − 1 − Σ_{x ≠ w} C(x)) and the others as cut nodes with bound −f(v).
      let pw = size - 1;
      if (r > 1) for (let i = 0; i < n; i++) if (i !== pick) pw -= tw[row + i];
      for (let i = 0; i < n; i++) {
        sink.down(i);
        g.descend(i);
        s +=
          i === pick
            ? this.walk(PV, r - 1, nb, pw, sink)
            : this.walk(CUT, r - 1, nb, r > 1 ? tw[row + i] : Infinity, sink);
        g.ascend();
        sink.up();
      }
    }
    if (r > 1 && s !== size)
      throw new Error(
        `MptBranchAndBound.proofTree: internal error, the walk at ply ${ply} has ${s} nodes, the search ${size}`,
      );
    return s;
  }

  /** A search's result within the budget its parent's search left (so exact, with the argmin chosen). */
  private exactWithin(x: number, budget: number): number {
    if (!(x <= budget))
      throw new Error(
        `MptBranchAndBound.proofTree: internal error, a subtree searched to more than ${budget} nodes, the budget its parent's search left`,
      );
    return x;
  }

  private rootSize(depth: number): number {
    const g = this.g;
    // Nothing exists below maxPly, and clamping keeps every node at remaining r ≥ 1 above the game's
    // last ply, where minBranching applies.
    const r = Math.min(depth, this.maxDepth);
    g.reset();
    const L = this.L;
    if (r === 0) return L;
    const fv = this.tv === null ? this.value(r) : this.tv.rootValue(r);
    const d = g.expand();
    if (d === 0) return L;
    this.checkDegree(d);
    if (r === 1) return 1 + d * L;
    const s = this.sizer === null ? null : this.sizer.pvSize(r, fv, this.stats);
    return s ?? this.pv(r, fv, Infinity);
  }

  /** f(current node): `evaluate()` at the horizon, `exactValue()` above it; NaN is an error without `values`. */
  private value(r: number): number {
    const g = this.g;
    const x = r === 0 ? g.evaluate() : g.exactValue();
    if (x !== x && this.tv === null) {
      throw new Error(
        `the minimum proof tree branch-and-bound needs exact values: game.exactValue() is NaN at ply ${g.ply} ` +
          `(the model does not know f(v) without searching; materialise the tree and use minimumProofTree)`,
      );
    }
    return x;
  }

  /** A node above the horizon (cursor's ply + 1 for a child) must have at least minBranching children. */
  private checkDegree(d: number, childPly = this.g.ply): void {
    if (d < this.minB) {
      throw new RangeError(
        `minBranching = ${this.minB} is not allowed for this game: a node at ply ${childPly} above the horizon has ${d} children`,
      );
    }
  }

  /** Expand the cursor's node, counted in `stats.expanded`; returns its number of children. */
  private expandCounted(): number {
    this.stats.expanded++;
    return this.g.expand();
  }

  /** childDegree(i) of the node at `ply`, checked against minBranching. */
  private degree(i: number, ply: number): number {
    const d = this.g.childDegree(i);
    if (d < this.minB) this.checkDegree(d, ply + 1);
    return d;
  }

  /**
   * Read the degree of every child into this ply's `deg` row and its lower bound (the leaf cost for a
   * terminal child, else `lc`) into the `key` row; return the sum of the bounds.
   */
  private readDegrees(n: number, ply: number, row: number, lc: number): number {
    const deg = this.deg,
      key = this.key,
      L = this.L;
    let rest = 0;
    for (let i = 0; i < n; i++) {
      const d = this.degree(i, ply);
      deg[row + i] = d;
      const lb = d === 0 ? L : lc;
      key[row + i] = lb;
      rest += lb;
    }
    return rest;
  }

  /**
   * Read bounds on f of every child into this ply's `lo` / `hi` rows (both f with exact values, the
   * horizon's value at r − 1 = 0); return max over children of −lo (f(v) with exact values).
   */
  private readChildValues(n: number, r: number, row: number): number {
    const g = this.g,
      e = r === 1 ? 0 : this.err,
      lo = this.lo,
      hi = this.hi;
    let best = -Infinity;
    for (let i = 0; i < n; i++) {
      g.descend(i);
      const f = this.value(r - 1);
      g.ascend();
      const known = f === f;
      const l = known ? f - e : -Infinity;
      lo[row + i] = l;
      hi[row + i] = known ? f + e : Infinity;
      if (-l > best) best = -l;
    }
    return best;
  }

  /** f(child i) ≤ a: from its upper bound, else by a test (truncation values only). */
  private confirm(i: number, r: number, row: number, a: number): boolean {
    if (this.hi[row + i] <= a) return true;
    this.stats.tests++;
    const g = this.g;
    g.descend(i);
    const ok = this.tv!.atMost(r - 1, a);
    g.ascend();
    return ok;
  }

  /**
   * C_b(v) with remaining depth r ≥ 2 at the cursor's node (which has children): exact if ≤ budget,
   * else a lower bound > budget.
   */
  private cut(r: number, b: number, budget: number): number {
    const g = this.g;
    const n = this.expandCounted();
    const ply = g.ply,
      row = ply * this.m;
    const cand = this.cand,
      key = this.key,
      deg = this.deg,
      cv = this.lo,
      L = this.L;
    this.readChildValues(n, r, row);
    const nb = -b;
    let k = 0;
    if (r === 2) {
      // A_1(w) = 1 + deg(w)·L (L for a terminal w): no descent needed (with truncation values, a test of the smaller ones).
      let mn = Infinity;
      for (let i = 0; i < n; i++) {
        if (cv[row + i] <= nb) {
          const d = this.degree(i, ply);
          const a1 = d === 0 ? L : 1 + d * L;
          if (a1 < mn && this.confirm(i, r, row, nb)) {
            mn = a1;
            this.choice[ply] = i;
          }
        }
      }
      if (mn === Infinity) this.inconsistent(b);
      return 1 + mn;
    }
    const lcBelow = this.LCany[r - 2];
    for (let i = 0; i < n; i++) {
      if (cv[row + i] > nb) continue;
      const d = this.degree(i, ply);
      const kk = d === 0 ? L : 1 + d * lcBelow;
      // Insertion into the candidate list sorted by ascending lower bound (fewest children first), ties
      // by ascending f(w): a larger margin below −b leaves w's children more candidates of their own.
      const fw = cv[row + i];
      let j = k++;
      while (j > 0 && (key[row + j - 1] > kk || (key[row + j - 1] === kk && cv[row + cand[row + j - 1]] > fw))) {
        key[row + j] = key[row + j - 1];
        cand[row + j] = cand[row + j - 1];
        j--;
      }
      key[row + j] = kk;
      cand[row + j] = i;
      deg[row + i] = d;
    }
    if (k === 0) this.inconsistent(b);
    let best = Infinity;
    let lim = budget - 1; // a candidate's all-node must be ≤ lim to matter
    let failLb = Infinity;
    for (let j = 0; j < k; j++) {
      const kk = key[row + j];
      if (kk > lim) {
        if (kk < failLb) failLb = kk;
        break;
      }
      const i = cand[row + j];
      if (!this.confirm(i, r, row, nb)) continue; // f(w) > −b: not a candidate
      const d = deg[row + i];
      let a: number;
      if (d === 0) a = L;
      else {
        g.descend(i);
        a = this.all(r - 1, nb, lim);
        g.ascend();
      }
      if (a <= lim) {
        best = a;
        lim = a - 1;
        this.choice[ply] = i;
      } else if (a < failLb) failLb = a;
    }
    if (best === Infinity && failLb === Infinity) this.inconsistent(b);
    return best !== Infinity ? 1 + best : 1 + failLb;
  }

  /**
   * A_a(v) with remaining depth r ≥ 2 at the cursor's node (which has children): exact if ≤ budget,
   * else a lower bound > budget.
   */
  private all(r: number, a: number, budget: number): number {
    const g = this.g;
    const n = this.expandCounted();
    const ply = g.ply,
      row = ply * this.m;
    const deg = this.deg,
      key = this.key,
      tw = this.tw,
      L = this.L;
    if (r === 2) {
      // C_1(x) = 1 + L for an interior child, L for a terminal one.
      let s = 1;
      for (let i = 0; i < n; i++) s += this.degree(i, ply) > 0 ? 1 + L : L;
      return s;
    }
    let rest = this.readDegrees(n, ply, row, this.LC[r - 1]);
    let s = 1;
    if (s + rest > budget) return s + rest;
    const na = -a;
    for (let i = 0; i < n; i++) {
      const lb = key[row + i];
      rest -= lb;
      if (deg[row + i] === 0) {
        s += L;
        continue;
      }
      g.descend(i);
      const c = this.cut(r - 1, na, budget - s - rest);
      g.ascend();
      tw[row + i] = c; // for proofTree: the child's size, exact when the result is
      s += c;
      if (s + rest > budget) return s + rest;
    }
    return s;
  }

  /**
   * P(v) with remaining depth r ≥ 2 at the cursor's node with value fv (which has children): exact if
   * ≤ budget, else a lower bound > budget.
   */
  private pv(r: number, fv: number, budget: number): number {
    const g = this.g;
    const n = this.expandCounted();
    const ply = g.ply,
      row = ply * this.m;
    const deg = this.deg,
      key = this.key,
      cv = this.lo,
      tw = this.tw,
      L = this.L;
    const best0 = this.readChildValues(n, r, row);
    if (best0 !== fv && this.tv === null) {
      throw new Error(
        `the game's values are inconsistent: exactValue() = ${fv} at ply ${ply} but its children give ${best0}`,
      );
    }
    const nf = -fv;
    let rest = this.readDegrees(n, ply, row, this.LC[r - 1]);
    // t = Σ_x C_{−f(v)}(x); P(v) ≥ 1 + t.
    let t = 0;
    if (1 + rest > budget) return 1 + rest;
    for (let i = 0; i < n; i++) {
      const d = deg[row + i];
      rest -= key[row + i];
      let c: number;
      if (d === 0) c = L;
      else if (r === 2) c = 1 + L;
      else {
        g.descend(i);
        c = this.cut(r - 1, nf, budget - 1 - t - rest);
        g.ascend();
      }
      tw[row + i] = c;
      t += c;
      if (1 + t + rest > budget) return 1 + t + rest;
    }
    // Best child w first: 1 + t + P(w) − C(w), minimised over the best moves.
    let best = Infinity;
    let lim = budget;
    let failLb = Infinity;
    for (let i = 0; i < n; i++) {
      // Every child has f(w) ≥ −f(v): the best ones are those with f(w) ≤ −f(v).
      if (cv[row + i] > nf || !this.confirm(i, r, row, nf)) continue;
      const base = 1 + t - tw[row + i];
      const d = deg[row + i];
      let p: number;
      if (d === 0) p = L;
      else if (r === 2) p = 1 + d * L;
      else {
        g.descend(i);
        p = this.pv(r - 1, nf, lim - base);
        g.ascend();
      }
      const x = base + p;
      if (x <= lim) {
        best = x;
        lim = x - 1;
        this.choice[ply] = i;
      } else if (x < failLb) failLb = x;
    }
    if (best === Infinity && failLb === Infinity) throw noBestChildError(ply, nf);
    return best !== Infinity ? best : failLb;
  }

  private inconsistent(b: number): never {
    throw noCandidateError(this.g.ply, b);
  }
}

/** A cut node at `ply` with bound b (f(v) ≥ b) none of whose children has f(w) ≤ −b. */
export function noCandidateError(ply: number, b: number): Error {
  return new Error(
    `the game's values are inconsistent: a node at ply ${ply} was reached with f(v) ≥ ${b} but no child has f(w) ≤ ${-b}`,
  );
}

/** A PV node at `ply` none of whose children has the value nf = −f(v). */
export function noBestChildError(ply: number, nf: number): Error {
  return new Error(`the game's values are inconsistent: no child of the PV node at ply ${ply} has f(w) = ${nf}`);
}

/** One-shot form: the MPT size of `game` truncated at `depth` (Figure 2's result) by branch-and-bound. */
export function mptSizeBranchAndBound(game: Game, depth: number, options: MptBranchAndBoundOptions = {}): number {
  return new MptBranchAndBound(game, options).size(depth);
}
