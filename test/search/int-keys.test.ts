/**
 * The Int32 key rows of the generic engine (shared/search/ordering/move-ordering.ts copyIntKeys,
 * firstIntKey and pickNextInt) pick children in exactly the order pickNext picks them from the Float64
 * keys: integer keys, the random keys of never-searched children (RANDOM_BASE + a fraction) among them,
 * ties by lowest index.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  copyIntKeys,
  firstIntKey,
  INT_KEY_LIMIT,
  pickNext,
  pickNextInt,
  RANDOM_BASE,
} from '../../shared/search/ordering/move-ordering.ts';
import { mix32, unit } from '../../shared/util/hash.ts';

/** A key as the searches write them: small integers (often tied), a random never-searched key, or a real. */
const arbKey = fc.oneof(
  { arbitrary: fc.integer({ min: -6, max: 6 }), weight: 4 },
  { arbitrary: fc.integer({ min: -INT_KEY_LIMIT, max: INT_KEY_LIMIT }), weight: 2 },
  { arbitrary: fc.integer().map((h) => RANDOM_BASE + unit(mix32(h))), weight: 4 },
  { arbitrary: fc.constantFrom(RANDOM_BASE, RANDOM_BASE + 1, INT_KEY_LIMIT + 1, -2e300, 0.5, -0), weight: 1 },
);

function floatOrder(keys: number[], off: number): number[] {
  const key = new Float64Array(off + keys.length);
  key.set(keys, off);
  const tie = new Float64Array(key.length);
  return keys.map(() => pickNext(key, tie, false, off, keys.length));
}

describe('integer key rows', () => {
  test('copyIntKeys + pickNextInt take the children in pickNext order whenever copyIntKeys accepts the row', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(arbKey, { minLength: 1, maxLength: 16 }), fc.integer({ min: 0, max: 5 }), (keys, off) => {
        const key = new Float64Array(off + keys.length);
        key.set(keys, off);
        const ikey = new Int32Array(key.length);
        const first = copyIntKeys(key, ikey, off, keys.length);
        if (first < 0) return;
        accepted++;
        const order = [first];
        ikey[off + first] = -0x40000000;
        for (let k = 1; k < keys.length; k++) order.push(pickNextInt(ikey, off, keys.length));
        expect(order).toEqual(floatOrder(keys, off));
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(400); // most rows: the property is not checked vacuously
  });

  test('firstIntKey names the child pickNextInt takes first, and takes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -INT_KEY_LIMIT, max: INT_KEY_LIMIT }), { minLength: 1, maxLength: 16 }),
        fc.integer({ min: 0, max: 5 }),
        (keys, off) => {
          const ikey = new Int32Array(off + keys.length);
          ikey.set(keys, off);
          const first = firstIntKey(ikey, off, keys.length);
          expect(Array.from(ikey.subarray(off))).toEqual(keys);
          expect(first).toBe(pickNextInt(ikey, off, keys.length));
          expect(first).toBe(floatOrder(keys, off)[0]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('a row of random never-searched keys and integers is accepted; reals and keys out of range are not', () => {
    const row = (keys: number[]) => copyIntKeys(Float64Array.from(keys), new Int32Array(keys.length), 0, keys.length);
    expect(row([3, RANDOM_BASE + unit(mix32(1)), -2, RANDOM_BASE + unit(mix32(2))])).toBe(0);
    expect(row([RANDOM_BASE + unit(mix32(1)), RANDOM_BASE + unit(mix32(2))])).toBeGreaterThanOrEqual(0);
    expect(row([1, 0.5])).toBe(-1);
    expect(row([1, RANDOM_BASE])).toBe(-1);
    expect(row([INT_KEY_LIMIT + 1])).toBe(-1);
  });
});
