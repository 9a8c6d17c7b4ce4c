import { describe, expect, it } from 'vitest';
import { PrefixValueTree, checkPrefixValueParams, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { chiSquare, solveFromLeaves, uniformExpected, withinBinomial } from './helpers.ts';

const meta = { model: 'prefix-value', params: {}, seed: null, generator: 'test' };

/** Visit every interior node of `trees` trees; `cb` sees the cursor right after expand(). */
function forEachInterior(
  p: Omit<PrefixValueParams, 'tree'>,
  trees: number,
  cb: (g: PrefixValueTree, n: number) => void,
): void {
  for (let tree = 0; tree < trees; tree++) {
    const g = new PrefixValueTree({ ...p, tree });
    const visit = () => {
      const n = g.expand();
      if (n === 0) return;
      cb(g, n);
      for (let i = 0; i < n; i++) {
        g.descend(i);
        visit();
        g.ascend();
      }
    };
    visit();
  }
}

/** Values of the children of the current (expanded) node, in their own view. */
function childValues(g: PrefixValueTree, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    g.descend(i);
    out.push(g.evaluate());
    g.ascend();
  }
  return out;
}

describe('prefix value trees: parameters and determinism', () => {
  it.each([
    [{ height: -1 }, /depth = -1/],
    [{ bmin: 0 }, /bmin = 0/],
    [{ bmax: 65 }, /bmax = 65/],
    [{ bmin: 5, bmax: 3 }, /branching 5\.\.3/],
    [{ damage: -1 }, /damage = -1/],
    [{ seed: 1.5 }, /seed = 1\.5/],
    [{ tree: -3 }, /tree = -3/],
    [{ rootValue: 0.5 }, /rootValue = 0\.5/],
    [{ noise: { kind: 'uniform', e: -2 } }, /noise = -2/],
    [{ noise: { kind: 'gaussian', c: -1 } }, /noise constant C = -1/],
  ] as [Partial<PrefixValueParams>, RegExp][])('%o is rejected naming the field', (patch, re) => {
    expect(() => checkPrefixValueParams({ height: 3, bmin: 2, bmax: 4, damage: 3, seed: 1, ...patch })).toThrow(re);
  });
});

describe('prefix value trees: true values', () => {
  it('exactValue() equals the minimax value of the materialised tree at every node (Theorem 7.1)', () => {
    for (let seed = 0; seed < 40; seed++) {
      const p: PrefixValueParams = {
        height: 1 + (seed % 6),
        bmin: 1 + (seed % 3),
        bmax: 3 + (seed % 3),
        damage: seed % 5 === 0 ? 0 : 1 + (seed % 7),
        rootValue: (seed % 9) - 4,
        seed,
      };
      const g = materialize(new PrefixValueTree(p), p.height, meta);
      const solved = solveFromLeaves(g);
      for (let v = 0; v < g.nodeCount; v++) expect(g.value[v]).toBe(solved[v]);
      expect(solved[0]).toBe(p.rootValue);
    }
  });

  it('incremental model (zeroDamage: false): interior values unknown, leaves equal the path sums of eq. (3)', () => {
    let interiorDiffers = 0;
    for (let seed = 0; seed < 30; seed++) {
      const D = 1 + (seed % 6),
        root = (seed % 5) - 2;
      const p: PrefixValueParams = {
        height: 2 + (seed % 4),
        bmin: 1,
        bmax: 4,
        damage: D,
        zeroDamage: false,
        rootValue: root,
        seed,
      };
      const g = new PrefixValueTree(p);
      // Walk with the damages d_k = −p(u_{k+1}) − p(u_k) of each edge (eq. 2), each in [−D, 0], and
      // check at every leaf p(v) = (−1)^n f(r) + Σ_k (−1)^(n−k) d_k (Lemma 7.1, eq. 3).
      const damages: number[] = [];
      const visit = () => {
        const here = g.evaluate();
        const n = g.expand();
        if (n === 0) {
          const depth = damages.length;
          let sum = (depth % 2 === 0 ? 1 : -1) * root;
          damages.forEach((d, k) => {
            sum += ((depth - k) % 2 === 0 ? 1 : -1) * d;
          });
          expect(g.evaluate()).toBe(sum);
          expect(g.exactValue()).toBe(g.evaluate());
          return;
        }
        expect(g.exactValue()).toBeNaN();
        for (let i = 0; i < n; i++) {
          g.descend(i);
          const d = -g.evaluate() - here;
          expect(d).toBeGreaterThanOrEqual(-D);
          expect(d).toBeLessThanOrEqual(0);
          damages.push(d);
          visit();
          damages.pop();
          g.ascend();
        }
      };
      g.reset();
      visit();
      // Without a guaranteed zero-damage move, f ≠ p somewhere inside (that is why Sec. 7 refines it).
      const m = materialize(new PrefixValueTree(p), p.height, meta);
      const solved = solveFromLeaves(m);
      const g2 = new PrefixValueTree(p);
      const pv = recordPrefix(g2, p.height);
      for (let v = 0; v < m.nodeCount; v++) if (solved[v] !== pv[v]) interiorDiffers++;
    }
    expect(interiorDiffers).toBeGreaterThan(0);
  });
});

/** evaluate() (the prefix value) of every node in materialize's pre-order numbering. */
function recordPrefix(g: PrefixValueTree, depth: number): number[] {
  const out: number[] = [];
  g.reset();
  const visit = (d: number) => {
    out.push(g.evaluate());
    const n = d === 0 ? 0 : g.expand();
    for (let i = 0; i < n; i++) {
      g.descend(i);
      visit(d - 1);
      g.ascend();
    }
  };
  visit(depth);
  return out;
}

describe('prefix value trees: laws of branching and damage', () => {
  it("branching is uniform in [bmin..bmax] (chi-square), and childDegree(i) is the child's expand()", () => {
    const bmin = 2,
      bmax = 6;
    const counts = new Array<number>(bmax - bmin + 1).fill(0);
    let total = 0;
    forEachInterior({ height: 4, bmin, bmax, damage: 3, seed: 5 }, 80, (g, n) => {
      expect(n).toBeGreaterThanOrEqual(bmin);
      expect(n).toBeLessThanOrEqual(bmax);
      counts[n - bmin]++;
      total++;
      for (let i = 0; i < n; i++) {
        const deg = g.childDegree(i);
        g.descend(i);
        expect(g.expand()).toBe(deg);
        g.ascend();
      }
    });
    expect(total).toBeGreaterThan(5000);
    const { stat, limit } = chiSquare(counts, uniformExpected(counts.length, total));
    expect(stat, `chi-square ${stat} > ${limit}`).toBeLessThan(limit);
  });

  it('incremental model: damage uniform in [−D..0] (chi-square)', () => {
    const D = 4;
    const counts = new Array<number>(D + 1).fill(0);
    let total = 0;
    forEachInterior({ height: 5, bmin: 3, bmax: 3, damage: D, zeroDamage: false, seed: 8 }, 40, (g, n) => {
      const pv = g.evaluate();
      for (const c of childValues(g, n)) {
        counts[-(-c - pv)]++; // d = −p(child) − p(v) ∈ [−D, 0]
        total++;
      }
    });
    const { stat, limit } = chiSquare(counts, uniformExpected(D + 1, total));
    expect(stat, `chi-square ${stat} > ${limit}`).toBeLessThan(limit);
  });

  it("prefix value model: ≥ 1 zero-damage child per node; the others' damage uniform in [−D..0]", () => {
    // One move per node gets d = 0 at a uniform position, each other move d uniform in [−D..0], so the
    // number of zero-damage children is 1 + Binomial(b − 1, 1/(D+1)), and over all edges
    // P(d = 0) = 1/b + (1 − 1/b)/(D+1), P(d = −k) = (1 − 1/b)/(D+1) for k = 1..D.
    // As the model's header says (and the C reference does): one move is forced to d = 0, the others may be 0 too.
    const b = 4,
      D = 2;
    const zeroCounts = new Array<number>(b + 1).fill(0);
    const dCounts = new Array<number>(D + 1).fill(0);
    let nodes = 0;
    forEachInterior({ height: 5, bmin: b, bmax: b, damage: D, seed: 21 }, 25, (g, n) => {
      const pv = g.evaluate();
      let zeros = 0;
      for (const c of childValues(g, n)) {
        const d = -c - pv;
        dCounts[-d]++;
        if (d === 0) zeros++;
      }
      expect(zeros).toBeGreaterThanOrEqual(1);
      zeroCounts[zeros]++;
      nodes++;
    });
    const q = 1 / (D + 1);
    const binom = (k: number) => {
      let c = 1;
      for (let j = 0; j < k; j++) c = (c * (b - 1 - j)) / (j + 1);
      return c * q ** k * (1 - q) ** (b - 1 - k);
    };
    const z = chiSquare(
      zeroCounts.slice(1),
      Array.from({ length: b }, (_, k) => nodes * binom(k)),
    );
    expect(z.stat, `zero-damage children: chi-square ${z.stat} > ${z.limit}`).toBeLessThan(z.limit);
    const edges = nodes * b;
    const pOther = (1 - 1 / b) / (D + 1);
    const dd = chiSquare(dCounts, [edges * (1 / b + pOther), ...new Array<number>(D).fill(edges * pOther)]);
    expect(dd.stat, `damages: chi-square ${dd.stat} > ${dd.limit}`).toBeLessThan(dd.limit);
  });

  it('prefix value model: the zero-damage move is at a uniformly random position', () => {
    // With D large a second zero is rare; given exactly one zero child, it is the designated move.
    const b = 5;
    const pos = new Array<number>(b).fill(0);
    let total = 0;
    forEachInterior({ height: 4, bmin: b, bmax: b, damage: 1000, seed: 4 }, 30, (g, n) => {
      const pv = g.evaluate();
      const zeros = childValues(g, n)
        .map((c, i) => (-c - pv === 0 ? i : -1))
        .filter((i) => i >= 0);
      if (zeros.length === 1) {
        pos[zeros[0]]++;
        total++;
      }
    });
    const { stat, limit } = chiSquare(pos, uniformExpected(b, total));
    expect(stat, `chi-square ${stat} > ${limit}`).toBeLessThan(limit);
  });
});

describe('prefix value trees: leaf values without descending', () => {
  const noises: PrefixValueParams['noise'][] = [undefined, { kind: 'uniform', e: 3 }, { kind: 'gaussian', c: 2 }];
  it.each(noises.flatMap((noise) => (['estimate', 'exact'] as const).map((horizon) => ({ noise, horizon }))))(
    'childValue(i) and the bulk childValues equal evaluate() at each child, and childValues returns their max negation (%o)',
    ({ noise, horizon }) => {
      let nodes = 0;
      forEachInterior({ height: 4, bmin: 1, bmax: 5, damage: 6, noise, horizon, seed: 17 }, 6, (g, n) => {
        const truth = childValues(g, n);
        const bulk = new Float64Array(n + 2).fill(Number.NaN);
        const max = g.childValues(bulk, n);
        truth.forEach((v, i) => {
          expect(Object.is(g.childValue(i), v)).toBe(true);
          expect(bulk[i]).toBe(v);
        });
        expect(Number.isNaN(bulk[n])).toBe(true); // nothing written past the n children
        expect(max).toBe(Math.max(...truth.map((v) => 0 - v))); // 0 − v: no −0, as the searches negate
        nodes++;
      });
      expect(nodes).toBeGreaterThan(20);
    },
  );
});

describe('prefix value trees: heuristic estimates', () => {
  /** (estimate − true value) of every child seen from its parent, over many nodes. */
  const errors = (noise: PrefixValueParams['noise'], trees = 30) => {
    const out: number[] = [];
    forEachInterior({ height: 4, bmin: 3, bmax: 5, damage: 6, noise, seed: 31 }, trees, (g, n) => {
      const bulk = new Float64Array(n);
      g.childEstimates(bulk, 0, n);
      // The Int32 form, where the model says every estimate is an integer (written at an offset, as a search's row)
      const int = new Int32Array(n + 3);
      if (g.integerEstimates) g.childEstimatesInt(int, 3, n);
      expect(g.integerEstimates).toBe(noise === undefined || noise.kind === 'uniform');
      childValues(g, n).forEach((c, i) => {
        const e = g.childEstimate(i);
        expect(bulk[i] === e, `bulk ${bulk[i]} vs ${e}`).toBe(true); // == so ±0 agree
        if (g.integerEstimates) expect(int[3 + i], `Int32 ${int[3 + i]} vs ${e}`).toBe(e + 0);
        out.push(e - -c);
      });
    });
    return out;
  };

  it('no noise: the estimate is the true value', () => {
    expect(errors(undefined, 3).every((x) => x === 0)).toBe(true);
  });

  it('uniform noise: integer errors within ±E, covering the range uniformly (chi-square)', () => {
    const E = 3;
    const err = errors({ kind: 'uniform', e: E });
    const counts = new Array<number>(2 * E + 1).fill(0);
    for (const x of err) {
      expect(Number.isInteger(x) && Math.abs(x) <= E).toBe(true);
      counts[x + E]++;
    }
    expect(counts.every((c) => c > 0)).toBe(true);
    const { stat, limit } = chiSquare(counts, uniformExpected(counts.length, err.length));
    expect(stat, `chi-square ${stat} > ${limit}`).toBeLessThan(limit);
  });

  it('Gaussian noise: mean ≈ 0 and sd ≈ C, about 68.27% within ±C', () => {
    const C = 2.5;
    const err = errors({ kind: 'gaussian', c: C });
    const N = err.length;
    const mean = err.reduce((s, x) => s + x, 0) / N;
    const sd = Math.sqrt(err.reduce((s, x) => s + (x - mean) ** 2, 0) / (N - 1));
    expect(N).toBeGreaterThan(10000);
    expect(Math.abs(mean)).toBeLessThan((5 * C) / Math.sqrt(N));
    // Standard error of a normal sample's sd: C / √(2(N−1)).
    expect(Math.abs(sd - C)).toBeLessThan((5 * C) / Math.sqrt(2 * (N - 1)));
    const r = withinBinomial(err.filter((x) => Math.abs(x) <= C).length, N, 0.682689492);
    expect(r.ok, `${r.freq} vs 0.6827 ± ${r.tol}`).toBe(true);
  });

  it.each([0, 0.4, 1.5])(
    'softmax C = %f: the top-estimate child is child k with probability exp(C·(−f(v_k)))/Σ',
    (C) => {
      // Over many nodes, the count of nodes whose top-estimate child has a given value class (its damage)
      // vs the sum of the softmax probabilities of that class's children; variance Σ p(1 − p) per node.
      const D = 3;
      const observed = new Array<number>(D + 1).fill(0);
      const expected = new Array<number>(D + 1).fill(0);
      const variance = new Array<number>(D + 1).fill(0);
      const byPosition = [0, 0, 0],
        expectedPos = [0, 0, 0],
        varPos = [0, 0, 0];
      forEachInterior(
        { height: 5, bmin: 3, bmax: 3, damage: D, noise: { kind: 'softmax', c: C }, seed: 77 },
        40,
        (g, n) => {
          const pv = g.evaluate();
          const vals = childValues(g, n).map((c) => -c); // −f(v_k): the child's value for the mover
          let top = 0;
          for (let i = 1; i < n; i++) if (g.childEstimate(i) > g.childEstimate(top)) top = i;
          const w = vals.map((x) => Math.exp(C * (x - Math.max(...vals))));
          const sum = w.reduce((s, x) => s + x, 0);
          const cls = vals.map((x) => pv - x); // damage class −d ∈ 0..D
          observed[cls[top]]++;
          const pc = new Array<number>(D + 1).fill(0);
          w.forEach((x, i) => {
            pc[cls[i]] += x / sum;
          });
          pc.forEach((p, k) => {
            expected[k] += p;
            variance[k] += p * (1 - p);
          });
          byPosition[top]++;
          w.forEach((x, i) => {
            expectedPos[i] += x / sum;
            varPos[i] += (x / sum) * (1 - x / sum);
          });
        },
      );
      for (let k = 0; k <= D; k++) {
        expect(Math.abs(observed[k] - expected[k]), `class ${k}: ${observed[k]} vs ${expected[k]}`).toBeLessThanOrEqual(
          5 * Math.sqrt(variance[k]) + 1e-9,
        );
      }
      for (let i = 0; i < 3; i++) {
        expect(
          Math.abs(byPosition[i] - expectedPos[i]),
          `child ${i}: ${byPosition[i]} vs ${expectedPos[i]}`,
        ).toBeLessThanOrEqual(5 * Math.sqrt(varPos[i]) + 1e-9);
      }
    },
  );
});
