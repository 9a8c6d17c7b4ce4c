/**
 * Iterative deepening and MTD(f) reuse their annotation tree and transposition table between calls
 * (cleared before reuse): a call must give exactly what a first call on a fresh process gives, whatever ran
 * before it and even when a search runs inside another's pass callback.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { AnnotationTree } from '../../shared/search/annotation-tree.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { ALGORITHMS } from '../../shared/search/algorithms.ts';
import { mtdf } from '../../shared/search/mtdf.ts';

const tree = (t: number, depth = 6) =>
  new PrefixValueTree({
    height: depth,
    bmin: 2,
    bmax: 7,
    damage: 5,
    noise: { kind: 'uniform', e: 3 },
    seed: 11,
    tree: t,
  });

describe('iterative deepening memory reuse', () => {
  test('a sequence of calls equals the same calls each with fresh memory', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            t: fc.nat(50),
            a: fc.constantFrom(...ALGORITHMS.filter((x) => x !== 'minimax')),
            d: fc.integer({ min: 1, max: 6 }),
            rnd: fc.boolean(),
          }),
          { minLength: 2, maxLength: 6 },
        ),
        (calls) => {
          for (const c of calls) {
            const opts = {
              ordering: parseOrdering('fcf-weighted:1,2,1'),
              unexpanded: c.rnd ? ('random' as const) : ('estimate' as const),
            };
            const reused = iterativeDeepening(tree(c.t), c.a, c.d, opts);
            // Fresh memory of the same kind: a new annotation tree, and a new table for MTD(f).
            const fresh = iterativeDeepening(tree(c.t), c.a, c.d, {
              ...opts,
              annotations: new AnnotationTree(),
              tt: c.a === 'mtdf' ? new TranspositionTable(20) : undefined,
            });
            expect(reused).toEqual(fresh);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  test("a search started inside another one's pass callback leaves the outer search unchanged", () => {
    const plain = iterativeDeepening(tree(3, 7), 'mtdf', 7, { ordering: estimateOrdering });
    const inner: number[] = [];
    const nested = iterativeDeepening(tree(3, 7), 'mtdf', 7, { ordering: estimateOrdering }, () => {
      inner.push(
        iterativeDeepening(tree(4, 5), 'negascout', 5, { ordering: estimateOrdering }).at(-1)!.cumulative.visited,
      );
    });
    expect(nested).toEqual(plain);
    expect(new Set(inner).size).toBe(1); // the inner search, repeated, gives the same count every time
  });

  test('fixed-depth MTD(f) on the spare table equals MTD(f) on a new one, call after call', () => {
    for (const t of [1, 2, 1, 3]) {
      const spare = mtdf(tree(t), 6, { ordering: estimateOrdering });
      const fresh = mtdf(tree(t), 6, { ordering: estimateOrdering, tt: new TranspositionTable(20) });
      expect(spare).toEqual(fresh);
    }
  });

  test('reset forgets every record', () => {
    const a = new AnnotationTree(4);
    const c = a.children(AnnotationTree.ROOT, 3);
    a.record(c + 1, 5, 2);
    a.children(c + 1, 9); // grows
    a.reset();
    expect(a.count).toBe(1);
    expect(a.first[AnnotationTree.ROOT]).toBe(-1);
    expect([...a.seen.subarray(0, 16)].every((x) => x === 0)).toBe(true);
    expect(a.children(AnnotationTree.ROOT, 2)).toBe(1);
  });
});
