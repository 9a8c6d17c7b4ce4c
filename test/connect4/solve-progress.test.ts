/**
 * A long Connect-Four solve reports as it goes: every 2^20 negamax calls the count and the score window
 * the null-window searches have left, which only narrows and always holds the final score; reporting
 * changes neither the score nor the count; the study job passes the reports on (the app shows nodes,
 * nodes/s and the window).
 */
import { describe, expect, test } from 'vitest';
import { Position } from '../../shared/connect4/position.ts';
import { Solver, type SolveProgress } from '../../shared/connect4/solver.ts';
import { runStudyJob, type StudyMessage } from '../../shared/jobs/study-jobs.ts';
import { c4SolveWindow } from '../../shared/connect4/c4-study.ts';

// 7.3 million calls with the final step: six reports.
const MOVES = '4444443';

describe('Connect-Four solve progress', () => {
  test('reports every 2^20 calls, a window that narrows around the final score, and the same result', () => {
    const reports: SolveProgress[] = [];
    const r = new Solver({ onProgress: (p) => reports.push({ ...p }) }).solve(Position.parse(MOVES), 'final');
    expect(r).toEqual(new Solver().solve(Position.parse(MOVES), 'final'));
    expect(reports.length).toBe(Math.floor(r.visited / 2 ** 20));
    reports.forEach((p, i) => {
      expect(p.nodes).toBe((i + 1) * 2 ** 20);
      expect(p.lo).toBeLessThanOrEqual(r.score);
      expect(p.hi).toBeGreaterThanOrEqual(r.score);
      if (i > 0) {
        expect(p.lo).toBeGreaterThanOrEqual(reports[i - 1].lo);
        expect(p.hi).toBeLessThanOrEqual(reports[i - 1].hi);
      }
    });
    expect(reports[0].hi - reports[0].lo).toBeGreaterThan(0);
  }, 60_000);

  test('the study job posts the reports with the elapsed time', () => {
    const messages: StudyMessage[] = [];
    runStudyJob({ kind: 'c4', moves: MOVES, step: 'final', weak: false }, (m) => messages.push(m));
    const progress = messages.filter((m) => m.type === 'progress');
    expect(progress.length).toBe(6);
    for (const m of progress) {
      if (m.type !== 'progress') continue;
      expect(c4SolveWindow(m)).toMatchObject({ nodes: m.done });
      expect(m.ms).toBeGreaterThanOrEqual(0);
    }
    expect(messages.at(-1)).toMatchObject({
      type: 'result',
      result: { kind: 'c4', result: { score: -1, visited: 7311258 } },
    });
  }, 60_000);
});
