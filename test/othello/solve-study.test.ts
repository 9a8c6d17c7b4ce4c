/**
 * The Studies tab's Othello solve (shared/othello/othello-study.ts): an FForum line solved in
 * the study job with the file's score, its line legal and starting with the best move, a progress message on
 * a long solve, the solve mode's parts (the win/draw/loss solve's for a weak request), the request validated at the IPC boundary, the CSV of the kept study; bad input refused
 * as a range error naming the field.
 */
import { describe, expect, test } from 'vitest';
import { runStudyJob, type StudyMessage } from '../../shared/jobs/study-jobs.ts';
import { othelloCsv, type OthelloResult } from '../../shared/othello/othello-study.ts';
import { studyProvenance } from '../../shared/studies/study-exports.ts';
import { StudyRequestSchema } from '../../shared/api/ipc-schemas.ts';
import { FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';
import { OthelloGame } from '../../shared/othello/othello-game.ts';
import { SolvedGame } from '../../shared/search/solved-game.ts';
import { ENDGAME_ON, ENDGAME_WEAK } from '../../shared/othello/endgame-solver.ts';
import { createWorkerCore } from '../../shared/jobs/worker-core.ts';
import { PROTOCOL_VERSION, type FromWorker } from '../../shared/jobs/protocol.ts';

const LINE =
  '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; H7:+6; A2:+6; A3:+4; B1:-4; A4:-22; G2:-24;';

function run(req: Parameters<typeof runStudyJob>[0], now?: () => number): StudyMessage[] {
  const messages: StudyMessage[] = [];
  runStudyJob(req, (m) => messages.push(m), now);
  return messages;
}

describe('Othello solve as a study', () => {
  test("FForum #1: the file's score, a best move, a legal line from it; progress while solving; the CSV", () => {
    const req = { kind: 'othello', position: LINE, algorithm: 'alphabeta', ordering: 'natural', weak: false } as const; // natural order: long enough for progress
    expect(StudyRequestSchema.parse(req)).toEqual(req);
    let t = 0;
    const messages = run(req, () => (t += 5)); // a clock of 5 ms a reading: reports on its time, whatever the machine's
    const last = messages.at(-1)!;
    expect(last.type).toBe('result');
    const r = (last as { result: { result: OthelloResult } }).result.result;
    expect(r).toMatchObject({
      score: 18,
      expected: 18,
      bestMoveName: 'G8',
      position: FFORUM_1_19[0].position,
      empties: 14,
    });
    expect(
      messages.some((m) => m.type === 'progress' && m.done > 0 && m.ms !== undefined && m.perSecond !== undefined),
    ).toBe(true);
    // The line is legal from the position, and its first move keeps the score.
    const g = new OthelloGame(r.position);
    const solved = new SolvedGame(g);
    r.line.forEach((move, k) => {
      const n = g.expand();
      const i = Array.from({ length: n }, (_, j) => g.childName(j)).indexOf(move);
      expect(i, `move ${k + 1} ${move}`).toBeGreaterThanOrEqual(0);
      g.descend(i);
      if (k === 0) expect(-solved.exactValue()).toBe(18);
    });
    expect(r.line.length).toBeGreaterThan(1);
    const csv = othelloCsv(r, studyProvenance(req, 'test'));
    expect(csv).toContain('position,empties,algorithm,ordering,weak,score,expected,best_move,line,nodes');
    expect(csv).toContain(`${FFORUM_1_19[0].position},14,alphabeta,natural,false,18,18,G8,${r.line.join(' ')}`);
  });

  test('weak: the sign; a malformed position is a range error naming the field; the IPC schema refuses unknown fields', () => {
    const r = run({
      kind: 'othello',
      position: FFORUM_1_19[8].position,
      algorithm: 'negascout',
      ordering: 'fastest-first',
      weak: true,
    }).at(-1)!;
    expect(r).toMatchObject({ type: 'result', result: { result: { score: -1, expected: null } } });
    const bad = run({ kind: 'othello', position: 'XO- X', algorithm: 'alphabeta', ordering: 'value', weak: false }).at(
      -1,
    )!;
    expect(bad).toMatchObject({ type: 'error', range: true });
    expect((bad as { message: string }).message).toMatch(/board/);
    expect(() =>
      StudyRequestSchema.parse({
        kind: 'othello',
        position: LINE,
        algorithm: 'alphabeta',
        ordering: 'value',
        weak: false,
        extra: 1,
      }),
    ).toThrow();
    expect(() =>
      StudyRequestSchema.parse({ kind: 'othello', position: LINE, algorithm: 'bogus', ordering: 'value', weak: false }),
    ).toThrow();
  });

  test("solve mode: FForum #1-#5's scores, a best move whose child a brute force scores so, the switches in the CSV; refused with a search or ordering it does not run", () => {
    // An FForum problem's line solved in the solve mode with MTD(f): the study's result.
    const solveModeResult = (p: (typeof FFORUM_1_19)[number], weak: boolean) => {
      const end = run({
        kind: 'othello',
        position: `${p.position}; ${p.bestMove}:${p.score > 0 ? '+' : ''}${p.score};`,
        algorithm: 'mtdf',
        ordering: 'fastest-first',
        weak,
        solveMode: true,
      }).at(-1)!;
      if (end.type !== 'result' || end.result.kind !== 'othello') throw new Error(`no result: ${end.type}`);
      return end.result.result;
    };
    for (const p of FFORUM_1_19.slice(0, 5)) {
      const r = solveModeResult(p, false);
      expect([r.score, r.expected]).toEqual([p.score, p.score]);
      expect(r.line).toEqual([r.bestMoveName]);
      const g = new OthelloGame(r.position);
      const n = g.expand();
      g.descend(Array.from({ length: n }, (_, j) => g.childName(j)).indexOf(r.bestMoveName));
      expect(0 - new SolvedGame(g).exactValue()).toBe(p.score);
      expect(r.endgame).toEqual(ENDGAME_ON);
      expect(
        othelloCsv(r, 'test')
          .trim()
          .endsWith(`,"${JSON.stringify(r.endgame).replaceAll('"', '""')}"`),
      ).toBe(true);
    }
    // The win/draw/loss solve takes its own parts, as the command line's --weak does.
    const p = FFORUM_1_19[0];
    const weak = solveModeResult(p, true);
    expect([weak.score, weak.endgame]).toEqual([Math.sign(p.score), ENDGAME_WEAK]);
    const refused = (algorithm: string, ordering: string) => () =>
      StudyRequestSchema.parse({ kind: 'othello', position: LINE, algorithm, ordering, weak: false, solveMode: true });
    expect(refused('sss', 'fastest-first')).toThrow(/solveMode.*the solve mode runs mtdf, alphabeta, negascout/s);
    expect(refused('mtdf', 'value')).toThrow(/solveMode.*orders fastest-first/s);
    expect(refused('mtdf', 'fastest-first')).not.toThrow();
  });

  test("the worker forwards a solve's progress whole (nodes, time and rate), not only the counts", async () => {
    const sent: FromWorker[] = [];
    const handle = createWorkerCore((m) => sent.push(m));
    // FForum #16 in natural order: 7 M nodes, seconds on any machine (a report every 250 ms of them)
    const request = {
      kind: 'othello',
      position: FFORUM_1_19[15].position,
      algorithm: 'alphabeta',
      ordering: 'natural',
      weak: false,
    } as const;
    handle({ v: PROTOCOL_VERSION, type: 'run-study', jobId: 1, request });
    await expect.poll(() => sent.some((m) => m.type === 'study-result'), { timeout: 60_000 }).toBe(true);
    const progress = sent.filter((m) => m.type === 'study-progress');
    expect(progress.length).toBeGreaterThan(0);
    for (const m of progress) {
      expect(m.progress.ms).toBeGreaterThanOrEqual(0);
      expect(m.progress.perSecond).toBe(m.progress.done / (m.progress.ms! / 1000));
    }
    const end = sent.find((m) => m.type === 'study-result');
    expect(end).toMatchObject({ ms: expect.any(Number) });
    if (end?.type === 'study-result' && end.result.kind === 'othello')
      expect(end.result.result.seconds).toBe(end.ms / 1000);
  }, 90_000);
});
