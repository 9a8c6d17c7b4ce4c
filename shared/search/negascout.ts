/**
 * NegaScout / principal variation search (Reinefeld 1983), fail-soft, in negamax form: the first child
 * with the full window, every later child with a null window (lo, lo + 1) around the best value so far,
 * re-searched with (v, beta) when the null-window test fails high inside the window. A re-search is
 * skipped when the child is at the horizon (depth 1), where the null-window value is already exact.
 * Values must be integers (null windows are one unit wide). Counting follows ./counters.ts: a
 * re-search counts its nodes again. The node function is ./pv-node.ts's, shared with alpha-beta.
 */
import { INF, type Game } from '../game/game.ts';
import type { SearchOptions } from './search-context.ts';
import { pvSearch } from './pv-node.ts';
import type { SearchResult } from './search-result.ts';

/** Depth-limited fail-soft NegaScout from the game's root with window (alpha, beta). */
export function negaScout(game: Game, depth: number, opts: SearchOptions = {}, alpha = -INF, beta = INF): SearchResult {
  return pvSearch('negascout', game, depth, opts, alpha, beta);
}
