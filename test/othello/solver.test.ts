/**
 * The Othello solver: every search of the registry under every ordering agrees with brute-force
 * negamax (./reference.ts) on random endgames of at most 8 empties, strong and weak, with a best move
 * of the solved value; every FForum problem of fforum-1-19.obf (14-16 empties) gets the file's score
 * and a move the file lists with that score.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { OthelloGame, PASS } from '../../shared/othello/othello-game.ts';
import { parseObfFile } from '../../shared/othello/position.ts';
import { checkedBestMove, othelloOrdering, OTHELLO_ORDERINGS, solveOthello } from '../../shared/othello/solver.ts';
import { ALGORITHMS } from '../../shared/search/registry.ts';
import { SearchLimitError } from '../../shared/search/search-context.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { ENDGAME_ON } from '../../shared/othello/endgame-solver.ts';
import { PROGRESS_TICK } from '../../shared/util/progress-pace.ts';
import { cellsOf, naiveNegamax, naivePlay, randomPlayout } from './reference.ts';

const DATA = new URL('./data/', import.meta.url); // a copy of ../shared/data/othello's file (endgame-positions.test.ts checks it)
const tt = new TranspositionTable(20);

describe('against brute-force negamax', () => {
  test('every search x ordering, strong and weak, on random positions with at most 8 empties', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 52, max: 56 }), (seed, plies) => {
        const r = mulberry32(seed);
        const p = randomPlayout(plies, (n) => Math.floor(r() * n));
        fc.pre(p.empties <= 8);
        const cells = cellsOf(p);
        const exact = naiveNegamax(cells);
        for (const algorithm of ALGORITHMS) {
          for (const ordering of OTHELLO_ORDERINGS) {
            const s = solveOthello(p, { algorithm, ordering, tt });
            const what = `${p.toString()} ${algorithm} ${ordering}`;
            expect(s.score, what).toBe(exact);
            if (s.bestMove < 0) expect(new OthelloGame(p).expand(), what).toBe(0);
            else
              expect(
                0 - naiveNegamax(naivePlay(cells, s.bestMove === PASS ? -1 : s.bestMove)),
                `${what} best move ${s.bestMoveName}`,
              ).toBe(exact);
            if (algorithm === 'minimax') continue;
            const w = solveOthello(p, { algorithm, ordering, tt, weak: true });
            expect(w.score, `${what} weak`).toBe(Math.sign(exact));
            if (exact >= 0 && w.bestMove >= 0) {
              const v = 0 - naiveNegamax(naivePlay(cells, w.bestMove === PASS ? -1 : w.bestMove));
              expect(Math.sign(v), `${what} weak best move ${w.bestMoveName}`).toBe(Math.sign(exact));
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the best-move check of the MT searches', () => {
  test('a candidate worse than the value is replaced by a move that reaches it', () => {
    let tried = 0;
    for (let seed = 1; tried < 10; seed++) {
      const r = mulberry32(seed);
      const p = randomPlayout(53, (n) => Math.floor(r() * n));
      const g = new OthelloGame(p);
      const n = g.expand();
      if (p.empties > 8 || n < 2) continue;
      const cells = cellsOf(p);
      const values = Array.from(
        { length: n },
        (_, i) => 0 - naiveNegamax(naivePlay(cells, g.childSquare(i) === PASS ? -1 : g.childSquare(i))),
      );
      const exact = Math.max(...values);
      const worst = values.indexOf(Math.min(...values));
      if (values[worst] === exact) continue;
      tried++;
      const counters = { visited: 0, expanded: 0, leaves: 0 };
      const m = checkedBestMove(g, exact, worst, { ordering: othelloOrdering('natural'), tt, counters });
      expect(values[m]).toBe(exact);
      expect(counters.visited).toBeGreaterThan(0);
    }
  });
});

describe('FForum problems 1-19 (14-16 empties)', () => {
  const problems = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'fforum-1-19.obf');
  const big = new TranspositionTable(22);
  // one problem per search in turn, so each search (and the MT searches' best-move check) meets real positions
  const searches = ['alphabeta', 'negascout', 'mtdf', 'sss'] as const;
  test.each(problems.map((p, i) => [i + 1, p] as const))(
    "problem %i: the file's score and a best move of that score",
    (k, p) => {
      const algorithm = searches[k % searches.length];
      const r = solveOthello(p.position, { algorithm, ordering: 'fastest-first', tt: big });
      const best = p.moves[0].score;
      expect(r.score).toBe(best);
      expect(p.moves.filter((m) => m.score === best).map((m) => m.square)).toContain(r.bestMove);
    },
  );
});

describe('limits and errors', () => {
  const p = randomPlayout(40, (n) => n >> 1);
  test('a solve stops after maxNodes visited nodes', () => {
    expect(() => solveOthello(p, { maxNodes: 1000, tt })).toThrow(SearchLimitError);
  });
  test.each([
    ['the kernel', 'fastest-first', undefined],
    ['the generic engine', 'fcf', undefined],
    ['the solve mode', 'fastest-first', ENDGAME_ON],
  ] as const)('a long solve on %s ticks every PROGRESS_TICK nodes with the nodes so far', (_, ordering, endgame) => {
    const problem = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'f')[7]; // 0.2-0.35 M nodes
    const seen: number[] = [];
    const r = solveOthello(problem.position, {
      algorithm: 'alphabeta',
      ordering,
      endgame,
      tt,
      onTick: (n) => seen.push(n),
    });
    // One search: a tick every PROGRESS_TICK descents, each a visit (the root is the one visit more); the
    // kernel's count of descents runs on from search to search, so its ticks fall at any phase.
    const ticks = Math.floor(r.nodes / PROGRESS_TICK);
    expect(ticks).toBeGreaterThan(10);
    expect(seen.length).toBeGreaterThanOrEqual(ticks - 1);
    expect(seen.length).toBeLessThanOrEqual(ticks + 1);
    for (let k = 1; k < seen.length; k++) expect(seen[k] - seen[k - 1]).toBe(PROGRESS_TICK);
    expect(seen.at(-1)!).toBeLessThanOrEqual(r.nodes);
  });
  test("the best-move check ticks too: every PROGRESS_TICK descents of each child's search", () => {
    const problem = parseObfFile(readFileSync(new URL('fforum-1-19.obf', DATA), 'utf8'), 'f')[7];
    const g = new OthelloGame(problem.position);
    const n = g.expand();
    const squares = Array.from({ length: n }, (_, i) => g.childSquare(i));
    // the listed move of the lowest score first: the check searches every child before a best one
    const worst = problem.moves.reduce((a, b) => (b.score < a.score ? b : a));
    const counters = { visited: 0, expanded: 0, leaves: 0 };
    const seen: number[] = [];
    const ordering = othelloOrdering('natural');
    const m = checkedBestMove(g, problem.moves[0].score, squares.indexOf(worst.square), {
      ordering,
      tt: new TranspositionTable(16),
      counters,
      onTick: () => seen.push(counters.visited),
    });
    expect(problem.moves.find((x) => x.square === squares[m])?.score).toBe(problem.moves[0].score);
    // the kernel's count of descents runs on from search to search: its ticks fall at any phase
    const ticks = Math.floor(counters.visited / PROGRESS_TICK);
    expect(ticks).toBeGreaterThan(10);
    expect(seen.length).toBeGreaterThanOrEqual(ticks - n);
    expect(seen.length).toBeLessThanOrEqual(ticks + 1);
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeGreaterThan(seen[k - 1]);
  });
  test('unknown orderings and weak minimax are refused with the allowed values', () => {
    expect(() => solveOthello(p, { ordering: 'fastest', tt })).toThrow(/natural, value, fastest-first, fcf/);
    expect(() => solveOthello(p, { algorithm: 'minimax', weak: true, tt })).toThrow(/weak solving needs a window/);
  });
});
