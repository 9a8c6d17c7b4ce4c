/**
 * The `gtlab-graph` file, version 1: an explicit game tree or DAG as JSON (see ../game/graph.ts).
 *
 *   { "format": "gtlab-graph", "version": 1, "kind": "tree" | "dag", "root": 0, "nodeCount": N,
 *     "player": [0|1, …N], "value": [int|null, …N], "childOffsets": [N+1 ints], "children": [ints],
 *     "estimate"?: [number|null, …N], "meta": { "model", "params", "seed", "generator" } }
 *
 * Values are negamax values in the view of the player to move, required at leaves, exact or null
 * inside; null becomes NaN in memory. Reading is all-or-nothing: every field and entry is checked
 * (naming the index), then the structure (checkGraph) and the interior values against the leaves
 * (solveGraph), so a returned Graph is complete and valid, and anything else is one FormatError.
 */
import { checkGraph, GraphError, solveGraph, type Graph } from '../game/graph.ts';
import { fromGraphError, FormatError } from './format-error.ts';
import {
  arrayField,
  checkHeader,
  checkKeys,
  checkValue,
  integerField,
  required,
  show,
  VALUE_LIMIT,
} from './json-fields.ts';
import { parseJsonText } from './json-text.ts';
import { parseGraphMeta, serializeGraphMeta } from './meta.ts';

const GRAPH_FORMAT = 'gtlab-graph';
const GRAPH_VERSION = 1;
/** Default refusal threshold for nodeCount: ~5M nodes is already several hundred MB of JSON. */
export const DEFAULT_MAX_NODES = 5_000_000;
const INT32_MAX = 2 ** 31 - 1;

/** Top-level keys in the order they are written. */
const KEYS = [
  'format',
  'version',
  'kind',
  'root',
  'nodeCount',
  'player',
  'value',
  'childOffsets',
  'children',
  'estimate',
  'meta',
] as const;

export interface ParseGraphOptions {
  /** refuse files with more nodes than this (default DEFAULT_MAX_NODES) */
  maxNodes?: number;
}

function tooBig(n: number, maxNodes: number): FormatError {
  return new FormatError(
    'nodeCount',
    `the file has ${n} nodes, more than the limit of ${maxNodes}; raise the limit (--max-nodes) to load it`,
  );
}

export function parseGraphFile(text: string, options: ParseGraphOptions = {}): Graph {
  const maxNodes = options.maxNodes ?? DEFAULT_MAX_NODES;
  // Cheap look before JSON.parse builds a huge array: our writer puts nodeCount in the first lines.
  // Only trusted when no nested object opens before it (so it is not a key inside meta.params).
  const head = text.slice(0, 4096);
  const early = /"nodeCount"\s*:\s*(\d{1,20})\s*,/.exec(head);
  if (early && head.slice(0, early.index).split('{').length === 2 && Number(early[1]) > maxNodes)
    throw tooBig(Number(early[1]), maxNodes);

  const doc = checkHeader(parseJsonText(text), GRAPH_FORMAT, GRAPH_VERSION);
  checkKeys(doc, KEYS);
  const kind = required(doc, 'kind', '"tree" or "dag"');
  if (kind !== 'tree' && kind !== 'dag')
    throw new FormatError('kind', `${show(kind)} is not allowed: it must be "tree" or "dag"`);
  const n = integerField(doc, 'nodeCount', 1, INT32_MAX);
  if (n > maxNodes) throw tooBig(n, maxNodes);
  const root = integerField(doc, 'root', 0, n - 1);

  const playerIn = arrayField(doc, 'player', '0 or 1');
  if (playerIn.length !== n) throw new FormatError('player', `has ${playerIn.length} entries, nodeCount is ${n}`);
  const player = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    const p = playerIn[v];
    if (p !== 0 && p !== 1) throw new FormatError(`player[${v}]`, `${show(p)} is not allowed: players must be 0 or 1`);
    player[v] = p;
  }

  const valueIn = arrayField(doc, 'value', 'integers or null');
  if (valueIn.length !== n) throw new FormatError('value', `has ${valueIn.length} entries, nodeCount is ${n}`);
  const value = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const x = valueIn[v] === null ? NaN : checkValue(`value[${v}]`, valueIn[v]);
    value[v] = x === 0 ? 0 : x; // a value -0 (solveGraph negates 0) is the integer 0; estimates keep their sign
  }

  const kids = arrayField(doc, 'children', 'node ids');
  const offIn = arrayField(doc, 'childOffsets', 'integers');
  if (offIn.length !== n + 1)
    throw new FormatError('childOffsets', `has ${offIn.length} entries, it must have nodeCount + 1 = ${n + 1}`);
  if (kids.length > INT32_MAX) throw new FormatError('children', `has ${kids.length} entries, more than ${INT32_MAX}`);
  const childOffsets = new Int32Array(n + 1);
  for (let v = 0; v <= n; v++) {
    const o = offIn[v];
    if (typeof o !== 'number' || !Number.isInteger(o))
      throw new FormatError(`childOffsets[${v}]`, `${show(o)} is not allowed: offsets must be integers`);
    if (v === 0 && o !== 0) throw new FormatError('childOffsets[0]', `${o} is not allowed: the first offset must be 0`);
    if (v > 0 && o < childOffsets[v - 1]) {
      throw new FormatError(
        `childOffsets[${v}]`,
        `${o} is less than childOffsets[${v - 1}] = ${childOffsets[v - 1]}; offsets must not decrease`,
      );
    }
    if (o > kids.length)
      throw new FormatError(`childOffsets[${v}]`, `${o} is past the end of children (${kids.length} entries)`);
    childOffsets[v] = o;
  }
  if (childOffsets[n] !== kids.length) {
    throw new FormatError(
      `childOffsets[${n}]`,
      `${childOffsets[n]} is not allowed: the last offset must equal the number of children (${kids.length})`,
    );
  }
  const children = new Int32Array(kids.length);
  for (let v = 0; v < n; v++) {
    for (let k = childOffsets[v]; k < childOffsets[v + 1]; k++) {
      const w = kids[k];
      if (typeof w !== 'number' || !Number.isInteger(w) || w < 0 || w >= n) {
        throw new FormatError(
          `children[${k}]`,
          `${typeof w === 'number' ? `node ${w}` : show(w)} is not a node id in [0..${n - 1}] (child of node ${v})`,
        );
      }
      children[k] = w;
    }
    // checkGraph would catch this too, but here the message can name the entry.
    if (childOffsets[v] === childOffsets[v + 1] && Number.isNaN(value[v])) {
      throw new FormatError(
        `value[${v}]`,
        `null is not allowed at a leaf (node ${v} has no children): every leaf needs an integer value`,
      );
    }
  }

  let estimate: Float64Array | null = null;
  if ('estimate' in doc) {
    const estIn = arrayField(doc, 'estimate', 'numbers or null');
    if (estIn.length !== n) throw new FormatError('estimate', `has ${estIn.length} entries, nodeCount is ${n}`);
    estimate = new Float64Array(n);
    for (let v = 0; v < n; v++) {
      const e = estIn[v];
      if (e !== null && typeof e !== 'number')
        throw new FormatError(`estimate[${v}]`, `${show(e)} is not allowed: estimates must be numbers or null`);
      // JSON reads 1e400 as Infinity: an estimate beyond ±VALUE_LIMIT would pass the searches' infinite window bounds.
      if (typeof e === 'number' && !(Math.abs(e) <= VALUE_LIMIT)) {
        throw new FormatError(
          `estimate[${v}]`,
          `${e} is out of range: estimates must be finite numbers within ±${VALUE_LIMIT} (searches use ±${VALUE_LIMIT + 1} as infinity), or null`,
        );
      }
      estimate[v] = e === null ? NaN : e;
    }
  }

  const meta = parseGraphMeta(required(doc, 'meta', 'an object with model, params, seed and generator'));
  const g: Graph = { kind, root, nodeCount: n, player, value, childOffsets, children, estimate, meta };
  checkStructure(g);
  return g;
}

/** checkGraph + solveGraph, their GraphError turned into a FormatError on the same field. */
function checkStructure(g: Graph): void {
  try {
    solveGraph(g, checkGraph(g));
  } catch (e) {
    throw e instanceof GraphError ? fromGraphError(e) : e;
  }
}

/** A number as JSON text; -0 is kept (JSON.parse("-0") is -0) so estimates round-trip bit for bit. */
function num(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

/**
 * The graph as gtlab-graph text: one top-level key per line, arrays on one line each. The graph is
 * checked exactly as parseGraphFile would check it, so every written file can be read back.
 */
export function serializeGraph(g: Graph): string {
  const n = g.nodeCount;
  checkStructure(g);
  const meta = parseGraphMeta(g.meta);
  const value = new Array<string>(n);
  for (let v = 0; v < n; v++) {
    const x = g.value[v];
    if (Number.isNaN(x)) value[v] = 'null';
    else {
      checkValue(`value[${v}]`, x);
      value[v] = String(x); // integers print without exponent up to VALUE_LIMIT; -0 prints as 0
    }
  }
  let estimate: string[] | null = null;
  if (g.estimate) {
    estimate = new Array<string>(n);
    for (let v = 0; v < n; v++) {
      const e = g.estimate[v];
      if (!Number.isNaN(e) && !(Math.abs(e) <= VALUE_LIMIT))
        throw new FormatError(
          `estimate[${v}]`,
          `${e} is not allowed: estimates must be finite numbers within ±${VALUE_LIMIT}, or NaN`,
        );
      estimate[v] = Number.isNaN(e) ? 'null' : num(e);
    }
  }
  const lines = [
    `"format": ${JSON.stringify(GRAPH_FORMAT)}`,
    `"version": ${GRAPH_VERSION}`,
    `"kind": ${JSON.stringify(g.kind)}`,
    `"root": ${g.root}`,
    `"nodeCount": ${n}`,
    `"player": [${g.player.join(',')}]`,
    `"value": [${value.join(',')}]`,
    `"childOffsets": [${g.childOffsets.join(',')}]`,
    `"children": [${g.children.join(',')}]`,
  ];
  if (estimate) lines.push(`"estimate": [${estimate.join(',')}]`);
  lines.push(`"meta": ${serializeGraphMeta(meta)}`);
  return `{\n  ${lines.join(',\n  ')}\n}\n`;
}
