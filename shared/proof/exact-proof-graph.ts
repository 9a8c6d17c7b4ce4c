/**
 * Exact minimum proof graphs on small DAGs (Furtak & Buro 2009, Sec. 2 definitions; NP-hard by Sec. 4,
 * Theorem 4.1, so this is exponential): the smallest node set H ⊆ G, shared nodes counted once, that
 * is a target proof graph for t (Sec. 2.1, as `validateTargetProof` checks it) or a minimax proof graph
 * (Sec. 2.2, as `validateMinimaxProof` checks it). On a tree it equals the MPT (Fig. 2 / Sec. 5.1).
 *
 * One formulation for both types: obligations on an AND/OR graph.
 *   A *layer* (p, τ) asks "player p can reach ≥ τ" (in p's negamax view). An obligation (v, layer) is
 *   *viable* iff f(v) ≥ τ when player[v] = p (an OR node: one child obligation is needed) and
 *   f(v) ≤ −τ otherwise (an AND node: all its children's obligations are needed). A viable AND node's
 *   children are all viable (f(x) ≥ −f(v) ≥ τ); a viable OR node has a viable child; leaves need nothing.
 *   H = the nodes carrying an active obligation.
 *   - Target type: one layer (0, t). Minimal target proofs only use such chains (from a valid H, keep
 *     what is reachable through children with f^(H)(w) ≤ −t below player-0 nodes: still valid, smaller),
 *     and any closed obligation set is a valid target proof.
 *   - Minimax type, from the validator's characterisation (H valid iff L(root) = U(root)): L(root) ≥ f0
 *     and U(root) ≤ f0, with L(v) ≥ a ⇔ some child w ∈ H has U(w) ≤ −a, and U(v) ≤ b ⇔ every child
 *     w ∈ H has L(w) ≥ −b (leaves: f). Unrolled from the root the thresholds alternate between f0 and −f0,
 *     so the lower-bound chain is the layer (0, f0) and the upper-bound chain the layer (1, −f0):
 *     a minimum minimax proof graph is the smallest *union* of a target proof for the root player at f0
 *     and one for the opponent at −f0 (the windows of Theorem 3.3 reduce to these two). L and U are
 *     monotone in H, so any closed pair of obligation sets gives a valid H, and every valid H contains one.
 *
 * Branch and bound over the choices at OR obligations (any order is complete: every optimal closed set
 * contains a child obligation of each of its OR obligations, and a branch keeps the partial set inside it):
 *   - state: the active obligations (closed under AND), |H|; an OR obligation with an active child
 *     obligation is satisfied for free (dominance: choosing it adds nothing), the rest are *pending*;
 *   - branch on the pending obligation with the fewest candidates (fail first), candidates ordered by
 *     new nodes added minus pending obligations they also satisfy (a greedy first dive);
 *   - lower bound: |H| + a greedy packing of pending obligations whose "new-node neighbourhoods"
 *     (candidates not in H and their children not in H) are pairwise disjoint, each counting the fewest
 *     new nodes any of its candidates brings (≥ 1 if no candidate is in H yet); and a second packing on
 *     the candidate sets alone, weight 1 (the classical set-cover bound). The better one is used.
 *   - incumbent: the distinct nodes of the unfolded tree's minimum proof tree (an upper bound).
 * Limits: graphs above maxNodes / maxEdges, and searches above `budget` branch-and-bound nodes, are
 * refused with a RangeError naming the limit and what to lower.
 */
import { checkGraph, solveGraph, type Graph } from '../game/graph.ts';
import { minimumProofTree } from './minimax-proof-tree.ts';
import { minimumTargetProofTree } from './target-proof-tree.ts';

export interface ExactProofGraphLimits {
  /** largest graph accepted (nodes) */
  maxNodes?: number;
  /** largest graph accepted (edges) */
  maxEdges?: number;
  /** branch-and-bound nodes after which the search gives up (a refusal, never an inexact answer) */
  budget?: number;
}

export const EXACT_PROOF_GRAPH_LIMITS = { maxNodes: 500, maxEdges: 10_000, budget: 2_000_000 } as const;

export interface ExactProofGraph {
  type: 'target' | 'minimax';
  /** the minimum |H|, shared nodes counted once */
  size: number;
  /** one minimum H: the root first, then ascending ids */
  nodes: Int32Array;
  /** f(root) */
  value: number;
  /** t for target proofs, null for minimax */
  target: number | null;
  /** branch-and-bound nodes searched */
  searchNodes: number;
  /** the starting upper bound: distinct nodes of the unfolded tree's minimum proof tree */
  unfoldedDistinct: number;
}

export type ExactTargetProofGraph = ({ proven: true } & ExactProofGraph) | { proven: false; reason: string };

/** Minimum target proof graph for t (Sec. 2.1); not proven when f(root) < t. */
export function minimumTargetProofGraph(
  g: Graph,
  t: number,
  limits: ExactProofGraphLimits = {},
): ExactTargetProofGraph {
  if (typeof t !== 'number' || Number.isNaN(t))
    throw new RangeError(`target t = ${t} is not allowed: it must be a number`);
  const lim = checkLimits(g, limits);
  const order = checkGraph(g);
  const f = solveGraph(g, order);
  if (f[g.root] < t) {
    return {
      proven: false,
      reason: `f(root) = ${f[g.root]} < t = ${t}: the root player cannot achieve ${t}, so no target proof exists`,
    };
  }
  const mpt = minimumTargetProofTree(g, t);
  if (!mpt.proven) throw new Error('minimumTargetProofGraph: internal error, the unfolded tree has no proof');
  const s = new ProofGraphSearch(g, f, Uint8Array.of(0), Float64Array.of(t), lim.budget);
  const r = s.run(mpt.nodes);
  return {
    proven: true,
    type: 'target',
    size: r.size,
    nodes: r.nodes,
    value: f[g.root] + 0,
    target: t,
    searchNodes: s.searchNodes,
    unfoldedDistinct: mpt.distinct,
  };
}

/** Minimum minimax proof graph (Sec. 2.2): the smallest H with μ^(H)_(−∞,∞)(root). */
export function minimumMinimaxProofGraph(g: Graph, limits: ExactProofGraphLimits = {}): ExactProofGraph {
  const lim = checkLimits(g, limits);
  const order = checkGraph(g);
  const f = solveGraph(g, order);
  const f0 = f[g.root];
  const mpt = minimumProofTree(g);
  const s = new ProofGraphSearch(g, f, Uint8Array.of(0, 1), Float64Array.of(f0, -f0), lim.budget);
  const r = s.run(mpt.nodes);
  return {
    type: 'minimax',
    size: r.size,
    nodes: r.nodes,
    value: f0 + 0,
    target: null,
    searchNodes: s.searchNodes,
    unfoldedDistinct: mpt.distinct,
  };
}

function checkLimits(g: Graph, limits: ExactProofGraphLimits): Required<ExactProofGraphLimits> {
  const pick = (name: keyof ExactProofGraphLimits, max: number): number => {
    const v = limits[name] ?? EXACT_PROOF_GRAPH_LIMITS[name];
    if (!Number.isSafeInteger(v) || v < 1 || v > max)
      throw new RangeError(`${name} = ${v} is not allowed: it must be an integer in [1..${max}]`);
    return v;
  };
  const lim = {
    maxNodes: pick('maxNodes', 1_000_000),
    maxEdges: pick('maxEdges', 10_000_000),
    budget: pick('budget', 1_000_000_000),
  };
  if (g.nodeCount > lim.maxNodes) {
    throw new RangeError(
      `maxNodes: the graph has ${g.nodeCount} nodes, more than the ${lim.maxNodes} the exact minimum proof graph solver accepts ` +
        `(it is exponential, the problem is NP-hard); lower the graph size (set cover: fewer elements or sets) or raise maxNodes`,
    );
  }
  if (g.children.length > lim.maxEdges) {
    throw new RangeError(
      `maxEdges: the graph has ${g.children.length} edges, more than the ${lim.maxEdges} the exact minimum proof graph solver accepts; ` +
        `lower the graph size (set cover: fewer elements, sets or a lower density) or raise maxEdges`,
    );
  }
  return lim;
}

/** The branch and bound of the header; obligation o = 2·v + layer. */
class ProofGraphSearch {
  searchNodes = 0;
  private readonly n: number;
  private readonly off: Int32Array;
  private readonly ch: Int32Array;
  private readonly poff: Int32Array;
  private readonly par: Int32Array;
  private readonly isOr: Uint8Array; // per obligation: an OR obligation at an interior node
  private readonly viable: Uint8Array;
  private readonly active: Uint8Array;
  private readonly sat: Int32Array; // active child obligations of the same layer
  private readonly cnt: Uint8Array; // active obligations per node
  private size = 0;
  private readonly trail: Int32Array;
  private tp = 0;
  private readonly work: Int32Array;
  private readonly pend: Int32Array;
  private readonly candBuf: Int32Array;
  private readonly scoreBuf: Float64Array;
  private cp = 0;
  private readonly mark: Int32Array;
  private gen = 0;
  private best = Infinity;
  private readonly bestIn: Uint8Array;
  private readonly layers: number;

  constructor(
    private readonly g: Graph,
    f: Float64Array,
    orPlayer: Uint8Array,
    tau: Float64Array,
    private readonly budget: number,
  ) {
    const n = (this.n = g.nodeCount);
    this.off = g.childOffsets;
    this.ch = g.children;
    // Parents in CSR, to update the satisfied counts of OR obligations.
    const indeg = new Int32Array(n + 1);
    for (let j = 0; j < this.ch.length; j++) indeg[this.ch[j] + 1]++;
    this.poff = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) this.poff[v + 1] = this.poff[v] + indeg[v + 1];
    this.par = new Int32Array(this.ch.length);
    const fill = this.poff.slice(0, n);
    for (let v = 0; v < n; v++) for (let j = this.off[v]; j < this.off[v + 1]; j++) this.par[fill[this.ch[j]]++] = v;
    this.isOr = new Uint8Array(2 * n);
    this.viable = new Uint8Array(2 * n);
    for (let l = 0; l < orPlayer.length; l++) {
      for (let v = 0; v < n; v++) {
        const or = g.player[v] === orPlayer[l];
        this.viable[2 * v + l] = (or ? f[v] >= tau[l] : f[v] <= -tau[l]) ? 1 : 0;
        this.isOr[2 * v + l] = or && this.off[v + 1] > this.off[v] ? 1 : 0;
      }
    }
    this.active = new Uint8Array(2 * n);
    this.sat = new Int32Array(2 * n);
    this.cnt = new Uint8Array(n);
    this.trail = new Int32Array(2 * n);
    this.work = new Int32Array(2 * n + this.ch.length + 1);
    this.pend = new Int32Array(2 * n);
    // Along one path each OR obligation is branched on once: 2·edges bounds the candidate stack.
    this.candBuf = new Int32Array(2 * this.ch.length + 1);
    this.scoreBuf = new Float64Array(2 * this.ch.length + 1);
    this.mark = new Int32Array(n);
    this.bestIn = new Uint8Array(n);
    this.layers = orPlayer.length;
  }

  run(incumbent: Int32Array): { size: number; nodes: Int32Array } {
    const root = this.g.root;
    for (let l = 0; l < this.layers; l++) {
      if (this.viable[2 * root + l] === 0)
        throw new Error('exact proof graph: internal error, the root obligation is not viable');
    }
    this.best = incumbent.length;
    for (let k = 0; k < incumbent.length; k++) this.bestIn[incumbent[k]] = 1;
    for (let l = 0; l < this.layers; l++) this.activate(2 * root + l);
    this.search();
    const nodes = new Int32Array(this.best);
    let k = 0;
    nodes[k++] = root;
    for (let v = 0; v < this.n; v++) if (this.bestIn[v] === 1 && v !== root) nodes[k++] = v;
    if (k !== this.best) throw new Error('exact proof graph: internal error, solution size mismatch');
    return { size: this.best, nodes };
  }

  /** Activate o and, through AND nodes, everything it forces; records each on the trail. */
  private activate(o0: number): void {
    const work = this.work;
    let sp = 0;
    work[sp++] = o0;
    while (sp > 0) {
      const o = work[--sp];
      if (this.active[o] === 1) continue;
      this.active[o] = 1;
      this.trail[this.tp++] = o;
      const v = o >> 1,
        l = o & 1;
      if (this.cnt[v]++ === 0) this.size++;
      for (let j = this.poff[v]; j < this.poff[v + 1]; j++) this.sat[2 * this.par[j] + l]++;
      if (this.isOr[o] === 0) {
        for (let j = this.off[v]; j < this.off[v + 1]; j++) {
          const x = 2 * this.ch[j] + l;
          if (this.active[x] === 0) work[sp++] = x;
        }
      }
    }
  }

  private undo(to: number): void {
    while (this.tp > to) {
      const o = this.trail[--this.tp];
      this.active[o] = 0;
      const v = o >> 1,
        l = o & 1;
      if (--this.cnt[v] === 0) this.size--;
      for (let j = this.poff[v]; j < this.poff[v + 1]; j++) this.sat[2 * this.par[j] + l]--;
    }
  }

  /** New nodes that activating candidate w of layer l adds: w and its children not yet in H. */
  private cost(w: number, l: number): number {
    let c = this.cnt[w] === 0 ? 1 : 0;
    if (this.isOr[2 * w + l] === 0)
      for (let j = this.off[w]; j < this.off[w + 1]; j++) if (this.cnt[this.ch[j]] === 0) c++;
    return c;
  }

  private search(): void {
    if (++this.searchNodes > this.budget) {
      throw new RangeError(
        `budget: the exact minimum proof graph search did not finish within ${this.budget} branch-and-bound nodes ` +
          `(graph of ${this.n} nodes, ${this.ch.length} edges); lower the graph size (set cover: fewer elements or sets) or raise the budget`,
      );
    }
    const { off, ch, viable, pend } = this;
    // Pending OR obligations, and the one to branch on (fewest candidates).
    let np = 0,
      pick = -1,
      pickK = Infinity;
    for (let k = 0; k < this.tp; k++) {
      const o = this.trail[k];
      if (this.isOr[o] === 0 || this.sat[o] !== 0) continue;
      pend[np++] = o;
      const v = o >> 1,
        l = o & 1;
      let c = 0;
      for (let j = off[v]; j < off[v + 1]; j++) if (viable[2 * ch[j] + l] === 1) c++;
      if (c < pickK) {
        pickK = c;
        pick = o;
      }
    }
    if (np === 0) {
      if (this.size < this.best) {
        this.best = this.size;
        for (let v = 0; v < this.n; v++) this.bestIn[v] = this.cnt[v] > 0 ? 1 : 0;
      }
      return;
    }
    const lb = this.lowerBound(np);
    if (this.size + lb >= this.best) return;

    // Candidates of `pick`, scored by new nodes minus the other pending obligations they satisfy.
    const v = pick >> 1,
      l = pick & 1;
    const c0 = this.cp;
    let k = 0;
    for (let j = off[v]; j < off[v + 1]; j++) {
      const w = ch[j];
      if (viable[2 * w + l] === 0) continue;
      let gain = 0;
      for (let q = this.poff[w]; q < this.poff[w + 1]; q++) {
        const o = 2 * this.par[q] + l;
        if (this.active[o] === 1 && this.isOr[o] === 1 && this.sat[o] === 0) gain++;
      }
      const s = this.cost(w, l) - gain;
      // Insertion into the sorted candidate row.
      let i = c0 + k;
      while (i > c0 && this.scoreBuf[i - 1] > s) {
        this.candBuf[i] = this.candBuf[i - 1];
        this.scoreBuf[i] = this.scoreBuf[i - 1];
        i--;
      }
      this.candBuf[i] = w;
      this.scoreBuf[i] = s;
      k++;
    }
    this.cp = c0 + k;
    for (let i = 0; i < k; i++) {
      const mark = this.tp;
      this.activate(2 * this.candBuf[c0 + i] + l);
      this.search();
      this.undo(mark);
      if (this.size + lb >= this.best) break; // the incumbent improved: the rest cannot beat it
    }
    this.cp = c0;
  }

  /** Admissible bound on the new nodes the pending obligations pend[0..np) still need (see header). */
  private lowerBound(np: number): number {
    const { off, ch, cnt, viable, mark, pend } = this;
    // Packing 1: disjoint neighbourhoods, weight = fewest new nodes of any candidate.
    let b1 = 0;
    const g1 = ++this.gen;
    for (let k = 0; k < np; k++) {
      const o = pend[k];
      const v = o >> 1,
        l = o & 1;
      let minCost = Infinity,
        clash = false;
      for (let j = off[v]; j < off[v + 1] && minCost > 0; j++) {
        const w = ch[j];
        if (viable[2 * w + l] === 0) continue;
        const c = this.cost(w, l);
        if (c < minCost) minCost = c;
        if (cnt[w] === 0 && mark[w] === g1) clash = true;
        if (this.isOr[2 * w + l] === 0)
          for (let q = off[w]; q < off[w + 1]; q++) if (cnt[ch[q]] === 0 && mark[ch[q]] === g1) clash = true;
      }
      if (minCost === 0 || clash) continue;
      b1 += minCost;
      for (let j = off[v]; j < off[v + 1]; j++) {
        const w = ch[j];
        if (viable[2 * w + l] === 0) continue;
        if (cnt[w] === 0) mark[w] = g1;
        if (this.isOr[2 * w + l] === 0)
          for (let q = off[w]; q < off[w + 1]; q++) if (cnt[ch[q]] === 0) mark[ch[q]] = g1;
      }
    }
    // Packing 2: obligations with no candidate in H and pairwise disjoint candidate sets, weight 1.
    let b2 = 0;
    const g2 = ++this.gen;
    for (let k = 0; k < np; k++) {
      const o = pend[k];
      const v = o >> 1,
        l = o & 1;
      let skip = false;
      for (let j = off[v]; j < off[v + 1] && !skip; j++) {
        const w = ch[j];
        if (viable[2 * w + l] === 1 && (cnt[w] > 0 || mark[w] === g2)) skip = true;
      }
      if (skip) continue;
      b2++;
      for (let j = off[v]; j < off[v + 1]; j++) if (viable[2 * ch[j] + l] === 1) mark[ch[j]] = g2;
    }
    return Math.max(b1, b2);
  }
}
