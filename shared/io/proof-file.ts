/**
 * The `gtlab-proof` file, version 1: the node set of a proof subgraph of a gtlab-graph.
 *
 *   { "format": "gtlab-proof", "version": 1, "type": "minimax" | "target", "target"?: int,
 *     "value": int, "size": int, "nodes": [node ids, root first], "meta": { … } }
 *
 * `target` is present exactly for type "target". `size` repeats nodes.length so a reader can show it
 * without counting. Reading checks what can be checked without the graph (ids are non-negative
 * integers, no duplicates, size = nodes.length); checkProofAgainstGraph adds the rest.
 */
import { checkGraph, GraphError, solveGraph, type Graph } from '../game/graph.ts';
import { fromGraphError, FormatError } from './format-error.ts';
import {
  arrayField,
  checkMetaValue,
  checkHeader,
  checkKeys,
  checkValue,
  integerField,
  isObject,
  required,
  show,
} from './json-fields.ts';
import { parseJsonText } from './json-text.ts';

const PROOF_FORMAT = 'gtlab-proof';
const PROOF_VERSION = 1;
const INT32_MAX = 2 ** 31 - 1;
const KEYS = ['format', 'version', 'type', 'target', 'value', 'size', 'nodes', 'meta'] as const;

export interface ProofFile {
  type: 'minimax' | 'target';
  /** the bound the proof establishes, only for type "target" */
  target?: number;
  /** the proved root value (negamax, view of the player to move at the root) */
  value: number;
  /** number of nodes in the proof: nodes.length */
  size: number;
  /** node ids of the proof subgraph, root first */
  nodes: number[];
  meta: Record<string, unknown>;
}

/** Checks shared by the reader and the writer: the proof on its own, without a graph. */
function checkProof(p: ProofFile): void {
  if (p.type !== 'minimax' && p.type !== 'target')
    throw new FormatError('type', `${show(p.type)} is not allowed: it must be "minimax" or "target"`);
  if (p.type === 'target') {
    if (p.target === undefined)
      throw new FormatError('target', 'is missing; a proof of type "target" needs an integer target');
    checkValue('target', p.target);
  } else if (p.target !== undefined) {
    throw new FormatError('target', `${show(p.target)} is not allowed: only proofs of type "target" have a target`);
  }
  checkValue('value', p.value);
  if (p.nodes.length === 0) throw new FormatError('nodes', 'is empty; a proof contains at least the root');
  const seen = new Map<number, number>();
  for (let i = 0; i < p.nodes.length; i++) {
    const v = p.nodes[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > INT32_MAX) {
      throw new FormatError(`nodes[${i}]`, `${show(v)} is not allowed: node ids are integers in [0..${INT32_MAX}]`);
    }
    const j = seen.get(v);
    if (j !== undefined) throw new FormatError(`nodes[${i}]`, `node ${v} is listed twice (also nodes[${j}])`);
    seen.set(v, i);
  }
  if (p.size !== p.nodes.length)
    throw new FormatError('size', `${show(p.size)} is not allowed: nodes has ${p.nodes.length} entries`);
  if (!isObject(p.meta)) throw new FormatError('meta', `${show(p.meta)} is not allowed: it must be an object`);
  checkMetaValue(p.meta, 'meta');
}

export function parseProofFile(text: string): ProofFile {
  const doc = checkHeader(parseJsonText(text), PROOF_FORMAT, PROOF_VERSION);
  checkKeys(doc, KEYS);
  const type = required(doc, 'type', '"minimax" or "target"');
  if (type !== 'minimax' && type !== 'target')
    throw new FormatError('type', `${show(type)} is not allowed: it must be "minimax" or "target"`);
  const p: ProofFile = {
    type,
    value: checkValue('value', required(doc, 'value', 'an integer')),
    size: integerField(doc, 'size', 1, INT32_MAX),
    nodes: arrayField(doc, 'nodes', 'node ids') as number[],
    meta: required(doc, 'meta', 'an object') as Record<string, unknown>,
  };
  if ('target' in doc) p.target = checkValue('target', doc.target);
  checkProof(p);
  return p;
}

export function serializeProof(p: ProofFile): string {
  checkProof(p);
  const lines = [
    `"format": ${JSON.stringify(PROOF_FORMAT)}`,
    `"version": ${PROOF_VERSION}`,
    `"type": ${JSON.stringify(p.type)}`,
  ];
  if (p.type === 'target') lines.push(`"target": ${p.target}`);
  lines.push(
    `"value": ${p.value}`,
    `"size": ${p.size}`,
    `"nodes": [${p.nodes.join(',')}]`,
    `"meta": ${JSON.stringify(p.meta)}`,
  );
  return `{\n  ${lines.join(',\n  ')}\n}\n`;
}

/**
 * The proof fits the graph: ids in range, the graph's root first, no duplicates, size = nodes.length,
 * every other proof node a child of some proof node (a proof subgraph hangs from the root), and for a
 * minimax proof the proved value is the root's negamax value.
 */
export function checkProofAgainstGraph(p: ProofFile, g: Graph): void {
  checkProof(p);
  const n = g.nodeCount;
  const inProof = new Uint8Array(n);
  for (let i = 0; i < p.nodes.length; i++) {
    const v = p.nodes[i];
    if (v >= n) throw new FormatError(`nodes[${i}]`, `node ${v} is not a node id in [0..${n - 1}]`);
    inProof[v] = 1;
  }
  if (p.nodes[0] !== g.root)
    throw new FormatError('nodes[0]', `node ${p.nodes[0]} is not the graph's root ${g.root}; the root comes first`);
  const reached = new Uint8Array(n);
  for (const v of p.nodes) {
    for (let k = g.childOffsets[v]; k < g.childOffsets[v + 1]; k++) reached[g.children[k]] = 1;
  }
  for (let i = 1; i < p.nodes.length; i++) {
    const v = p.nodes[i];
    if (!reached[v])
      throw new FormatError(
        `nodes[${i}]`,
        `node ${v} has no parent in the proof; every proof node but the root is a child of a proof node`,
      );
  }
  if (p.type === 'minimax') {
    let f: Float64Array;
    try {
      f = solveGraph(g, checkGraph(g));
    } catch (e) {
      throw e instanceof GraphError ? fromGraphError(e, 'graph.') : e;
    }
    if (f[g.root] !== p.value)
      throw new FormatError(
        'value',
        `${p.value} is not the root's value ${f[g.root]} in this graph; is the proof for another graph?`,
      );
  }
}
