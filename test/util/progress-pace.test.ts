/**
 * The clock of a long computation (shared/util/stopwatch.ts) and the progress paced by it
 * (shared/util/progress-pace.ts), on fake clocks: the stopwatch's duration is measured once; a report
 * goes out once PROGRESS_EVERY_MS have passed since the last, whatever the node rate, with the nodes, the
 * stopwatch's ms and nodes ÷ seconds. Through the study job, an Othello solve that takes ~2.5 s on its
 * clock reports at least once a second, and its result's time is the job's duration.
 */
import { describe, expect, test } from 'vitest';
import { PROGRESS_EVERY_MS, type PacedProgress, perSecond, ProgressPace } from '../../shared/util/progress-pace.ts';
import { Stopwatch } from '../../shared/util/stopwatch.ts';
import { runStudyJob, type StudyMessage } from '../../shared/jobs/study-jobs.ts';
import { FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';

/** A clock that moves `step` ms at each reading, and `jump` ms more at reading number `at`. */
function fakeClock(step: number, jump = { at: -1, ms: 0 }) {
  let t = 1000;
  let readings = 0;
  return () => (t += step + (++readings === jump.at ? jump.ms : 0));
}

/** The longest stretch without a report: from the start to the first, between reports, from the last to the end. */
function longestGap(reportMs: number[], endMs: number): number {
  const at = [0, ...reportMs, endMs];
  return Math.max(...at.slice(1).map((t, i) => t - at[i]));
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

describe('an Othello solve through the study job, on a fake clock', () => {
  // FForum #1 by alpha-beta in natural order: ~1.2 M nodes, ~290 clock readings; 9 ms a reading makes ~2.6 s.
  const req = {
    kind: 'othello',
    position: FFORUM_1_19[0].position,
    algorithm: 'alphabeta',
    ordering: 'natural',
    weak: false,
  } as const;
  const solve = (now: () => number) => {
    const messages: StudyMessage[] = [];
    runStudyJob(req, (m) => messages.push(m), now);
    const end = messages.at(-1)!;
    if (end.type !== 'result' || end.result.kind !== 'othello') throw new Error(`no result: ${JSON.stringify(end)}`);
    const progress = messages.filter((m) => m.type === 'progress');
    return { end, result: end.result.result, progress, ms: progress.map((m) => m.ms!) };
  };

  test('reports at least once a second with nodes, ms and nodes/s; the result carries the job’s duration', () => {
    const { end, result: r, progress, ms } = solve(fakeClock(9));
    expect(end.ms).toBeGreaterThan(2000);
    expect(end.ms).toBeLessThan(4000);
    expect(longestGap(ms, end.ms)).toBeLessThanOrEqual(1000);
    for (const m of progress) expect(m.perSecond).toBe(m.done / (m.ms! / 1000));
    expect(progress.map((m) => m.done)).toEqual([...progress.map((m) => m.done)].sort((a, b) => a - b));
    expect(r.seconds).toBe(end.ms / 1000);
    expect(r.nodesPerSecond).toBe(r.nodes / (end.ms / 1000));
    expect(r.score).toBe(18);
  });

  test('a stall of 1.5 s between two readings shows as a gap over a second (the check above can fail)', () => {
    const { end, ms } = solve(fakeClock(9, { at: 60, ms: 1500 }));
    expect(longestGap(ms, end.ms)).toBeGreaterThan(1000);
  });
});
