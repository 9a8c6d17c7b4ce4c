/**
 * TikZ `forest` export of a small tree (CTAN package forest, bracket syntax), for papers and slides:
 * `\input` the output with `\usepackage{forest}` in the preamble. Node content is the negamax value
 * ("?" where unknown); player 0 (to move at the root) is drawn as a box, player 1 as a circle; proof
 * nodes are shaded and the edges between proof nodes thick. Forest draws trees only, and past about
 * 200 nodes the picture is unreadable, so larger graphs and nodes with two parents are refused.
 */
import { checkGraph, type Graph } from '../game/graph.ts';
import { ExportError } from './export-error.ts';
import { proofMask } from './proof-mask.ts';

export const TIKZ_MAX_NODES = 200;

export interface TikzOptions {
  proofNodes?: Iterable<number>;
  /** refuse larger trees (default and ceiling TIKZ_MAX_NODES) */
  maxNodes?: number;
}

export function toTikz(g: Graph, options: TikzOptions = {}): string {
  const maxNodes = Math.min(options.maxNodes ?? TIKZ_MAX_NODES, TIKZ_MAX_NODES);
  if (g.nodeCount > maxNodes) {
    throw new ExportError(
      'TikZ',
      `the tree has ${g.nodeCount} nodes; a forest picture is limited to ${maxNodes}. Export a shallower tree, or use DOT or GraphML`,
    );
  }
  checkGraph(g);
  // kind "dag" graphs that happen to be trees draw fine; only a node with two parents cannot be drawn.
  const parents = new Int32Array(g.nodeCount);
  for (let k = 0; k < g.children.length; k++) {
    const w = g.children[k];
    if (++parents[w] > 1) {
      throw new ExportError(
        'TikZ',
        `node ${w} has more than one parent: forest draws trees only, not DAGs. Use DOT or GraphML`,
      );
    }
  }
  const proof = proofMask(g, options.proofNodes, 'TikZ');
  const out = [
    '% Game Tree Lab: TikZ forest tree (\\usepackage{forest}). Box: player 0 (to move at the root);',
    '% circle: player 1; shaded: in the proof. Node content: negamax value for the player to move.',
    '\\begin{forest}',
    '  for tree={draw, minimum size=1.6em, inner sep=1pt, s sep=3mm, l sep=5mm, font=\\small},',
    '  p0/.style={rectangle},',
    '  p1/.style={circle},',
    '  proof/.style={fill=yellow!40, thick},',
    '  proof edge/.style={edge={very thick}},',
  ];
  const visit = (v: number, depth: number, parentInProof: boolean) => {
    const x = g.value[v];
    const opts = [`{${Number.isNaN(x) ? '?' : `$${x}$`}}`, `p${g.player[v]}`];
    const mine = !!proof?.[v];
    if (mine) opts.push('proof');
    if (mine && parentInProof) opts.push('proof edge');
    const pad = '  '.repeat(depth + 1);
    const a = g.childOffsets[v],
      b = g.childOffsets[v + 1];
    if (a === b) {
      out.push(`${pad}[${opts.join(', ')}]`);
      return;
    }
    out.push(`${pad}[${opts.join(', ')}`);
    for (let k = a; k < b; k++) visit(g.children[k], depth + 1, mine);
    out.push(`${pad}]`);
  };
  visit(g.root, 0, false);
  out.push('\\end{forest}');
  return `${out.join('\n')}\n`;
}
