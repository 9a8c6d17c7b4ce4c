/**
 * Validating a target proof graph H ⊆ G for threshold t (Furtak & Buro 2009, Sec. 2.1):
 *   - v0 ∈ H;
 *   - a root-player (player 0) interior node in H has a child in H;
 *   - an opponent (player 1) node in H has all its children in H;
 *   - f^(H)(v0) ≥ t, with f^(H)(v) = f(v) at a leaf, else max over children w ∈ H of −f^(H)(w).
 * f^(H) is what H proves for each node in its own view: a lower bound at player-0 nodes, and at
 * player-1 nodes a value ≥ f(v), i.e. an upper bound on the opponent's result.
 */
import type { Graph } from '../game/graph.ts';
import { readProofCandidate, visitHBottomUp } from './node-set.ts';

export type TargetProofCheck = { valid: true; value: number } | { valid: false; reason: string };

/** On success `value` is f^(H)(root), the value H proves for the root player (≥ t). */
export function validateTargetProof(g: Graph, nodes: ArrayLike<number>, t: number): TargetProofCheck {
  if (typeof t !== 'number' || Number.isNaN(t))
    throw new RangeError(`target t = ${t} is not allowed: it must be a number`);
  const c = readProofCandidate(g, nodes);
  if (!c.ok) return { valid: false, reason: c.reason };
  const { inH, order, f } = c;
  const n = g.nodeCount,
    off = g.childOffsets,
    ch = g.children;
  // Structure, parents before children so the first violation reported is the one nearest the root.
  for (let k = 0; k < n; k++) {
    const v = order[k];
    const a0 = off[v],
      a1 = off[v + 1];
    if (inH[v] === 0 || a0 === a1) continue;
    if (g.player[v] === 0) {
      let any = false;
      for (let j = a0; j < a1 && !any; j++) any = inH[ch[j]] === 1;
      if (!any) {
        return {
          valid: false,
          reason: `node ${v} (player 0) is in H but none of its children (${Array.from(ch.subarray(a0, a1)).join(', ')}) is; a root-player node needs one`,
        };
      }
    } else {
      for (let j = a0; j < a1; j++) {
        if (inH[ch[j]] === 0) {
          return {
            valid: false,
            reason: `node ${v} (player 1) is in H but its child ${ch[j]} is not; an opponent node needs all its children`,
          };
        }
      }
    }
  }
  const fH = new Float64Array(n);
  const leaf = (v: number) => {
    fH[v] = f[v];
  };
  visitHBottomUp(g, c, leaf, (v, a0, a1) => {
    let best = -Infinity;
    for (let j = a0; j < a1; j++) if (inH[ch[j]] === 1 && -fH[ch[j]] > best) best = -fH[ch[j]];
    fH[v] = best;
  });
  const r = g.root;
  if (fH[r] < t) {
    // Name the root move that H relies on, to point at where the proof falls short.
    let via = -1;
    for (let j = off[r]; j < off[r + 1]; j++)
      if (inH[ch[j]] === 1 && -fH[ch[j]] === fH[r]) {
        via = ch[j];
        break;
      }
    const where = via >= 0 ? ` (its best child in H, node ${via}, proves only ${fH[r]} for the root player)` : '';
    return { valid: false, reason: `H proves f^(H)(root) = ${fH[r]}, below t = ${t}${where}; f(root) = ${f[r]}` };
  }
  return { valid: true, value: fH[r] + 0 }; // + 0: negation makes −0, report 0
}
