/**
 * A proof node set (any iterable of node ids, e.g. ProofFile.nodes or a Set) as a per-node 0/1 mask,
 * for the exporters that highlight proofs. Ids outside the graph are an ExportError, not ignored.
 */
import type { Graph } from '../game/graph.ts';
import { ExportError } from './export-error.ts';

export function proofMask(g: Graph, nodes: Iterable<number> | undefined, format: string): Uint8Array | null {
  if (!nodes) return null;
  const mask = new Uint8Array(g.nodeCount);
  for (const v of nodes) {
    if (!Number.isInteger(v) || v < 0 || v >= g.nodeCount) {
      throw new ExportError(format, `proof node ${v} is not a node id in [0..${g.nodeCount - 1}]`);
    }
    mask[v] = 1;
  }
  return mask;
}
