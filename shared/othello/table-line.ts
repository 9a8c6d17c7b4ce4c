/**
 * The principal variation a solve left in its transposition table: from the position, the best move each
 * entry stored, followed while the table holds the node (an entry may have been overwritten, so the line
 * can stop before the end of the game). The board view shows it; only its first move is guaranteed best
 * (the solver checks that one), the rest is what the search last believed.
 */
import { NO_ENTRY, type TranspositionTable } from '../search/transposition-table.ts';
import { OthelloGame } from './othello-game.ts';
import type { OthelloPosition } from './position.ts';

/** Moves ("D3", "pass") of the table's line from `position`, at most to the end of the game. */
export function tableLine(position: OthelloPosition, tt: TranspositionTable): string[] {
  const game = new OthelloGame(position);
  const line: string[] = [];
  while (game.ply < game.maxPly) {
    const n = game.expand();
    if (n === 0) break;
    const slot = tt.probe(game.keyHi(), game.keyLo());
    const i = n === 1 ? 0 : slot === NO_ENTRY ? -1 : tt.moveAt(slot);
    if (i < 0 || i >= n) break;
    line.push(game.childName(i));
    game.descend(i);
  }
  return line;
}
