/**
 * GraphML export of a Graph (http://graphml.graphdrawing.org/specification.html), for yEd, Gephi,
 * NetworkX and igraph. Node data: player (int), value (int, absent where unknown), estimate (double,
 * only if the graph has estimates, absent where none), inProof (boolean, only when a proof node set is
 * given). Graph data: kind, root and the meta fields (params as JSON text). Edges are written in move
 * order with ids e0, e1, … in CSR order; node ids are "n<id>".
 */
import { checkGraph, type Graph } from '../game/graph.ts';
import { ExportError } from './export-error.ts';
import { proofMask } from './proof-mask.ts';
import { escapeXml } from './xml-escape.ts';

export interface GraphMLOptions {
  proofNodes?: Iterable<number>;
  /** refuse graphs with more nodes (default 1,000,000) */
  maxNodes?: number;
}

const GRAPHML_MAX_NODES = 1_000_000;

export function toGraphML(g: Graph, options: GraphMLOptions = {}): string {
  const maxNodes = options.maxNodes ?? GRAPHML_MAX_NODES;
  if (g.nodeCount > maxNodes) {
    throw new ExportError(
      'GraphML',
      `the graph has ${g.nodeCount} nodes, more than the limit of ${maxNodes}; raise maxNodes to export it`,
    );
  }
  checkGraph(g);
  const proof = proofMask(g, options.proofNodes, 'GraphML');
  const key = (id: string, domain: string, type: string) =>
    `  <key id="${id}" for="${domain}" attr.name="${id}" attr.type="${type}"/>`;
  const data = (k: string, text: string) => `<data key="${k}">${escapeXml(text)}</data>`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"',
    '    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '    xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    key('kind', 'graph', 'string'),
    key('root', 'graph', 'int'),
    key('model', 'graph', 'string'),
    key('params', 'graph', 'string'),
    key('seed', 'graph', 'long'),
    key('generator', 'graph', 'string'),
    key('player', 'node', 'int'),
    key('value', 'node', 'int'),
  ];
  if (g.estimate) out.push(key('estimate', 'node', 'double'));
  if (proof) out.push(key('inProof', 'node', 'boolean'));
  out.push('  <graph id="G" edgedefault="directed">');
  const meta = [
    data('kind', g.kind),
    data('root', String(g.root)),
    data('model', String(g.meta.model)),
    data('params', JSON.stringify(g.meta.params ?? {})),
  ];
  if (g.meta.seed !== null) meta.push(data('seed', String(g.meta.seed)));
  meta.push(data('generator', String(g.meta.generator)));
  for (const d of meta) out.push(`    ${d}`);
  for (let v = 0; v < g.nodeCount; v++) {
    const ds = [data('player', String(g.player[v]))];
    if (!Number.isNaN(g.value[v])) ds.push(data('value', String(g.value[v])));
    if (g.estimate && !Number.isNaN(g.estimate[v])) ds.push(data('estimate', String(g.estimate[v])));
    if (proof) ds.push(data('inProof', proof[v] ? 'true' : 'false'));
    out.push(`    <node id="n${v}">${ds.join('')}</node>`);
  }
  for (let v = 0, e = 0; v < g.nodeCount; v++) {
    for (let k = g.childOffsets[v]; k < g.childOffsets[v + 1]; k++)
      out.push(`    <edge id="e${e++}" source="n${v}" target="n${g.children[k]}"/>`);
  }
  out.push('  </graph>', '</graphml>');
  return `${out.join('\n')}\n`;
}
