/**
 * The kept census (shared/trace/census-trie.ts, census-cache.ts) against the census it stands for
 * (TraceCensus, run afresh for each focus and budget): the same region whenever the trie answers, an
 * answer whenever the trie holds every expansion, and a second trace of the same run, tree and depth
 * that does not run the census searches again.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { specHeight } from '../../shared/experiments/spec.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { CensusTrie } from '../../shared/trace/census-trie.ts';
import { censusCase, censusSpec, searchCensus, TraceCensus } from '../helpers/trace-census.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { censusCacheStats } from '../../shared/trace/census-cache.ts';
import { pathTo } from '../../shared/trace/trace-tree.ts';

describe('the kept census', () => {
  test('narrowed to a focus and a budget, it gives the region a fresh census gives', () => {
    const arb = fc.tuple(censusCase, fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 300 })));
    let declined = 0;
    let answered = 0;
    fc.assert(
      fc.property(arb, ([c, limit]) => {
        const s = censusSpec(c.depth, c.iterative);
        const focus = c.focus;
        const game = makeGame(s.model, specHeight(s), s.seed, c.tree);
        const trie = new CensusTrie(game.maxPly, limit);
        searchCensus(s, game, trie, c.depth);
        const census = new TraceCensus(game.maxPly, focus, c.budget);
        searchCensus(s, game, census, c.depth);
        const want = census.region(c.depth, c.budget).describe();
        const got = trie.region(focus, c.depth, c.budget);
        if (limit === Infinity) expect(got).not.toBeNull();
        if (got === null) declined++;
        else {
          answered++;
          expect(got.describe()).toEqual(want);
        }
      }),
      { numRuns: 400 },
    );
    // both outcomes were exercised
    expect(declined).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(0);
  });

  test('a second trace of the same run, tree and depth, on another focus, runs no census searches', () => {
    const s = censusSpec(6, true);
    const before = { ...censusCacheStats };
    const first = buildTrace(s, 2, 6, { budget: 60 });
    expect(censusCacheStats.misses).toBe(before.misses + 1);
    let edge = -1;
    for (let v = 0; v < first.count; v++) if (first.more[v] === 1) edge = v;
    expect(edge).toBeGreaterThanOrEqual(0);
    const focused = buildTrace(s, 2, 6, { focus: pathTo(first, edge), budget: 60 });
    expect(censusCacheStats.misses).toBe(before.misses + 1);
    expect(censusCacheStats.hits).toBe(before.hits + 1);
    expect(focused.region.focus).toEqual(pathTo(first, edge));
    // another depth is another census
    buildTrace(s, 2, 5, { budget: 60 });
    expect(censusCacheStats.misses).toBe(before.misses + 2);
  });
});
