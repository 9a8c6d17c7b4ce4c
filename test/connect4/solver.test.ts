/**
 * Pons' solver steps against the independent reference (full negamax with memo on an array board):
 * exact scores for strong solving, the right sign for weak solving, on seeded random positions; node
 * counts against an independent count (plain minimax) and hand-countable cases, and deterministic.
 */
import { describe, expect, test } from 'vitest';
import { Position } from '../../shared/connect4/position.ts';
import { Solver, STEPS } from '../../shared/connect4/solver.ts';
import { ArrayBoard, randomPosition, referenceMinimaxCount, referenceScore } from './reference.ts';
import { ReferenceSteps, ponsKey } from './reference-steps.ts';

// One solver for the whole file: the tables are large (Pons' sizes) and cleared per solve anyway.
const solver = new Solver();

/** Seeded random positions with a stone count in [lo..hi], and their reference scores. */
function cases(
  seed0: number,
  count: number,
  lo: number,
  hi: number,
  careful: boolean,
): { moves: string; score: number }[] {
  const out: { moves: string; score: number }[] = [];
  for (let i = 0; i < count; i++) {
    const moves = randomPosition(seed0 + i, lo + (i % (hi - lo + 1)), careful);
    out.push({ moves, score: referenceScore(ArrayBoard.fromMoves(moves)) });
  }
  return out;
}

// Late positions (up to 16 empty cells) for every step with pruning, most of them quiet ("careful"
// random play, like Pons' test sets); plain minimax gets positions with up to 12 empty cells.
const LATE = [...cases(1000, 120, 26, 40, true), ...cases(2000, 60, 26, 40, false)];
const VERY_LATE = [...cases(5000, 60, 30, 40, true), ...cases(6000, 20, 30, 40, false)];

describe('scores equal the reference', () => {
  test('the positions cover wins, draws and losses', () => {
    const signs = new Set(LATE.map((c) => Math.sign(c.score)));
    expect(signs).toEqual(new Set([-1, 0, 1]));
  });

  for (const step of STEPS) {
    const set = step === 'minimax' ? VERY_LATE : LATE;
    test(`${step}: strong score = reference score`, () => {
      for (const c of set) {
        expect({ moves: c.moves, score: solver.solve(Position.parse(c.moves), step).score }).toEqual(c);
      }
    });
    if (step === 'minimax') continue;
    test(`${step}: weak score has the reference's sign`, () => {
      for (const c of set) {
        const r = solver.solve(Position.parse(c.moves), step, true);
        expect({ moves: c.moves, sign: Math.sign(r.score) }).toEqual({ moves: c.moves, sign: Math.sign(c.score) });
      }
    });
  }

  test('every step agrees on a few middle-game positions (20-26 stones) that need deeper search', () => {
    for (let i = 0; i < 6; i++) {
      const moves = randomPosition(777 + i, 20 + i, true);
      const p = Position.parse(moves);
      const final = solver.solve(p, 'final').score;
      for (const step of ['tt', 'id', 'losing', 'sorted'] as const) expect(solver.solve(p, step).score).toBe(final);
      expect(Math.sign(solver.solve(p, 'order', true).score)).toBe(Math.sign(final));
    }
  });
});

describe('node counts (Pons: every negamax call, root included)', () => {
  test('plain minimax visits exactly the independently counted tree', () => {
    for (const c of VERY_LATE.slice(0, 30)) {
      expect(solver.solve(Position.parse(c.moves), 'minimax').visited).toBe(
        referenceMinimaxCount(ArrayBoard.fromMoves(c.moves)),
      );
    }
  });

  test('every step counts exactly the nodes of the array-board re-implementation (strong and weak)', () => {
    const ref = new ReferenceSteps();
    for (const c of LATE.filter((_, i) => i % 2 === 0)) {
      const p = Position.parse(c.moves);
      for (const step of STEPS) {
        if (step === 'minimax' && c.moves.length < 30) continue;
        for (const weak of step === 'minimax' ? [false] : [false, true]) {
          expect({ moves: c.moves, step, weak, ...solver.solve(p, step, weak) }).toEqual({
            moves: c.moves,
            step,
            weak,
            ...ref.solve(c.moves, step, weak),
          });
        }
      }
    }
  });

  test("the table key equals the array board's Pons key", () => {
    for (const c of LATE) expect(Position.parse(c.moves).key()).toBe(ponsKey(ArrayBoard.fromMoves(c.moves)));
  });

  test('hand-countable positions', () => {
    // x to move wins at once: the steps up to id count the root; from losing on, solve() answers first
    const win = Position.parse('112233');
    for (const step of STEPS) {
      const r = solver.solve(win, step);
      expect(r.score).toBe(22 - 4);
      expect(r.visited).toBe(['losing', 'sorted', 'final'].includes(step) ? 0 : 1);
    }
    // 41 stones, no win: the root and the one child on the full board
    let seed = 0;
    while (Position.parse(randomPosition(seed, 41)).canWinNext()) seed++;
    const p41 = Position.parse(randomPosition(seed, 41));
    expect(solver.solve(p41, 'minimax')).toEqual({ score: 0, visited: 2 });
    expect(solver.solve(p41, 'alphabeta')).toEqual({ score: 0, visited: 2 });
    // the full board: a draw, one call for the plain steps
    const full = Position.parse(randomPosition(11, 42));
    expect(solver.solve(full, 'minimax')).toEqual({ score: 0, visited: 1 });
    expect(solver.solve(full, 'alphabeta')).toEqual({ score: 0, visited: 1 });
  });

  test('counts are deterministic: the same solver twice and a fresh solver give the same score and count', () => {
    const fresh = new Solver();
    for (const c of LATE.slice(0, 40)) {
      const p = Position.parse(c.moves);
      for (const step of STEPS) {
        if (step === 'minimax') continue;
        for (const weak of [false, true]) {
          const a = solver.solve(p, step, weak);
          const b = solver.solve(p, step, weak);
          const d = fresh.solve(p, step, weak);
          expect(b).toEqual(a);
          expect(d).toEqual(a);
        }
      }
    }
  });

  test('pruning never visits more than plain minimax; more ordering never visits more on these sets in total', () => {
    let mm = 0,
      ab = 0,
      ord = 0;
    for (const c of VERY_LATE) {
      const p = Position.parse(c.moves);
      const m = solver.solve(p, 'minimax').visited;
      const a = solver.solve(p, 'alphabeta').visited;
      expect(a).toBeLessThanOrEqual(m);
      mm += m;
      ab += a;
      ord += solver.solve(p, 'order').visited;
    }
    expect(ab).toBeLessThan(mm);
    expect(ord).toBeLessThan(ab);
  });
});

describe('errors', () => {
  test('won positions, weak minimax, unknown steps and the node limit are RangeErrors', () => {
    const won = Position.parse('121212');
    won.play(0);
    expect(() => solver.solve(won, 'final')).toThrow(/already won/);
    expect(() => solver.solve(Position.parse('44'), 'minimax', true)).toThrow(/weak solving needs a score window/);
    expect(() => solver.solve(Position.parse('44'), 'magic' as never)).toThrow(
      /step "magic" is not allowed: use one of minimax, alphabeta/,
    );
    expect(() => new Solver({ maxNodes: 100 }).solve(Position.parse('4455'), 'order')).toThrow(
      /stopped after 100 nodes/,
    );
    expect(() => new Solver({ tableSize: 0 })).toThrow(RangeError);
  });
});
