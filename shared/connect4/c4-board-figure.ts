/**
 * A solved Connect-Four position as a figure: the board after the moves, each stone numbered by the
 * move that played it (the first player red, the second yellow), with the score in Pons' convention in
 * the title (the Connect-Four study's figure, ./c4-study.ts).
 */
import { boardFigureOption, type BoardSquare } from '../figures/board-figure.ts';

/** What the figure shows of a solve (./c4-study.ts's result). */
interface SolvedPosition {
  /** the columns played, 1..7, from the empty board */
  moves: string;
  stones: number;
  score: number;
  weak: boolean;
  step: string;
  visited: number;
}

const COLS = 7;
const ROWS = 6;

export function c4BoardOption(r: SolvedPosition, o: { fontFamily?: string } = {}): Record<string, unknown> {
  const height = new Array<number>(COLS).fill(0);
  const squares: BoardSquare[] = [];
  [...r.moves].forEach((ch, i) => {
    const col = Number(ch) - 1;
    squares.push({ col, row: ROWS - 1 - height[col]++, disc: i % 2 === 0 ? 'red' : 'yellow', label: String(i + 1) });
  });
  const mover = r.stones % 2 === 0 ? 'red' : 'yellow';
  const score = `${r.score > 0 ? '+' : ''}${r.score}`;
  const verdict = r.score > 0 ? `${mover} wins` : r.score < 0 ? `${mover} loses` : 'a draw';
  return boardFigureOption(
    {
      title: `Connect-Four after ${r.moves === '' ? 'no move' : r.moves}: ${r.weak ? 'weak' : 'score'} ${score}, ${verdict}`,
      subtitle: `${mover} to move (Pons' score: positive = the player to move wins); solver step ${r.step}, ${r.visited.toLocaleString('en')} nodes`,
      cols: COLS,
      rows: ROWS,
      ground: '#1f5fa8',
      colNames: ['1', '2', '3', '4', '5', '6', '7'],
      squares,
    },
    o,
  );
}
