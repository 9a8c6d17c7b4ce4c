/**
 * The Connect-Four transposition table against a model written with BigInt: a direct-mapped table whose
 * slot is the whole 49-bit key mod size (Pons' `key % size`), always replaced, holding the full key and
 * a byte of value, 0 = empty; cleared by reset whether few slots were written or many.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  C4TranspositionTable,
  PONS_TABLE_SIZE,
  PONS_TABLE_SIZE_PART11,
} from '../../shared/connect4/transposition-table.ts';

/** A key lo + hi·2^28 below 2^49, as the solver passes it (lo < 2^28, hi < 2^21). */
const key = fc.record({ lo: fc.integer({ min: 0, max: 2 ** 28 - 1 }), hi: fc.integer({ min: 0, max: 2 ** 21 - 1 }) });
type Key = { lo: number; hi: number };

function slotOf(k: Key, size: number): number {
  return Number(((BigInt(k.hi) << 28n) + BigInt(k.lo)) % BigInt(size));
}

/** The model: slot → the last key written there and its value. */
class Model {
  readonly slots = new Map<number, { k: Key; v: number }>();
  constructor(readonly size: number) {}
  put(k: Key, v: number): void {
    this.slots.set(slotOf(k, this.size), { k, v: v & 255 });
  }
  get(k: Key): number {
    const e = this.slots.get(slotOf(k, this.size));
    return e !== undefined && e.k.lo === k.lo && e.k.hi === k.hi ? e.v : 0;
  }
}

// Pons' sizes are large: one table of each, reused (reset between runs, which is itself under test).
const big = new Map([PONS_TABLE_SIZE, PONS_TABLE_SIZE_PART11].map((s) => [s, new C4TranspositionTable(s)]));

describe('C4TranspositionTable = a BigInt model of Pons’ table', () => {
  test('index is the 49-bit key mod size, for every size from 1 to 2^28', () => {
    fc.assert(
      fc.property(key, fc.integer({ min: 1, max: 2 ** 28 }), (k, size) => {
        // the constructor would allocate; index needs only the size
        const t = Object.create(C4TranspositionTable.prototype, { size: { value: size } }) as C4TranspositionTable;
        expect(t.index(k.lo, k.hi)).toBe(slotOf(k, size));
      }),
      { numRuns: 2000 },
    );
  });

  test('index at the largest keys and at multiples of the size', () => {
    for (const size of [PONS_TABLE_SIZE, PONS_TABLE_SIZE_PART11]) {
      const t = big.get(size)!;
      for (const k of [
        { lo: 2 ** 28 - 1, hi: 2 ** 21 - 1 },
        { lo: 0, hi: 0 },
        { lo: size % 2 ** 28, hi: Math.floor(size / 2 ** 28) },
      ])
        expect(t.index(k.lo, k.hi)).toBe(slotOf(k, size));
      // k = m·size and m·size − 1 for large m, split into lo and hi
      for (const m of [1, 2, 12345, Math.floor(2 ** 49 / size)]) {
        for (const d of [0, -1, 1]) {
          const kk = BigInt(m) * BigInt(size) + BigInt(d);
          if (kk < 0n || kk >= 2n ** 49n) continue;
          const k = { lo: Number(kk & (2n ** 28n - 1n)), hi: Number(kk >> 28n) };
          expect(t.index(k.lo, k.hi)).toBe(slotOf(k, size));
        }
      }
    }
  });

  test('puts and gets (colliding keys, overwrites, values mod 256) match the model, and reset empties', () => {
    const op = fc.oneof(
      fc.record({ put: fc.constant(true), k: key, v: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ put: fc.constant(false), k: key, v: fc.constant(0) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 7, 97, 65_537, PONS_TABLE_SIZE, PONS_TABLE_SIZE_PART11),
        fc.array(op, { maxLength: 200 }),
        (size, ops) => {
          const t = big.get(size) ?? new C4TranspositionTable(size);
          t.reset();
          const m = new Model(size);
          const written: Key[] = [];
          for (const o of ops) {
            if (o.put) {
              t.put(o.k.lo, o.k.hi, o.v);
              m.put(o.k, o.v);
              written.push(o.k);
            } else expect(t.get(o.k.lo, o.k.hi)).toBe(m.get(o.k));
            // the key size·2^28 above the last one written shares its slot and is a different key
            const w = written.at(-1);
            if (w !== undefined && w.hi + size < 2 ** 21) {
              const other = { lo: w.lo, hi: w.hi + size };
              expect(slotOf(other, size)).toBe(slotOf(w, size));
              expect(t.get(other.lo, other.hi)).toBe(m.get(other));
            }
          }
          for (const k of written) expect(t.get(k.lo, k.hi)).toBe(m.get(k));
          t.reset();
          for (const k of written) expect(t.get(k.lo, k.hi)).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('reset empties the table after more writes than its log of written slots holds', () => {
    const t = big.get(PONS_TABLE_SIZE_PART11)!;
    t.reset();
    const keys: Key[] = [];
    for (let i = 0; i < 100_000; i++) {
      const k = { lo: (i * 2654435761) % 2 ** 28, hi: i % 2 ** 21 };
      t.put(k.lo, k.hi, 1 + (i % 200));
      keys.push(k);
    }
    expect(keys.some((k) => t.get(k.lo, k.hi) !== 0)).toBe(true);
    t.reset();
    for (const k of keys) expect(t.get(k.lo, k.hi)).toBe(0);
  });
});
