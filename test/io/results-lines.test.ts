/**
 * The reader of results.jsonl: whole lines out, every damaged line named by its number, and a torn last
 * line (a write cut short) told apart from damage. Property: random valid lines with random damage at
 * random positions report exactly the damaged line numbers.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { readResultLines } from '../../shared/io/results-lines.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';

const lineArb: fc.Arbitrary<ResultLine> = fc.record({
  tree: fc.nat(10_000),
  depth: fc.integer({ min: 1, max: 30 }),
  value: fc.integer({ min: -1000, max: 1000 }),
  mpg: fc.option(fc.nat(1e6), { nil: null }),
  mpgSeen: fc.option(fc.nat(1e6), { nil: null }),
  mpgTrue: fc.option(fc.nat(1e6), { nil: null }),
  results: fc.array(
    fc.record({
      series: fc.string({ maxLength: 12 }),
      visited: fc.nat(),
      expanded: fc.nat(),
      leaves: fc.nat(),
      passVisited: fc.nat(),
      passExpanded: fc.nat(),
    }),
    { maxLength: 4 },
  ),
});

/** Texts no writer of results.jsonl produces as a line (each damage, never a result line). */
const DAMAGE = [
  'null',
  '42',
  '{}',
  '[]',
  '"text"',
  'true',
  '',
  '   ',
  '{"tree":',
  'garbage',
  '{"tree":1,"depth":1,"value":0,"mpg":null,"mpgSeen":null,"mpgTrue":null}',
  '{"tree":1,"depth":1,"value":0,"mpg":null,"mpgSeen":null,"mpgTrue":null,"results":"x"}',
  '{"tree":1,"depth":1,"value":0,"mpg":null,"mpgSeen":null,"mpgTrue":null,"results":[null]}',
  '{"tree":1,"depth":1,"value":0,"mpg":null,"mpgSeen":null,"mpgTrue":null,"results":[{"series":"a","visited":"many","expanded":1,"leaves":1}]}',
  '{"tree":-1,"depth":1,"value":0,"mpg":null,"mpgSeen":null,"mpgTrue":null,"results":[]}',
  '{"tree":1.5,"depth":1,"value":0,"mpg":null,"mpgSeen":null,"mpgTrue":null,"results":[]}',
  '{"tree":1,"depth":0,"value":0,"mpg":null,"mpgSeen":null,"mpgTrue":null,"results":[]}',
  '{"tree":1,"depth":1,"value":"0","mpg":null,"mpgSeen":null,"mpgTrue":null,"results":[]}',
  '{"tree":1,"depth":1,"value":0,"mpg":"x","mpgSeen":null,"mpgTrue":null,"results":[]}',
  '{"tree":1,"depth":1,"value":0,"mpgSeen":null,"mpgTrue":null,"results":[]}',
];

describe('readResultLines', () => {
  test('a clean file: every line, no problem; an empty file: nothing', () => {
    const ls = [1, 2].map((tree) => ({
      tree,
      depth: 1,
      value: 3,
      mpg: 4,
      mpgSeen: 4,
      mpgTrue: 4,
      results: [{ series: 'a', visited: 1, expanded: 1, leaves: 1, passVisited: 1, passExpanded: 1 }],
    }));
    const r = readResultLines(ls.map((l) => `${JSON.stringify(l)}\n`).join(''));
    expect(r.problems).toEqual([]);
    expect(r.lines).toEqual(ls.map((line, k) => ({ no: k + 1, line })));
    expect(r.torn).toBeNull();
    expect(r.unended).toBe(false);
    expect(readResultLines('')).toEqual({ lines: [], problems: [], torn: null, unended: false });
  });

  test('null, 42, {} and a line without results are named by line, with what is wrong', () => {
    const ok = JSON.stringify({ tree: 0, depth: 1, value: 0, mpg: null, mpgSeen: null, mpgTrue: null, results: [] });
    const r = readResultLines([ok, 'null', '42', '{}', DAMAGE[10], ok, ''].join('\n'));
    expect(r.lines.map((l) => l.no)).toEqual([1, 6]);
    expect(r.problems.map((p) => [p.line, p.kind])).toEqual([
      [2, 'not-object'],
      [3, 'not-object'],
      [4, 'field'],
      [5, 'field'],
    ]);
    expect(r.problems[3].message).toMatch(/^results: is missing; it must be an array/);
    expect(r.problems[2].message).toMatch(/^tree: is missing; it must be a non-negative integer/);
  });

  test('a torn last line is torn; the same text with a line end, or in the middle, is damage; a whole last line without its end is "unended"', () => {
    const ok = JSON.stringify({ tree: 0, depth: 1, value: 0, mpg: null, mpgSeen: null, mpgTrue: null, results: [] });
    expect(readResultLines(`${ok}\n${ok.slice(0, 9)}`).problems).toEqual([
      { line: 2, kind: 'torn', message: expect.stringMatching(/torn last line/) },
    ]);
    expect(readResultLines(`${ok}\n${ok.slice(0, 9)}\n`).problems.map((p) => p.kind)).toEqual(['not-json']);
    expect(readResultLines(`${ok.slice(0, 9)}\n${ok}\n`).problems.map((p) => [p.line, p.kind])).toEqual([
      [1, 'not-json'],
    ]);
    const unended = readResultLines(`${ok}\n${ok}`);
    expect(unended).toMatchObject({ problems: [], torn: null, unended: true });
    expect(unended.lines).toHaveLength(2);
  });

  test('property: random lines, random damage at random positions, perhaps a torn end: exactly the damaged lines are reported', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 0, maxLength: 20 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...DAMAGE)), { maxLength: 6 }),
        fc.option(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { nil: undefined }),
        (valid, damage, tornAt) => {
          const texts = valid.map((l) => JSON.stringify(l));
          const damaged = new Set<number>();
          // Insert each damage at a position among the lines (indices into the growing list).
          for (const [pos, text] of damage) {
            const at = pos % (texts.length + 1);
            texts.splice(at, 0, text);
            const shifted = [...damaged].map((d) => (d >= at ? d + 1 : d));
            damaged.clear();
            for (const d of shifted) damaged.add(d);
            damaged.add(at);
          }
          let file = texts.map((t) => `${t}\n`).join('');
          let tornLine: number | null = null;
          const lastIsValid = texts.length > 0 && !damaged.has(texts.length - 1);
          if (tornAt !== undefined && lastIsValid) {
            // Cut the last (valid) line short: at least one character kept, at least one lost, no line end.
            const last = texts[texts.length - 1];
            const keep = 1 + Math.floor(tornAt * (last.length - 1));
            file = file.slice(0, file.length - last.length - 1) + last.slice(0, keep);
            tornLine = texts.length;
            damaged.add(texts.length - 1);
          }
          const r = readResultLines(file);
          expect(r.problems.map((p) => p.line)).toEqual([...damaged].sort((a, b) => a - b).map((d) => d + 1));
          expect(r.torn?.line ?? null).toBe(tornLine);
          expect(r.problems.filter((p) => p.kind === 'torn').map((p) => p.line)).toEqual(
            tornLine === null ? [] : [tornLine],
          );
          // The lines read are the undamaged ones, with their numbers.
          expect(r.lines.map((l) => l.no)).toEqual(
            texts
              .map((_, k) => k)
              .filter((k) => !damaged.has(k))
              .map((k) => k + 1),
          );
          expect(r.lines.map((l) => JSON.stringify(l.line))).toEqual(texts.filter((_, k) => !damaged.has(k)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
