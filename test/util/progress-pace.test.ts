/**
 * The clock of a long computation (shared/util/stopwatch.ts) and the progress paced by it
 * (shared/util/progress-pace.ts), on fake clocks: the stopwatch's duration is measured once; a report
 * goes out once PROGRESS_EVERY_MS have passed since the last, whatever the node rate, with the nodes, the
 * stopwatch's ms and nodes ÷ seconds.
 */
import { describe, expect, test } from 'vitest';
import { PROGRESS_EVERY_MS, type PacedProgress, perSecond, ProgressPace } from '../../shared/util/progress-pace.ts';
import { Stopwatch } from '../../shared/util/stopwatch.ts';

/** A clock that moves `step` ms at each reading, and `jump` ms more at reading number `at`. */
function fakeClock(step: number, jump = { at: -1, ms: 0 }) {
  let t = 1000;
  let readings = 0;
  return () => (t += step + (++readings === jump.at ? jump.ms : 0));
}

describe('stopwatch', () => {
  test('runs from its start; stopped once, every later reading is the duration', () => {
    const w = new Stopwatch(fakeClock(10));
    expect(w.ms()).toBe(10);
    expect(w.ms()).toBe(20);
    expect(w.stop()).toBe(30);
    expect(w.stop()).toBe(30);
    expect(w.ms()).toBe(30);
  });
});

describe('progress paced by the clock', () => {
  test.each([
    ['fast', 0.25],
    ['slow', 9],
    ['very slow', 240],
  ])('%s ticks (%f ms apart): a report every PROGRESS_EVERY_MS, at most one tick late', (_, step) => {
    const reports: PacedProgress[] = [];
    const watch = new Stopwatch(fakeClock(step));
    const pace = new ProgressPace(watch, (p) => reports.push(p));
    for (let k = 1; k <= 20_000; k++) pace.tick(k * 4096);
    expect(reports.length).toBeGreaterThan(4);
    let last = step; // the pace's first reading
    for (const r of reports) {
      expect(r.ms - last).toBeGreaterThanOrEqual(PROGRESS_EVERY_MS);
      expect(r.ms - last).toBeLessThan(PROGRESS_EVERY_MS + step);
      expect(r.perSecond).toBe(r.done / (r.ms / 1000));
      expect(r.done).toBe(Math.round((r.ms - step) / step) * 4096);
      last = r.ms;
    }
  });

  test('the rate is the count over the seconds; 0 before any time has passed', () => {
    expect(perSecond(3_000_000, 1500)).toBe(2_000_000);
    expect(perSecond(5, 0)).toBe(0);
  });
});
