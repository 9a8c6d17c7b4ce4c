/**
 * The kept census (shared/trace/census-trie.ts, census-cache.ts) against the census it stands for
 * (TraceCensus, run afresh for each focus and budget): the same region whenever the trie answers, an
 * answer whenever the trie holds every expansion, and a second trace of the same run, tree and depth
 * that does not run the census searches again.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parseSpec, specHeight, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { CensusTrie } from '../../shared/trace/census-trie.ts';
import { searchCensus, TraceCensus } from '../helpers/trace-census.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { censusCacheStats } from '../../shared/trace/census-cache.ts';
import { pathTo } from '../../shared/trace/trace-tree.ts';

function spec(depth: number, iterative: boolean): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name: 'census',
    model: { kind: 'prefix-value', bmin: 2, bmax: 4, damage: 5, noise: { kind: 'uniform', e: 3 } },
    trees: 4,
    seed: 9,
    depth,
    iterative,
    series: [
      { algorithm: 'alphabeta', ordering: 'estimate' },
      { algorithm: 'negascout', ordering: 'fcf-weighted:1,0.5,0.5' },
      { algorithm: 'mtdf', ordering: 'estimate', memory: 'both' },
    ],
  });
}

describe('the kept census', () => {
  test('narrowed to a focus and a budget, it gives the region a fresh census gives', () => {
    const arb = fc.record({
      depth: fc.integer({ min: 1, max: 6 }),
      iterative: fc.boolean(),
      tree: fc.integer({ min: 0, max: 3 }),
      focus: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 6 }),
      budget: fc.integer({ min: 1, max: 400 }),
      limit: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 300 })),
    });
    let declined = 0;
    let answered = 0;
    fc.assert(
      fc.property(arb, (c) => {
        const s = spec(c.depth, c.iterative);
        const focus = c.focus.slice(0, c.depth);
        const game = makeGame(s.model, specHeight(s), s.seed, c.tree);
        const trie = new CensusTrie(game.maxPly, c.limit);
        searchCensus(s, game, trie, c.depth);
        const census = new TraceCensus(game.maxPly, focus, c.budget);
        searchCensus(s, game, census, c.depth);
        const want = census.region(c.depth, c.budget).describe();
        const got = trie.region(focus, c.depth, c.budget);
        if (c.limit === Infinity) expect(got).not.toBeNull();
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
    const s = spec(6, true);
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
