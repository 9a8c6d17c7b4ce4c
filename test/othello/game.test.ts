/**
 * Othello as a Game: parsing, move generation and flips against the naive 8-direction scan of
 * ./reference.ts, make/unmake restoring position and Zobrist key, passes and the final score.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { OthelloGame, PASS } from '../../shared/othello/othello-game.ts';
import { OthelloPosition, parseObfLine } from '../../shared/othello/position.ts';
import { squareIndex, squareName } from '../../shared/othello/bitboard.ts';
import { zobristKey } from '../../shared/othello/zobrist.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import {
  START,
  cellsOf,
  naiveFlips,
  naiveMoves,
  naivePlay,
  naiveScore,
  positionOf,
  randomPlayout,
} from './reference.ts';

/** A random game position after `plies` random moves from the start. */
function randomPosition(seed: number, plies: number): OthelloPosition {
  const r = mulberry32(seed);
  return randomPlayout(plies, (n) => Math.floor(r() * n));
}

function childSquares(g: OthelloGame): number[] {
  const n = g.expand();
  return Array.from({ length: n }, (_, i) => g.childSquare(i));
}

describe('parsing', () => {
  test('a board round-trips through toString, and squares are named A1..H8', () => {
    const p = OthelloPosition.parse(START);
    expect(p.toString()).toBe(START);
    expect(p.empties).toBe(60);
    expect(squareName(0)).toBe('A1');
    expect(squareName(7)).toBe('H1');
    expect(squareName(63)).toBe('H8');
    expect(squareIndex('g8')).toBe(62);
    expect(squareIndex('I1')).toBe(-1);
  });

  test('an .obf line gives the position and its scored moves', () => {
    const line = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;';
    const { position, moves } = parseObfLine(line);
    expect(position.side).toBe(0);
    expect(moves).toEqual([
      { square: 62, score: 18 },
      { square: 7, score: 12 },
      { square: 24, score: -22 },
    ]);
  });

  test('malformed input is rejected with a message naming what is wrong', () => {
    const board = START.slice(0, 64);
    expect(() => OthelloPosition.parse(board)).toThrow(/BOARD SIDE/);
    expect(() => OthelloPosition.parse(`${board.slice(1)} X`)).toThrow(/63 squares: it must have 64/);
    expect(() => OthelloPosition.parse(`Z${board.slice(1)} X`)).toThrow(/square A1 is "Z"/);
    expect(() => OthelloPosition.parse(`${board} B`)).toThrow(
      /side to move is "B": it must be X \(black\) or O \(white\)/,
    );
    expect(() => parseObfLine(`${board} X; D3=+2`)).toThrow(/move field "D3=\+2"/);
    expect(() => parseObfLine(`${board} X; D4:+2`)).toThrow(/D4 is on an occupied square/);
    expect(() => parseObfLine(`${board} X; D3:+99`)).toThrow(/score \+99 .* \[-64\.\.64\]/);
  });
});

describe('move generation', () => {
  test('the opening position: black has D3, C4, F5, E6', () => {
    expect(childSquares(new OthelloGame(START)).map(squareName)).toEqual(['D3', 'C4', 'F5', 'E6']);
  });

  test('moves and flips agree with a naive 8-direction scan on random positions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 60 }), (seed, plies) => {
        const p = randomPosition(seed, plies);
        const g = new OthelloGame(p);
        const c = cellsOf(p);
        const ref = naiveMoves(c);
        const got = childSquares(g);
        if (ref.length > 0) expect(got).toEqual(ref);
        else {
          const opp = naiveMoves(naivePlay(c, -1));
          expect(got).toEqual(opp.length > 0 ? [PASS] : []);
        }
        // every child is the naive successor, with its key recomputed from scratch
        for (let i = 0; i < got.length; i++) {
          g.descend(i);
          const child = g.position();
          expect(cellsOf(child)).toEqual(naivePlay(c, got[i] === PASS ? -1 : got[i]));
          expect(child.side).toBe(1 - p.side);
          expect([g.keyLo(), g.keyHi()]).toEqual(zobristKey(child));
          g.ascend();
        }
        // flips of an illegal square are empty in both
        for (let x = 0; x < 64; x++) if (!ref.includes(x)) expect(naiveFlips(c, x)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  test('make/unmake restores the position and the key along random lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 70 }),
        (seed, choices) => {
          const g = new OthelloGame(randomPosition(seed, seed % 40));
          const seen: [string, number, number][] = [];
          for (const ch of choices) {
            seen.push([g.position().toString(), g.keyLo(), g.keyHi()]);
            const n = g.expand();
            if (n === 0) break;
            g.descend(ch % n);
          }
          for (let k = seen.length - 1; k >= 0; k--) {
            if (g.ply > k) g.ascend();
            expect(g.ply).toBe(k);
            expect([g.position().toString(), g.keyLo(), g.keyHi()]).toEqual(seen[k]);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('passes, terminal nodes and the final score', () => {
  test('a player without moves passes when the opponent has one; the pass flips the side and the key', () => {
    // first row X X X X X X O -, the rest empty: white (to move) flanks nothing; black's H1 flanks G1
    const board = `XXXXXXO-${'-'.repeat(56)}`;
    const g = new OthelloGame(`${board} O`);
    expect(childSquares(g)).toEqual([PASS]);
    const k = [g.keyLo(), g.keyHi()];
    g.descend(0);
    expect(g.side()).toBe(0);
    expect([g.keyLo(), g.keyHi()]).not.toEqual(k);
    expect(childSquares(g).map(squareName)).toEqual(['H1']);
    g.descend(0);
    // black owns every disc: the game is over, 8 discs + 56 empties to black, from white's view −64
    expect(g.expand()).toBe(0);
    expect(g.isTerminal()).toBe(true);
    expect(g.evaluate()).toBe(-64);
    expect(g.exactValue()).toBe(-64);
  });

  test('the final score gives the empties to the winner, and agrees with the naive count at random ends', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const p = randomPosition(seed, 200); // plays to the end
      const g = new OthelloGame(p);
      expect(g.expand()).toBe(0);
      expect(g.evaluate()).toBe(naiveScore(cellsOf(p)));
    }
    const g = new OthelloGame(positionOf([1, 1, 2, ...Array(61).fill(0)], 0));
    expect(g.finalScore()).toBe(1 + 61);
  });

  test("childDegree is the child's number of children and childEstimate is minus its evaluation", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const g = new OthelloGame(randomPosition(seed, seed + 10));
      const n = g.expand();
      for (let i = 0; i < n; i++) {
        const d = g.childDegree(i);
        const e = g.childEstimate(i);
        g.descend(i);
        expect(d).toBe(g.expand());
        expect(e).toBe(-g.evaluate());
        g.ascend();
      }
    }
  });

  test('buffers: maxPly is twice the empties, maxChildren the empties', () => {
    const g = new OthelloGame(START);
    expect(g.maxPly).toBe(120);
    expect(g.maxChildren).toBe(60);
    expect(g.rootEmpties).toBe(60);
  });
});
