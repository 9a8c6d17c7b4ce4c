/**
 * The host's event throttle (shared/host/gap-timer.ts) and the run events built on it: any number of
 * schedulings flush once, a gap after the first; flush() sends at once and cancels the pending timer;
 * a run's lines go out batched and before its latest progress.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GapTimer } from '../../shared/host/gap-timer.ts';
import { RunEventThrottle } from '../../shared/host/run-event-throttle.ts';
import type { RunEvent } from '../../shared/api/contract.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import type { RunProgress } from '../../shared/experiments/run-experiment.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('GapTimer', () => {
  test('many schedulings, one flush a gap after the first; flush() at once, nothing left pending', () => {
    const flushed: number[] = [];
    const g = new GapTimer(100, () => flushed.push(Date.now()));
    const t0 = Date.now();
    g.schedule();
    vi.advanceTimersByTime(60);
    g.schedule();
    g.schedule();
    vi.advanceTimersByTime(39);
    expect(flushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushed).toEqual([t0 + 100]);
    g.schedule();
    g.flush();
    expect(flushed.length).toBe(2);
    vi.advanceTimersByTime(500);
    expect(flushed.length).toBe(2);
  });
});

describe('RunEventThrottle', () => {
  const line = (tree: number) => ({ tree, depth: 1 }) as unknown as ResultLine;
  const progress = (done: number) => ({ treesDone: done }) as unknown as RunProgress;

  test('lines batched, then the latest progress; at most once per gap', () => {
    const events: RunEvent[] = [];
    const t = new RunEventThrottle('r', 50, (e) => events.push(e));
    t.line(line(0));
    t.setProgress(progress(1));
    t.line(line(1));
    t.setProgress(progress(2));
    expect(events).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(events).toEqual([
      { runId: 'r', type: 'lines', lines: [line(0), line(1)] },
      { runId: 'r', type: 'progress', progress: progress(2) },
    ]);
    t.setProgress(progress(3));
    t.flush();
    expect(events.at(-1)).toEqual({ runId: 'r', type: 'progress', progress: progress(3) });
    t.flush();
    expect(events.length).toBe(3);
  });
});
