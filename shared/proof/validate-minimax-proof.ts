/**
 * Validating a minimax proof graph H ⊆ G (Furtak & Buro 2009, Sec. 2.2: H is valid iff v0 ∈ H and
 * μ^(H)_(−∞,∞)(v0) = true), in linear time instead of over child permutations.
 *
 * Reading of μ used (and tested against a direct implementation): σ_j is searched with the window
 * (−β, −α_{j−1}), α_0 = α and α_j = max(α_{j−1}, f_v(σ_j)) — the alpha bound *before* σ_j; the printed
 * "α_j" would include σ_j's own result. Using f rather than what H proves about σ_j changes nothing:
 * they differ only when σ_j's value lies outside its window, where both leave α unchanged or both cut.
 *
 * The check: for v ∈ H the bounds H proves, bottom-up (only children in H count):
 *   leaf:  L = U = f(v);   L(v) = max_{w ∈ c(v) ∩ H} −U(w)   (−∞ if none);
 *   U(v) = max_{w ∈ c(v)} −L(w) if c(v) ⊆ H, else +∞.
 * H is valid iff root ∈ H and L(root) = U(root) (then both equal f(root)).
 *
 * Why this equals μ. Always L ≤ f ≤ U. Claim, by induction on height, for v ∈ H and α < β:
 *   μ_(α,β)(v)  ⇔  clamp_[α,β](L(v)) = clamp_[α,β](U(v)),
 * i.e. H settles v as far as the window asks; at the root (−∞, ∞) that is L = U.
 *  ⇐  f ≥ β: L(v) ≥ β, so some w ∈ H has U(w) ≤ −β; searched first with (−β, −α) it is settled (both
 *     bounds clamp to −β) and α_1 ≥ β cuts the rest.  f ≤ α: U(v) ≤ α, so every child is in H with
 *     L(w) ≥ −α; α never rises above f(v) ≤ α, and each child is settled in (−β, −α).  α < f < β:
 *     L = U = f, so every child is in H with L(w) ≥ −f(v), and some w* has U(w*) = −f(v) ≤ L(w*), i.e.
 *     w* is exact; w* first sets α_1 = f(v), and every other child is settled in (−β, −f(v)).
 *  ⇒  Follow σ. If a cut happens at σ_J, then f(σ_J) ≤ −β and σ_J settled gives U(σ_J) ≤ −β, so
 *     L(v) ≥ β: settled. Otherwise every child is in H; a child with f_v(σ_j) ≤ α_{j−1} is settled at
 *     the low end, giving −L(σ_j) ≤ α_{j−1}; one with α_{j−1} < f_v(σ_j) < β is exact. So
 *     U(v) ≤ max(α, f(v)), and if f(v) > α the first child that raised α to f(v) was exact, giving
 *     L(v) ≥ f(v): settled either way.
 * The argument is local to a node and its children, so it holds on DAGs as well.
 */
import type { Graph } from '../game/graph.ts';
import { formatValue, readProofCandidate, visitHBottomUp } from './node-set.ts';

export type MinimaxProofCheck = { valid: true; value: number } | { valid: false; reason: string };

export function validateMinimaxProof(g: Graph, nodes: ArrayLike<number>): MinimaxProofCheck {
  const c = readProofCandidate(g, nodes);
  if (!c.ok) return { valid: false, reason: c.reason };
  const { inH, f } = c;
  const n = g.nodeCount,
    ch = g.children;
  const L = new Float64Array(n);
  const U = new Float64Array(n);
  const leaf = (v: number) => {
    L[v] = U[v] = f[v];
  };
  visitHBottomUp(g, c, leaf, (v, a0, a1) => {
    let lo = -Infinity,
      hi = -Infinity,
      all = true;
    for (let j = a0; j < a1; j++) {
      const w = ch[j];
      if (inH[w] === 0) {
        all = false;
        continue;
      }
      if (-U[w] > lo) lo = -U[w];
      if (-L[w] > hi) hi = -L[w];
    }
    L[v] = lo;
    U[v] = all ? hi : Infinity;
  });
  const r = g.root;
  if (L[r] === U[r]) return { valid: true, value: L[r] + 0 }; // + 0: negation makes −0, report 0
  return {
    valid: false,
    reason: `H proves only [${formatValue(L[r])}, ${formatValue(U[r])}] for the root: ${explain(g, f, inH, L, U)}`,
  };
}

/**
 * Why the root is not settled: descend from the root along the window the proof of each node needs
 * (the ⇐ direction of the header), always into a child that is in H but not settled, until a node whose
 * own children in H are what is missing.
 */
function explain(g: Graph, f: Float64Array, inH: Uint8Array, L: Float64Array, U: Float64Array): string {
  const off = g.childOffsets;
  const ch = g.children;
  let v = g.root,
    alpha = -Infinity,
    beta = Infinity;
  const bounds = (x: number) => `the bounds prove only [${formatValue(L[x])}, ${formatValue(U[x])}]`;
  const who = (x: number) => `node ${x} (player ${g.player[x]})`;
  for (;;) {
    const fv = f[v];
    const a0 = off[v],
      a1 = off[v + 1];
    let next = -1,
      nextAlpha = -beta,
      nextBeta = -alpha;
    if (fv >= beta) {
      // Needs one child in H proving f_v(w) ≥ β.
      const refuting: number[] = [];
      for (let j = a0; j < a1; j++) {
        const w = ch[j];
        if (-f[w] < beta) continue;
        refuting.push(w);
        if (inH[w] === 1 && next < 0) next = w;
      }
      if (next < 0) {
        return `${who(v)} must prove a value ≥ ${formatValue(beta)} (its value is ${fv}), but none of its children that do so (${refuting.join(', ')}) is in H; ${bounds(v)}`;
      }
    } else {
      for (let j = a0; j < a1; j++) {
        if (inH[ch[j]] === 0) return `${who(v)} is in H but its child ${ch[j]} is not; ${bounds(v)}`;
      }
      if (fv <= alpha) {
        // Needs U(v) ≤ α: a child whose lower bound is too weak.
        for (let j = a0; j < a1 && next < 0; j++) if (-L[ch[j]] > alpha) next = ch[j];
      } else {
        // Needs L(v) = U(v) = f(v).
        for (let j = a0; j < a1 && next < 0; j++)
          if (-L[ch[j]] > fv) {
            next = ch[j];
            nextBeta = -fv;
          }
        for (let j = a0; j < a1 && next < 0; j++) if (-f[ch[j]] === fv) next = ch[j];
      }
      if (next < 0)
        return `${who(v)} (value ${fv}) is not settled in the window (${formatValue(alpha)}, ${formatValue(beta)}); ${bounds(v)}`;
    }
    v = next;
    alpha = nextAlpha;
    beta = nextBeta;
  }
}
