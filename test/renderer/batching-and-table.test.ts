/** Live-update batching and the results table's sort. */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Batcher, type Scheduler } from '../../renderer/src/logic/batcher.ts';
import { sortRows, summaryCsv, summaryRows, type TableRow } from '../../renderer/src/logic/results-table.ts';
import { summarize } from '../../shared/experiments/statistics.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { resultLine } from '../helpers/result-line.ts';

/** A manual clock: timers fire only when the test advances time. */
function manualScheduler() {
  let now = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const s: Scheduler = {
    set: (fn, ms) => {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clear: (h) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      timers.splice(timers.indexOf(due), 1);
      due.fn();
    }
  };
  return { s, advance, pending: () => timers.length, now: () => now };
}

describe('Batcher', () => {
  test('a burst within the interval is one flush, in arrival order', () => {
    const clock = manualScheduler();
    const flushes: number[][] = [];
    const b = new Batcher<number>((xs) => flushes.push(xs), 150, clock.s);
    for (let i = 0; i < 100; i++) b.push(i);
    expect(flushes).toEqual([]);
    expect(clock.pending()).toBe(1);
    clock.advance(149);
    expect(flushes).toEqual([]);
    clock.advance(1);
    expect(flushes).toEqual([Array.from({ length: 100 }, (_, i) => i)]);
    b.push(100);
    clock.advance(150);
    expect(flushes.length).toBe(2);
    expect(flushes[1]).toEqual([100]);
  });

  test('flush() hands over at once and cancels the timer; nothing pending means no call', () => {
    const clock = manualScheduler();
    const flushes: string[][] = [];
    const b = new Batcher<string>((xs) => flushes.push(xs), 100, clock.s);
    b.flush();
    expect(flushes).toEqual([]);
    b.push('a', 'b');
    b.flush();
    expect(flushes).toEqual([['a', 'b']]);
    expect(clock.pending()).toBe(0);
    b.push('c');
    b.dispose();
    clock.advance(1000);
    expect(flushes.length).toBe(1);
  });

  test('flushes are at least an interval apart whatever the arrival pattern', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 60 }), (gaps) => {
        const clock = manualScheduler();
        const at: number[] = [];
        let total = 0;
        const b = new Batcher<number>(
          (xs) => {
            at.push(clock.now());
            total += xs.length;
          },
          150,
          clock.s,
        );
        for (const g of gaps) {
          for (let k = 0; k < g; k += 10) clock.advance(10);
          b.push(clock.now());
        }
        clock.advance(150);
        expect(total).toBe(gaps.length);
        expect(b.pending).toBe(0);
        for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(150);
      }),
    );
  });
});

describe('results table', () => {
  const line = (tree: number, depth: number, mpg: number, counts: number[]): ResultLine =>
    resultLine(
      tree,
      depth,
      mpg,
      counts.map((c, k) => ({
        series: `s${k}`,
        visited: c,
        expanded: c,
        leaves: 0,
        passVisited: c,
        passExpanded: c,
      })),
    );

  test('one row per depth and series, values from the summary', () => {
    const lines = [line(0, 1, 10, [10, 20]), line(1, 1, 10, [30, 40]), line(0, 2, 20, [40, 20])];
    const s = summarize(lines, ['s0', 's1'], [1, 2]);
    const rows = summaryRows(s);
    expect(rows.length).toBe(4);
    expect(rows[0]).toMatchObject({ depth: 1, series: 's0', trees: 2, mpg: 10, ratio: 2, mean: 20 });
    expect(rows[3]).toMatchObject({ depth: 2, series: 's1', ratio: 1, mean: 20 });
    expect(Number.isNaN(rows[3].lo)).toBe(true); // one tree: no interval
    // As CSV: provenance per run, the header, the rows as shown; no interval stays empty, quotes where needed.
    const csv = summaryCsv(
      [...rows.map((r) => ({ ...r, run: 'A' })), { ...rows[0], series: 'x, "y"', run: 'B' }],
      [
        { label: 'A', name: 'one', seed: 1, generator: 'g 1' },
        { label: 'B', name: 'two', seed: 2, generator: 'g 1' },
      ],
      'visited nodes ÷ seen minimum proof size',
    ).split('\n');
    expect(csv.slice(0, 3)).toEqual([
      '# A: one; seed 1; g 1; visited nodes ÷ seen minimum proof size; series s0 = s0; s1 = s1',
      '# B: two; seed 2; g 1; visited nodes ÷ seen minimum proof size; series x, "y" = x, "y"',
      'run,depth,series,trees,mean_mpg,mean_count,count_over_mpg,ci95_low,ci95_high',
    ]);
    expect(csv[3]).toBe(`A,1,s0,2,10,20,2,${rows[0].lo},${rows[0].hi}`);
    expect(csv[6]).toBe('A,2,s1,2,20,20,1,,');
    expect(csv[7]).toBe(`B,1,"x, ""y""",2,10,20,2,${rows[0].lo},${rows[0].hi}`);
    expect(csv.length).toBe(3 + 5 + 1);
  });

  test("the CSV's provenance line names each run's series as figures do; the series column keeps the ids", () => {
    const row = (run: string, series: string) => ({
      ...summaryRows(summarize([line(0, 1, 10, [10, 20])], ['a', 'b'], [1]))[0],
      run,
      series,
    });
    const csv = summaryCsv(
      [row('A', 'alphabeta / estimate'), row('A', 'mtdf / value+FCF + TT'), row('B', 'negascout / fcf-ratio')],
      [
        { label: 'A', name: 'one', seed: 1, generator: 'g 1' },
        { label: 'B', name: 'two', seed: 2, generator: 'g 1' },
      ],
      'visited nodes ÷ seen minimum proof size',
    ).split('\n');
    expect(csv[0]).toBe(
      '# A: one; seed 1; g 1; visited nodes ÷ seen minimum proof size; series alphabeta / estimate = α-β / value; mtdf / value+FCF + TT = MTD(f) / value + FCF + TT',
    );
    expect(csv[1]).toBe(
      '# B: two; seed 2; g 1; visited nodes ÷ seen minimum proof size; series negascout / fcf-ratio = NegaScout / FCF S/P',
    );
    expect(csv.slice(3, 6).map((l) => l.split(',')[2])).toEqual([
      'alphabeta / estimate',
      'mtdf / value+FCF + TT',
      'negascout / fcf-ratio',
    ]);
  });

  const rowArb = fc.record({
    depth: fc.integer({ min: 1, max: 5 }),
    series: fc.constantFrom('a', 'b', 'c'),
    trees: fc.constant(3),
    mpg: fc.double({ noNaN: true, min: 0, max: 100 }),
    ratio: fc.oneof(fc.double({ noNaN: true, min: 0, max: 5 }), fc.constant(NaN)),
    lo: fc.double({ noNaN: true, min: 0, max: 5 }),
    hi: fc.double({ noNaN: true, min: 0, max: 5 }),
    mean: fc.double({ noNaN: true, min: 0, max: 1e6 }),
  }) as fc.Arbitrary<TableRow>;

  test('sorting is a stable permutation, ordered, NaN last in both directions', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 40 }),
        fc.constantFrom('depth', 'series', 'ratio', 'mean') as fc.Arbitrary<'depth' | 'series' | 'ratio' | 'mean'>,
        fc.boolean(),
        (rows, key, asc) => {
          const sorted = sortRows(rows, key, asc ? 'asc' : 'desc');
          expect(sorted.length).toBe(rows.length);
          expect(new Set(sorted)).toEqual(new Set(rows));
          const nanAt = sorted.findIndex((r) => typeof r[key] === 'number' && Number.isNaN(r[key]));
          if (nanAt >= 0) expect(sorted.slice(nanAt).every((r) => Number.isNaN(r[key] as number))).toBe(true);
          for (let i = 1; i < sorted.length; i++) {
            const x = sorted[i - 1],
              y = sorted[i];
            const a = x[key],
              b = y[key];
            if (typeof a === 'number' && (Number.isNaN(a) || Number.isNaN(b as number))) continue;
            const c = typeof a === 'number' ? a - (b as number) : String(a).localeCompare(String(b));
            expect(asc ? c <= 0 : c >= 0).toBe(true);
            if (c === 0) expect(rows.indexOf(x)).toBeLessThan(rows.indexOf(y)); // stable
          }
        },
      ),
    );
  });
});
