import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SetCoverError,
  checkSetCoverInstance,
  minimumSetCover,
  parseSetCoverFile,
  randomSetCoverInstance,
  toSetCoverFile,
} from '../../shared/set-cover/set-cover-instance.ts';
import { bruteForceMinCover } from '../models/helpers.ts';

const file = (o: Record<string, unknown>) =>
  JSON.stringify({ format: 'gtlab-setcover', version: 1, universe: 3, sets: [[0, 1], [2]], ...o });

describe('set-cover instances: file format', () => {
  it('parses a valid file and round-trips through toSetCoverFile', () => {
    const inst = parseSetCoverFile(file({}));
    expect(inst).toEqual({ universe: 3, sets: [[0, 1], [2]] });
    expect(parseSetCoverFile(JSON.stringify(toSetCoverFile(inst)))).toEqual(inst);
    expect(parseSetCoverFile(JSON.parse(file({})))).toEqual(inst);
  });

  it.each([
    ['{ not json', 'file', /not valid JSON/],
    ['[1, 2]', 'file', /JSON object/],
    [file({ format: 'gtlab-graph' }), 'format', /"gtlab-graph" is not allowed: it must be "gtlab-setcover"/],
    [file({ version: 2 }), 'version', /2 is not supported/],
    [file({ universe: '3' }), 'universe', /"3" is not allowed/],
    [file({ universe: 0, sets: [[0]] }), 'universe', /0 is not allowed: it must be an integer in \[1\.\./],
    [file({ universe: 2.5 }), 'universe', /2\.5/],
    [file({ sets: {} }), 'sets', /must be an array/],
    [file({ sets: [] }), 'sets', /has 0 sets/],
    [file({ sets: [[0, 1], 2] }), 'sets[1]', /must be an array of element ids/],
    [file({ sets: [[0, 1], [], [2]] }), 'sets[1]', /is empty/],
    [
      file({
        sets: [
          [0, 1],
          [2, 3],
        ],
      }),
      'sets[1][1]',
      /3 is not an element id: it must be an integer in \[0\.\.2\] \(universe = 3\)/,
    ],
    [file({ sets: [[0, -1], [2]] }), 'sets[0][1]', /-1 is not an element id/],
    [file({ sets: [[0, 1.5], [2]] }), 'sets[0][1]', /1\.5 is not an element id/],
    [file({ sets: [[0, 'a'], [2]] }), 'sets[0][1]', /"a" is not an element id/],
    [file({ sets: [[0, 1, 0], [2]] }), 'sets[0][2]', /element 0 appears twice in set 0/],
    [file({ sets: [[0, 1]] }), 'sets', /element 2 is in no set/],
  ])('rejects %s naming the field %s', (text, field, re) => {
    let err: unknown;
    try {
      parseSetCoverFile(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SetCoverError);
    expect((err as SetCoverError).field).toBe(field);
    expect((err as SetCoverError).message.startsWith(`${field}: `)).toBe(true);
    expect((err as SetCoverError).message).toMatch(re);
  });
});

describe('set-cover instances: random generator', () => {
  it('is deterministic by seed, always valid, and differs between seeds', () => {
    const a = randomSetCoverInstance({ universe: 12, sets: 9, seed: 5 });
    expect(randomSetCoverInstance({ universe: 12, sets: 9, seed: 5 })).toEqual(a);
    expect(randomSetCoverInstance({ universe: 12, sets: 9, seed: 6 })).not.toEqual(a);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
        (universe, sets, density, seed) => {
          const inst = randomSetCoverInstance({ universe, sets, density, seed });
          checkSetCoverInstance(inst);
          return (
            inst.universe === universe &&
            inst.sets.length === sets &&
            inst.sets.every((s) => s.every((x, k) => k === 0 || s[k - 1] < x))
          );
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });

  it('includes each element in a set with probability ≈ density when the repairs are rare', () => {
    // 60 sets × 200 elements at density 0.4: an element is uncovered with probability 0.6^60 ≈ 5e-14
    // and a set is empty with probability 0.6^200, so membership is Bernoulli(0.4) on 12000 trials.
    const inst = randomSetCoverInstance({ universe: 200, sets: 60, density: 0.4, seed: 3 });
    const total = 200 * 60;
    const members = inst.sets.reduce((s, x) => s + x.length, 0);
    const tol = 5 * Math.sqrt((0.4 * 0.6) / total);
    expect(Math.abs(members / total - 0.4)).toBeLessThan(tol);
  });

  it.each([
    [{ universe: 0, sets: 3, seed: 1 }, /universe = 0/],
    [{ universe: 3, sets: 0, seed: 1 }, /sets = 0/],
    [{ universe: 3, sets: 2, density: 1.5, seed: 1 }, /density = 1\.5/],
    [{ universe: 3, sets: 2, seed: 0.5 }, /seed = 0\.5/],
  ])('rejects bad parameters %o naming the field', (p, re) => {
    expect(() => randomSetCoverInstance(p)).toThrow(re);
  });
});

describe('set-cover instances: exact minimum cover', () => {
  it('solves a hand instance', () => {
    const inst = {
      universe: 6,
      sets: [
        [0, 1, 2],
        [3, 4, 5],
        [0, 3],
        [1, 4],
        [2, 5],
        [0, 1, 2, 3],
      ],
    };
    expect(minimumSetCover(inst)).toEqual({ size: 2, sets: [0, 1] });
    expect(minimumSetCover({ universe: 1, sets: [[0]] })).toEqual({ size: 1, sets: [0] });
  });

  it('matches an independent brute force, and returns a real cover, on random instances', () => {
    for (let seed = 0; seed < 300; seed++) {
      const universe = 1 + (seed % 9),
        m = 1 + ((seed * 7) % 11);
      const inst = randomSetCoverInstance({ universe, sets: m, density: [0.15, 0.3, 0.5][seed % 3], seed });
      const sol = minimumSetCover(inst);
      expect(sol.size).toBe(bruteForceMinCover(inst));
      expect(sol.sets.length).toBe(sol.size);
      expect(new Set(sol.sets.flatMap((j) => inst.sets[j]))).toEqual(
        new Set(Array.from({ length: universe }, (_, x) => x)),
      );
    }
  });

  it('handles 25 sets and refuses more with a clear message', () => {
    const inst = randomSetCoverInstance({ universe: 40, sets: 25, density: 0.1, seed: 9 });
    const sol = minimumSetCover(inst);
    expect(new Set(sol.sets.flatMap((j) => inst.sets[j])).size).toBe(40);
    const big = randomSetCoverInstance({ universe: 5, sets: 26, seed: 1 });
    expect(() => minimumSetCover(big)).toThrow(/26 sets is too many for the exact minimum set cover.*at most 25/);
  });
});
