/**
 * The Connect-Four board the Studies tab draws for a move string (shared/connect4/position.ts): cells
 * top row first, 'x' = the first player's stones, 'o' = the second player's, '' empty, and the cell
 * of the last stone played.
 */
import { HEIGHT, WIDTH } from '../../../shared/connect4/bitboard.ts';
import { Position } from '../../../shared/connect4/position.ts';

export interface BoardView {
  /** rows top first, WIDTH cells each */
  cells: ('x' | 'o' | '')[][];
  /** the last stone played: column and row from the top, or null on the empty board */
  last: { col: number; row: number } | null;
  stones: number;
  /** who moves next: 'x' (first player) or 'o' */
  toMove: 'x' | 'o';
}

/** Throws the position's RangeError (naming the offending character) for an invalid move string. */
export function boardView(moves: string): BoardView {
  const p = Position.parse(moves);
  const firstToMove = p.moves % 2 === 0;
  const cells: BoardView['cells'] = [];
  for (let r = HEIGHT - 1; r >= 0; r--) {
    const row: ('x' | 'o' | '')[] = [];
    for (let c = 0; c < WIDTH; c++) {
      const v = p.cell(c, r);
      row.push(v === 0 ? '' : (v === 1) === firstToMove ? 'x' : 'o');
    }
    cells.push(row);
  }
  let last: BoardView['last'] = null;
  if (moves.length > 0) {
    const col = moves.charCodeAt(moves.length - 1) - 49;
    last = { col, row: HEIGHT - p.height(col) };
  }
  return { cells, last, stones: p.moves, toMove: firstToMove ? 'x' : 'o' };
}
