import { describe, expect, test } from 'vitest';
import { openings, runMatch, wilson, type GameRecord } from '../../shared/rivest/match-play.ts';
import { Position } from '../../shared/connect4/position.ts';

/** Replay a game independently: every move legal, the game ends exactly at the recorded result. */
function replay(g: GameRecord): number {
  const pos = Position.parse(g.opening);
  for (let i = 0; i < g.moves.length; i++) {
    const c = g.moves.charCodeAt(i) - 49;
    expect(pos.canPlay(c)).toBe(true);
    if (pos.isWinningMove(c)) {
      expect(i).toBe(g.moves.length - 1); // nothing is played after a win
      const mmMoved = ((pos.moves & 1) === 0) === g.mmFirst;
      return mmMoved ? 1 : -1;
    }
    pos.play(c);
  }
  expect(pos.isFull()).toBe(true);
  return 0;
}

describe('match play (Rivest, Table 2)', () => {
  test('a short match under move-call limits is deterministic, legal, tallied right, with a fixed result', () => {
    const recs: GameRecord[] = [];
    const tallies: number[] = [];
    const t = runMatch({
      limit: { kind: 'moves', n: 400 },
      openings: ['44', '17', '23'],
      onGame: (x, g) => {
        recs.push(g);
        tallies.push(x.games);
      },
    });
    expect(tallies).toEqual([1, 2, 3, 4, 5, 6]);
    expect(recs.map((g) => [g.opening, g.mmFirst])).toEqual([
      ['44', true],
      ['44', false],
      ['17', true],
      ['17', false],
      ['23', true],
      ['23', false],
    ]);
    for (const g of recs) expect(replay(g)).toBe(g.result);
    expect(t.mmWins).toBe(recs.filter((g) => g.result > 0).length);
    expect(t.abWins).toBe(recs.filter((g) => g.result < 0).length);
    expect(t.draws).toBe(recs.filter((g) => g.result === 0).length);
    // both players stayed within the limit on every move
    expect(t.mm.moveCalls).toBeLessThanOrEqual(400 * t.mm.moves);
    expect(t.ab.moveCalls).toBeLessThanOrEqual(400 * t.ab.moves);
    // regression pin of this configuration (MM–AB–draws), recorded when the match was written
    expect([t.mmWins, t.abWins, t.draws]).toEqual([5, 1, 0]);
    const again: GameRecord[] = [];
    runMatch({ limit: { kind: 'moves', n: 400 }, openings: ['44', '17', '23'], onGame: (_x, g) => again.push(g) });
    expect(again).toEqual(recs);
  });

  test('openings: all 7^k sequences, or a seeded sample; bad arguments name the field', () => {
    expect(openings(2)).toHaveLength(49);
    expect(openings(3)).toHaveLength(343);
    const s = openings(4, 20, 5);
    expect(s).toHaveLength(20);
    expect(new Set(s).size).toBe(20);
    expect(openings(4, 20, 5)).toEqual(s);
    expect(openings(4, 20, 6)).not.toEqual(s);
    expect(() => openings(7)).toThrow(/plies = 7/);
    expect(() => runMatch({ limit: { kind: 'moves', n: 0 }, openings: ['44'] })).toThrow(/moves:0/);
    expect(() => runMatch({ limit: { kind: 'time', ms: -1 }, openings: ['44'] })).toThrow(/time:-1/);
    expect(() => runMatch({ limit: { kind: 'moves', n: 10 }, openings: ['4x'] })).toThrow(/character "x"/);
  });

  test('Wilson interval: known values, and it contains the estimate', () => {
    const w = wilson(5, 10);
    expect(w.p).toBe(0.5);
    expect(w.lo).toBeCloseTo(0.2366, 4);
    expect(w.hi).toBeCloseTo(0.7634, 4);
    const z = wilson(0, 20);
    expect(z.lo).toBe(0);
    expect(z.hi).toBeCloseTo(0.1611, 4);
  });
});
