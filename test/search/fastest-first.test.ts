/** The fastest-first ordering: ascending child size S_i, natural order on ties, by name through parseOrdering. */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { fullOrder } from '../../shared/search/ordering/move-ordering.ts';
import { fastestFirstOrdering } from '../../shared/search/ordering/fastest-first.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';

describe('fastest-first', () => {
  test('children come by ascending size, ties in natural order, whatever the values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(6), fc.integer({ min: -50, max: 50 })), { minLength: 1, maxLength: 12 }),
        (kids) => {
          const n = kids.length;
          const info = {
            n,
            value: Float64Array.from(kids.map((k) => k[1])),
            size: Float64Array.from(kids.map((k) => k[0])),
            nodeKey: 0,
          };
          const want = kids
            .map((k, i) => [k[0], i] as const)
            .sort((a, b) => a[0] - b[0] || a[1] - b[1])
            .map((x) => x[1]);
          expect(fullOrder(fastestFirstOrdering, info, -10, 10)).toEqual(want);
        },
      ),
    );
  });

  test('parseOrdering knows it and refuses an argument', () => {
    expect(parseOrdering('fastest-first')).toBe(fastestFirstOrdering);
    expect(() => parseOrdering('fastest-first:2')).toThrow(/fastest-first takes no argument/);
  });
});
