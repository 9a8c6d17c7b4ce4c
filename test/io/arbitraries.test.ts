import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkGraph } from '../../shared/game/graph.ts';
import { arbGraph } from '../helpers/random-graph.ts';

// The round-trip properties are only as good as their data: make sure it covers the hard cases.
describe('test data', () => {
  it('random graphs are valid and include DAGs with shared children, non-zero roots, unknown values and estimates', () => {
    const gs = fc.sample(arbGraph(), { numRuns: 300, seed: 42 });
    for (const g of gs) checkGraph(g);
    const shared = (g: (typeof gs)[0]) => new Set(g.children).size < g.children.length;
    expect(gs.some((g) => g.kind === 'dag' && shared(g))).toBe(true);
    expect(gs.some((g) => g.root !== 0)).toBe(true);
    expect(gs.some((g) => g.value.some(Number.isNaN))).toBe(true);
    expect(gs.some((g) => g.estimate?.some((e) => Object.is(e, -0)))).toBe(true);
    expect(gs.some((g) => g.nodeCount >= 20)).toBe(true);
  });
});
