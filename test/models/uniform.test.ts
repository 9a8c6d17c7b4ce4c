import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SwapOrNotPermutation,
  UniformTree,
  checkUniformParams,
  type UniformParams,
} from '../../shared/models/uniform.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { chiSquare, solveFromLeaves, uniformExpected, withinBinomial } from './helpers.ts';

const meta = { model: 'uniform', params: {}, seed: null, generator: 'test' };

/** Values of all leaves for Max (the root player), in natural (left-to-right) order. */
function leafValuesForMax(p: UniformParams): number[] {
  const g = new UniformTree(p);
  const out: number[] = [];
  const sign = p.height % 2 === 0 ? 1 : -1;
  const visit = () => {
    const n = g.expand();
    if (n === 0) {
      out.push(0 + sign * g.evaluate()); // 0 + … turns −0 into 0
      return;
    }
    for (let i = 0; i < n; i++) {
      g.descend(i);
      visit();
      g.ascend();
    }
  };
  g.reset();
  visit();
  return out;
}

describe('uniform trees: parameters', () => {
  const base: UniformParams = { degree: 3, height: 4, leaves: { kind: 'bivalued', p0: 0.5 }, seed: 1 };
  it.each([
    [{ degree: 0 }, /degree = 0 .*\[1\.\.64\]/],
    [{ degree: 2.5 }, /degree = 2\.5/],
    [{ height: -1 }, /depth = -1 .*\[0\.\.64\]/],
    [{ height: 65 }, /depth = 65/],
    [{ seed: 0.5 }, /seed = 0\.5/],
    [{ tree: -1 }, /tree = -1/],
    [{ leaves: { kind: 'bivalued', p0: 1.5 } }, /leaves\.p0 = 1\.5 .*\[0, 1\]/],
    [{ leaves: { kind: 'bivalued', p0: Number.NaN } }, /leaves\.p0 = NaN/],
    [{ leaves: { kind: 'range', lo: 3, hi: 2 } }, /leaves\.lo = 3 .*≤ leaves\.hi = 2/],
    [{ leaves: { kind: 'range', lo: 0, hi: 2e6 } }, /leaves\.hi = 2000000/],
    [{ leaves: { kind: 'range', lo: 0.5, hi: 2 } }, /leaves\.lo = 0\.5/],
    [{ leaves: { kind: 'distinct' }, degree: 2, height: 27 }, /depth = 27 .*distinct.*2\^26/],
    [{ leaves: { kind: 'gaussian' } }, /leaves\.kind = gaussian/],
  ] as [Partial<UniformParams>, RegExp][])('%o is rejected naming the field', (patch, re) => {
    const p = { ...base, ...patch } as UniformParams;
    expect(() => checkUniformParams(p)).toThrow(re);
    expect(() => new UniformTree(p)).toThrow(RangeError);
  });

  it('accepts the boundaries', () => {
    for (const leaves of [
      { kind: 'bivalued', p0: 0 },
      { kind: 'bivalued', p0: 1 },
      { kind: 'range', lo: -5, hi: -5 },
      { kind: 'distinct' },
    ] as const) {
      expect(() => checkUniformParams({ ...base, leaves })).not.toThrow();
    }
    expect(() => checkUniformParams({ ...base, degree: 2, height: 26, leaves: { kind: 'distinct' } })).not.toThrow();
  });
});

describe('uniform trees: structure and determinism', () => {
  const laws = [{ kind: 'bivalued', p0: 0.4 }, { kind: 'range', lo: -10, hi: 10 }, { kind: 'distinct' }] as const;

  // Determinism (same seed ⇒ same tree in any visiting order; another seed or tree ⇒ another tree) is
  // checked for the bivalued, range and distinct laws (degree 3, depth 5, seed 77, tree 3)
  // by the Game conformance suite (test/game/models-under-test.ts).

  it.each([
    [1, 0],
    [1, 5],
    [2, 6],
    [5, 3],
    [7, 2],
  ])('degree %i, depth %i: n^k nodes at depth k, expectedSize nodes in all, and unique keys', (degree, depth) => {
    const p: UniformParams = { degree, height: depth, leaves: { kind: 'range', lo: 0, hi: 3 }, seed: 5 };
    const g = materialize(new UniformTree(p), depth, meta);
    expect(g.nodeCount).toBe(UniformTree.expectedSize(p));
    const tree = new UniformTree(p);
    const keys = new Set<string>();
    const visit = (ply: number) => {
      expect(tree.ply).toBe(ply);
      keys.add(`${tree.keyHi()}:${tree.keyLo()}`);
      const n = tree.expand();
      expect(n).toBe(ply < depth ? degree : 0);
      for (let i = 0; i < n; i++) {
        expect(tree.childDegree(i)).toBe(ply + 1 < depth ? degree : 0);
        expect(tree.childEstimate(i)).toBe(0);
        tree.descend(i);
        visit(ply + 1);
        tree.ascend();
      }
    };
    visit(0);
    expect(keys.size).toBe(g.nodeCount);
  });

  it('interior values are unknown: exactValue() is NaN and evaluate() throws; leaves are exact', () => {
    const g = new UniformTree({ degree: 2, height: 3, leaves: { kind: 'bivalued', p0: 0.5 }, seed: 1 });
    expect(g.exactValue()).toBeNaN();
    expect(() => g.evaluate()).toThrow(/uniform trees have no static evaluation inside; search to the full depth 3/);
    g.expand();
    g.descend(1);
    g.expand();
    g.descend(0);
    g.expand();
    g.descend(1);
    expect([1, -1]).toContain(g.evaluate());
    expect(g.exactValue()).toBe(g.evaluate());
    expect(() => minimax(new UniformTree({ degree: 2, height: 3, leaves: { kind: 'distinct' }, seed: 1 }), 2)).toThrow(
      /no static evaluation inside/,
    );
  });

  it.each(laws)('childValue(i) equals evaluate() at child i, and throws where the child is interior (%o)', (leaves) => {
    for (const depth of [1, 2, 3]) {
      const g = new UniformTree({ degree: 3, height: depth, leaves, seed: depth });
      const visit = () => {
        const n = g.expand();
        for (let i = 0; i < n; i++) {
          g.descend(i);
          const leaf = g.ply === depth;
          const v = leaf ? g.evaluate() : NaN;
          g.ascend();
          if (leaf) expect(Object.is(g.childValue(i), v)).toBe(true);
          else expect(() => g.childValue(i)).toThrow(/no static evaluation inside/);
          g.descend(i);
          visit();
          g.ascend();
        }
      };
      visit();
    }
  });

  it('minimax of the materialised tree equals minimax and alpha-beta on the cursor', () => {
    for (let seed = 0; seed < 20; seed++) {
      for (const leaves of laws) {
        const p: UniformParams = { degree: 3, height: 4 + (seed % 2), leaves, seed };
        const solved = solveFromLeaves(materialize(new UniformTree(p), p.height, meta));
        expect(minimax(new UniformTree(p), p.height).value).toBe(solved[0]);
        expect(alphaBeta(new UniformTree(p), p.height).value).toBe(solved[0]);
      }
    }
  });
});

describe('uniform trees: leaf laws', () => {
  it.each([
    [0.3, 8],
    [0.62, 7], // odd depth: Min moves at the leaves, so the negamax sign flips
  ])('bivalued: Max wins a leaf with probability p0 = %f (depth %i)', (p0, depth) => {
    const v = leafValuesForMax({ degree: 4, height: depth, leaves: { kind: 'bivalued', p0 }, seed: 2024 });
    expect(v.every((x) => x === 1 || x === -1)).toBe(true);
    const r = withinBinomial(v.filter((x) => x === 1).length, v.length, p0);
    expect(r.ok, `freq ${r.freq} vs ${p0} ± ${r.tol}`).toBe(true);
  });

  it('bivalued: p0 = 0 and p0 = 1 are deterministic', () => {
    expect(new Set(leafValuesForMax({ degree: 3, height: 5, leaves: { kind: 'bivalued', p0: 0 }, seed: 1 }))).toEqual(
      new Set([-1]),
    );
    expect(new Set(leafValuesForMax({ degree: 3, height: 5, leaves: { kind: 'bivalued', p0: 1 }, seed: 1 }))).toEqual(
      new Set([1]),
    );
  });

  it('bivalued: the leaf sign follows the player to move (negamax)', () => {
    // depth 1: Min moves at the leaves, so a Max win is −1 there, and the root value is +1 iff some leaf is a Max win.
    for (let seed = 0; seed < 50; seed++) {
      const p: UniformParams = { degree: 2, height: 1, leaves: { kind: 'bivalued', p0: 0.5 }, seed };
      const maxWins = leafValuesForMax(p).some((x) => x === 1);
      expect(minimax(new UniformTree(p), 1).value).toBe(maxWins ? 1 : -1);
    }
  });

  it.each([
    [-3, 5, 8],
    [10, 13, 7],
  ])('range: integers uniform in [%i..%i] (chi-square, depth %i)', (lo, hi, depth) => {
    const v = leafValuesForMax({ degree: 4, height: depth, leaves: { kind: 'range', lo, hi }, seed: 99 });
    const k = hi - lo + 1;
    const counts = new Array<number>(k).fill(0);
    for (const x of v) {
      expect(Number.isInteger(x) && x >= lo && x <= hi).toBe(true);
      counts[x - lo]++;
    }
    const { stat, limit } = chiSquare(counts, uniformExpected(k, v.length));
    expect(stat, `chi-square ${stat} > ${limit}`).toBeLessThan(limit);
  });

  it('range: a one-value range is constant', () => {
    expect(
      new Set(leafValuesForMax({ degree: 3, height: 3, leaves: { kind: 'range', lo: 7, hi: 7 }, seed: 3 })),
    ).toEqual(new Set([7]));
  });

  it.each([
    [1, 0],
    [1, 6],
    [2, 0],
    [2, 1],
    [2, 10],
    [3, 5],
    [5, 3],
    [7, 3],
    [16, 2],
  ])('distinct: degree %i depth %i is a permutation of 0..n^d−1', (degree, depth) => {
    for (const seed of [0, 1, 123456789]) {
      const v = leafValuesForMax({ degree, height: depth, leaves: { kind: 'distinct' }, seed });
      expect(v.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: degree ** depth }, (_, i) => i));
    }
  });

  it('distinct: over trees, a leaf takes each value, and two leaves each ordered pair, equally often', () => {
    // Values of leaves 0 and 1 over many trees of 8 leaves: uniform on 0..7 and on the 56 ordered
    // pairs (chi-square); 200 permutations out of 8! = 40320 are nearly all different.
    const N = 8000,
      k = 8;
    const counts = new Array<number>(k).fill(0);
    const pairs = new Array<number>(k * k).fill(0);
    const perms = new Set<string>();
    for (let tree = 0; tree < N; tree++) {
      const v = leafValuesForMax({ degree: 2, height: 3, leaves: { kind: 'distinct' }, seed: 11, tree });
      counts[v[0]]++;
      pairs[v[0] * k + v[1]]++;
      if (tree < 200) perms.add(v.join(','));
    }
    const one = chiSquare(counts, uniformExpected(k, N));
    expect(one.stat, `chi-square ${one.stat} > ${one.limit}`).toBeLessThan(one.limit);
    const offDiagonal = pairs.filter((_, i) => Math.floor(i / k) !== i % k);
    expect(pairs.filter((_, i) => Math.floor(i / k) === i % k).every((c) => c === 0)).toBe(true);
    const two = chiSquare(offDiagonal, uniformExpected(k * (k - 1), N));
    expect(two.stat, `chi-square ${two.stat} > ${two.limit}`).toBeLessThan(two.limit);
    expect(perms.size).toBeGreaterThan(190);
  });

  it('the swap-or-not permutation is a bijection of [0, size) for any size and key (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 0, max: 0xffffffff }), (size, key) => {
        const p = new SwapOrNotPermutation(size, key);
        const seen = new Uint8Array(size);
        for (let x = 0; x < size; x++) {
          const y = p.apply(x);
          if (!(Number.isInteger(y) && y >= 0 && y < size) || seen[y]) return false;
          seen[y] = 1;
        }
        return true;
      }),
      { numRuns: 200, seed: 42 },
    );
  });

  it('the swap-or-not permutation handles large domains (2^40) with in-range, distinct images', () => {
    const size = 2 ** 40;
    const p = new SwapOrNotPermutation(size, 12345);
    const seen = new Set<number>();
    for (let x = size - 1000; x < size; x++) {
      const y = p.apply(x);
      expect(Number.isInteger(y) && y >= 0 && y < size).toBe(true);
      seen.add(y);
    }
    expect(seen.size).toBe(1000);
  });
});
