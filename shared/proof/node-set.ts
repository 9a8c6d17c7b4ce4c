/**
 * Reading a proof subgraph H (Furtak & Buro 2009, Sec. 2: H ⊆ G given by its vertex set) from a list
 * of node ids, with the errors a validator reports instead of throwing: ids out of range, non-integers,
 * duplicates. Also the bottom-up walk of H and the value formatting the proof modules share.
 */
import { checkGraph, solveGraph, type Graph } from '../game/graph.ts';

type NodeSetRead = { ok: true; inSet: Uint8Array; count: number } | { ok: false; reason: string };

/** Membership array of `nodes` over the graph's ids, or the first malformed entry. */
function readNodeSet(g: Graph, nodes: ArrayLike<number>): NodeSetRead {
  const n = g.nodeCount;
  const inSet = new Uint8Array(n);
  // Position of each node's first occurrence, to name both positions of a duplicate.
  const firstAt = new Int32Array(n).fill(-1);
  for (let k = 0; k < nodes.length; k++) {
    const v = nodes[k];
    if (!Number.isInteger(v) || v < 0 || v >= n) {
      return {
        ok: false,
        reason: `node id ${v} at position ${k} is not allowed: ids must be integers in [0..${n - 1}]`,
      };
    }
    if (inSet[v] === 1) {
      return {
        ok: false,
        reason: `node ${v} appears twice (positions ${firstAt[v]} and ${k}); a proof lists each node once`,
      };
    }
    inSet[v] = 1;
    firstAt[v] = k;
  }
  return { ok: true, inSet, count: nodes.length };
}

export type ProofCandidate =
  | { ok: true; inH: Uint8Array; order: Int32Array; f: Float64Array }
  | { ok: false; reason: string };

/**
 * What every validator starts with: the graph checked (topological order), H read from `nodes`, the
 * root in H, and the true values f. A malformed graph throws; a malformed H gives the reason.
 */
export function readProofCandidate(g: Graph, nodes: ArrayLike<number>): ProofCandidate {
  const order = checkGraph(g);
  const read = readNodeSet(g, nodes);
  if (!read.ok) return read;
  if (read.inSet[g.root] === 0) return { ok: false, reason: `root ${g.root} not in H` };
  return { ok: true, inH: read.inSet, order, f: solveGraph(g, order) };
}

/**
 * The nodes of H children first (the reverse of the candidate's topological order), for the values H
 * proves: `leaf(v)` at a leaf of G, `interior(v, a0, a1)` at an interior node, whose children are
 * g.children[a0..a1).
 */
export function visitHBottomUp(
  g: Graph,
  c: { inH: Uint8Array; order: Int32Array },
  leaf: (v: number) => void,
  interior: (v: number, a0: number, a1: number) => void,
): void {
  const off = g.childOffsets;
  for (let k = g.nodeCount - 1; k >= 0; k--) {
    const v = c.order[k];
    if (c.inH[v] === 0) continue;
    if (off[v] === off[v + 1]) leaf(v);
    else interior(v, off[v], off[v + 1]);
  }
}

/** A value or bound for messages: ±∞ spelled out, everything else as is. */
export function formatValue(x: number): string {
  if (x === Infinity) return '+∞';
  if (x === -Infinity) return '-∞';
  return String(x);
}
