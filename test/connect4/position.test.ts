/** Connect-Four bitboards against the array reference: moves, four in a row, keys, parsing errors. */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { hasFour, winningCells, WIN_HI, HI_SCALE } from '../../shared/connect4/bitboard.ts';
import { CENTRE_FIRST, Position, lostScore, lossNextScore, winNowScore } from '../../shared/connect4/position.ts';
import { ArrayBoard, H, W, randomPosition } from './reference.ts';

/** The cells (c, r) set in a split board. */
function cellsOf(lo: number, hi: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < W; c++) {
    for (let r = 0; r < 7; r++) {
      const bit = c < 4 ? (lo >>> (7 * c + r)) & 1 : (hi >>> (7 * (c - 4) + r)) & 1;
      if (bit) out.push(`${c},${r}`);
    }
  }
  return out;
}

/** Empty cells completing four for the player to move, from the array board by trying each cell. */
function referenceWinningCells(b: ArrayBoard, player: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < W; c++) {
    for (let r = 0; r < H; r++) {
      if (b.at(c, r) !== 0) continue;
      b.cells[c * H + r] = player;
      if (b.fourThrough(c, r)) out.push(`${c},${r}`);
      b.cells[c * H + r] = 0;
    }
  }
  return out;
}

function sameBoard(p: Position, b: ArrayBoard): void {
  expect(p.moves).toBe(b.moves);
  const me = b.toMove();
  for (let c = 0; c < W; c++) {
    expect(p.height(c)).toBe(b.height[c]);
    for (let r = 0; r < H; r++) {
      const v = b.at(c, r);
      expect(p.cell(c, r)).toBe(v === 0 ? 0 : v === me ? 1 : 2);
    }
  }
}

const seedArb = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('moves and four in a row', () => {
  test('random positions: board, playable columns, winning moves and winning cells agree with the array board', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 0, max: 41 }), (seed, stones) => {
        const moves = randomPosition(seed, stones);
        const p = Position.parse(moves);
        const b = ArrayBoard.fromMoves(moves);
        sameBoard(p, b);
        let anyWin = false;
        for (let c = 0; c < W; c++) {
          expect(p.canPlay(c)).toBe(b.height[c] < H);
          if (p.canPlay(c)) {
            expect(p.isWinningMove(c)).toBe(b.wins(c));
            anyWin ||= b.wins(c);
          }
        }
        expect(p.canWinNext()).toBe(anyWin);
        const wl = winningCells(p.curLo, p.curHi, p.maskLo, p.maskHi);
        expect(cellsOf(wl, WIN_HI[0])).toEqual(referenceWinningCells(b, b.toMove()));
        const ol = winningCells(p.curLo ^ p.maskLo, p.curHi ^ p.maskHi, p.maskLo, p.maskHi);
        expect(cellsOf(ol, WIN_HI[0])).toEqual(referenceWinningCells(b, 3 - b.toMove()));
        expect(p.lastMoverWon()).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test('hasFour agrees with a full scan on random stone sets (any shape, not only reachable ones)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 42, maxLength: 42 }), (cells) => {
        let lo = 0,
          hi = 0;
        const b = new ArrayBoard();
        for (let c = 0; c < W; c++) {
          for (let r = 0; r < H; r++) {
            if (!cells[c * H + r]) continue;
            if (c < 4) lo |= 1 << (7 * c + r);
            else hi |= 1 << (7 * (c - 4) + r);
            b.cells[c * H + r] = 1;
          }
        }
        expect(hasFour(lo, hi)).toBe(b.anyFour());
      }),
      { numRuns: 2000 },
    );
  });

  test('play then undo restores the position; every prefix is consistent', () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 1, max: 42 }), (seed, stones) => {
        const moves = randomPosition(seed, stones);
        const p = Position.parse(moves.slice(0, -1));
        const before = p.clone();
        const c = Number(moves[moves.length - 1]) - 1;
        p.play(c);
        p.undo(c);
        expect(p).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  // Hand positions. x = first player. Each string leaves x to move with one winning column.
  const wins: [string, string, number][] = [
    ['horizontal, bottom row', '112233', 3],
    ['vertical, column 1', '121212', 0],
    // x ends with (0,0) (1,1) (2,2) and (3,2) under the empty (3,3)
    ['diagonal /', '1223343447', 3],
    ['diagonal \\ (the mirror image)', '7665545441', 3],
  ];
  for (const [name, moves, col] of wins) {
    test(`${name}: ${moves} then column ${col + 1} wins, nothing else does`, () => {
      const p = Position.parse(moves);
      const b = ArrayBoard.fromMoves(moves);
      expect(b.anyFour()).toBe(false);
      for (let c = 0; c < W; c++) expect(p.isWinningMove(c)).toBe(c === col);
      expect(p.canWinNext()).toBe(true);
      p.play(col);
      expect(p.lastMoverWon()).toBe(true);
      b.play(col);
      expect(b.anyFour()).toBe(true);
      // the solver's position parser refuses the winning move itself
      expect(() => Position.parse(moves + String(col + 1))).toThrow(
        new RegExp(`position ${moves.length + 1} plays column ${col + 1} and makes four in a row`),
      );
    });
  }

  test('a full board without four: the A A B B A A B column pattern, filled by a legal move order', () => {
    // column A = x o x o x o bottom-up, B = o x o x o x: runs of at most two in every direction.
    const pattern = [0, 0, 1, 1, 0, 0, 1];
    const colour = (c: number, r: number) => 1 + ((r + pattern[c]) % 2); // 1 = x (first), 2 = o
    // a legal order: players alternate, so search (depth first, dead height vectors remembered)
    const b = new ArrayBoard();
    const dead = new Set<string>();
    const fill = (): string | null => {
      if (b.moves === 42) return '';
      const key = b.height.join('');
      if (dead.has(key)) return null;
      for (let c = 0; c < W; c++) {
        if (b.height[c] >= H || colour(c, b.height[c]) !== b.toMove()) continue;
        b.play(c);
        const rest = fill();
        if (rest !== null) return String(c + 1) + rest;
        b.undo(c);
      }
      dead.add(key);
      return null;
    };
    const moves = fill();
    expect(moves).not.toBeNull();
    if (moves === null) return;
    expect(b.anyFour()).toBe(false);
    const p = Position.parse(moves);
    expect(p.isFull()).toBe(true);
    expect(p.canWinNext()).toBe(false);
    expect(p.lastMoverWon()).toBe(false);
    for (let c = 0; c < W; c++) expect(p.canPlay(c)).toBe(false);
    sameBoard(p, b);
  });
});

describe('keys', () => {
  test('two move orders reaching the same position give the same key; different positions differ', () => {
    const a = Position.parse('4453');
    const b = Position.parse('5344');
    expect(a.toString()).toBe(b.toString());
    expect([a.keyLo(), a.keyHi()]).toEqual([b.keyLo(), b.keyHi()]);
    expect(Position.parse('4435').key()).not.toBe(a.key());
  });

  test('the key is unique: equal keys exactly when the boards are equal (random pairs and neighbours)', () => {
    const seen = new Map<number, string>();
    for (let seed = 0; seed < 400; seed++) {
      const moves = randomPosition(seed, seed % 43);
      const p = Position.parse(moves);
      const board = `${p.moves}:${p.toString()}`;
      const k = p.key();
      expect(k).toBe(p.keyHi() * HI_SCALE + p.keyLo());
      expect(k).toBeLessThan(2 ** 49);
      const other = seen.get(k);
      if (other !== undefined) expect(other).toBe(board);
      seen.set(k, board);
    }
    expect(seen.size).toBeGreaterThan(300);
  });
});

describe('move strings', () => {
  test('errors name the character, its position and the reason; nothing is played', () => {
    expect(() => Position.parse('4455x')).toThrow(/character "x" at position 5 is not a column: use the digits 1\.\.7/);
    expect(() => Position.parse('08')).toThrow(/character "0" at position 1 is not a column/);
    expect(() => Position.parse('1212128')).toThrow(/character "8" at position 7/);
    expect(() => Position.parse('1212334444444')).toThrow(
      /character "4" at position 13 plays column 4, which is already full/,
    );
    expect(() => Position.parse('1212121')).toThrow(
      /character "1" at position 7 plays column 1 and makes four in a row/,
    );
    const p = Position.parse('44');
    expect(() => p.playMoves('55x')).toThrow(RangeError);
    expect(p.moves).toBe(2);
    expect(p.toString()).toBe(Position.parse('44').toString());
  });

  test('the empty string is the empty board; toString shows x for the first player', () => {
    expect(Position.parse('').moves).toBe(0);
    expect(Position.parse('45').toString().split('\n').slice(-2, -1)[0]).toBe('...xo..');
  });
});

describe("score convention (Pons): 22 minus the winner's stones", () => {
  test('formulas against counting stones', () => {
    for (let n = 0; n <= 42; n++) {
      // mover wins with its next stone: it will have floor(n/2) + 1 stones
      expect(winNowScore(n)).toBe(22 - (Math.floor(n / 2) + 1));
      // the opponent wins with its next stone (stone n + 2 overall): it will have ceil(n/2) + 1 stones
      if (n <= 40) expect(lossNextScore(n)).toBe(-(22 - (Math.ceil(n / 2) + 1)));
      // the n-th stone made four: its player has ceil(n/2) stones
      if (n >= 7) expect(lostScore(n)).toBe(-(22 - Math.ceil(n / 2)));
    }
    expect(CENTRE_FIRST).toEqual([3, 2, 4, 1, 5, 0, 6]);
  });
});
