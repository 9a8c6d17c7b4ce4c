/**
 * The transposition table (shared/search/transposition-table.ts) against a plain model of what it promises:
 * open addressing on the key's low bits, always-replace, depth and move kept as 16-bit integers, bounds as
 * doubles, and `clear` emptying every entry, also when its clear count wraps and the records are wiped.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { NO_ENTRY, TranspositionTable } from '../../shared/search/transposition-table.ts';

const BITS = 4; // 16 slots: keys collide often
const int16 = (x: number) => (x << 16) >> 16;
const slotOf = (hi: number, lo: number) => (lo ^ Math.imul(hi, 0x9e3779b1)) & ((1 << BITS) - 1);

interface Entry {
  hi: number;
  lo: number;
  depth: number;
  lower: number;
  upper: number;
  move: number;
}

type Op = { kind: 'store'; e: Entry } | { kind: 'probe'; hi: number; lo: number } | { kind: 'clear' };

const key = fc.integer({ min: -3, max: 3 });
const bound = fc.oneof(fc.integer({ min: -100, max: 100 }), fc.constantFrom(-Infinity, Infinity, 0.5));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('store' as const),
    e: fc.record({
      hi: key,
      lo: key,
      depth: fc.integer({ min: -40000, max: 40000 }),
      lower: bound,
      upper: bound,
      move: fc.integer({ min: -1, max: 40000 }),
    }),
  }),
  fc.record({ kind: fc.constant('probe' as const), hi: key, lo: key }),
  fc.record({ kind: fc.constant('clear' as const) }),
);

/** Runs the operations on the table and on the model; every probe must agree. */
function agree(tt: TranspositionTable, ops: Op[]): void {
  const model = new Map<number, Entry>();
  for (const o of ops) {
    if (o.kind === 'clear') {
      tt.clear();
      model.clear();
    } else if (o.kind === 'store') {
      tt.store(o.e.hi, o.e.lo, o.e.depth, o.e.lower, o.e.upper, o.e.move);
      model.set(slotOf(o.e.hi, o.e.lo), o.e);
    } else {
      const s = tt.probe(o.hi, o.lo);
      const want = model.get(slotOf(o.hi, o.lo));
      if (want === undefined || want.hi !== o.hi || want.lo !== o.lo) {
        expect(s).toBe(NO_ENTRY);
      } else {
        expect(s).toBe(slotOf(o.hi, o.lo));
        expect(tt.depthAt(s)).toBe(int16(want.depth));
        expect(tt.moveAt(s)).toBe(int16(want.move));
        expect(tt.lowerAt(s)).toBe(want.lower);
        expect(tt.upperAt(s)).toBe(want.upper);
      }
    }
  }
}

describe('transposition table', () => {
  test('probe, store and clear behave as an always-replace table of 16-bit depths and moves', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => agree(new TranspositionTable(BITS), ops)),
      { numRuns: 300 },
    );
  });

  test('clear empties every entry when its clear count wraps', () => {
    const tt = new TranspositionTable(BITS);
    tt.store(1, 2, 3, 4, 5, 6);
    (tt as unknown as { epoch: number }).epoch = 0x7fffffff; // the last count before the wrap
    tt.store(7, 8, 3, 4, 5, 6);
    expect(tt.probe(7, 8)).not.toBe(NO_ENTRY);
    tt.clear();
    expect(tt.probe(1, 2)).toBe(NO_ENTRY);
    expect(tt.probe(7, 8)).toBe(NO_ENTRY);
    tt.store(1, 2, 3, 4, 5, 6);
    expect(tt.probe(1, 2)).toBe(slotOf(1, 2));
  });

  test('a new table holds nothing', () => {
    const tt = new TranspositionTable(BITS);
    for (let hi = -3; hi <= 3; hi++) for (let lo = -3; lo <= 3; lo++) expect(tt.probe(hi, lo)).toBe(NO_ENTRY);
    expect(tt.probe(0, 0)).toBe(NO_ENTRY);
  });

  test('touch reads the slot a node maps to (its key word once stored there), and changes nothing', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), fc.integer(), (hi, lo, hi2, lo2) => {
        const tt = new TranspositionTable(BITS);
        tt.store(hi, lo, 3, -1, 1, 2);
        expect(tt.touch(hi, lo)).toBe(hi | 0);
        const same = slotOf(hi2, lo2) === slotOf(hi, lo);
        expect(tt.touch(hi2, lo2)).toBe(same ? hi | 0 : 0);
        expect(tt.probe(hi, lo)).toBe(slotOf(hi, lo));
        expect(tt.depthAt(slotOf(hi, lo))).toBe(3);
      }),
    );
  });

  test('storeResult: the bounds of a fail-soft result merged with those stored for the node and depth, then stored', () => {
    const result = fc.record({
      hi: key,
      lo: key,
      depth: fc.integer({ min: 0, max: 3 }),
      alpha: fc.integer({ min: -5, max: 5 }),
      width: fc.integer({ min: 1, max: 5 }),
      best: fc.integer({ min: -8, max: 8 }),
      move: fc.integer({ min: -1, max: 9 }),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(result, fc.constant(null)), { maxLength: 60 }), (rs) => {
        const tt = new TranspositionTable(BITS);
        const model = new Map<number, Entry>();
        for (const r of rs) {
          if (r === null) {
            tt.clear();
            model.clear();
            continue;
          }
          const beta = r.alpha + r.width;
          let lower = r.best > r.alpha ? r.best : -Infinity;
          let upper = r.best < beta ? r.best : Infinity;
          const old = model.get(slotOf(r.hi, r.lo));
          if (old !== undefined && old.hi === r.hi && old.lo === r.lo && old.depth === r.depth) {
            lower = Math.max(lower, old.lower);
            upper = Math.min(upper, old.upper);
          }
          model.set(slotOf(r.hi, r.lo), { hi: r.hi, lo: r.lo, depth: r.depth, lower, upper, move: r.move });
          tt.storeResult(r.hi, r.lo, r.depth, r.alpha, beta, r.best, r.move);
          const s = tt.probe(r.hi, r.lo);
          expect(s).toBe(slotOf(r.hi, r.lo));
          expect([tt.depthAt(s), tt.lowerAt(s), tt.upperAt(s), tt.moveAt(s)]).toEqual([r.depth, lower, upper, r.move]);
        }
      }),
    );
  });
});
