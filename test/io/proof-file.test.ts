import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../shared/io/format-error.ts';
import { checkProofAgainstGraph, parseProofFile, serializeProof, type ProofFile } from '../../shared/io/proof-file.ts';
import { SMALL_PROOF, smallTree } from './graph-fixtures.ts';

const arbProof: fc.Arbitrary<ProofFile> = fc
  .record({
    type: fc.constantFrom('minimax' as const, 'target' as const),
    target: fc.integer({ min: -1000, max: 1000 }),
    value: fc.integer({ min: -999_999_999, max: 999_999_999 }),
    nodes: fc.uniqueArray(fc.nat({ max: 2 ** 31 - 1 }), { minLength: 1, maxLength: 50 }),
    meta: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), {
      noNullPrototype: true,
    }),
  })
  .map(({ type, target, value, nodes, meta }) =>
    type === 'target'
      ? { type, target, value, size: nodes.length, nodes, meta }
      : { type, value, size: nodes.length, nodes, meta },
  );

function fieldOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as FormatError).field;
  }
  return expect.fail('no error');
}

const small: ProofFile = { type: 'minimax', value: 4, size: 3, nodes: [...SMALL_PROOF], meta: { algorithm: 'test' } };
const doc = (patch: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(serializeProof(small)), ...patch });

describe('gtlab-proof files', () => {
  it('round trip: parse(serialize(p)) equals p', () => {
    fc.assert(
      fc.property(arbProof, (p) => {
        const s = serializeProof(p);
        expect(parseProofFile(s)).toStrictEqual(p);
        expect(serializeProof(parseProofFile(s))).toBe(s);
      }),
      { numRuns: 300 },
    );
  });

  it('writes the keys in spec order', () => {
    expect(serializeProof({ ...small, type: 'target', target: 3 })).toBe(
      '{\n  "format": "gtlab-proof",\n  "version": 1,\n  "type": "target",\n  "target": 3,\n  "value": 4,\n  "size": 3,\n  "nodes": [0,1,3],\n  "meta": {"algorithm":"test"}\n}\n',
    );
  });

  it('rejects malformed proofs, naming the field', () => {
    expect(fieldOf(() => parseProofFile(doc({ format: 'gtlab-graph' })))).toBe('format');
    expect(fieldOf(() => parseProofFile(doc({ version: 0 })))).toBe('version');
    expect(fieldOf(() => parseProofFile(doc({ type: 'exact' })))).toBe('type');
    expect(fieldOf(() => parseProofFile(doc({ type: 'target' })))).toBe('target');
    expect(fieldOf(() => parseProofFile(doc({ target: 2 })))).toBe('target');
    expect(fieldOf(() => parseProofFile(doc({ value: 1.5 })))).toBe('value');
    expect(fieldOf(() => parseProofFile(doc({ size: 4 })))).toBe('size');
    expect(fieldOf(() => parseProofFile(doc({ nodes: [], size: 1 })))).toBe('nodes');
    expect(fieldOf(() => parseProofFile(doc({ nodes: [0, 'a', 3] })))).toBe('nodes[1]');
    expect(fieldOf(() => parseProofFile(doc({ nodes: [0, -1, 3] })))).toBe('nodes[1]');
    expect(fieldOf(() => parseProofFile(doc({ meta: [] })))).toBe('meta');
    expect(fieldOf(() => parseProofFile(doc({ proof: 1 })))).toBe('proof');
    expect(fieldOf(() => parseProofFile('{"format": "gtlab-proof",}'))).toBe('(json)');
    expect(() => parseProofFile(doc({ nodes: [0, 1, 0] }))).toThrow('nodes[2]: node 0 is listed twice (also nodes[0])');
  });

  it('checks a proof against its graph', () => {
    const g = smallTree();
    expect(() => checkProofAgainstGraph(small, g)).not.toThrow();
    expect(() => checkProofAgainstGraph({ ...small, type: 'target', target: 4, value: 4 }, g)).not.toThrow();
    const check = (p: Partial<ProofFile>) => () => checkProofAgainstGraph({ ...small, ...p }, g);
    expect(check({ nodes: [0, 1, 7] })).toThrow('nodes[2]: node 7 is not a node id in [0..3]');
    expect(check({ nodes: [1, 0, 3] })).toThrow("nodes[0]: node 1 is not the graph's root 0; the root comes first");
    expect(check({ nodes: [0, 1, 1] })).toThrow(/nodes\[2\]: node 1 is listed twice/);
    expect(check({ size: 2 })).toThrow(/^size: 2 is not allowed: nodes has 3 entries$/);
    expect(check({ nodes: [0, 3], size: 2 })).toThrow(/nodes\[1\]: node 3 has no parent in the proof/);
    expect(check({ value: 2 })).toThrow(/value: 2 is not the root's value 4/);
  });
});
