/**
 * A key twice in one JSON object is refused by every reader of file or user text, naming the key and
 * where it is: the strict parser (../../shared/io/json-text.ts) on its own and through the spec,
 * sweep, figure, graph, proof, set-cover, results.jsonl, study and run-folder JSON readers. The same key
 * in sibling or nested objects is fine, and on texts without a repeated key the parser is JSON.parse.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../shared/io/format-error.ts';
import { findJsonProblem, JsonTextError, parseJsonText, readJsonText } from '../../shared/io/json-text.ts';
import { parseGraphFile, serializeGraph } from '../../shared/io/graph-file.ts';
import { parseProofFile, serializeProof } from '../../shared/io/proof-file.ts';
import { readResultLines } from '../../shared/io/results-lines.ts';
import { parseSpec, SpecError } from '../../shared/experiments/spec.ts';
import { expandSweep, SweepError } from '../../shared/experiments/sweep.ts';
import { FigureSpecError, parseFigureSpec } from '../../shared/figures/figure-spec.ts';
import { parseSetCoverFile, SetCoverError } from '../../shared/set-cover/set-cover-instance.ts';
import { valueOrJson } from '../../shared/io/value-or-json.ts';
import { readJsonFile } from '../../node/json-file.ts';
import { FolderStudyStore } from '../../node/study-folder-store.ts';
import { StudyRecordError } from '../../shared/host/study-store.ts';
import { study } from '../../cli/commands/study.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { refusal } from '../helpers/refusal.ts';
import { sweepFile } from '../helpers/sweep-file.ts';
import { SMALL_PROOF, smallTree } from './graph-fixtures.ts';

const SAY = 'a key may appear once in an object; remove one';

/**
 * `text` with `"key": value,` written again before the first `"key":`: on a line of its own when that
 * key starts its line, else on the same line.
 */
function twice(text: string, key: string, value = '0'): string {
  const at = text.indexOf(`"${key}":`);
  if (at < 0) throw new Error(`no key ${key} in the text`);
  const before = text.slice(text.lastIndexOf('\n', at) + 1, at);
  const gap = before.trim() === '' ? `\n${before}` : ' ';
  return `${text.slice(0, at)}"${key}": ${value},${gap}${text.slice(at)}`;
}

/** The key written with every UTF-16 code unit as a \u escape: the same key to JSON. */
const escaped = (key: string) =>
  `"${[...Array(key.length).keys()].map((i) => `\\u${key.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')}"`;

describe('the strict JSON parser', () => {
  it('refuses a repeated key naming it, its line and column and the first one', () => {
    const text = '{\n  "name": "s",\n  "grid": {"a": [1]},\n  "base": "km",\n  "grid": {"a": [2]}\n}';
    expect(JSON.parse(text)).toEqual({ name: 's', grid: { a: [2] }, base: 'km' });
    const err = (() => {
      try {
        parseJsonText(text);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(JsonTextError);
    expect(err).toBeInstanceOf(FormatError);
    expect((err as FormatError).message).toBe(
      `(json): duplicate key "grid" at line 5, column 3 (first at line 3): ${SAY}`,
    );
    expect(findJsonProblem(text)).toMatchObject({ kind: 'duplicate', key: 'grid', line: 5, column: 3, path: ['grid'] });
  });

  it('finds a repeated key deep inside, with its path', () => {
    const text = '{"a": [0, {"b": {"c": 1, "d": 2, "c": 3}}]}';
    expect(findJsonProblem(text)).toMatchObject({
      kind: 'duplicate',
      key: 'c',
      path: ['a', 1, 'b', 'c'],
      line: 1,
      column: 34,
      first: { line: 1, column: 18 },
    });
    expect(() => parseJsonText(text)).toThrow(`duplicate key "c" at line 1, column 34 (first at column 18): ${SAY}`);
  });

  it('compares keys as JSON decodes them: "a" and "\\u0061" are one key', () => {
    expect(() => parseJsonText('{"a": 1, "\\u0061": 2}')).toThrow(/duplicate key "a" at line 1, column 10/);
    expect(() => parseJsonText('{"\\n": 1, "\\u000a": 2}')).toThrow(/duplicate key "\\n"/);
    expect(() => parseJsonText('{"\\ud83d\\ude00": 1, "😀": 2}')).toThrow(/duplicate key "😀"/);
    expect(() => parseJsonText('{"__proto__": 1, "__proto__": 2}')).toThrow(/duplicate key "__proto__"/);
    // keys that only look alike are different keys
    expect(parseJsonText('{"a": 1, "A": 2, "a ": 3, "\\u0062": 4}')).toEqual({ a: 1, A: 2, 'a ': 3, b: 4 });
  });

  it('allows the same key in sibling and nested objects, and repeated strings that are values', () => {
    const text = '{"a": {"a": {"a": 1}}, "b": [{"a": 1, "b": 2}, {"a": 2, "b": "a"}], "c": ["a", "a"], "d": "a"}';
    expect(parseJsonText(text)).toEqual(JSON.parse(text));
    expect(findJsonProblem(text)).toBeNull();
    expect(parseJsonText('{"a": "b", "b": "a:", "c": "\\"a\\":"}')).toEqual({ a: 'b', b: 'a:', c: '"a":' });
  });

  it('reports whichever comes first, a repeated key or a syntax error', () => {
    expect(findJsonProblem('{"a": 1, "a": 2, }')).toMatchObject({ kind: 'duplicate', key: 'a' });
    expect(findJsonProblem('{"a": 1 "a": 2}')).toMatchObject({ kind: 'syntax', column: 9 });
  });

  it('on texts without a repeated key it gives what JSON.parse gives (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, 2, '\t'), (v, space) => {
        const text = JSON.stringify(v, null, space);
        expect(findJsonProblem(text)).toBeNull();
        const r = readJsonText(text);
        expect(r.ok).toBe(true);
        expect(parseJsonText(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('always catches a key written twice, at any depth, escaped or not (property)', () => {
    // An object with unique keys, one of them written again (at any place among the members), inside a
    // wrapper: an array beside an object with the same keys, or an object under a key.
    const arb = fc
      .record({
        keys: fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        values: fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 6, maxLength: 6 }),
        which: fc.nat(),
        at: fc.nat(),
        spelled: fc.boolean(),
        again: fc.jsonValue({ maxDepth: 1 }),
        wrappers: fc.array(fc.oneof(fc.constant(1), fc.string({ maxLength: 3 })), { maxLength: 3 }),
      })
      .map(({ keys, values, which, at, spelled, again, wrappers }) => {
        const key = keys[which % keys.length];
        const members = keys.map((k, i) => `${JSON.stringify(k)}: ${JSON.stringify(values[i])}`);
        const plain = `{${members.join(', ')}}`;
        members.splice(
          at % (members.length + 1),
          0,
          `${spelled ? escaped(key) : JSON.stringify(key)}: ${JSON.stringify(again)}`,
        );
        let text = `{${members.join(',\n ')}}`;
        for (const w of wrappers) text = w === 1 ? `[${plain}, ${text}]` : `{${JSON.stringify(w)}: ${text}}`;
        return { text, key, path: [...[...wrappers].reverse(), key] };
      });
    fc.assert(
      fc.property(arb, ({ text, key, path }) => {
        expect(() => JSON.parse(text)).not.toThrow();
        expect(findJsonProblem(text)).toMatchObject({ kind: 'duplicate', key, path });
        expect(() => parseJsonText(text)).toThrow(JsonTextError);
        expect(readJsonText(text).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

const SPEC = {
  format: 'gtlab-experiment',
  version: 1,
  name: 'dup',
  model: { kind: 'prefix-value', bmin: 2, bmax: 3, damage: 5, noise: { kind: 'uniform', e: 1 } },
  trees: 2,
  seed: 1,
  depth: 2,
  series: [{ algorithm: 'alphabeta', ordering: 'natural' }],
};
const pretty = (x: unknown) => JSON.stringify(x, null, 2);

describe('every JSON reader refuses a key twice, naming it', () => {
  it('an experiment spec: the field is the key, the message its line', () => {
    expect(parseSpec(pretty(SPEC)).trees).toBe(2);
    const top = refusal(() => parseSpec(twice(pretty(SPEC), 'trees', '50')), SpecError);
    expect(top).toBe(`trees: duplicate key "trees" at line 16, column 3 (first at line 15): ${SAY}`);
    const nested = refusal(() => parseSpec(twice(pretty(SPEC), 'kind', '"uniform"')), SpecError);
    expect(nested).toMatch(/^model\.kind: duplicate key "kind" at line 7, column 5 \(first at line 6\)/);
    expect(refusal(() => parseSpec(twice(pretty(SPEC), 'algorithm')), SpecError)).toMatch(
      /^series\.0\.algorithm: duplicate key "algorithm"/,
    );
  });

  it('a sweep file: "grid" twice', () => {
    const text = pretty(sweepFile('s', 'knuth-moore-check', { trees: [2], seed: [1, 2] }));
    expect(expandSweep(text).cells).toHaveLength(2);
    expect(refusal(() => expandSweep(twice(text, 'grid', '{"trees": [2]}')), SweepError)).toMatch(
      /^grid: duplicate key "grid" at line 7, column 3 \(first at line 6\)/,
    );
    expect(refusal(() => expandSweep(twice(text, 'seed', '[3]')), SweepError)).toMatch(
      /^grid\.seed: duplicate key "seed"/,
    );
  });

  it('a figure spec', () => {
    const text = pretty({ format: 'gtlab-figure', version: 1, mode: 'ratio', legend: 'bottom' });
    expect(parseFigureSpec(text, 'f.json').mode).toBe('ratio');
    expect(refusal(() => parseFigureSpec(twice(text, 'mode', '"absolute"'), 'f.json'), FigureSpecError)).toBe(
      `f.json: duplicate key "mode" at line 5, column 3 (first at line 4): ${SAY}`,
    );
  });

  it('a graph file, at the top and inside meta', () => {
    const text = serializeGraph(smallTree());
    expect(parseGraphFile(text).nodeCount).toBe(4);
    const top = refusal(() => parseGraphFile(twice(text, 'kind', '"dag"')), FormatError);
    expect(top).toMatch(/^\(json\): duplicate key "kind" at line 5, column 3 \(first at line 4\)/);
    expect(refusal(() => parseGraphFile(twice(text, 'note', '"x"')), FormatError)).toMatch(
      /duplicate key "note" at line/,
    );
  });

  it('a proof file', () => {
    const text = serializeProof({ type: 'minimax', value: 4, size: 3, nodes: [...SMALL_PROOF], meta: {} });
    expect(parseProofFile(text).value).toBe(4);
    expect(refusal(() => parseProofFile(twice(text, 'value', '5')), FormatError)).toMatch(
      /^\(json\): duplicate key "value" at line \d+, column \d+ \(first at line \d+\)/,
    );
  });

  it('a set-cover instance', () => {
    const text = pretty({ format: 'gtlab-setcover', version: 1, universe: 2, sets: [[0], [1]] });
    expect(parseSetCoverFile(text).universe).toBe(2);
    expect(refusal(() => parseSetCoverFile(twice(text, 'universe', '9')), SetCoverError)).toMatch(
      /^universe: duplicate key "universe" at line 5, column 3 \(first at line 4\)/,
    );
  });

  it('a results.jsonl line: damage naming the line (a last line without line end too, not a torn line)', () => {
    const line =
      '{"tree":0,"depth":1,"value":0,"mpg":5,"mpgSeen":5,"mpgTrue":5,"results":[{"series":"a","visited":5,"expanded":1,"leaves":4,"passVisited":5,"passExpanded":1}]}';
    const bad = line.replace('{"tree":0,', '{"tree":0,"tree":1,');
    const deep = line.replace('"visited":5,', '"visited":5,"visited":6,');
    const read = readResultLines(`${line}\n${bad}\n${line}\n${deep}\n`);
    expect(read.lines.map((l) => l.no)).toEqual([1, 3]);
    expect(read.problems).toEqual([
      { line: 2, kind: 'duplicate-key', message: `duplicate key "tree" at column 11 (first at column 2): ${SAY}` },
      { line: 4, kind: 'duplicate-key', message: `duplicate key "visited" at column 100 (first at column 88): ${SAY}` },
    ]);
    const last = readResultLines(`${line}\n${bad}`);
    expect(last.torn).toBeNull();
    expect(last.problems.map((p) => [p.line, p.kind])).toEqual([[2, 'duplicate-key']]);
  });

  it('valueOrJson gives the message and the path of the key', () => {
    let got: [string, string] = ['', ''];
    const fail = (message: string, path: string) => {
      got = [message, path];
      return new Error(message);
    };
    expect(() => valueOrJson('{"a": {"b": 1, "b": 2}}', fail)).toThrow();
    expect(got).toEqual([`duplicate key "b" at line 1, column 16 (first at column 8): ${SAY}`, 'a.b']);
    expect(valueOrJson('{"a": {"b": 1}, "b": 2}', fail)).toEqual({ a: { b: 1 }, b: 2 });
  });

  it('a run folder JSON file (readJsonFile) and a kept study name the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-dupkeys-'));
    const runJson = join(dir, 'run.json');
    writeFileSync(runJson, '{\n  "format": "gtlab-run",\n  "status": "completed",\n  "status": "running"\n}\n');
    expect(refusal(() => readJsonFile(runJson), FormatError)).toBe(
      `${runJson}: duplicate key "status" at line 4, column 3 (first at line 3): ${SAY}`,
    );
    const studies = join(dir, 'studies');
    const store = new FolderStudyStore(studies);
    mkdirSync(studies);
    writeFileSync(join(studies, 'k.json'), '{"format": "gtlab-study", "format": "gtlab-study"}');
    await expect(store.open('k')).rejects.toThrow(StudyRecordError);
    await expect(store.open('k')).rejects.toThrow(`k.json: duplicate key "format" at line 1, column 27`);
  });

  it("gtlab study's --request, given inline or as @FILE", async () => {
    await expect(study(['li5', '--request', '{"trees": 2, "trees": 3}'])).rejects.toThrow(UsageError);
    await expect(study(['li5', '--request', '{"trees": 2, "trees": 3}'])).rejects.toThrow(
      `--request: duplicate key "trees" at line 1, column 14 (first at column 2): ${SAY}`,
    );
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-dupkeys-'));
    const file = join(dir, 'req.json');
    writeFileSync(file, '{\n"seed": 1,\n"seed": 2\n}');
    await expect(study(['li5', '--request', `@${file}`])).rejects.toThrow(
      `${file}: duplicate key "seed" at line 3, column 1 (first at line 2)`,
    );
  });
});
