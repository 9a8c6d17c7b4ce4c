/**
 * Real endgame positions with k empty squares: the positions on the exact best line of an Othello
 * position, played down move by move. At each node every child is solved exactly (to the end of the
 * game, by the solve mode, ./endgame-solver.ts) and the best one is played, the first in natural move order (A1 first)
 * among equals, so the line is the same in every process and run. A forced pass is played through: the
 * position with k empties is the one whose side to move has a legal move (or the final position).
 *
 * The line is a perfect-play continuation, so every position on it has the root's value (from its own
 * side's view, the sign following the side to move); the tests check that.
 */
import { ENDGAME_ON, solveEndgame } from './endgame-solver.ts';
import { OthelloGame, PASS } from './othello-game.ts';

export interface LinePosition {
  /** "BOARD SIDE" */
  readonly position: string;
  readonly empties: number;
  /** exact final disc differential for the side to move */
  readonly value: number;
  /** moves played from the line's root to here ("D3", "pass") */
  readonly moves: readonly string[];
}

/**
 * The positions of the best line of `root` ("BOARD SIDE") with minEmpties ≤ empties ≤ the root's, by empties
 * in ascending order of empties; a line whose game ends first has none below its final position.
 */
export function bestLine(root: string, minEmpties: number): LinePosition[] {
  const game = new OthelloGame(root);
  if (!Number.isInteger(minEmpties) || minEmpties < 0 || minEmpties > game.rootEmpties) {
    throw new RangeError(
      `minEmpties = ${minEmpties} is not allowed: it must be an integer in [0..${game.rootEmpties}] (the position's empties)`,
    );
  }
  const exactValue = () =>
    solveEndgame(game.position(), { switches: ENDGAME_ON, algorithm: 'mtdf', weak: false }).score;
  const byEmpties: LinePosition[] = [];
  const moves: string[] = [];
  for (;;) {
    const n = game.expand();
    if (n === 1 && game.childSquare(0) === PASS) {
      moves.push('pass');
      game.descend(0);
      continue;
    }
    const k = game.empties();
    const value = exactValue();
    if (k <= game.rootEmpties && byEmpties[k] === undefined)
      byEmpties[k] = { position: game.position().toString(), empties: k, value, moves: [...moves] };
    if (n === 0 || k <= minEmpties) break;
    let best = -1,
      bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      game.descend(i);
      const v = 0 - exactValue();
      game.ascend();
      if (v > bestValue) {
        best = i;
        bestValue = v;
      }
    }
    if (bestValue !== value)
      throw new Error(
        `best line of ${root}: after ${moves.join(' ') || 'no move'} the children give ${bestValue}, the node ${value}`,
      );
    moves.push(game.childName(best));
    game.descend(best);
  }
  const out: LinePosition[] = [];
  for (let k = minEmpties; k <= game.rootEmpties; k++) if (byEmpties[k] !== undefined) out.push(byEmpties[k]);
  return out;
}
