/**
 * Plain negamax (minimax in negamax form): every node of the depth-limited tree, no pruning. The
 * reference every other search is checked against. Counting follows ./counters.ts; a SearchLimitError
 * stops it once more than `maxVisited` nodes were visited, as every search.
 */
import type { Game } from '../game/game.ts';
import { newCounters, type Counters } from './counters.ts';
import { SearchLimitError } from './search-context.ts';
import { checkDepth, type SearchResult } from './search-result.ts';

function negamaxNode(g: Game, depth: number, c: Counters, limit: number): number {
  if (++c.visited > limit) throw new SearchLimitError(limit);
  if (depth === 0) {
    c.leaves++;
    return g.evaluate();
  }
  const n = g.expand();
  if (n === 0) {
    c.leaves++;
    return g.evaluate();
  }
  c.expanded++;
  let best = -Infinity;
  for (let i = 0; i < n; i++) {
    g.descend(i);
    const v = -negamaxNode(g, depth - 1, c, limit);
    g.ascend();
    if (v > best) best = v;
  }
  return best;
}

export function minimax(
  game: Game,
  depth: number,
  opts: { counters?: Counters; maxVisited?: number } = {},
): SearchResult {
  checkDepth(depth);
  game.reset();
  const counters = opts.counters ?? newCounters();
  const limit = opts.maxVisited ?? Infinity;
  const n = game.expand();
  let value: number;
  let bestMove = -1;
  // The root is handled here so the best move is known; its children go through negamaxNode.
  if (++counters.visited > limit) throw new SearchLimitError(limit);
  if (depth === 0 || n === 0) {
    counters.leaves++;
    value = game.evaluate();
  } else {
    counters.expanded++;
    value = -Infinity;
    for (let i = 0; i < n; i++) {
      game.descend(i);
      const v = -negamaxNode(game, depth - 1, counters, limit);
      game.ascend();
      if (v > value) {
        value = v;
        bestMove = i;
      }
    }
  }
  return { value: value + 0, bestMove, counters }; // + 0: no −0 in results
}
