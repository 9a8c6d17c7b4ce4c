import { describe, expect, it } from 'vitest';
import {
  LiDependentTree,
  checkLiDependentParams,
  liWinProbability,
  type LiDependentParams,
} from '../../shared/li/li-dependent.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { solveFromLeaves, withinBinomial } from '../models/helpers.ts';

const meta = { model: 'li-dependent', params: {}, seed: null, generator: 'test' };

describe('Li dependent trees: parameters', () => {
  const base: LiDependentParams = { height: 4, p0: 0.5, f1: 0.4, f2: 0.3, seed: 1 };
  it.each([
    [{ height: -2 }, /depth = -2 .*\[0\.\.64\]/],
    [{ height: 3.5 }, /depth = 3\.5/],
    [{ p0: 1.2 }, /p0 = 1\.2 .*probability/],
    [{ p0: Number.NaN }, /p0 = NaN/],
    [{ f1: -0.1 }, /f1 = -0\.1/],
    [{ f2: 2 }, /f2 = 2/],
    [{ z1: 1.5 }, /z1 = 1\.5 .*probability/],
    [{ f1: 0.6, z1: 0.5 }, /z1 = 0\.5 .*f1 = 0\.6: f1 \+ z1 must be ≤ 1/],
    [{ f2: 0.9, z2: 0.2 }, /z2 = 0\.2 .*f2 = 0\.9: f2 \+ z2 must be ≤ 1/],
    [{ seed: Number.POSITIVE_INFINITY }, /seed = Infinity/],
    [{ tree: 1.5 }, /tree = 1\.5/],
  ] as [Partial<LiDependentParams>, RegExp][])('%o is rejected naming the field', (patch, re) => {
    const p = { ...base, ...patch };
    expect(() => checkLiDependentParams(p)).toThrow(re);
    expect(() => new LiDependentTree(p)).toThrow(RangeError);
  });

  it('accepts boundary values, including f + z = 1 with rounding', () => {
    for (const patch of [{ p0: 0 }, { p0: 1 }, { f1: 0.7, z1: 0.3 }, { f2: 1, z2: 0 }, { height: 0 }, { height: 7 }]) {
      expect(() => checkLiDependentParams({ ...base, ...patch })).not.toThrow();
    }
  });
});

describe('Li dependent trees: determinism and exact values', () => {
  // Determinism (same seed ⇒ same tree in any visiting order; another seed or tree ⇒ another tree) is
  // checked for both variants ({depth 6, seed 3} and the asymmetric {depth 7, seed 4})
  // by the Game conformance suite (test/game/models-under-test.ts).

  it('exactValue() at every node equals the negamax value solved from the leaves (depths 0..9, both variants)', () => {
    for (let seed = 0; seed < 60; seed++) {
      for (const depth of [0, 1, 2, 3, 4, 5, 8, 9]) {
        const p: LiDependentParams =
          seed % 2 === 0
            ? { height: depth, p0: 0.5, f1: 0.4, f2: 0.3, seed }
            : { height: depth, p0: 0.4, f1: 0.1, f2: 0.5, z1: 0.8, z2: 0.05, seed };
        const g = materialize(new LiDependentTree(p), depth, meta);
        expect(g.nodeCount).toBe(LiDependentTree.expectedSize(p));
        const solved = solveFromLeaves(g);
        for (let v = 0; v < g.nodeCount; v++) {
          expect(Math.abs(g.value[v])).toBe(1);
          expect(g.value[v]).toBe(solved[v]);
        }
        expect(minimax(new LiDependentTree(p), depth).value).toBe(g.value[0]);
      }
    }
  });

  it('childValue(i) and childMaxValue(i) equal evaluate() and maxValue() at child i', () => {
    for (let seed = 0; seed < 20; seed++) {
      const g = new LiDependentTree({ height: 5, p0: 0.5, f1: 0.3, f2: 0.6, z1: 0.5, seed });
      const visit = () => {
        const n = g.expand();
        for (let i = 0; i < n; i++) {
          const cv = g.childValue(i);
          const cm = g.childMaxValue(i);
          g.descend(i);
          expect(g.evaluate()).toBe(cv);
          expect(g.maxValue()).toBe(cm);
          visit();
          g.ascend();
        }
      };
      visit();
    }
  });

  it('negamax encoding: +1 iff the player to move wins, Max moving at even plies', () => {
    const t = new LiDependentTree({ height: 3, p0: 1, f1: 1, f2: 1, seed: 1 });
    // p0 = 1, f1 = 1: Max wins everywhere (Min nodes below a win are forced wins for Max too).
    expect(t.maxValue()).toBe(1);
    expect(t.evaluate()).toBe(1);
    t.expand();
    t.descend(1);
    expect(t.maxValue()).toBe(1);
    expect(t.evaluate()).toBe(-1);
    expect(t.childEstimate(0)).toBe(0);
    expect(t.childDegree(0)).toBe(2);
    t.expand();
    t.descend(0);
    t.expand();
    t.descend(0);
    expect(t.expand()).toBe(0);
    expect(t.evaluate()).toBe(-1);
    const lose = new LiDependentTree({ height: 2, p0: 0, f1: 0.5, f2: 0.5, seed: 1 });
    expect(lose.exactValue()).toBe(-1);
  });
});

/** Walk `trees` trees and tally the children of unforced interior nodes by parent type. */
function tally(p: Omit<LiDependentParams, 'seed' | 'tree'>, trees: number, seed: number) {
  const c = {
    maxWin: 0,
    maxBoth: 0,
    max10: 0,
    minLoss: 0,
    minBoth: 0,
    min10: 0,
    forcedBad: 0,
    rootWins: 0,
    leafWins: 0,
  };
  for (let tree = 0; tree < trees; tree++) {
    const g = new LiDependentTree({ ...p, seed, tree });
    c.rootWins += g.maxValue();
    const visit = () => {
      const ply = g.ply;
      const w = g.maxValue();
      const n = g.expand();
      if (n === 0) return;
      g.descend(0);
      const a = g.maxValue();
      g.ascend();
      g.descend(1);
      const b = g.maxValue();
      g.ascend();
      const maxNode = ply % 2 === 0;
      if (maxNode && w === 1) {
        c.maxWin++;
        if (a === 1 && b === 1) c.maxBoth++;
        else if (a === 1 && b === 0) c.max10++;
        else if (!(a === 0 && b === 1)) c.forcedBad++;
      } else if (!maxNode && w === 0) {
        c.minLoss++;
        if (a === 0 && b === 0) c.minBoth++;
        else if (a === 1 && b === 0) c.min10++;
        else if (!(a === 0 && b === 1)) c.forcedBad++;
      } else if (a !== w || b !== w) {
        c.forcedBad++; // a lost Max node or won Min node must pass its value to both children
      }
      for (let i = 0; i < 2; i++) {
        g.descend(i);
        visit();
        g.ascend();
      }
    };
    visit();
    // Leftmost leaf: one leaf per tree, so the samples are independent across trees.
    g.reset();
    while (g.expand() > 0) g.descend(0);
    c.leafWins += g.maxValue();
  }
  return c;
}

describe('Li dependent trees: Monte-Carlo frequencies', () => {
  it.each([[{ height: 6, p0: 0.37, f1: 0.4, f2: 0.3 }], [{ height: 6, p0: 0.8, f1: 0.6, f2: 0.2 }]])(
    "symmetric (e')/(f'): root wins with p0, siblings with f1, f2 and (1−f)/2, leaves with P_k (%o)",
    (p) => {
      const trees = 6000;
      const c = tally(p, trees, 1234);
      expect(c.forcedBad).toBe(0);
      const checks: [string, number, number, number][] = [
        ['root win', c.rootWins, trees, p.p0],
        ['win Max: both win', c.maxBoth, c.maxWin, p.f1],
        ['win Max: (1,0)', c.max10, c.maxWin, (1 - p.f1) / 2],
        ['loss Min: both loss', c.minBoth, c.minLoss, p.f2],
        ['loss Min: (1,0)', c.min10, c.minLoss, (1 - p.f2) / 2],
        ['leaf win P_3 (2.7)', c.leafWins, trees, liWinProbability(p, p.height)],
      ];
      for (const [what, k, n, q] of checks) {
        const r = withinBinomial(k, n, q);
        expect(r.ok, `${what}: ${r.freq} vs ${q} ± ${r.tol} (n = ${n})`).toBe(true);
      }
    },
  );

  it("asymmetric (e'')/(f''): sibling frequencies f1, z1, f2, z2", () => {
    const p = { height: 6, p0: 0.5, f1: 0.25, z1: 0.6, f2: 0.35, z2: 0.15 };
    const c = tally(p, 6000, 99);
    expect(c.forcedBad).toBe(0);
    const checks: [string, number, number, number][] = [
      ['root win', c.rootWins, 6000, p.p0],
      ['win Max: both win', c.maxBoth, c.maxWin, p.f1],
      ['win Max: (1,0)', c.max10, c.maxWin, p.z1],
      ['loss Min: both loss', c.minBoth, c.minLoss, p.f2],
      ['loss Min: (1,0)', c.min10, c.minLoss, p.z2],
    ];
    for (const [what, k, n, q] of checks) {
      const r = withinBinomial(k, n, q);
      expect(r.ok, `${what}: ${r.freq} vs ${q} ± ${r.tol} (n = ${n})`).toBe(true);
    }
  });

  it('liWinProbability follows (2.5)-(2.7): P_0 = p0, Q_k = ½(1+f1)P_k, fixed point ½(1−f2)/(1−¼(1+f1)(1+f2))', () => {
    const p = { p0: 0.3, f1: 0.4, f2: 0.2 };
    expect(liWinProbability(p, 0)).toBe(0.3);
    expect(liWinProbability(p, 1)).toBeCloseTo(0.5 * 1.4 * 0.3, 12);
    expect(liWinProbability(p, 2)).toBeCloseTo(0.25 * 1.4 * 1.2 * 0.3 + 0.4, 12);
    const fixed = (0.5 * 0.8) / (1 - 0.25 * 1.4 * 1.2);
    expect(liWinProbability(p, 200)).toBeCloseTo(fixed, 9);
  });
});
