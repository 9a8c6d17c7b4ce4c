import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { arbDag, arbTree } from '../helpers/random-graph.ts';
import { uniformNoiseTree } from '../helpers/uniform-noise-tree.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import type { Game } from '../../shared/game/game.ts';
import { INF } from '../../shared/game/game.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { negaScout } from '../../shared/search/negascout.ts';
import { mtdf } from '../../shared/search/mtdf.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { AnnotationTree } from '../../shared/search/annotation-tree.ts';
import { SearchLimitError } from '../../shared/search/search-context.ts';
import { naturalOrdering } from '../../shared/search/ordering/natural.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { randomOrdering } from '../../shared/search/ordering/random.ts';
import { fcfLinear, fcfRatio, fcfThreshold, fcfWeighted } from '../../shared/search/ordering/fastest-cut-first.ts';
import type { MoveOrdering } from '../../shared/search/ordering/move-ordering.ts';
import { ALGORITHMS, runSearch } from '../../shared/search/algorithms.ts';

const ORDERINGS: MoveOrdering[] = [
  naturalOrdering,
  estimateOrdering,
  randomOrdering(3),
  fcfLinear(2),
  fcfThreshold(1),
  fcfRatio(),
  fcfWeighted({ value: 1, ratio: 0.5, size: 0.2 }),
];

/** Hide the optional fast paths of a game, to check they change nothing. */
const plain = (g: Game): Game => new ForwardingGame(g);

describe('every search returns the minimax value', () => {
  test('random trees, every ordering, every depth', () => {
    fc.assert(
      fc.property(arbTree(), fc.integer({ min: 0, max: ORDERINGS.length - 1 }), (graph, oi) => {
        const g = new ExplicitGame(graph);
        for (let d = 0; d <= g.maxPly; d++) {
          const mm = minimax(g, d);
          for (const algo of ALGORITHMS) {
            const r = runSearch(algo, g, d, { ordering: ORDERINGS[oi] });
            expect(r.value).toBe(mm.value);
            expect(r.counters.visited).toBeGreaterThanOrEqual(1);
            if (algo === 'alphabeta') expect(r.counters.visited).toBeLessThanOrEqual(mm.counters.visited);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  test('random DAGs with a transposition table', () => {
    fc.assert(
      fc.property(arbDag(), (graph) => {
        const g = new ExplicitGame(graph);
        const d = g.maxPly;
        const want = g.solved[graph.root];
        expect(minimax(g, d).value).toBe(want);
        for (const algo of ['alphabeta', 'negascout', 'mtdf'] as const) {
          expect(runSearch(algo, g, d, { tt: new TranspositionTable(8), ordering: estimateOrdering }).value).toBe(want);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('prefix value trees: every search returns f(root) = p(root) at every depth, all algorithms and orderings', () => {
    for (let t = 0; t < 6; t++) {
      const g = uniformNoiseTree({ height: 6, bmin: 2, bmax: 6, damage: 5, e: 3, seed: 11, tree: t, rootValue: 3 });
      for (let d = 0; d <= 6; d++) {
        for (const algo of ALGORITHMS) {
          for (const o of ORDERINGS) expect(runSearch(algo, g, d, { ordering: o }, 0).value).toBe(3);
        }
      }
    }
  });
});

describe('fail-soft contract', () => {
  test('alpha-beta and NegaScout with any window bound the true value correctly', () => {
    fc.assert(
      fc.property(
        arbTree({ range: 4 }),
        fc.integer({ min: -6, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        (graph, a, w) => {
          const g = new ExplicitGame(graph);
          const v = g.solved[graph.root];
          const b = a + w;
          for (const search of [alphaBeta, negaScout]) {
            const r = search(g, g.maxPly, { ordering: estimateOrdering }, a, b).value;
            if (r <= a) expect(v).toBeLessThanOrEqual(r);
            else if (r >= b) expect(v).toBeGreaterThanOrEqual(r);
            else expect(r).toBe(v);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('counting convention', () => {
  test('frontier fast path and bulk estimates change neither values nor counts', () => {
    for (let t = 0; t < 5; t++) {
      const p = { height: 5, bmin: 2, bmax: 7, damage: 4, noise: { kind: 'uniform' as const, e: 2 }, seed: 5, tree: t };
      for (const algo of ALGORITHMS) {
        for (const o of [
          estimateOrdering,
          fcfRatio(),
          randomOrdering(4),
          fcfWeighted({ value: 1, ratio: 1, size: 1 }),
        ]) {
          const fast = runSearch(algo, new PrefixValueTree(p), 5, { ordering: o });
          const slow = runSearch(algo, plain(new PrefixValueTree(p)), 5, { ordering: o });
          expect(fast).toEqual(slow);
          if (algo === 'minimax') continue;
          // With the memories too: annotations order the next pass, the TT's best moves come first.
          const idFast = iterativeDeepening(new PrefixValueTree(p), algo, 5, { ordering: o, memory: 'both' });
          const idSlow = iterativeDeepening(plain(new PrefixValueTree(p)), algo, 5, { ordering: o, memory: 'both' });
          expect(idFast).toEqual(idSlow);
          // A window that makes most frontier nodes cut.
          const w = alphaBeta(new PrefixValueTree(p), 5, { ordering: o }, -2, 1);
          expect(w).toEqual(alphaBeta(plain(new PrefixValueTree(p)), 5, { ordering: o }, -2, 1));
        }
      }
    }
  });

  test('minimax visits every node; leaves + expanded = visited', () => {
    fc.assert(
      fc.property(arbTree(), (graph) => {
        const g = new ExplicitGame(graph);
        const r = minimax(g, g.maxPly);
        expect(r.counters.visited).toBe(graph.nodeCount);
        expect(r.counters.leaves + r.counters.expanded).toBe(r.counters.visited);
        for (const algo of ['alphabeta', 'negascout'] as const) {
          const c = runSearch(algo, g, g.maxPly, { ordering: estimateOrdering }).counters;
          expect(c.leaves + c.expanded).toBe(c.visited);
        }
      }),
    );
  });

  test('iterative deepening: cumulative counters are the sum of the passes, values correct at each depth', () => {
    const g = uniformNoiseTree({ height: 7, bmin: 2, bmax: 6, damage: 6, e: 4, seed: 2 });
    for (const algo of ['alphabeta', 'negascout', 'mtdf'] as const) {
      const passes = iterativeDeepening(g, algo, 7, { ordering: estimateOrdering });
      let sum = 0;
      passes.forEach((p, k) => {
        sum += p.pass.visited;
        expect(p.depth).toBe(k + 1);
        expect(p.value).toBe(0);
        expect(p.cumulative.visited).toBe(sum);
      });
    }
  });

  test('same seed ⇒ identical counts; another tree index ⇒ a different tree', () => {
    const mk = (tree: number) => uniformNoiseTree({ height: 6, bmin: 3, bmax: 8, damage: 6, e: 4, seed: 99, tree });
    const a = alphaBeta(mk(0), 6, { ordering: estimateOrdering });
    const b = alphaBeta(mk(0), 6, { ordering: estimateOrdering });
    const c = alphaBeta(mk(1), 6, { ordering: estimateOrdering });
    expect(b).toEqual(a);
    expect(c.counters).not.toEqual(a.counters);
  });

  test('maxVisited stops a search with a SearchLimitError', () => {
    const g = new PrefixValueTree({ height: 8, bmin: 4, bmax: 4, damage: 3, seed: 1 });
    expect(() => alphaBeta(g, 8, { maxVisited: 100 })).toThrow(SearchLimitError);
    expect(() => alphaBeta(g, -1)).toThrow(/depth = -1/);
  });
});

describe('move ordering quality', () => {
  test('perfect estimates give the Knuth–Moore minimal tree on uniform trees with distinct values', () => {
    // Noise-free prefix value trees with D large have nearly distinct values; the count can only
    // reach the minimal tree when ordering is perfect, so a poor ordering must visit more.
    const g = new PrefixValueTree({ height: 6, bmin: 4, bmax: 4, damage: 1000, seed: 4 });
    const perfect = alphaBeta(g, 6, { ordering: estimateOrdering }).counters;
    const natural = alphaBeta(g, 6, { ordering: naturalOrdering }).counters;
    // minimal tree of b = 4, d = 6: 4^3 + 4^3 - 1 = 127 leaves
    expect(perfect.leaves).toBe(127);
    expect(natural.leaves).toBeGreaterThan(127);
  });

  test('MTD(f) with a wrong first guess still converges; passes counted cumulatively', () => {
    const g = uniformNoiseTree({ height: 5, bmin: 3, bmax: 5, damage: 5, e: 2, seed: 8, rootValue: -2 });
    const r = mtdf(g, 5, { ordering: estimateOrdering }, 7);
    expect(r.value).toBe(-2);
    expect(r.passes).toBeGreaterThanOrEqual(2);
    expect(() => mtdf(g, 5, {}, 0.5)).toThrow(/integer/);
    expect(alphaBeta(g, 5, {}, -INF, INF).value).toBe(-2);
  });
});

describe('never-searched children under iterative deepening (F&B Sec. 8)', () => {
  test('unexpanded: random keeps every value, changes the order, and is deterministic', () => {
    const mk = (t: number) => uniformNoiseTree({ height: 6, bmin: 2, bmax: 7, damage: 6, e: 4, seed: 31, tree: t });
    let differs = 0;
    for (let t = 0; t < 6; t++) {
      for (const algo of ['alphabeta', 'negascout', 'mtdf'] as const) {
        const est = iterativeDeepening(mk(t), algo, 6, { ordering: estimateOrdering });
        const rnd = iterativeDeepening(mk(t), algo, 6, { ordering: estimateOrdering, unexpanded: 'random' });
        const again = iterativeDeepening(mk(t), algo, 6, { ordering: estimateOrdering, unexpanded: 'random' });
        expect(rnd.map((p) => p.value)).toEqual(est.map((p) => p.value));
        expect(again).toEqual(rnd);
        if (rnd[5].cumulative.visited !== est[5].cumulative.visited) differs++;
      }
    }
    expect(differs).toBeGreaterThan(0);
  });

  test('a never-searched child is ordered after every searched sibling', () => {
    const g = uniformNoiseTree({ height: 4, bmin: 5, bmax: 5, damage: 6, e: 4, seed: 2 });
    const ann = new AnnotationTree();
    alphaBeta(g, 1, { annotations: ann, ordering: estimateOrdering }); // pass 1: the root's children are seen
    // Mark one root child as never searched and search again: it must come last at the root.
    const first = ann.first[AnnotationTree.ROOT];
    ann.seen[first + 2] = 0;
    const order: number[] = [];
    const spy = new (class extends ForwardingGame {
      override descend(i: number): void {
        if (this.inner.ply === 0) order.push(i);
        super.descend(i);
      }
    })(g);
    alphaBeta(spy, 2, { annotations: ann, ordering: estimateOrdering, unexpanded: 'random' }, -INF, INF);
    expect(order[order.length - 1]).toBe(2);
    expect(order).toHaveLength(5);
  });
});
