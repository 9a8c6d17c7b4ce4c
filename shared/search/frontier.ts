/**
 * The last ply above the search horizon, shared by every alpha-beta variant: all children are leaves,
 * so their static values are read from the game's child row (`Game.childValue`) instead of descending
 * into each one. Counts and annotations are exactly those of descending (each leaf examined = one
 * visit and one evaluation); with exact leaf values no null-window re-search is ever needed, so
 * alpha-beta and NegaScout coincide here.
 */
import { INF } from '../game/game.ts';
import type { SearchContext } from './search-context.ts';

/** Fail-soft maximum over the ordered leaf children in order[off..off+n); sets ctx.frontierMove. */
export function searchFrontier(ctx: SearchContext, n: number, off: number, alpha: number, beta: number): number {
  const g = ctx.game;
  const c = ctx.counters;
  const base = ctx.childBase;
  let best = -INF;
  let move = -1;
  for (let k = 0; k < n; k++) {
    const i = ctx.nextChild(off, n, k);
    if (++c.visited > ctx.maxVisited) ctx.limitReached();
    c.leaves++;
    const cv = g.childValue!(i);
    if (base >= 0) ctx.ann!.record(base + i, cv, 1);
    const v = -cv;
    if (ctx.cutObserver !== null) ctx.observeCut(off, i, beta, v);
    if (v > best) {
      best = v;
      move = i;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  ctx.frontierMove = move;
  return best;
}
