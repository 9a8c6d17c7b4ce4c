/**
 * A solved Othello position as a figure: the board with its discs and the solve's principal variation
 * numbered on the squares it plays, in order (passes are not squares and take no number), with the
 * score and the search that found it in the title (the Othello study's figure, ./othello-study.ts).
 */
import { boardFigureOption, type BoardSquare } from '../figures/board-figure.ts';
import { squareIndex } from './bitboard.ts';

/** What the figure shows of a solve (./othello-study.ts's result). */
interface SolvedPosition {
  /** "BOARD SIDE" */
  position: string;
  empties: number;
  score: number;
  weak: boolean;
  bestMoveName: string;
  /** the principal variation, square names and passes */
  line: readonly string[];
  /** the .obf line's best score, where the position came from one */
  expected: number | null;
}

const FILES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
const RANKS = ['1', '2', '3', '4', '5', '6', '7', '8'];

export function othelloBoardOption(r: SolvedPosition, o: { fontFamily?: string } = {}): Record<string, unknown> {
  const [board, side] = r.position.split(' ');
  const squares: BoardSquare[] = [];
  for (let s = 0; s < 64; s++) {
    const ch = board[s];
    if (ch === 'X' || ch === 'O') squares.push({ col: s & 7, row: s >> 3, disc: ch === 'X' ? 'dark' : 'light' });
  }
  let n = 0;
  for (const move of r.line) {
    const s = squareIndex(move);
    if (s >= 0) squares.push({ col: s & 7, row: s >> 3, label: String(++n) });
  }
  const mover = side === 'X' ? 'Black' : 'White';
  const score = `${r.score > 0 ? '+' : ''}${r.score}`;
  const expected = r.expected === null ? '' : ` (the file: ${r.expected > 0 ? '+' : ''}${r.expected})`;
  return boardFigureOption(
    {
      title: `${mover} to move, ${r.empties} empties: ${r.weak ? 'win/draw/loss' : 'score'} ${score}${expected}`,
      subtitle: `best move ${r.bestMoveName}; the numbers: the principal variation (${r.line.join(' ')})`,
      cols: 8,
      rows: 8,
      ground: '#2e7d4f',
      colNames: FILES,
      rowNames: RANKS,
      squares,
    },
    o,
  );
}
