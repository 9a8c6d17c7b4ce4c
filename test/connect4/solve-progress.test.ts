/**
 * A long Connect-Four solve reports as it goes: it ticks every PROGRESS_TICK negamax calls with the count,
 * and the score window the null-window searches have left (Solver.progress()) only narrows and always
 * holds the final score; ticking changes neither the score nor the count. The study job paces its reports
 * by the clock (shared/util/progress-pace.ts): nodes, the ms of the job's stopwatch and nodes/s, with the
 * window; its result's ms is the job's duration.
 */
import { describe, expect, test } from 'vitest';
import { Position } from '../../shared/connect4/position.ts';
import { Solver, type SolveProgress } from '../../shared/connect4/solver.ts';
import { runStudyJob, type StudyMessage } from '../../shared/jobs/study-jobs.ts';
import { c4SolveWindow } from '../../shared/connect4/c4-study.ts';
import { PROGRESS_EVERY_MS, PROGRESS_TICK } from '../../shared/util/progress-pace.ts';

// 7.3 million calls with the final step.
const MOVES = '4444443';

describe('Connect-Four solve progress', () => {
  test('ticks every PROGRESS_TICK calls, a window that narrows around the final score, and the same result', () => {
    const ticks: SolveProgress[] = [];
    const solver: Solver = new Solver({
      onTick: (nodes) => {
        expect(nodes).toBe(solver.nodes);
        ticks.push(solver.progress());
      },
    });
    const r = solver.solve(Position.parse(MOVES), 'final');
    expect(r).toEqual(new Solver().solve(Position.parse(MOVES), 'final'));
    expect(ticks.length).toBe(Math.floor(r.visited / PROGRESS_TICK));
    ticks.forEach((p, i) => {
      expect(p.nodes).toBe((i + 1) * PROGRESS_TICK);
      expect(p.lo).toBeLessThanOrEqual(r.score);
      expect(p.hi).toBeGreaterThanOrEqual(r.score);
      if (i > 0) {
        expect(p.lo).toBeGreaterThanOrEqual(ticks[i - 1].lo);
        expect(p.hi).toBeLessThanOrEqual(ticks[i - 1].hi);
      }
    });
    expect(ticks[0].hi - ticks[0].lo).toBeGreaterThan(0);
    expect(ticks.at(-1)!.hi - ticks.at(-1)!.lo).toBeLessThan(ticks[0].hi - ticks[0].lo);
  }, 60_000);

  test('the study job posts paced reports (nodes, ms, nodes/s, the window) and the duration once', () => {
    // A fake clock that moves 3 ms at each reading: reports fall every PROGRESS_EVERY_MS of it.
    let t = 0;
    const messages: StudyMessage[] = [];
    runStudyJob(
      { kind: 'c4', moves: MOVES, step: 'final', weak: false },
      (m) => messages.push(m),
      () => (t += 3),
    );
    const progress = messages.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(10);
    expect(progress[0].ms).toBeLessThanOrEqual(PROGRESS_EVERY_MS + 2 * 3);
    let last = progress[0].ms!;
    for (const m of progress) {
      expect(c4SolveWindow(m)).toMatchObject({ nodes: m.done });
      expect(m.perSecond).toBe(m.done / (m.ms! / 1000));
      if (m === progress[0]) continue;
      expect(m.ms! - last).toBeGreaterThanOrEqual(PROGRESS_EVERY_MS);
      expect(m.ms! - last).toBeLessThanOrEqual(PROGRESS_EVERY_MS + 3);
      last = m.ms!;
    }
    const end = messages.at(-1)!;
    expect(end).toMatchObject({ type: 'result', result: { kind: 'c4', result: { score: -1, visited: 7311258 } } });
    if (end.type !== 'result' || end.result.kind !== 'c4') throw new Error('no result');
    expect(end.result.result.ms).toBe(end.ms);
    expect(end.ms).toBeGreaterThan(last);
  }, 60_000);
});
