/**
 * Real endgame positions for the property tests: an FForum problem played down by random legal moves
 * (passes when forced) to at most k empties, or to the end of the game.
 */
import { FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';
import { OthelloGame, PASS } from '../../shared/othello/othello-game.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';

/** FForum problem `p` (0-based) played down by random moves from `seed` to at most k empties; "BOARD SIDE". */
export function playedDown(p: number, k: number, seed: number): string {
  const g = new OthelloGame(FFORUM_1_19[p].position);
  const r = mulberry32(seed);
  while (g.empties() > k) {
    const n = g.expand();
    if (n === 0) break;
    g.descend(n === 1 && g.childSquare(0) === PASS ? 0 : Math.floor(r() * n));
  }
  return g.position().toString();
}
