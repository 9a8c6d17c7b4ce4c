/**
 * The census taken while recording (shared/trace/region-bound.ts) against the census counted afresh
 * before recording (test/helpers/trace-census.ts): a first trace, recorded within a region bound that
 * shrinks as the searches go, is the trace recorded within the census's region from the start (the
 * same tree opened again, on the kept census), node for node and number for number, and its region is
 * the fresh census's.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { specHeight, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { censusCacheStats } from '../../shared/trace/census-cache.ts';
import { censusCase, censusSpec, searchCensus, TraceCensus } from '../helpers/trace-census.ts';

let runs = 0;

/** The first trace of (spec, tree, depth) and the trace of the same tree opened again on the kept census. */
function firstAndAgain(s: ExperimentSpec, tree: number, depth: number, focus: number[], budget: number) {
  const misses = censusCacheStats.misses;
  const first = buildTrace(s, tree, depth, { focus, budget });
  expect(censusCacheStats.misses).toBe(misses + 1);
  const hits = censusCacheStats.hits;
  const again = buildTrace(s, tree, depth, { focus, budget });
  expect(censusCacheStats.hits).toBe(hits + 1);
  return { first, again };
}

describe('the census taken while recording', () => {
  test('a first trace is the trace recorded in the fresh census region from the start', () => {
    let narrowed = 0;
    let whole = 0;
    fc.assert(
      fc.property(censusCase, (c) => {
        const s = censusSpec(c.depth, c.iterative, `bound ${runs++}`);
        const focus = c.focus;
        const { first, again } = firstAndAgain(s, c.tree, c.depth, focus, c.budget);
        expect(first).toEqual(again);
        const game = makeGame(s.model, specHeight(s), s.seed, c.tree);
        const census = new TraceCensus(game.maxPly, focus, c.budget);
        searchCensus(s, game, census, c.depth);
        expect(first.region).toEqual(census.region(c.depth, c.budget).describe());
        // the bound starts by holding every ply: narrowed unless the census's region holds them all
        if (Math.min(first.region.maxPly, first.region.focusMaxPly) < c.depth) narrowed++;
        else whole++;
      }),
      { numRuns: 250 },
    );
    // both outcomes were exercised
    expect(narrowed).toBeGreaterThan(0);
    expect(whole).toBeGreaterThan(0);
  });

  test('a depth-6 Figure 4 tree, held in part and focused: the same trace as opened again', () => {
    const s = presetSpec('furtak-buro-fig4', { trees: 1, depth: 6 });
    const root = firstAndAgain(s, 0, 6, [], 3000);
    expect(root.first).toEqual(root.again);
    expect(root.first.region.focusMaxPly).toBeLessThan(6);
    const focused = firstAndAgain({ ...s, name: `${s.name}, focused` }, 0, 6, [1, 0], 3000);
    expect(focused.first).toEqual(focused.again);
    expect(focused.first.region.focusMaxPly).toBeGreaterThan(focused.first.region.maxPly);
  });
});
