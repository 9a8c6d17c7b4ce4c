/**
 * A Connect-Four position (7 columns × 6 rows) on bitboards, after Pons, "Solving Connect 4: how to
 * build a perfect AI", part 6 "Bitboard": `cur` = stones of the player to move, `mask` = all stones, each
 * a 49-bit board split in two words (./bitboard.ts). Playing a column is `cur ^= mask; mask |= mask + bottom`.
 *
 * Move strings follow Pons' test protocol: 1-based columns played from the empty board ("4455" = two
 * stones in column 4, then two in column 5). Like Pons' parser, a move that completes four in a row is
 * rejected: a position to solve is never already won.
 *
 * Score convention (Pons, part 2): for the player to move, 22 minus the number of stones the winner has
 * played at the end if the player to move wins, the negative of that if the opponent wins, 0 for a draw.
 */
import { quoted } from '../util/quoted.ts';
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  HEIGHT,
  HI_SCALE,
  WIDTH,
  bottomMask,
  columnWord,
  hasFour,
  topMask,
  winningCells,
  WIN_HI,
} from './bitboard.ts';

/** Centre-first column order (Pons part 5): 3, 2, 4, 1, 5, 0, 6. */
export const CENTRE_FIRST: readonly number[] = Object.freeze(
  Array.from({ length: WIDTH }, (_, i) => (WIDTH >> 1) + (1 - 2 * (i % 2)) * ((i + 1) >> 1)),
);

/** Score of the player to move who wins with the next stone, `stones` stones being played. */
export function winNowScore(stones: number): number {
  return (CELLS + 1 - stones) >> 1;
}

/** Score of the player to move when the opponent wins with its next stone. */
export function lossNextScore(stones: number): number {
  return -((CELLS - stones) >> 1);
}

/** Score of the player to move at a terminal position whose last stone (the `stones`-th) made four. */
export function lostScore(stones: number): number {
  // the winner played ceil(stones / 2) of them: −(22 − ceil(stones / 2))
  return -((CELLS + 2 - stones) >> 1);
}

export class Position {
  /** stones of the player to move (lo: columns 0..3, hi: columns 4..6) */
  curLo = 0;
  curHi = 0;
  /** all stones */
  maskLo = 0;
  maskHi = 0;
  /** stones played */
  moves = 0;

  /** A position from a move string such as "4455" (see the module header); errors name the move. */
  static parse(moves: string): Position {
    const p = new Position();
    p.playMoves(moves);
    return p;
  }

  clone(): Position {
    const p = new Position();
    p.curLo = this.curLo;
    p.curHi = this.curHi;
    p.maskLo = this.maskLo;
    p.maskHi = this.maskHi;
    p.moves = this.moves;
    return p;
  }

  /** Whether column c (0-based) has room. */
  canPlay(c: number): boolean {
    return ((columnWord(c) === 0 ? this.maskLo : this.maskHi) & topMask(c)) === 0;
  }

  /** Drop a stone of the player to move into column c (0-based); the column must have room. */
  play(c: number): void {
    this.curLo ^= this.maskLo;
    this.curHi ^= this.maskHi;
    if (c < 4) this.maskLo |= this.maskLo + bottomMask(c);
    else this.maskHi |= this.maskHi + bottomMask(c);
    this.moves++;
  }

  /** Take back the top stone of column c, which must be the last stone played. */
  undo(c: number): void {
    const top = topStone(c < 4 ? this.maskLo : this.maskHi, c);
    if (c < 4) this.maskLo ^= top;
    else this.maskHi ^= top;
    this.curLo ^= this.maskLo;
    this.curHi ^= this.maskHi;
    this.moves--;
  }

  /** Whether playing column c (which must have room) makes four in a row for the player to move. */
  isWinningMove(c: number): boolean {
    let pl = this.curLo,
      ph = this.curHi;
    if (c < 4) pl |= (this.maskLo + bottomMask(c)) & ~this.maskLo;
    else ph |= (this.maskHi + bottomMask(c)) & ~this.maskHi;
    return hasFour(pl, ph);
  }

  /** Whether the player to move can win with its next stone. */
  canWinNext(): boolean {
    const wl = winningCells(this.curLo, this.curHi, this.maskLo, this.maskHi);
    return (
      (wl & ((this.maskLo + BOTTOM_LO) & BOARD_LO)) !== 0 || (WIN_HI[0] & ((this.maskHi + BOTTOM_HI) & BOARD_HI)) !== 0
    );
  }

  /** Whether the player who played last has four in a row (the game is over). */
  lastMoverWon(): boolean {
    return hasFour(this.curLo ^ this.maskLo, this.curHi ^ this.maskHi);
  }

  isFull(): boolean {
    return this.moves === CELLS;
  }

  /** Stones in column c. */
  height(c: number): number {
    const m = (c < 4 ? this.maskLo : this.maskHi) >>> (7 * (c < 4 ? c : c - 4));
    let h = 0;
    while (h < HEIGHT && (m & (1 << h)) !== 0) h++;
    return h;
  }

  /** Cell (c, r), r = 0 the bottom row: 0 empty, 1 the player to move, 2 the opponent. */
  cell(c: number, r: number): number {
    const bit = 1 << (7 * (c < 4 ? c : c - 4) + r);
    const m = c < 4 ? this.maskLo : this.maskHi;
    if ((m & bit) === 0) return 0;
    return ((c < 4 ? this.curLo : this.curHi) & bit) !== 0 ? 1 : 2;
  }

  /** Pons' transposition key `cur + mask`: unique per position, below 2^49 (split as lo + hi·2^28). */
  keyLo(): number {
    return this.curLo + this.maskLo;
  }
  keyHi(): number {
    return this.curHi + this.maskHi;
  }
  key(): number {
    return this.keyHi() * HI_SCALE + this.keyLo();
  }

  /**
   * Play a move string (1-based columns). Throws a RangeError naming the offending character and its
   * 1-based position in the string: a character that is not a column 1..7, a full column, or a move
   * that wins (the game would be over). Nothing is played if the string is invalid.
   */
  playMoves(moves: string): void {
    const save = this.clone();
    for (let i = 0; i < moves.length; i++) {
      const ch = moves[i];
      const c = ch.charCodeAt(0) - 49; // '1' → 0
      let problem = '';
      if (c < 0 || c >= WIDTH) problem = `is not a column: use the digits 1..${WIDTH}`;
      else if (!this.canPlay(c)) problem = `plays column ${c + 1}, which is already full (${HEIGHT} stones)`;
      else if (this.isWinningMove(c))
        problem = `plays column ${c + 1} and makes four in a row: the game is over there (a position to solve must not be won)`;
      if (problem !== '') {
        this.curLo = save.curLo;
        this.curHi = save.curHi;
        this.maskLo = save.maskLo;
        this.maskHi = save.maskHi;
        this.moves = save.moves;
        throw new RangeError(`moves ${quoted(moves)}: character ${quoted(ch)} at position ${i + 1} ${problem}`);
      }
      this.play(c);
    }
  }

  /** The board as text, top row first: 'x' = first player's stones, 'o' = second player's, '.' empty. */
  toString(): string {
    const firstToMove = this.moves % 2 === 0;
    let s = '';
    for (let r = HEIGHT - 1; r >= 0; r--) {
      for (let c = 0; c < WIDTH; c++) {
        const v = this.cell(c, r);
        s += v === 0 ? '.' : (v === 1) === firstToMove ? 'x' : 'o';
      }
      s += '\n';
    }
    return s;
  }
}

/** The top occupied cell of column c in its word of the mask (the column must not be empty). */
function topStone(maskWord: number, c: number): number {
  const b = bottomMask(c);
  const col = maskWord & (((1 << HEIGHT) - 1) * b);
  return (col + b) >>> 1;
}
