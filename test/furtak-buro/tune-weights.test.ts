/**
 * The grid tuner of the FCF weights (shared/furtak-buro/tune-weights.ts) against an
 * independent brute force (every grid point searched on its own by `searchSeries` on a freshly made
 * tree), and as properties over random grids with a synthetic runner: every grid point is evaluated
 * exactly once, the choice is the first cheapest point and the runner-up the next, and no (tree,
 * series) is ever searched twice, whichever term, grid or tree count asks again.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  gridPoints,
  TreeCosts,
  tuneWeights,
  weightedOrdering,
  type FcfTerm,
  type SpecRunner,
  type TuneOptions,
} from '../../shared/furtak-buro/tune-weights.ts';
import { FIG4_ALGORITHMS, TRAINING_SEED, variantModel } from '../../shared/furtak-buro/variants.ts';
import { searchSeries } from '../../shared/experiments/search-series.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import type { SeriesAlgorithm } from '../../shared/search/registry.ts';

/** Index of the first smallest value, and of the next (ties in list order). */
function firstTwo(xs: readonly number[]): [number, number] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b] || a - b);
  return [order[0], order[1]];
}

describe('grid tuning against a brute force', () => {
  test("every point's cost, the choice and the runner-up are those of one searchSeries call per point and tree", async () => {
    const trees = 3,
      depth = 4,
      grid = [0, 1, 8];
    const model = variantModel('fig4');
    // The brute force searches as the Figure 4 preset does (random never-searched children, S_i known only
    // for children an earlier pass expanded), on the training trees.
    const preset = presetSpec('furtak-buro-fig4', { trees, depth, seed: TRAINING_SEED });
    expect(preset.sizeInfo).toBe('expanded');
    const mean = (algorithm: SeriesAlgorithm, ordering: string) => {
      let sum = 0;
      for (let t = 0; t < trees; t++) {
        const passes = searchSeries(preset, { algorithm, ordering }, makeGame(model, depth, TRAINING_SEED, t), depth);
        sum += passes[depth - 1].cumulative.visited;
      }
      return sum / trees;
    };
    for (const term of ['ratio', 'size'] as const) {
      const knowledge = {
        sizeInfo: preset.sizeInfo,
        sizeStandIn: preset.sizeStandIn,
        ttMove: preset.ttMove,
        guess: preset.guess,
      };
      const results = await tuneWeights({
        model,
        algorithms: FIG4_ALGORITHMS,
        seed: TRAINING_SEED,
        trees,
        depth,
        term,
        unexpanded: preset.unexpanded,
        knowledge,
        grid,
      });
      expect(results.map((r) => r.algorithm)).toEqual([...FIG4_ALGORITHMS]);
      for (const r of results) {
        const points = gridPoints(grid, term);
        const brute = points.map(([wR, wS]) => mean(r.algorithm, weightedOrdering({ value: 1, ratio: wR, size: wS })));
        expect(r.grid).toEqual(points.map(([wR, wS], i) => [wR, wS, brute[i]]));
        expect(r.baseline).toBe(mean(r.algorithm, 'estimate'));
        const [best, second] = firstTwo(brute);
        expect([r.chosen.wR, r.chosen.wS, r.chosen.cost]).toEqual([...points[best], brute[best]]);
        expect([r.runnerUp!.wR, r.runnerUp!.wS, r.runnerUp!.cost]).toEqual([...points[second], brute[second]]);
        expect(r.ordering).toBe(weightedOrdering({ value: 1, ratio: points[best][0], size: points[best][1] }));
        expect(r.cost).toBeLessThanOrEqual(r.baseline); // (0, 0) is in the grid
        expect(r.margin!.reduction).toBeCloseTo(1 - brute[best] / brute[second], 12);
        expect(r.margin!.ci95[0]).toBeLessThanOrEqual(r.margin!.reduction);
        expect(r.knowledge.sizeInfo).toBe('expanded');
      }
    }
  }, 60_000);

  test('trees taller than the search: every cost is a search of the height-H tree to the depth, as a run with that height searches', async () => {
    const trees = 2,
      depth = 3,
      height = 7,
      grid = [0, 4];
    const model = variantModel('static');
    const preset = { ...presetSpec('furtak-buro-fig4-static', { trees, depth, seed: TRAINING_SEED }), height };
    const mean = (algorithm: SeriesAlgorithm, ordering: string, h: number) => {
      let sum = 0;
      for (let t = 0; t < trees; t++)
        sum += searchSeries(preset, { algorithm, ordering }, makeGame(model, h, TRAINING_SEED, t), depth)[depth - 1]
          .cumulative.visited;
      return sum / trees;
    };
    const o: TuneOptions = {
      model,
      algorithms: ['negascout'],
      seed: TRAINING_SEED,
      trees,
      depth,
      height,
      term: 'ratio',
      unexpanded: preset.unexpanded,
      knowledge: { sizeInfo: preset.sizeInfo, sizeStandIn: preset.sizeStandIn, ttMove: preset.ttMove },
      grid,
    };
    const [r] = await tuneWeights(o);
    expect(r.baseline).toBe(mean('negascout', 'estimate', height));
    expect(r.grid).toEqual(
      gridPoints(grid, 'ratio').map(([wR, wS]) => [
        wR,
        wS,
        mean('negascout', weightedOrdering({ value: 1, ratio: wR, size: wS }), height),
      ]),
    );
    // The height matters: the same trees cut at the depth cost otherwise.
    const [flat] = await tuneWeights({ ...o, height: undefined });
    expect(flat.baseline).toBe(mean('negascout', 'estimate', depth));
    expect(flat.baseline).not.toBe(r.baseline);
    await expect(tuneWeights({ ...o, height: depth - 1 })).rejects.toThrow(/height = 2/);
  }, 60_000);

  test('bad tuning parameters are RangeErrors naming the field', async () => {
    const o: TuneOptions = {
      model: variantModel('fig4'),
      algorithms: ['alphabeta'],
      seed: 1,
      trees: 2,
      depth: 3,
      term: 'ratio',
    };
    await expect(tuneWeights({ ...o, trees: 0 })).rejects.toThrow(/trees = 0/);
    await expect(tuneWeights({ ...o, grid: [1, 2] })).rejects.toThrow(/grid must contain 0/);
    await expect(tuneWeights({ ...o, grid: [0, 1, 1] })).rejects.toThrow(/must not repeat/);
    await expect(tuneWeights({ ...o, prob: { alphabeta: 'soft' } })).rejects.toThrow(RangeError);
    await expect(tuneWeights({ ...o, unexpanded: 'first' as never })).rejects.toThrow(/unexpanded = first/);
    await expect(tuneWeights({ ...o, algorithms: ['alphabeta', 'alphabeta'] })).rejects.toThrow(/algorithms/);
    await expect(tuneWeights({ ...o, counter: 'leaves' })).rejects.toThrow(/counter = leaves/);
  });
});

/** A runner that searches nothing: tree t of series s costs a small hash of (t, s), so ties occur; it records each (tree, series) it was asked for. */
function syntheticRunner(calls: string[]): SpecRunner {
  const cost = (t: number, key: string) => {
    let h = t * 31 + 7;
    for (let i = 0; i < key.length; i++) h = (h * 33 + key.charCodeAt(i)) % 1_000_003;
    return 10 + (h % 5);
  };
  return async (spec, skip, onLine) => {
    for (let t = 0; t < spec.trees; t++) {
      if (skip.has(t)) continue;
      for (const s of spec.series) calls.push(`${t}|${s.algorithm}|${s.ordering}`);
      const results = spec.series.map((s) => {
        const c = cost(t, `${s.algorithm}|${s.ordering}`);
        return {
          series: `${s.algorithm} / ${s.ordering}`,
          visited: c,
          expanded: c - 1,
          leaves: 1,
          passVisited: c,
          passExpanded: c - 1,
        };
      });
      onLine({ tree: t, depth: spec.depth, value: 0, mpg: null, mpgSeen: null, mpgTrue: null, results });
    }
  };
}

describe('grid tuning: properties', () => {
  const gridArb = fc
    .uniqueArray(fc.constantFrom(0.5, 1, 2, 4, 8, 16, 64), { maxLength: 4 })
    .chain((g) => fc.shuffledSubarray([0, ...g], { minLength: g.length + 1 }));
  const algorithmsArb = fc.shuffledSubarray([...FIG4_ALGORITHMS], { minLength: 1 }) as fc.Arbitrary<SeriesAlgorithm[]>;

  test('the grid covers every point once; choice and runner-up are the first two by cost; nothing is searched twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        gridArb,
        algorithmsArb,
        fc.constantFrom<FcfTerm>('ratio', 'size'),
        fc.integer({ min: 1, max: 4 }),
        async (grid, algorithms, term, trees) => {
          const calls: string[] = [];
          const cache = new TreeCosts();
          const o: TuneOptions = {
            model: variantModel('fig4'),
            algorithms,
            seed: TRAINING_SEED,
            trees,
            depth: 3,
            term,
            grid,
          };
          const results = await tuneWeights(o, syntheticRunner(calls), cache);
          const want =
            term === 'ratio' ? grid.flatMap((wR) => grid.map((wS) => `${wR},${wS}`)) : grid.map((wS) => `0,${wS}`);
          expect(new Set(calls).size).toBe(calls.length);
          expect(calls.length).toBe(trees * algorithms.length * (want.length + 1)); // every point and value-only, on every tree
          for (const r of results) {
            const got = r.grid.map(([wR, wS]) => `${wR},${wS}`);
            expect(got).toEqual(want);
            const costs = r.grid.map((g) => g[2]);
            const [best, second] = firstTwo(costs);
            expect(`${r.chosen.wR},${r.chosen.wS}`).toBe(want[best]);
            if (want.length > 1) expect(`${r.runnerUp!.wR},${r.runnerUp!.wS}`).toBe(want[second]);
            else expect(r.runnerUp).toBeNull();
            for (const c of costs) expect(r.cost).toBeLessThanOrEqual(c);
          }
          // Asked again, with the other term and with more trees: only the new trees are searched.
          calls.length = 0;
          await tuneWeights({ ...o, term: 'size' }, syntheticRunner(calls), cache);
          expect(calls).toEqual([]);
          await tuneWeights({ ...o, trees: trees + 1 }, syntheticRunner(calls), cache);
          expect(calls.length).toBe(algorithms.length * (want.length + 1));
          expect(calls.every((c) => c.startsWith(`${trees}|`))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('a P_i table per algorithm is part of every ordering searched and chosen; value only is searched without it', async () => {
    const calls: string[] = [];
    const prob = { alphabeta: 'learned:0:0.25,0.75', mtdf: 'learned:-1:0.1,0.5,0.9' };
    const [ab, mt] = await tuneWeights(
      {
        model: variantModel('fig4'),
        algorithms: ['alphabeta', 'mtdf'],
        seed: 1,
        trees: 2,
        depth: 3,
        term: 'ratio',
        grid: [0, 2],
        prob,
      },
      syntheticRunner(calls),
    );
    expect(ab.ordering.endsWith(';learned:0:0.25,0.75')).toBe(true);
    expect(mt.runnerUp!.ordering.endsWith(';learned:-1:0.1,0.5,0.9')).toBe(true);
    for (const c of calls) {
      const [, algorithm, ordering] = c.split('|');
      expect(ordering === 'estimate' || ordering.endsWith(`;${prob[algorithm as 'alphabeta' | 'mtdf']}`)).toBe(true);
    }
  });
});
