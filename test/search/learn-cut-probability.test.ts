import { describe, expect, test } from 'vitest';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import {
  collectCutStatistics,
  cutProbabilityFromStatistics,
  learnCutProbability,
} from '../../shared/search/ordering/learn-cut-probability.ts';
import { fcfRatio } from '../../shared/search/ordering/fastest-cut-first.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';

const trees = (seed: number, n: number) =>
  Array.from(
    { length: n },
    (_, t) =>
      new PrefixValueTree({ height: 6, bmin: 3, bmax: 8, damage: 6, noise: { kind: 'uniform', e: 4 }, seed, tree: t }),
  );

describe('learned cut probability (Furtak & Buro Sec. 8)', () => {
  test('observing changes no search result; statistics count every child searched', () => {
    for (const g of trees(3, 3)) {
      const plain = iterativeDeepening(g, 'alphabeta', 6, { ordering: estimateOrdering });
      let calls = 0;
      const watched = iterativeDeepening(g, 'alphabeta', 6, {
        ordering: estimateOrdering,
        cutObserver: { record: () => void calls++ },
      });
      expect(watched).toEqual(plain);
      // children searched with a finite β: at least one per pass below the root, at most every non-root visit
      expect(calls).toBeGreaterThan(plain.length);
      expect(calls).toBeLessThan(plain[plain.length - 1].cumulative.visited - plain.length);
    }
  });

  test('under unexpanded: random, children without a value estimate are not recorded; the table stays on real margins', () => {
    let unexpanded = 0;
    let recorded = 0;
    for (const g of trees(5, 3)) {
      const plain = iterativeDeepening(g, 'alphabeta', 6, { ordering: estimateOrdering, unexpanded: 'random' });
      const watched = iterativeDeepening(g, 'alphabeta', 6, {
        ordering: estimateOrdering,
        unexpanded: 'random',
        cutObserver: {
          record: (margin) => {
            recorded++;
            if (margin < -1e6) unexpanded++;
          },
        },
      });
      expect(watched).toEqual(plain);
    }
    expect(recorded).toBeGreaterThan(0);
    expect(unexpanded).toBe(0);
    const stats = collectCutStatistics(trees(5, 10), {
      algorithm: 'negascout',
      ordering: estimateOrdering,
      depth: 6,
      unexpanded: 'random',
    });
    // every margin is a difference of two values of the tree (|value| ≤ damage · depth + noise)
    for (const m of stats.counts.keys()) expect(Math.abs(m)).toBeLessThanOrEqual(2 * (6 * 6 + 4));
  });

  test('P grows with the margin, is a probability, and matches the raw frequencies where well sampled', () => {
    const stats = collectCutStatistics(trees(11, 20), { algorithm: 'alphabeta', ordering: estimateOrdering, depth: 6 });
    const p = cutProbabilityFromStatistics(stats, 50);
    let last = -1;
    for (let m = -12; m <= 12; m++) {
      const x = p.p(m, 0);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1);
      expect(x).toBeGreaterThanOrEqual(last);
      last = x;
    }
    // With noise U[-4..4] a child estimated 6 above beta nearly always cuts, one 6 below nearly never.
    expect(p.p(6, 0)).toBeGreaterThan(0.9);
    expect(p.p(-6, 0)).toBeLessThan(0.1);
    const [c, n] = stats.counts.get(0)!;
    expect(Math.abs(p.p(0, 0) - c / n)).toBeLessThan(0.1);
  });

  test('the learned ordering searches correctly and refuses too little data', () => {
    const prob = learnCutProbability(trees(5, 10), { algorithm: 'alphabeta', ordering: estimateOrdering, depth: 5 });
    for (const g of trees(99, 4)) expect(alphaBeta(g, 6, { ordering: fcfRatio(prob) }).value).toBe(0);
    expect(() => cutProbabilityFromStatistics({ counts: new Map([[0, [1, 2]]]) }, 30)).toThrow(
      /no margin was seen 30 times/,
    );
  });
});
