/**
 * The minimum proof tree kernel of prefix value trees (shared/models/prefix-value-mpt.ts), in WebAssembly
 * and, with that switched off, in TypeScript, against the generic branch and bound it replaces
 * (shared/proof/mpt-branch-and-bound.ts and mpt-seen.ts, run with `kernel: false`): on random trees,
 * settings, root values and depths, the same sizes, the same expansions and tests counted and the same
 * root searches, or the same error; and the kernel taken wherever the settings allow it (the WebAssembly
 * one where it is on), so that the comparison is not of the generic code with itself.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { prefixValueErrorBound } from '../../shared/models/descriptors/prefix-value.ts';
import { MptBranchAndBound } from '../../shared/proof/mpt-branch-and-bound.ts';
import { MptSeen } from '../../shared/proof/mpt-seen.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { arbPrefixValueParams } from '../proof/helpers.ts';
import { fig4TreeParams } from '../helpers/fig4-tree.ts';

/** The WebAssembly kernel, switched off where a test says so (the TypeScript one then runs), and its runs. */
const mptWasm = vi.hoisted(() => ({ off: false, runs: 0 }));
vi.mock('../../shared/models/prefix-value-wasm.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../shared/models/prefix-value-wasm.ts')>();
  const mptSizeWasm: typeof m.mptSizeWasm = (...args) => {
    if (mptWasm.off) return null;
    mptWasm.runs++;
    return m.mptSizeWasm(...args);
  };
  return { ...m, mptSizeWasm };
});

/** E of the `seen` branch and bound, or null for the `true` one (exact values). */
type Bound = number | null;

interface Setting {
  minBranching: number;
  leafCost: 0 | 1;
  errorBound: Bound;
  /** root values: none (searched), the truncations' own, or the own with one of them wrong */
  roots: 'searched' | 'given' | 'wrong';
  wrongDepth: number;
  wrongBy: number;
}

/** Everything a branch and bound reports: per depth (size, expansions, tests), then sizesByDepth's, or its error. */
type Outcome = { perDepth: number[][]; byDepth: number[]; work: number[]; rootSearches: number } | { error: string };

function rootValues(p: PrefixValueParams, s: Setting): Map<number, number> | undefined {
  if (s.roots === 'searched') return undefined;
  const game = new PrefixValueTree(p);
  const m = new Map<number, number>();
  for (let d = 0; d <= p.height + 1; d++) {
    m.set(d, alphaBeta(game, d).value + (s.roots === 'wrong' && d === s.wrongDepth ? s.wrongBy : 0));
    game.reset();
  }
  return m;
}

function make(p: PrefixValueParams, s: Setting, kernel: boolean): MptBranchAndBound | MptSeen {
  const game = new PrefixValueTree(p);
  const common = { minBranching: s.minBranching, leafCost: s.leafCost, kernel };
  return s.errorBound === null
    ? new MptBranchAndBound(game, common)
    : new MptSeen(game, { ...common, errorBound: s.errorBound, rootValues: rootValues(p, s) });
}

function outcome(p: PrefixValueParams, s: Setting, depths: readonly number[], kernel: boolean): Outcome {
  try {
    const m = make(p, s, kernel);
    const perDepth = depths.map((d) => [m.size(d), m.stats.expanded, m.stats.tests]);
    const byDepth = [...m.sizesByDepth(p.height + 1)];
    const rootSearches = m instanceof MptSeen ? m.values.rootSearches : 0;
    return { perDepth, byDepth, work: [m.stats.expanded, m.stats.tests], rootSearches };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
}

/** Whether the kernel should take the setting (written out from its contract, not asked of it). */
function kernelTakes(p: PrefixValueParams, s: Setting): boolean {
  const e = s.errorBound;
  const integerBound = e === null || e === Infinity || Number.isInteger(e);
  const testsReadNoisyHorizon = e !== null && e > 0 && p.horizon === 'estimate' && p.noise !== undefined;
  return (
    p.zeroDamage !== false &&
    s.minBranching <= p.bmin &&
    integerBound &&
    !(testsReadNoisyHorizon && p.noise!.kind !== 'uniform')
  );
}

const arbSetting = (p: PrefixValueParams): fc.Arbitrary<Setting> =>
  fc.record({
    minBranching: fc.oneof(
      { arbitrary: fc.constant(p.bmin), weight: 4 },
      { arbitrary: fc.integer({ min: 0, max: p.bmax }), weight: 2 },
    ),
    leafCost: fc.constantFrom(0 as const, 1 as const),
    errorBound: fc.oneof(
      { arbitrary: fc.constant(prefixValueErrorBound(p)), weight: 4 },
      { arbitrary: fc.constant(null), weight: 2 },
      { arbitrary: fc.constantFrom(0, Infinity, 0.5), weight: 1 },
      { arbitrary: fc.integer({ min: 0, max: 7 }), weight: 1 },
    ),
    roots: fc.constantFrom('searched' as const, 'given' as const, 'wrong' as const),
    wrongDepth: fc.integer({ min: 1, max: Math.max(1, p.height) }),
    wrongBy: fc.constantFrom(1, -2, 0.5),
  });

/** Mostly the prefix value model (the incremental one, zeroDamage false, is the generic code's alone). */
const arbParams = arbPrefixValueParams(7, 40_000, true).chain((p) =>
  fc.oneof({ arbitrary: fc.constant({ ...p, zeroDamage: true }), weight: 4 }, { arbitrary: fc.constant(p), weight: 1 }),
);

const arbCase = arbParams.chain((p) =>
  fc.tuple(
    fc.constant(p),
    arbSetting(p),
    fc.array(fc.integer({ min: 0, max: p.height + 2 }), { minLength: 1, maxLength: 4 }),
  ),
);

describe.each([
  ['WebAssembly', false],
  ['TypeScript', true],
])('the prefix-value minimum proof tree kernel in %s is the generic branch and bound', (_, wasmOff) => {
  beforeAll(() => {
    mptWasm.off = wasmOff;
    mptWasm.runs = 0;
  });
  afterAll(() => {
    mptWasm.off = false;
  });

  test('same sizes, expansions, tests and root searches, or the same error, on random trees and settings', () => {
    let taken = 0;
    fc.assert(
      fc.property(arbCase, ([p, s, depths]) => {
        const kernel = make(p, s, true).kernel;
        expect(kernel).toBe(kernelTakes(p, s));
        if (kernel) taken++;
        expect(outcome(p, s, depths, true)).toEqual(outcome(p, s, depths, false));
      }),
      { numRuns: 500 },
    );
    expect(taken).toBeGreaterThan(250);
    if (wasmOff) expect(mptWasm.runs).toBe(0);
    else expect(mptWasm.runs).toBeGreaterThan(250);
  });

  test('the tests run: a noisy horizon with its own E, and with E unbounded', () => {
    const p: PrefixValueParams = { ...fig4TreeParams(7, 3), height: 6 };
    for (const errorBound of [4, Infinity]) {
      const s: Setting = { minBranching: 4, leafCost: 1, errorBound, roots: 'given', wrongDepth: 1, wrongBy: 0 };
      const o = outcome(p, s, [6], true);
      expect(o).toEqual(outcome(p, s, [6], false));
      if ('error' in o) expect.fail(o.error);
      expect(o.perDepth[0][2]).toBeGreaterThan(100); // tests run
    }
  });

  test('a wrong root value is an error on both paths', () => {
    const p: PrefixValueParams = { ...fig4TreeParams(7, 3), height: 6 };
    const s: Setting = { minBranching: 4, leafCost: 1, errorBound: 4, roots: 'wrong', wrongDepth: 6, wrongBy: 1 };
    expect(make(p, s, true).kernel).toBe(true);
    const o = outcome(p, s, [6], true);
    expect(o).toHaveProperty('error');
    expect(o).toEqual(outcome(p, s, [6], false));
  });

  test("the Figure 4 trees at depth 10: both denominators, the root values the run's searches found", () => {
    for (const tree of [0, 1]) {
      const p = fig4TreeParams(2009, tree);
      const passes = iterativeDeepening(new PrefixValueTree(p), 'alphabeta', 10, {
        ordering: parseOrdering('estimate'),
      });
      const rootValues = new Map(passes.map((r) => [r.depth, r.value]));
      const exact = { ...p, horizon: 'exact' as const };
      const sizes = (kernel: boolean) => {
        const seen = new MptSeen(new PrefixValueTree(p), { minBranching: 4, errorBound: 4, rootValues, kernel });
        const truth = new MptBranchAndBound(new PrefixValueTree(exact), { minBranching: 4, kernel });
        expect([seen.kernel, truth.kernel]).toEqual([kernel, kernel]);
        const out: number[] = [];
        for (let d = 1; d <= 10; d++) out.push(seen.size(d), seen.stats.expanded, seen.stats.tests);
        for (let d = 1; d <= 10; d++) out.push(truth.size(d), truth.stats.expanded);
        return out;
      };
      expect(sizes(true)).toEqual(sizes(false));
    }
  });
});

test('the kernel declines a tree whose lower bounds could round in doubles (the generic code sizes it)', () => {
  const tree = (height: number) => new PrefixValueTree({ height, bmin: 64, bmax: 64, damage: 1, seed: 1, tree: 0 });
  expect(new MptBranchAndBound(tree(12), { minBranching: 64 }).kernel).toBe(true);
  expect(new MptBranchAndBound(tree(64), { minBranching: 64 }).kernel).toBe(false);
  expect(new MptBranchAndBound(tree(64), { minBranching: 1 }).kernel).toBe(true);
});
