/**
 * The positions of the Othello endgame experiments: the FForum problems held in the source equal the data
 * files (../shared/data/othello/), the exact best lines are perfect play (every position keeps the root's
 * value, the first move is one the file scores best), and the model refuses trees and depths it has not.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FFO_40_59, FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';
import { parseObfFile } from '../../shared/othello/position.ts';
import { squareName } from '../../shared/othello/bitboard.ts';
import { bestLine } from '../../shared/othello/best-line.ts';
import { othelloLinePosition } from '../../shared/othello/othello-endgame-model.ts';
import { OthelloGame } from '../../shared/othello/othello-game.ts';
import { runSearch } from '../../shared/search/algorithms.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';

/** The problems file the tests read: a copy of ../shared/data/othello's, so a clone alone runs them. */
const DATA = resolve(import.meta.dirname, 'data');
const SHARED = resolve(import.meta.dirname, '../../../shared/data/othello');
const file = (name: string) => parseObfFile(readFileSync(resolve(DATA, name), 'utf8'), name);

describe('FForum problems in the source', () => {
  test.each([
    ['fforum-1-19.obf', FFORUM_1_19, 1],
    ['fforum-40-59.obf', FFO_40_59, 40],
  ] as const)('equal the data file %s: position, side to move, best move and score', (name, mine, first) => {
    const theirs = file(name);
    expect(mine.length).toBe(theirs.length);
    mine.forEach((p, i) => {
      expect(p.number).toBe(first + i);
      expect(p.position).toBe(theirs[i].position.toString());
      expect(p.bestMove).toBe(squareName(theirs[i].moves[0].square));
      expect(p.score).toBe(theirs[i].moves[0].score);
    });
  });

  // Beside the shared folder (a developer's checkout, CI) the copies must be the shared files themselves.
  test.skipIf(!existsSync(SHARED)).each(['fforum-1-19.obf', 'fforum-40-59.obf'])(
    "the tests' copy is ../shared/data/othello/%s byte for byte",
    (name) => {
      expect(readFileSync(resolve(DATA, name), 'utf8')).toBe(readFileSync(resolve(SHARED, name), 'utf8'));
    },
  );
});

describe('best lines', () => {
  // Problems whose 14 empties solve fastest, so the test stays short.
  test.each([2, 4, 5])('problem %i: perfect play down to 6 empties, the first move scored best by the file', (n) => {
    const problem = FFORUM_1_19[n - 1];
    const scores = file('fforum-1-19.obf')[n - 1].moves;
    const line = bestLine(problem.position, 6);
    expect(line.map((p) => p.empties)).toEqual(Array.from({ length: line.length }, (_, i) => 6 + i));
    const root = line.at(-1)!;
    expect(root.position).toBe(problem.position);
    expect(root.value).toBe(problem.score);
    const first = line.at(-2)!.moves[0];
    expect(scores.find((m) => squareName(m.square) === first)?.score).toBe(problem.score);
    for (const p of line) {
      // The side to move's value keeps the root's, signed by who is to move; checked by an independent search.
      const g = new OthelloGame(p.position);
      const sign = g.root.side === new OthelloGame(problem.position).root.side ? 1 : -1;
      expect(p.value).toBe(sign * problem.score + 0);
      expect(runSearch('alphabeta', g, g.maxPly, { ordering: parseOrdering('fastest-first') }).value).toBe(p.value);
      expect(new OthelloGame(p.position).empties()).toBe(p.empties);
    }
  });

  test("the model: problem t at k empties is the line's position; out-of-range trees and depths are refused naming the field", () => {
    const m = { kind: 'othello' as const, minEmpties: 8 };
    expect(othelloLinePosition(m, 10, 4).position).toBe(
      bestLine(FFORUM_1_19[4].position, 8).find((p) => p.empties === 10)!.position,
    );
    expect(() => othelloLinePosition(m, 10, 19)).toThrow(
      /tree = 19 is not allowed: there are 19 problems, so it must be an integer in \[0\.\.18\]/,
    );
    expect(() => othelloLinePosition(m, 7, 0)).toThrow(
      /empties = 7 is not allowed: it must be an integer in \[8\.\.14\]/,
    );
    expect(() => othelloLinePosition(m, 15, 0)).toThrow(/empties = 15 is not allowed/);
    expect(() => bestLine(FFORUM_1_19[0].position, 15)).toThrow(
      /minEmpties = 15 is not allowed: it must be an integer in \[0\.\.14\]/,
    );
  });

  // Playing #40 down costs about a minute of solving (bench/ and the experiments do it), so only its root here.
  test('the FFO #40-#59 set: the model takes its problems and depths up to 20 empties (#40, +38, solved at its root)', () => {
    const m = { kind: 'othello' as const, minEmpties: 20, problems: 'ffo-40-59' as const };
    const line = bestLine(FFO_40_59[0].position, 20);
    expect(line).toEqual([{ position: FFO_40_59[0].position, empties: 20, value: 38, moves: [] }]);
    expect(othelloLinePosition(m, 20, 0)).toEqual(line[0]);
    expect(() => othelloLinePosition(m, 21, 0)).toThrow(
      /empties = 21 is not allowed: it must be an integer in \[20\.\.20\]/,
    );
    expect(() => othelloLinePosition(m, 20, 20)).toThrow(
      /there are 20 problems, so it must be an integer in \[0\.\.19\]/,
    );
    // The default set is FForum 1-19, whatever the other set allows.
    expect(() => othelloLinePosition({ kind: 'othello', minEmpties: 8 }, 15, 0)).toThrow(/\[8\.\.14\]/);
  });
});
