import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GraphError } from '../../shared/game/graph.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { FormatError } from '../../shared/io/format-error.ts';
import { DEFAULT_MAX_NODES, parseGraphFile, serializeGraph } from '../../shared/io/graph-file.ts';
import { arbGraph } from '../helpers/random-graph.ts';
import { expectSameGraph, smallTree } from './graph-fixtures.ts';

/** The parse fails with a FormatError on exactly this field, its message matching `detail`. */
function expectFormatError(text: string, field: string, detail?: RegExp, maxNodes?: number): FormatError {
  let err: unknown;
  try {
    parseGraphFile(text, { maxNodes });
  } catch (e) {
    err = e;
  }
  expect(err, `expected a FormatError on ${field}`).toBeInstanceOf(FormatError);
  const fe = err as FormatError;
  expect(fe.field, fe.message).toBe(field);
  if (detail) expect(fe.message).toMatch(detail);
  expect(fe.message.startsWith(`${field}: `)).toBe(true);
  return fe;
}

/** A valid 4-node file as a plain object, to corrupt one field at a time. */
function base(): Record<string, unknown> {
  return JSON.parse(serializeGraph(smallTree()));
}
const text = (doc: Record<string, unknown>) => JSON.stringify(doc);
const edit = (f: (d: Record<string, any>) => void) => {
  const d = base();
  f(d);
  return text(d);
};

describe('gtlab-graph round trip', () => {
  it('parse(serialize(g)) equals g for random trees and DAGs (every array, NaN and -0 kept)', () => {
    fc.assert(
      fc.property(arbGraph(), (g) => {
        const s = serializeGraph(g);
        expectSameGraph(parseGraphFile(s), g);
        expect(serializeGraph(parseGraphFile(s))).toBe(s);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips materialised prefix value trees with noisy estimates, both models', () => {
    for (const zeroDamage of [true, false]) {
      for (let seed = 1; seed <= 5; seed++) {
        const params = {
          height: 4,
          bmin: 1,
          bmax: 4,
          damage: 5,
          seed,
          zeroDamage,
          noise: { kind: 'gaussian', c: 1.5 } as const,
        };
        const g = materialize(new PrefixValueTree(params), 4, {
          model: 'prefix-value',
          params: { ...params },
          seed,
          generator: 'game-tree-lab 0.1.0',
        });
        expect(g.estimate).not.toBeNull();
        expectSameGraph(parseGraphFile(serializeGraph(g)), g);
      }
    }
  });

  it('writes the keys in spec order, one per line, with null for unknown values and integers as integers', () => {
    const s = serializeGraph(smallTree());
    expect(s).toBe(
      '{\n' +
        '  "format": "gtlab-graph",\n' +
        '  "version": 1,\n' +
        '  "kind": "tree",\n' +
        '  "root": 0,\n' +
        '  "nodeCount": 4,\n' +
        '  "player": [0,1,1,0],\n' +
        '  "value": [4,null,2,4],\n' +
        '  "childOffsets": [0,2,3,3,3],\n' +
        '  "children": [1,2,3],\n' +
        '  "estimate": [null,-3.5,1,4.25],\n' +
        '  "meta": {"model":"hand <made> & \\"small\\"","params":{"note":"it\'s"},"seed":7,"generator":"game-tree-lab 0.1.0"}\n' +
        '}\n',
    );
    expect(serializeGraph(smallTree(false))).not.toContain('estimate');
  });

  it('accepts a byte-order mark, any key order and extra meta keys', () => {
    const d = base();
    const { meta, ...rest } = d;
    const g = parseGraphFile(
      `\ufeff${JSON.stringify({ meta: { ...(meta as object), extra: [1] }, ...rest }, null, 4)}`,
    );
    expect(g.meta.extra).toEqual([1]);
    expect(serializeGraph(g)).toContain('"generator":"game-tree-lab 0.1.0","extra":[1]}');
  });

  it('refuses to write a graph it could not read back', () => {
    const g = smallTree();
    g.value[2] = 2.5;
    expect(() => serializeGraph(g)).toThrow(/value\[2\]: 2.5 is not allowed/);
    const h = smallTree();
    h.estimate![1] = Infinity;
    expect(() => serializeGraph(h)).toThrow(/estimate\[1\]: Infinity/);
    const k = smallTree();
    k.value[0] = 3; // the children say 4
    expect(() => serializeGraph(k)).toThrow(FormatError);
  });
});

describe('gtlab-graph rejects malformed files, naming the field', () => {
  /** One field of a valid file corrupted: the case, the corruption, the field the error names, what it says. */
  const corruptions: [string, (d: Record<string, any>) => void, string, RegExp][] = [
    ['missing format', (d) => delete d.format, 'format', /is missing/],
    [
      'wrong format',
      (d) => (d.format = 'gtlab-proof'),
      'format',
      /"gtlab-proof" is not allowed: expected "gtlab-graph"/,
    ],
    ['wrong version', (d) => (d.version = 2), 'version', /2 is not supported: this build reads version 1/],
    ['unknown top-level key', (d) => (d.estimates = []), 'estimates', /unknown field/],
    ['bad kind', (d) => (d.kind = 'forest'), 'kind', /"forest" is not allowed/],
    ['nodeCount mismatch', (d) => (d.nodeCount = 5), 'player', /has 4 entries, nodeCount is 5/],
    ['value array too short', (d) => d.value.pop(), 'value', /has 3 entries, nodeCount is 4/],
    ['estimate array too long', (d) => d.estimate.push(1), 'estimate', /has 5 entries, nodeCount is 4/],
    [
      'childOffsets not N+1',
      (d) => d.childOffsets.pop(),
      'childOffsets',
      /has 4 entries, it must have nodeCount \+ 1 = 5/,
    ],
    [
      'decreasing childOffsets',
      (d) => (d.childOffsets = [0, 2, 1, 3, 3]),
      'childOffsets[2]',
      /less than childOffsets\[1\] = 2/,
    ],
    ['last offset not the children count', (d) => (d.childOffsets = [0, 2, 3, 3, 2]), 'childOffsets[4]', /less than/],
    [
      'child id out of range',
      (d) => (d.children[2] = 99),
      'children[2]',
      /^children\[2\]: node 99 is not a node id in \[0\.\.3\] \(child of node 1\)$/,
    ],
    ['child id not a number', (d) => (d.children[0] = '1'), 'children[0]', /"1" is not a node id/],
    ['root out of range', (d) => (d.root = 4), 'root', /4 is out of range: it must be in \[0\.\.3\]/],
    [
      'a leaf with null value',
      (d) => (d.value[2] = null),
      'value[2]',
      /null is not allowed at a leaf \(node 2 has no children\)/,
    ],
    [
      'non-integer value',
      (d) => (d.value[3] = 2.5),
      'value[3]',
      /^value\[3\]: 2\.5 is not allowed: values must be integers or null$/,
    ],
    ['string value', (d) => (d.value[1] = '3'), 'value[1]', /"3" is not allowed/],
    ['value too large for search windows', (d) => (d.value[2] = 2e9), 'value[2]', /out of range/],
    [
      'interior value disagreeing with the leaves',
      (d) => (d.value[0] = 3),
      'value',
      /node 0 is given value 3 but its children give 4/,
    ],
    ['player not 0/1', (d) => (d.player[3] = 2), 'player[3]', /2 is not allowed: players must be 0 or 1/],
    ['estimate not a number', (d) => (d.estimate[0] = 'high'), 'estimate[0]', /"high" is not allowed/],
    ['meta missing', (d) => delete d.meta, 'meta', /is missing/],
    ['meta.generator missing', (d) => delete d.meta.generator, 'meta.generator', /is missing/],
    ['meta.seed not an integer', (d) => (d.meta.seed = 1.5), 'meta.seed', /1\.5 is not allowed/],
  ];
  it.each(corruptions)('%s', (_, corrupt, field, detail) => {
    expectFormatError(edit(corrupt), field, detail);
  });
  it('not an object', () => expectFormatError('[1,2]', '(root)', /JSON object/));

  it('a cycle', () => {
    // 0 → 1 → 2 → 1: node 1 keeps a parent (2), so only the topological sort can see it.
    const doc = {
      ...base(),
      kind: 'dag',
      nodeCount: 3,
      player: [0, 1, 0],
      value: [null, null, null],
      childOffsets: [0, 1, 2, 3],
      children: [1, 2, 1],
    };
    delete (doc as Record<string, unknown>).estimate;
    const e = expectFormatError(text(doc), 'children', /cycle/);
    expect(e.cause).toBeInstanceOf(GraphError);
  });
  it('two roots', () => {
    // node 3 hangs from nowhere
    expectFormatError(
      edit((d) => ((d.childOffsets = [0, 2, 2, 2, 2]), (d.children = [1, 2]), (d.value = [-1, 1, 2, 4]))),
      'children',
      /node 3 has no parent: only the root may have in-degree 0/,
    );
  });
  it('non-alternating players', () =>
    expectFormatError(
      edit((d) => (d.player = [0, 1, 1, 1])),
      'player',
      /node 1 and its child 3 have the same player/,
    ));
  it('root player not 0', () => {
    expectFormatError(
      edit((d) => (d.player = [1, 0, 0, 1])),
      'player',
      /root 0 has player 1/,
    );
  });
  it('kind "tree" with a node having 2 parents', () => {
    // 0 → 1, 0 → 2, 1 → 3, 2 → 3: fine as a DAG, not as a tree.
    const dag = edit(
      (d) => (
        (d.childOffsets = [0, 2, 3, 4, 4]),
        (d.children = [1, 2, 3, 3]),
        (d.player = [0, 1, 1, 0]),
        (d.value = [4, -4, -4, 4])
      ),
    );
    expectFormatError(dag, 'kind', /node 3 has 2 parents/);
    expect(parseGraphFile(dag.replace('"kind":"tree"', '"kind":"dag"')).kind).toBe('dag');
  });
  it('non-JSON text, with line and column', () => {
    const s = serializeGraph(smallTree()).replace('"root": 0,', '"root": 0,,');
    expectFormatError(
      s,
      '(json)',
      /^\(json\): not valid JSON at line 5, column 13 \(offset \d+\): expected a quoted property name, found ","$/,
    );
    expectFormatError('', '(json)', /line 1, column 1 .*ends where a value is expected/);
    expectFormatError('{"format": "gtlab-graph"', '(json)', /ends inside an object/);
  });
  it('oversize nodeCount, found before parsing the arrays', () => {
    // The rest of the text is not even JSON: the size guard answers first.
    const s =
      '{\n  "format": "gtlab-graph",\n  "version": 1,\n  "kind": "tree",\n  "root": 0,\n  "nodeCount": 6000000,\n  "player": [0,1,';
    expectFormatError(
      s,
      'nodeCount',
      new RegExp(`the file has 6000000 nodes, more than the limit of ${DEFAULT_MAX_NODES}`),
    );
  });
  it('oversize nodeCount anywhere in the file, with a custom limit', () => {
    expectFormatError(serializeGraph(smallTree()), 'nodeCount', /the file has 4 nodes, more than the limit of 3/, 3);
    // nodeCount far down the text, past the early look: the full check still refuses it.
    const d = base();
    const late = JSON.stringify({
      format: d.format,
      version: 1,
      meta: { ...(d.meta as object), model: 'x'.repeat(5000) },
      kind: 'tree',
      root: 0,
      nodeCount: 4,
    });
    expectFormatError(late, 'nodeCount', /the file has 4 nodes, more than the limit of 2/, 2);
    expect(parseGraphFile(serializeGraph(smallTree()), { maxNodes: 4 }).nodeCount).toBe(4);
    // a "nodeCount" key inside meta.params, written first, does not trip the early look
    const { meta, ...rest } = d;
    const inParams = JSON.stringify({ meta: { ...(meta as object), params: { nodeCount: 9e9 } }, ...rest });
    expect(inParams.indexOf('"nodeCount":9000000000,')).toBeLessThan(inParams.indexOf('"nodeCount":4,'));
    expect(parseGraphFile(inParams).meta.params).toEqual({ nodeCount: 9e9 });
  });

  it('a single corrupted entry anywhere is reported at its index', () => {
    fc.assert(
      fc.property(arbGraph(), fc.nat(), fc.constantFrom('value', 'player', 'children'), (g, r, key) => {
        const d = JSON.parse(serializeGraph(g));
        const arr = d[key] as unknown[];
        fc.pre(arr.length > 0);
        const i = r % arr.length;
        arr[i] = key === 'value' ? 0.5 : key === 'player' ? 3 : g.nodeCount + r;
        expectFormatError(JSON.stringify(d), `${key}[${i}]`);
      }),
      { numRuns: 200 },
    );
  });
});
