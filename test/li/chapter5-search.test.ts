/**
 * Li Ch. 5 §3-6: P_AB (Algorithm 5.1) and its variants, R_AB, the informed variant and the
 * (d, n)-random trees, each against an independent reference: the engine's alpha-beta on point-valued
 * leaves (Theorem 5.2's setting), the exact distribution of the negamax value by products of CDFs
 * (Theorem 5.1, Lemma 5.1), the range back-up (§5.1).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ExplicitVPTree, type VPNode } from '../../shared/li/chapter5/explicit-vp-tree.ts';
import { pAB } from '../../shared/li/chapter5/p-ab.ts';
import { rAB } from '../../shared/li/chapter5/r-ab.ts';
import { countTerminals, fullBackup, rangeBackup } from '../../shared/li/chapter5/full-backup.ts';
import { DnRandomTree } from '../../shared/li/chapter5/dn-random-tree.ts';
import { VPPool, type VPPairs } from '../../shared/li/chapter5/vp-list.ts';
import type { VPTree } from '../../shared/li/chapter5/vp-tree.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import type { Graph } from '../../shared/game/graph.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';

const I = 4;

const arbLeafVP: fc.Arbitrary<VPPairs> = fc
  .array(fc.integer({ min: 0, max: 3 }), { minLength: 2 * I + 1, maxLength: 2 * I + 1 })
  .filter((w) => w.some((x) => x > 0))
  .map((w) => {
    const s = w.reduce((a, b) => a + b, 0);
    return w.flatMap((x, k) => (x > 0 ? [[k - I, x / s] as [number, number]] : []));
  });
const arbPoint: fc.Arbitrary<VPPairs> = fc.integer({ min: -I, max: I }).map((v) => [[v, 1]]);
/** A search window α < β inside [−I, I]. */
const arbWindow = fc
  .tuple(fc.integer({ min: -I, max: I }), fc.integer({ min: -I, max: I }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

function arbTree(leaf: fc.Arbitrary<VPPairs>, depth = 4): fc.Arbitrary<VPNode> {
  const { node } = fc.letrec<{ node: VPNode }>((tie) => ({
    node: fc.oneof(
      { maxDepth: depth, depthSize: 'small' },
      leaf.map((l) => ({ leaf: l })),
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((children) => ({ children })),
    ),
  }));
  return node;
}

/**
 * Independent reference: Pr[Φ(g) ≤ v] = Π_j Pr[Φ(g_j) ≥ −v] (negamax, independent successors), as an
 * array of CDF values over [−I, I]; converted to a probability function at the end.
 */
function exactCdf(g: VPNode): number[] {
  if ('leaf' in g) {
    const F: number[] = [];
    let s = 0;
    for (let v = -I; v <= I; v++) {
      s += g.leaf.find(([x]) => x === v)?.[1] ?? 0;
      F.push(s);
    }
    return F;
  }
  const out = new Array(2 * I + 1).fill(1);
  for (const c of g.children) {
    const Fc = exactCdf(c);
    // Pr[X_c ≥ −v] = 1 − Pr[X_c ≤ −v − 1]
    for (let v = -I; v <= I; v++) out[v + I] *= 1 - (-v - 1 >= -I ? Fc[-v - 1 + I] : 0);
  }
  return out;
}

function exactPairs(g: VPNode): VPPairs {
  const F = exactCdf(g);
  const out: VPPairs = [];
  for (let k = 0; k < F.length; k++) {
    const p = F[k] - (k > 0 ? F[k - 1] : 0);
    if (p > 1e-12) out.push([k - I, p]);
  }
  return out;
}

const clampPairs = (a: VPPairs, al: number, be: number): VPPairs => {
  const m = new Map<number, number>();
  for (const [v, p] of a) {
    const c = Math.min(Math.max(v, al), be);
    m.set(c, (m.get(c) ?? 0) + p);
  }
  return [...m.entries()].sort((x, y) => x[0] - y[0]);
};

function expectPairsClose(got: VPPairs, want: VPPairs): void {
  expect(got.map(([v]) => v)).toEqual(want.map(([v]) => v));
  for (let k = 0; k < want.length; k++) expect(got[k][1]).toBeCloseTo(want[k][1], 10);
}

/** The same tree with point-valued leaves as an explicit gtlab graph for the engine. */
function toGraph(root: VPNode): Graph {
  const nodes: VPNode[] = [];
  const depth: number[] = [];
  const order = (g: VPNode, d: number) => {
    nodes.push(g);
    depth.push(d);
  };
  // BFS numbering so children are contiguous ids.
  order(root, 0);
  for (let q = 0; q < nodes.length; q++) {
    const g = nodes[q];
    if ('children' in g) for (const c of g.children) order(c, depth[q] + 1);
  }
  const id = new Map(nodes.map((g, k) => [g, k]));
  const childOffsets = new Int32Array(nodes.length + 1);
  const children: number[] = [];
  nodes.forEach((g, k) => {
    if ('children' in g) for (const c of g.children) children.push(id.get(c)!);
    childOffsets[k + 1] = children.length;
  });
  return {
    kind: 'tree',
    root: 0,
    nodeCount: nodes.length,
    player: Uint8Array.from(depth.map((d) => d & 1)),
    value: Float64Array.from(nodes.map((g) => ('leaf' in g ? g.leaf[0][0] : Number.NaN))),
    childOffsets,
    children: Int32Array.from(children),
    estimate: null,
    meta: { model: 'test', params: {}, seed: null, generator: 'chapter5-search.test' },
  };
}

describe('P_AB (Algorithm 5.1)', () => {
  test("Theorem 5.2's setting: on point-valued leaves P_AB(root, −i, i) = ⟨alpha-beta value, 1⟩, same terminals visited", () => {
    fc.assert(
      fc.property(arbTree(arbPoint, 5), (root) => {
        const r = pAB(new ExplicitVPTree(root, I));
        const game = new ExplicitGame(toGraph(root));
        const ab = alphaBeta(game, game.maxPly, {}, -I, I);
        expect(r.pairs).toEqual([[ab.value, 1]]);
        expect(r.leaves).toBe(ab.counters.leaves);
        expect(ab.value).toBe(game.exactValue());
      }),
      { numRuns: 300 },
    );
  });

  test('Theorem 5.1: P_AB(root, −i, i) = the distribution by full back-up (exact CDF products)', () => {
    fc.assert(
      fc.property(arbTree(arbLeafVP), (root) => {
        const t = new ExplicitVPTree(root, I);
        const want = exactPairs(root);
        expectPairsClose(pAB(t).pairs, want);
        expectPairsClose(fullBackup(t).pairs, want);
        expectPairsClose(pAB(t, { variant: 'unclamped-leaves' }).pairs, want);
      }),
      { numRuns: 300 },
    );
  });

  test('Lemma 5.1: P_AB(g, α, β) = clamp(P_g, α, β) for every window; the unclamped variant after clamping', () => {
    fc.assert(
      fc.property(arbTree(arbLeafVP), arbWindow, (root, [al, be]) => {
        const t = new ExplicitVPTree(root, I);
        const want = clampPairs(exactPairs(root), al, be);
        const r = pAB(t, {}, al, be);
        expectPairsClose(r.pairs, want);
        expect(r.lower).toBeGreaterThanOrEqual(al);
        expect(r.upper).toBeLessThanOrEqual(be);
        const u = pAB(t, { variant: 'unclamped-leaves' }, al, be);
        expectPairsClose(clampPairs(u.pairs, al, be), want);
        // Both variants test the same bounds, so they prune alike.
        expect(u.leaves).toBe(r.leaves);
      }),
      { numRuns: 300 },
    );
  });

  test('a hand-checked tree: a cut-off after the first successor', () => {
    // Root (Max in negamax) with two successors; the first is a terminal whose negation is ≥ β = 1.
    const root: VPNode = {
      children: [
        {
          leaf: [
            [-3, 0.5],
            [-2, 0.5],
          ],
        },
        { leaf: [[0, 1]] },
      ],
    };
    const r = pAB(new ExplicitVPTree(root, I), {}, -1, 1);
    expect(r).toMatchObject({ pairs: [[1, 1]], leaves: 1 });
    const full = pAB(new ExplicitVPTree(root, I));
    expect(full.pairs).toEqual([
      [2, 0.5],
      [3, 0.5],
    ]);
    expect(full.leaves).toBe(2);
  });

  test('bad windows are RangeErrors naming the field', () => {
    const t = new ExplicitVPTree({ leaf: [[0, 1]] }, I);
    expect(() => pAB(t, {}, 1, 1)).toThrow(/window \[1, 1\]/);
    expect(() => pAB(t, {}, -5, 1)).toThrow(/alpha = -5/);
    expect(() => rAB(t, {}, 0, 9)).toThrow(/beta = 9/);
  });
});

describe('R_AB (§5.1) and the informed variant (§5.2)', () => {
  test('R_AB(root, α, β) = the clamped range back-up; = the bounds of P_AB with the same terminals visited', () => {
    fc.assert(
      fc.property(arbTree(arbLeafVP), arbWindow, (root, [al, be]) => {
        const t = new ExplicitVPTree(root, I);
        // Range back-up by definition: u = max(−l_j), l = max(−u_j), from the terminals' ranges.
        const def = (g: VPNode): [number, number] => {
          if ('leaf' in g) return [g.leaf[0][0], g.leaf[g.leaf.length - 1][0]];
          const rs = g.children.map(def);
          return [Math.max(...rs.map(([, u]) => -u)) + 0, Math.max(...rs.map(([l]) => -l)) + 0]; // + 0: no −0
        };
        const [l, u] = def(root);
        const c = (x: number) => Math.min(Math.max(x, al), be) + 0;
        const r = rAB(t, {}, al, be);
        expect([r.lower, r.upper]).toEqual([c(l), c(u)]);
        const full = rAB(t);
        expect([full.lower, full.upper]).toEqual([l, u]);
        expect(rangeBackup(t)).toMatchObject({ lower: l, upper: u });
        const p = pAB(t, {}, al, be);
        expect([p.lower, p.upper]).toEqual([r.lower, r.upper]);
        expect(p.leaves).toBe(r.leaves);
      }),
      { numRuns: 300 },
    );
  });

  test('informed P_AB / R_AB with true bounds: the same result, never more terminals', () => {
    fc.assert(
      fc.property(arbTree(arbLeafVP), fc.integer({ min: 0, max: 1000 }), (root, _s) => {
        const t = new ExplicitVPTree(root, I);
        const plain = pAB(t);
        const inf = pAB(t, { informed: true });
        expectPairsClose(inf.pairs, plain.pairs);
        expect(inf.leaves).toBeLessThanOrEqual(plain.leaves);
        const ri = rAB(t, { informed: true });
        expect([ri.lower, ri.upper]).toEqual([inf.lower, inf.upper]);
        expect(ri.leaves).toBe(inf.leaves);
      }),
      { numRuns: 200 },
    );
  });

  test('informed: bounds outside the window return the window edge (the guarded statement 3.3)', () => {
    // Interior bounds of the successor are [2, 3] (its terminals are −3 and −2 negated), window [−1, 1].
    const root: VPNode = { children: [{ children: [{ leaf: [[-3, 1]] }, { leaf: [[-2, 1]] }] }] };
    const t = new ExplicitVPTree(root, I);
    // Root value −3 (the successor's value 3, negated); with window [−1, 1] the clamp is −1.
    for (const informed of [false, true]) {
      expect(pAB(t, { informed }, -1, 1).pairs).toEqual([[-1, 1]]);
      expect(rAB(t, { informed }, -1, 1)).toMatchObject({ lower: -1, upper: -1 });
    }
    expect(pAB(t, { informed: true }, -1, 1).leaves).toBe(0);
  });
});

describe('(d, n)-random trees (§6)', () => {
  const arbParams = fc.record({
    d: fc.integer({ min: 0, max: 5 }),
    n: fc.integer({ min: 2, max: 5 }),
    seed: fc.integer({ min: 0, max: 1e6 }),
    tree: fc.integer({ min: 0, max: 100 }),
  });

  test('structure: 1..n−1 successors, leaves at depth d, bounds inside [−6, 6], consistent with the range back-up at every node', () => {
    fc.assert(
      fc.property(arbParams, (p) => {
        const t = new DnRandomTree(p);
        const pool = new VPPool(6, 1);
        const walk = (): [number, number] => {
          const l = t.lowerBound();
          const u = t.upperBound();
          expect(-6 <= l && l <= u && u <= 6).toBe(true);
          const n = t.expand();
          if (t.ply === p.d) {
            expect(n).toBe(0);
            t.leafDistribution(pool, 0);
            expect(pool.lowerBound(0)).toBe(l);
            expect(pool.upperBound(0)).toBe(u);
            const pairs = pool.toPairs(0);
            expect(pairs[0][0]).toBe(l);
            expect(pairs[pairs.length - 1][0]).toBe(u);
            expect(pairs.reduce((s, [, q]) => s + q, 0)).toBeCloseTo(1, 12);
            return [l, u];
          }
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(p.n - 1);
          const kids = Array.from({ length: n }, (_, j) => {
            t.descend(j);
            const bounds = walk();
            t.ascend();
            return bounds;
          });
          // The range back-up: l = max_j(−u_j), u = max_j(−l_j).
          const bl = Math.max(...kids.map(([, cu]) => -cu));
          const bu = Math.max(...kids.map(([cl]) => -cl));
          expect([bl + 0, bu + 0]).toEqual([l, u]); // + 0: no −0
          return [l, u];
        };
        walk();
      }),
      { numRuns: 100 },
    );
  });

  test('implicit and deterministic: the same (seed, tree) gives the same tree; P_AB = full back-up; R_AB = P_AB', () => {
    fc.assert(
      fc.property(arbParams, (p) => {
        const a = new DnRandomTree(p);
        const b = new DnRandomTree(p);
        expect(countTerminals(a)).toBe(countTerminals(b));
        const full = fullBackup(a);
        const r = pAB(b);
        expectPairsClose(r.pairs, full.pairs);
        expect([r.lower, r.upper]).toEqual([a.lowerBound(), a.upperBound()]);
        expect(full.leaves).toBe(countTerminals(a));
        expect(rAB(a).leaves).toBe(r.leaves);
        expect(r.leaves).toBeLessThanOrEqual(full.leaves);
      }),
      { numRuns: 100 },
    );
  });

  test('the tree size: mean terminals over 2000 trees of (d, n) = (4, 5) is 2.5^4 within its interval', () => {
    let s = 0;
    let ss = 0;
    const N = 2000;
    for (let k = 0; k < N; k++) {
      const c = countTerminals(new DnRandomTree({ d: 4, n: 5, seed: 7, tree: k }));
      s += c;
      ss += c * c;
    }
    const mean = s / N;
    const se = Math.sqrt((ss / N - mean * mean) / (N - 1));
    expect(Math.abs(mean - 2.5 ** 4)).toBeLessThan(3 * se);
  });

  test('bad parameters name the field', () => {
    expect(() => new DnRandomTree({ d: 5, n: 1, seed: 1 })).toThrow(/n = 1 is not allowed/);
    expect(() => new DnRandomTree({ d: -1, n: 4, seed: 1 })).toThrow(/d = -1/);
    expect(() => new DnRandomTree({ d: 3, n: 4, i: 0, seed: 1 })).toThrow(/i = 0/);
  });
});

// Keep the VPTree contract honest for both implementations (compile-time).
const _trees: VPTree[] = [new ExplicitVPTree({ leaf: [[0, 1]] }, 1), new DnRandomTree({ d: 1, n: 2, seed: 0 })];
void _trees;
