/**
 * Connect-Four as a Game for the generic searches: move generation, terminal values, keys, the static
 * evaluation, and agreement of the generic alpha-beta / NegaScout / MTD(f) at full depth with the
 * solver and the reference.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Connect4Game } from '../../shared/connect4/connect4-game.ts';
import { lineScore } from '../../shared/connect4/evaluation.ts';
import { Position, lostScore } from '../../shared/connect4/position.ts';
import { Solver } from '../../shared/connect4/solver.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { minimax } from '../../shared/search/minimax.ts';
import { mtdf } from '../../shared/search/mtdf.ts';
import { negaScout } from '../../shared/search/negascout.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { ArrayBoard, randomPosition, referenceScore } from './reference.ts';

const solver = new Solver({ tableSize: 1_000_003 });

function columns(g: Connect4Game): number[] {
  const n = g.expand();
  return Array.from({ length: n }, (_, i) => g.childColumn(i));
}

describe('move generation and terminal nodes', () => {
  test('children are the playable columns, centre first', () => {
    expect(columns(new Connect4Game('4455'))).toEqual([3, 2, 4, 1, 5, 0, 6]);
    expect(columns(new Connect4Game('444444'))).toEqual([2, 4, 1, 5, 0, 6]);
    expect(columns(new Connect4Game('111111777777'))).toEqual([3, 2, 4, 1, 5]);
    const g = new Connect4Game('');
    expect(g.maxPly).toBe(42);
    expect(g.maxChildren).toBe(7);
  });

  test('a winning move leads to a terminal node worth the exact loss to the player then to move', () => {
    const g = new Connect4Game('112233'); // x wins with column 4, its 4th stone, the 7th overall
    const cols = columns(g);
    for (let i = 0; i < cols.length; i++) {
      g.descend(i);
      if (cols[i] === 3) {
        expect(g.expand()).toBe(0);
        expect(g.isTerminal()).toBe(true);
        expect(g.evaluate()).toBe(-(22 - 4));
        expect(g.exactValue()).toBe(lostScore(7));
      } else {
        expect(g.isTerminal()).toBe(false);
        expect(g.expand()).toBeGreaterThan(0);
      }
      g.ascend();
    }
    // the root itself: x can win at once, so its value is known without search
    expect(g.exactValue()).toBe(18);
    expect(g.evaluate()).toBe(18);
  });

  test('a full board is terminal with value 0', () => {
    const g = new Connect4Game(randomPosition(11, 42));
    expect(g.maxPly).toBe(0);
    expect(g.expand()).toBe(0);
    expect(g.evaluate()).toBe(0);
    expect(g.exactValue()).toBe(0);
  });

  test('descending a random path matches Position.play; childDegree and childEstimate match descending', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        (seed, picks) => {
          const root = randomPosition(seed, seed % 20);
          const g = new Connect4Game(root);
          const p = Position.parse(root);
          for (const pick of picks) {
            const n = g.expand();
            if (n === 0) break;
            for (let i = 0; i < n; i++) {
              const est = g.childEstimate(i);
              const deg = g.childDegree(i);
              g.descend(i);
              expect(est).toBe(-g.evaluate());
              expect(deg).toBe(g.expand());
              g.ascend();
            }
            const i = pick % n;
            const c = g.childColumn(i);
            const wins = p.isWinningMove(c);
            p.play(c);
            g.descend(i);
            expect([g.keyLo(), g.keyHi()]).toEqual([p.keyLo(), p.keyHi()]);
            expect(g.position().toString()).toBe(p.toString());
            expect(g.isTerminal()).toBe(wins || p.isFull());
            if (wins) break;
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  test('transpositions: two move orders reach the same key', () => {
    const g = new Connect4Game('');
    const path = (cols: number[]) => {
      g.reset();
      for (const c of cols) {
        g.expand();
        let i = 0;
        while (g.childColumn(i) !== c) i++;
        g.descend(i);
      }
      return [g.keyLo(), g.keyHi()];
    };
    expect(path([3, 3, 4, 2])).toEqual(path([4, 2, 3, 3]));
    expect(path([3, 3, 4, 2])).not.toEqual(path([4, 3, 3, 2]));
  });
});

describe('static evaluation', () => {
  test('where exactValue is known it equals the reference score; otherwise evaluate lies strictly inside (−1, 1)', () => {
    let exact = 0,
      heuristic = 0;
    for (let seed = 0; seed < 150; seed++) {
      const moves = randomPosition(seed, 30 + (seed % 11), seed % 2 === 0);
      const g = new Connect4Game(moves);
      const x = g.exactValue();
      const v = g.evaluate();
      if (Number.isNaN(x)) {
        heuristic++;
        expect(Math.abs(v)).toBeLessThan(1);
      } else {
        exact++;
        expect(v).toBe(x);
        expect(x).toBe(referenceScore(ArrayBoard.fromMoves(moves)));
      }
    }
    expect(exact).toBeGreaterThan(10);
    expect(heuristic).toBeGreaterThan(10);
  });

  test('the line score is antisymmetric and counts open lines by hand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seed) => {
        const p = Position.parse(randomPosition(seed, seed % 40));
        const me = lineScore(p.curLo, p.curHi, p.maskLo, p.maskHi);
        const them = lineScore(p.curLo ^ p.maskLo, p.curHi ^ p.maskHi, p.maskLo, p.maskHi);
        expect(me + them).toBe(0);
      }),
      { numRuns: 200 },
    );
    // one stone of the player who just moved, bottom left corner: in 3 lines of four (row, column,
    // diagonal); the player to move has no stone, so the score is −3 · W[1] = −3
    const p = Position.parse('1');
    expect(lineScore(p.curLo, p.curHi, p.maskLo, p.maskHi)).toBe(-3);
    // a centre bottom stone lies in 4 horizontal, 1 vertical and 2 diagonal lines: −7
    const q = Position.parse('4');
    expect(lineScore(q.curLo, q.curHi, q.maskLo, q.maskHi)).toBe(-7);
  });
});

describe('generic searches on the Connect-Four DAG', () => {
  const positions: string[] = [];
  for (let i = 0; i < 40; i++) positions.push(randomPosition(9000 + i, 30 + (i % 9), i % 4 !== 0));

  test('alpha-beta at full depth (natural order, estimate order, with a transposition table) = the solver', () => {
    for (const moves of positions) {
      const g = new Connect4Game(moves);
      const want = solver.solve(Position.parse(moves), 'final').score;
      expect(alphaBeta(g, g.maxPly).value).toBe(want);
      expect(alphaBeta(g, g.maxPly, { ordering: estimateOrdering }).value).toBe(want);
      expect(alphaBeta(g, g.maxPly, { tt: new TranspositionTable(16) }).value).toBe(want);
    }
  });

  test('NegaScout and MTD(f) at full depth = the solver', () => {
    for (const moves of positions.slice(0, 20)) {
      const g = new Connect4Game(moves);
      const want = solver.solve(Position.parse(moves), 'final').score;
      expect(negaScout(g, g.maxPly, { ordering: estimateOrdering }).value).toBe(want);
      expect(mtdf(g, g.maxPly, { tt: new TranspositionTable(16) }).value).toBe(want);
    }
  });

  test('the transposition table saves nodes on the DAG (the same value with fewer visits in total)', () => {
    let plain = 0,
      withTT = 0;
    for (const moves of positions.slice(0, 15)) {
      const g = new Connect4Game(moves);
      const a = alphaBeta(g, g.maxPly, { ordering: estimateOrdering });
      const b = alphaBeta(g, g.maxPly, { ordering: estimateOrdering, tt: new TranspositionTable(16) });
      expect(b.value).toBe(a.value);
      plain += a.counters.visited;
      withTT += b.counters.visited;
    }
    expect(withTT).toBeLessThan(plain);
  });

  test('depth-limited: alpha-beta = minimax on the truncated tree with heuristic leaves', () => {
    for (const moves of positions.slice(0, 10).map((m) => m.slice(0, 12))) {
      const g = new Connect4Game(moves);
      expect(alphaBeta(g, 4, { ordering: estimateOrdering }).value).toBe(minimax(g, 4).value);
    }
  });
});
