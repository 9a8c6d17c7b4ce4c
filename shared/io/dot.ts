/**
 * Graphviz DOT export of a Graph (https://graphviz.org/doc/info/lang.html). One node per graph node,
 * labelled "#id", "v=value" ("v=?" where unknown) and "e=estimate" where there is one; boxes for
 * player 0 (to move at the root), ellipses for player 1. With a proof node set, proof nodes are filled
 * and edges between two proof nodes are bold. Edges are written in move order and `ordering=out`
 * asks dot to keep children left to right in that order.
 */
import { checkGraph, type Graph } from '../game/graph.ts';
import { ExportError } from './export-error.ts';
import { proofMask } from './proof-mask.ts';

export interface DotOptions {
  /** node ids to highlight as a proof */
  proofNodes?: Iterable<number>;
  /** refuse graphs with more nodes (default 5000: beyond that dot layouts are slow and unreadable) */
  maxNodes?: number;
}

export const DOT_MAX_NODES = 5000;
const PROOF_FILL = '#ffe08a';

export function toDot(g: Graph, options: DotOptions = {}): string {
  const maxNodes = options.maxNodes ?? DOT_MAX_NODES;
  if (g.nodeCount > maxNodes) {
    throw new ExportError(
      'DOT',
      `the graph has ${g.nodeCount} nodes, more than the limit of ${maxNodes}; export a shallower tree or raise maxNodes`,
    );
  }
  checkGraph(g);
  const proof = proofMask(g, options.proofNodes, 'DOT');
  const out = ['digraph gtlab {', '  graph [ordering=out];', '  node [fontname="Helvetica"];'];
  for (let v = 0; v < g.nodeCount; v++) {
    let label = `#${v}\\nv=${Number.isNaN(g.value[v]) ? '?' : shortNumber(g.value[v])}`;
    if (g.estimate && !Number.isNaN(g.estimate[v])) label += `\\ne=${shortNumber(g.estimate[v])}`;
    const attrs = [`label="${label}"`, `shape=${g.player[v] === 0 ? 'box' : 'ellipse'}`];
    if (proof?.[v]) attrs.push('style=filled', `fillcolor="${PROOF_FILL}"`);
    out.push(`  n${v} [${attrs.join(', ')}];`);
  }
  for (let v = 0; v < g.nodeCount; v++) {
    for (let k = g.childOffsets[v]; k < g.childOffsets[v + 1]; k++) {
      const w = g.children[k];
      out.push(`  n${v} -> n${w}${proof?.[v] && proof[w] ? ' [style=bold, penwidth=2]' : ''};`);
    }
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}

/** A number for a label: integers as they are, others to 4 significant digits. */
export function shortNumber(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(4)));
}
