/**
 * Fail-soft alpha-beta (Knuth & Moore 1975) in negamax form.
 *
 * Contract (fail-soft): with v the value of the depth-limited tree below the node and r the result,
 *   r ≤ alpha  ⇒ v ≤ r  (an upper bound),   r ≥ beta ⇒ v ≥ r  (a lower bound),   else r = v.
 * Optional memories: a transposition table (DAGs, MTD(f)) and an annotation tree (iterative deepening).
 * Without them, a kernel registered for the game (./kernels.ts) runs instead when there is one.
 * Counting follows ./counters.ts.
 */
import { INF, type Game } from '../game/game.ts';
import { SearchContext, type SearchOptions } from './search-context.ts';
import { searchFrontier } from './frontier.ts';
import { kernelSearch } from './kernels.ts';
import { checkDepth, type SearchResult } from './search-result.ts';

export function alphaBetaNode(ctx: SearchContext, depth: number, alpha: number, beta: number, rec: number): number {
  const g = ctx.game;
  const c = ctx.counters;
  if (++c.visited > ctx.maxVisited) ctx.limitReached();
  if (depth === 0) {
    c.leaves++;
    const v = g.evaluate();
    if (rec >= 0) ctx.ann!.record(rec, v, 1);
    return v;
  }
  const tt = ctx.tt;
  if (tt !== null) {
    const hit = ctx.probeTT(depth, alpha, beta);
    if (hit === hit) return hit; // not NaN: settled by the table
    alpha = ctx.pAlpha;
    beta = ctx.pBeta;
  }
  const slot = tt !== null ? ctx.pSlot : -1;
  const n = g.expand();
  if (n === 0) {
    c.leaves++;
    const v = g.evaluate();
    if (rec >= 0) ctx.ann!.record(rec, v, 1);
    return v;
  }
  c.expanded++;
  const visited0 = c.visited;
  const alpha0 = alpha;
  let best = -INF;
  let bestMove = -1;
  if (depth === 1 && g.childValue !== undefined) {
    best = searchFrontier(ctx, n, alpha, beta, rec, slot);
    bestMove = ctx.frontierMove;
  } else {
    const off = ctx.orderChildren(n, alpha, beta, rec, slot);
    const base = ctx.childBase;
    for (let k = 0; k < n; k++) {
      const i = ctx.nextChild(off, n, k);
      g.descend(i);
      const v = -alphaBetaNode(ctx, depth - 1, -beta, -alpha, base >= 0 ? base + i : -1);
      g.ascend();
      if (ctx.cutObserver !== null) ctx.observeCut(off, i, beta, v);
      if (v > best) {
        best = v;
        bestMove = i;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) break;
        }
      }
    }
  }
  if (tt !== null) ctx.storeTT(depth, alpha0, beta, best, bestMove);
  if (rec >= 0) ctx.ann!.record(rec, best, c.visited - visited0 + 1);
  if (g.ply === 0) ctx.rootMove = bestMove;
  return best;
}

/** Depth-limited fail-soft alpha-beta from the game's root with window (alpha, beta). */
export function alphaBeta(game: Game, depth: number, opts: SearchOptions = {}, alpha = -INF, beta = INF): SearchResult {
  checkDepth(depth);
  const fast = kernelSearch(game, 'alphabeta', depth, opts, alpha, beta);
  if (fast !== null) return fast;
  game.reset();
  const ctx = new SearchContext(game, opts);
  const value = alphaBetaNode(ctx, depth, alpha, beta, ctx.ann !== null ? 0 : -1);
  return { value: value + 0, bestMove: ctx.rootMove, counters: ctx.counters }; // + 0: no −0 in results
}
