/**
 * Fail-soft alpha-beta (Knuth & Moore 1975) in negamax form.
 *
 * Contract (fail-soft): with v the value of the depth-limited tree below the node and r the result,
 *   r ≤ alpha  ⇒ v ≤ r  (an upper bound),   r ≥ beta ⇒ v ≥ r  (a lower bound),   else r = v.
 * Optional memories: a transposition table (DAGs, MTD(f)) and an annotation tree (iterative deepening).
 * Without them, a kernel registered for the game (./kernels.ts) runs instead when there is one.
 * The node function is ./pv-node.ts's, shared with NegaScout. Counting follows ./counters.ts.
 */
import { INF, type Game } from '../game/game.ts';
import type { SearchOptions } from './search-context.ts';
import { pvSearch } from './pv-node.ts';
import type { SearchResult } from './search-result.ts';

/** Depth-limited fail-soft alpha-beta from the game's root with window (alpha, beta). */
export function alphaBeta(game: Game, depth: number, opts: SearchOptions = {}, alpha = -INF, beta = INF): SearchResult {
  return pvSearch('alphabeta', game, depth, opts, alpha, beta);
}
