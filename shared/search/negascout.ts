/**
 * NegaScout / principal variation search (Reinefeld 1983), fail-soft, in negamax form: the first child
 * with the full window, every later child with a null window (lo, lo + 1) around the best value so far,
 * re-searched with (v, beta) when the null-window test fails high inside the window. A re-search is
 * skipped when the child is at the horizon (depth 1), where the null-window value is already exact.
 * Values must be integers (null windows are one unit wide). Counting follows ./counters.ts: a
 * re-search counts its nodes again.
 *
 * The node prologue and epilogue repeat alpha-beta's on purpose: folding them into shared context
 * methods measured ~35 % slower (V8 does not inline them into the recursion).
 */
import { INF, type Game } from '../game/game.ts';
import { SearchContext, type SearchOptions } from './search-context.ts';
import { searchFrontier } from './frontier.ts';
import { kernelSearch } from './kernels.ts';
import { checkDepth, type SearchResult } from './search-result.ts';

export function negaScoutNode(ctx: SearchContext, depth: number, alpha: number, beta: number, rec: number): number {
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
    if (hit === hit) return hit;
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
      const crec = base >= 0 ? base + i : -1;
      g.descend(i);
      let v: number;
      if (k === 0) {
        v = -negaScoutNode(ctx, depth - 1, -beta, -alpha, crec);
      } else {
        // alpha already equals max(alpha0, best)
        v = -negaScoutNode(ctx, depth - 1, -alpha - 1, -alpha, crec);
        if (v > alpha && v < beta && depth > 1) v = -negaScoutNode(ctx, depth - 1, -beta, -v, crec);
      }
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

export function negaScout(game: Game, depth: number, opts: SearchOptions = {}, alpha = -INF, beta = INF): SearchResult {
  checkDepth(depth);
  const fast = kernelSearch(game, 'negascout', depth, opts, alpha, beta);
  if (fast !== null) return fast;
  game.reset();
  const ctx = new SearchContext(game, opts);
  const value = negaScoutNode(ctx, depth, alpha, beta, ctx.ann !== null ? 0 : -1);
  return { value: value + 0, bestMove: ctx.rootMove, counters: ctx.counters }; // + 0: no −0 in results
}
