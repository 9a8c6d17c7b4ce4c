/**
 * An Othello position as the FForum problem files write it (../../../shared/data/othello/README.md):
 * 64 squares A1..H1, A2..H2, …, H8, each X (black), O (white) or - (empty), then the side to move X or
 * O. An .obf line adds the legal moves with their exact final disc differentials, "; G8:+18; H1:+12; …",
 * best first. Parsing rejects anything else with a message naming the field and what is allowed.
 */
import { has, popcount, squareIndex, squareName } from './bitboard.ts';
import { quoted } from '../util/quoted.ts';

/** The side to move: 0 = black (X), 1 = white (O). */
export type Side = 0 | 1;

/** A move of an .obf line with its exact score (final disc differential for the side to move). */
interface ScoredMove {
  /** square index 0..63 (A1 = 0, H8 = 63) */
  square: number;
  score: number;
}

export class OthelloPosition {
  constructor(
    readonly blackLo: number,
    readonly blackHi: number,
    readonly whiteLo: number,
    readonly whiteHi: number,
    readonly side: Side,
  ) {
    if (((blackLo & whiteLo) | (blackHi & whiteHi)) !== 0)
      throw new RangeError('a square holds both a black and a white disc');
  }

  /** Discs of the player to move (lo, hi) and of the opponent. */
  get ownLo(): number {
    return this.side === 0 ? this.blackLo : this.whiteLo;
  }
  get ownHi(): number {
    return this.side === 0 ? this.blackHi : this.whiteHi;
  }
  get oppLo(): number {
    return this.side === 0 ? this.whiteLo : this.blackLo;
  }
  get oppHi(): number {
    return this.side === 0 ? this.whiteHi : this.blackHi;
  }

  /** Number of empty squares. */
  get empties(): number {
    return 64 - popcount(this.blackLo | this.whiteLo, this.blackHi | this.whiteHi);
  }

  /** The position from the player to move's discs and the opponent's. */
  static fromOwn(ownLo: number, ownHi: number, oppLo: number, oppHi: number, side: Side): OthelloPosition {
    return side === 0
      ? new OthelloPosition(ownLo, ownHi, oppLo, oppHi, 0)
      : new OthelloPosition(oppLo, oppHi, ownLo, ownHi, 1);
  }

  /** "BOARD SIDE", the first two fields of an .obf line. */
  toString(): string {
    let b = '';
    for (let s = 0; s < 64; s++) {
      b += has(this.blackLo, this.blackHi, s) ? 'X' : has(this.whiteLo, this.whiteHi, s) ? 'O' : '-';
    }
    return `${b} ${this.side === 0 ? 'X' : 'O'}`;
  }

  /** A position from "BOARD SIDE" (an .obf line's scored moves, if present, are ignored). */
  static parse(text: string): OthelloPosition {
    return parseObfLine(text).position;
  }
}

export interface ObfProblem {
  position: OthelloPosition;
  /** the line's moves with their exact scores, best first (empty for a bare "BOARD SIDE") */
  moves: ScoredMove[];
}

/**
 * Parse "BOARD SIDE" or a whole .obf line "BOARD SIDE; MOVE:SCORE; …". Errors (RangeError) name the
 * field that is wrong and what is allowed.
 */
export function parseObfLine(text: string): ObfProblem {
  const parts = text
    .trim()
    .split(';')
    .map((p) => p.trim());
  const head = parts[0].split(/\s+/);
  if (head.length !== 2 || head[0] === '') {
    throw new RangeError(
      `expected "BOARD SIDE" (64 squares of X, O or -, a space, then X or O), got ${quoted(parts[0], 80)}`,
    );
  }
  const [board, sideText] = head;
  if (board.length !== 64)
    throw new RangeError(
      `the board has ${board.length} squares: it must have 64 (A1..H1, A2..H2, …, H8), each X, O or -`,
    );
  let bl = 0,
    bh = 0,
    wl = 0,
    wh = 0;
  for (let s = 0; s < 64; s++) {
    const ch = board[s];
    const bit = 1 << (s & 31);
    if (ch === 'X') {
      if (s < 32) bl |= bit;
      else bh |= bit;
    } else if (ch === 'O') {
      if (s < 32) wl |= bit;
      else wh |= bit;
    } else if (ch !== '-')
      throw new RangeError(
        `square ${squareName(s)} is ${quoted(ch)}: each square must be X (black), O (white) or - (empty)`,
      );
  }
  if (sideText !== 'X' && sideText !== 'O')
    throw new RangeError(`the side to move is ${quoted(sideText)}: it must be X (black) or O (white)`);
  // No game reaches an empty board: the four discs of the start are flipped, never taken away.
  if ((bl | bh | wl | wh) === 0)
    throw new RangeError(
      'the board has no discs: every position of a game holds at least the four of the start (D4, E4, D5, E5); write its discs as X and O',
    );
  const position = new OthelloPosition(bl, bh, wl, wh, sideText === 'X' ? 0 : 1);
  const moves: ScoredMove[] = [];
  for (const field of parts.slice(1)) {
    if (field === '') continue;
    const m = /^([A-Ha-h][1-8]):([+-]?\d+)$/.exec(field);
    if (!m) throw new RangeError(`move field ${quoted(field)} is not allowed: it must be SQUARE:SCORE, e.g. G8:+18`);
    const square = squareIndex(m[1]);
    const score = Number(m[2]);
    if (has(bl | wl, bh | wh, square)) throw new RangeError(`move ${m[1].toUpperCase()} is on an occupied square`);
    if (Math.abs(score) > 64)
      throw new RangeError(`move ${m[1].toUpperCase()}: score ${m[2]} is not allowed: it must be in [-64..64]`);
    moves.push({ square, score });
  }
  return { position, moves };
}

/** Every non-blank line of an .obf file; errors name the file's line. */
export function parseObfFile(text: string, name: string): ObfProblem[] {
  const out: ObfProblem[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    try {
      out.push(parseObfLine(lines[i]));
    } catch (e) {
      if (e instanceof RangeError) throw new RangeError(`${name} line ${i + 1}: ${e.message}`);
      throw e;
    }
  }
  return out;
}
