/**
 * Minimum minimax proof trees (Furtak & Buro 2009, Sec. 5.2, Figure 2 `MPT_size`), built on
 * Theorems 3.1–3.3 (Sec. 3). Negamax view throughout; T_w[a, b] := MPT_size(w, −b, −a).
 *
 * Figure 2, for v with window (α, β):
 *   α ≥ β                → 0
 *   v a leaf             → 1
 *   f(v) ≤ α  (all-node) → 1 + Σ_w T_w[α, β]
 *   f(v) ≥ β  (cut-node) → 1 + min over w with f_v(w) ≥ β of T_w[α, β]
 *   otherwise (PV-node)  → 1 + min over w with f_v(w) = f(v) of T_w[α, β] + t − T_w[f(v), β],
 *                          t = Σ_x T_x[f(v), β]   (search the best child w first, then the rest).
 *
 * Which windows occur (the memo key). Starting from (−∞, ∞) at the root, with f0 = f(root), the
 * recursion only ever reaches
 *   (−∞, ∞) at nodes with f = ±f0,   (−∞, b) at nodes with f ≥ b,   (a, ∞) at nodes with f ≤ a,
 * for a, b ∈ {f0, −f0}. Induction: a PV-node (only (−∞, ∞) is a PV window under the invariant) sends
 * (−∞, ∞) to best children (f = −f(v) = ∓f0) and (−∞, −f(v)) to all children (f(x) ≥ −f(v) always);
 * a cut-node with (−∞, b) sends (−b, ∞) to children with f ≤ −b; an all-node with (a, ∞) sends
 * (−∞, −a) to children, which have f ≥ −f(v) ≥ −a. So five window codes per node (Theorem 3.3's set:
 * the PV nodes' ±f(v) are ±f0), and a table of 5 entries per node, computed bottom-up over the
 * topological order, is the memo: linear time and space, no recursion, no string keys.
 *
 * On a DAG this is the minimum proof tree of the *unfolded* tree: `size` counts with multiplicity. Its
 * distinct nodes form a valid minimax proof graph (μ is checked per node occurrence and is monotone in
 * H), so `distinct` is an upper bound on the minimum proof graph, which is NP-hard in general (Sec. 4).
 *
 * `mptSizeOfGame` is Figure 2 as printed on an implicit Game, the oracle for faster versions.
 */
import type { Game } from '../game/game.ts';
import { checkGraph, solveGraph, type Graph } from '../game/graph.ts';
import { ALL, CUT, PV, type ProofSink } from './proof-sink.ts';

export interface MinimumProofTree {
  /** size of the minimum minimax proof tree (of the unfolded tree on a DAG: with multiplicity) */
  size: number;
  /** distinct nodes in `nodes`; = size on a tree, an upper bound on the minimum proof graph on a DAG */
  distinct: number;
  /** f(root) */
  value: number;
  /** the proof's node set in depth-first pre-order, root first, best (PV) child before its siblings */
  nodes: Int32Array;
}

/**
 * What a leaf of the proof (a horizon or terminal node) costs: 1, the proof's size (Figure 2, the default),
 * or 0, its interior nodes (the nodes a proof expands). Anything else is a RangeError naming the option.
 */
export function checkLeafCost(leafCost: 0 | 1 | undefined): 0 | 1 {
  const L = leafCost ?? 1;
  if (L !== 0 && L !== 1) throw new RangeError(`leafCost = ${String(L)} is not allowed: it must be 0 or 1`);
  return L;
}

// Window codes: endpoints (WA[c], WB[c]) with f0 = f(root). NEG[c] is the code of (−WB[c], −WA[c]).
const CODES = 5;
const NEG = Int8Array.of(0, 4, 3, 2, 1);

/**
 * Figure 2 on an explicit tree or DAG from the root with (−∞, ∞), and the tree that achieves it. With
 * `leafCost` 0 a leaf costs 0 instead of 1: `size` is then the fewest interior nodes of any proof tree.
 */
export function minimumProofTree(g: Graph, o: { leafCost?: 0 | 1 } = {}): MinimumProofTree {
  const { f, f0, WA, WB, codeOfUpper, size, choice } = pairTables(g, checkLeafCost(o.leafCost));
  const n = g.nodeCount;
  const off = g.childOffsets;
  const ch = g.children;

  // Reconstruct: walk (node, window) pairs from (root, (−∞, ∞)) along the choices. A pair's subtree is
  // fixed, so each pair is expanded once; on a DAG a node reached under two windows is listed once.
  const pairDone = new Uint8Array(n * CODES);
  const inSet = new Uint8Array(n);
  const nodes = new Int32Array(n);
  let count = 0;
  const stack = new Int32Array(CODES * ch.length + 1);
  let sp = 0;
  stack[sp++] = g.root * CODES;
  while (sp > 0) {
    const pair = stack[--sp];
    if (pairDone[pair] === 1) continue;
    pairDone[pair] = 1;
    const v = (pair / CODES) | 0;
    const c = pair - v * CODES;
    if (inSet[v] === 0) {
      inSet[v] = 1;
      nodes[count++] = v;
    }
    const a0 = off[v],
      a1 = off[v + 1];
    if (a0 === a1) continue;
    const fv = f[v];
    const cc = NEG[c];
    if (fv <= WA[c]) {
      for (let j = a1 - 1; j >= a0; j--) stack[sp++] = ch[j] * CODES + cc;
    } else if (fv >= WB[c]) {
      stack[sp++] = ch[choice[pair]] * CODES + cc;
    } else {
      const mc = codeOfUpper(-fv);
      const best = choice[pair];
      // Pushed in reverse so the best child is expanded first (pre-order: PV child before siblings).
      for (let j = a1 - 1; j >= a0; j--) if (j !== best) stack[sp++] = ch[j] * CODES + mc;
      stack[sp++] = ch[best] * CODES + cc;
    }
  }
  return { size: size[g.root * CODES], distinct: count, value: f0 + 0, nodes: nodes.slice(0, count) }; // + 0: no −0
}

/**
 * The tree `minimumProofTree` finds, as a ProofSink walk (./proof-sink.ts) from the graph's root: children
 * by index in the graph's move order (a materialised Game's natural order, ../game/materialize.ts), each
 * (node, window) pair of Figure 2 once, its role read from the window: (−∞, ∞) PV with bound f(v),
 * (−∞, b) at f(v) ≥ b cut with bound b, (a, ∞) at f(v) ≤ a all with bound a. On a tree sink.node is
 * called once per node of `minimumProofTree(g).nodes`; on a DAG the walk is the unfolded tree (a node
 * once per occurrence). Returns the proof's size (under `leafCost`, as minimumProofTree's `size`).
 */
export function walkMinimumProofTree(g: Graph, sink: ProofSink, o: { leafCost?: 0 | 1 } = {}): number {
  const { f, WA, WB, codeOfUpper, size, choice } = pairTables(g, checkLeafCost(o.leafCost));
  const off = g.childOffsets;
  const ch = g.children;
  const visit = (v: number, c: number): void => {
    const fv = f[v];
    const all = fv <= WA[c],
      cut = !all && fv >= WB[c];
    sink.node(all ? ALL : cut ? CUT : PV, (all ? WA[c] : cut ? WB[c] : fv) + 0); // + 0: no −0
    const a0 = off[v],
      a1 = off[v + 1];
    if (a0 === a1) return;
    const cc = NEG[c];
    const pair = v * CODES + c;
    if (cut) {
      const j = choice[pair];
      sink.down(j - a0);
      visit(ch[j], cc);
      sink.up();
      return;
    }
    const best = all ? -1 : choice[pair];
    const mc = all ? cc : codeOfUpper(-fv);
    for (let j = a0; j < a1; j++) {
      sink.down(j - a0);
      visit(ch[j], j === best ? cc : mc);
      sink.up();
    }
  };
  visit(g.root, 0);
  return size[g.root * CODES];
}

/**
 * Figure 2's table over (node, window code) pairs, bottom-up: size[v·CODES + c] = MPT_size(v, WA[c], WB[c])
 * (NaN where the window cannot reach v) and the child (index into `children`) a cut-node or PV-node chose.
 */
function pairTables(g: Graph, leafCost: number) {
  const order = checkGraph(g);
  const f = solveGraph(g, order);
  const n = g.nodeCount;
  const off = g.childOffsets;
  const ch = g.children;
  const f0 = f[g.root];
  const WA = Float64Array.of(-Infinity, -Infinity, -Infinity, f0, -f0);
  const WB = Float64Array.of(Infinity, f0, -f0, Infinity, Infinity);
  // The code of (−∞, b) for b = ±f0 (the PV-node's T_x[f(v), β] with β = ∞); with f0 = 0 both match code 1.
  const codeOfUpper = (b: number): number => (b === f0 ? 1 : b === -f0 ? 2 : -1);

  // size[v * CODES + c] = MPT_size(v, WA[c], WB[c]); NaN where the window cannot reach v.
  const size = new Float64Array(n * CODES).fill(NaN);
  // choice: children index (into `children`) of the cutting child (cut-node) or of the best child searched
  // first (PV-node); -1 otherwise.
  const choice = new Int32Array(n * CODES).fill(-1);
  const get = (w: number, c: number): number => {
    const s = size[w * CODES + c];
    if (s !== s)
      throw new Error(`minimumProofTree: internal error, window code ${c} reached node ${w} with f = ${f[w]}`);
    return s;
  };

  for (let k = n - 1; k >= 0; k--) {
    const v = order[k];
    const fv = f[v];
    const a0 = off[v],
      a1 = off[v + 1];
    for (let c = 0; c < CODES; c++) {
      // Only windows the recursion can bring to v (see header); the others stay NaN.
      if (c === 0 ? fv !== f0 && fv !== -f0 : c <= 2 ? fv < WB[c] : fv > WA[c]) continue;
      const slot = v * CODES + c;
      if (a0 === a1) {
        size[slot] = leafCost;
        continue;
      }
      const alpha = WA[c],
        beta = WB[c];
      const cc = NEG[c]; // T_w[α, β] = MPT_size(w, −β, −α)
      if (fv <= alpha) {
        let s = 1;
        for (let j = a0; j < a1; j++) s += get(ch[j], cc);
        size[slot] = s;
      } else if (fv >= beta) {
        let m = Infinity,
          arg = -1;
        for (let j = a0; j < a1; j++) {
          const w = ch[j];
          if (-f[w] >= beta) {
            const t = get(w, cc);
            if (t < m) {
              m = t;
              arg = j;
            }
          }
        }
        size[slot] = 1 + m;
        choice[slot] = arg;
      } else {
        // T_x[f(v), β] = MPT_size(x, −β, −f(v)); β = ∞ here, so the code of (−∞, −f(v)).
        const mc = beta === Infinity ? codeOfUpper(-fv) : -1;
        if (mc < 0) throw new Error(`minimumProofTree: internal error, PV window (${alpha}, ${beta}) at node ${v}`);
        let t = 0;
        for (let j = a0; j < a1; j++) t += get(ch[j], mc);
        let m = Infinity,
          arg = -1;
        for (let j = a0; j < a1; j++) {
          const w = ch[j];
          if (-f[w] === fv) {
            const x = get(w, cc) + t - get(w, mc);
            if (x < m) {
              m = x;
              arg = j;
            }
          }
        }
        size[slot] = 1 + m;
        choice[slot] = arg;
      }
    }
  }
  return { f, f0, WA, WB, codeOfUpper, size, choice };
}

/**
 * Figure 2 exactly as printed, MPT_size(root, −∞, ∞), on an implicit game truncated at `depth`: the
 * oracle a faster (branch-and-bound) version is compared against. f(v) is `game.exactValue()` (at the
 * horizon, `evaluate()`, the truncated tree's leaf value); a NaN, or values that do not satisfy
 * f(v) = max_w −f(w), is an error. The only memo is what the printed recursion reuses within one node:
 * per ply, a typed-array row of the children's values f_v(w) and of T_x[f(v), β], so the PV-node's
 * T_w[f(v), β] is not searched twice. Nothing else is shared between calls, so the cost is exponential
 * in the depth (subtrees are re-searched once per window, like the printed recursion). With `leafCost`
 * 0 a horizon or terminal node costs 0: the fewest interior nodes of any proof, as `minimumProofTree`.
 */
export function mptSizeOfGame(game: Game, depth: number, o: { leafCost?: 0 | 1 } = {}): number {
  if (!Number.isInteger(depth) || depth < 0) {
    throw new RangeError(`depth = ${depth} is not allowed: it must be an integer ≥ 0`);
  }
  const leafCost = checkLeafCost(o.leafCost);
  const m = game.maxChildren;
  const plies = Math.min(depth, game.maxPly) + 1;
  const childValue = new Float64Array(plies * m); // f_v(w) = −f(w), row per ply
  const tRow = new Float64Array(plies * m); // T_x[f(v), β], row per ply
  game.reset();
  return mptNode(game, depth, -Infinity, Infinity, childValue, tRow, leafCost);
}

function valueAt(game: Game, remaining: number): number {
  const x = remaining === 0 ? game.evaluate() : game.exactValue();
  if (x !== x) {
    throw new Error(
      `mptSizeOfGame needs exact values: game.exactValue() is NaN at ply ${game.ply} ` +
        `(the model does not know f(v) without searching; materialise the tree and use minimumProofTree)`,
    );
  }
  return x;
}

function mptNode(
  g: Game,
  remaining: number,
  alpha: number,
  beta: number,
  cv: Float64Array,
  tr: Float64Array,
  L: number,
): number {
  if (alpha >= beta) return 0;
  if (remaining === 0) return L;
  const n = g.expand();
  if (n === 0) return L;
  const fv = valueAt(g, remaining);
  const row = g.ply * g.maxChildren;
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    g.descend(i);
    const x = -valueAt(g, remaining - 1);
    g.ascend();
    cv[row + i] = x;
    if (x > best) best = x;
  }
  if (best !== fv) {
    throw new Error(`mptSizeOfGame: game.exactValue() = ${fv} at ply ${g.ply} but its children give ${best}`);
  }
  const r = remaining - 1;
  if (fv <= alpha) {
    let s = 1;
    for (let i = 0; i < n; i++) {
      g.descend(i);
      s += mptNode(g, r, -beta, -alpha, cv, tr, L);
      g.ascend();
    }
    return s;
  }
  if (fv >= beta) {
    let mn = Infinity;
    for (let i = 0; i < n; i++) {
      if (cv[row + i] < beta) continue;
      g.descend(i);
      const t = mptNode(g, r, -beta, -alpha, cv, tr, L);
      g.ascend();
      if (t < mn) mn = t;
    }
    return 1 + mn;
  }
  let t = 0;
  for (let i = 0; i < n; i++) {
    g.descend(i);
    const x = mptNode(g, r, -beta, -fv, cv, tr, L);
    g.ascend();
    tr[row + i] = x;
    t += x;
  }
  let mn = Infinity;
  for (let i = 0; i < n; i++) {
    if (cv[row + i] !== fv) continue;
    g.descend(i);
    const x = mptNode(g, r, -beta, -alpha, cv, tr, L) + t - tr[row + i];
    g.ascend();
    if (x < mn) mn = x;
  }
  return 1 + mn;
}
