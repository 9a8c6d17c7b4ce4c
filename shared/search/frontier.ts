/**
 * The last ply above the search horizon, shared by every alpha-beta variant: all children are leaves
 * whose static values the game tells without descending (`Game.childValue`).
 *
 * Children are taken in search order (nextChild) until one reaches β, as in the general loop. But once
 * the first child has not cut, one pass checks whether any remaining child can: if none can, the node
 * is an all-node whose remaining children are all examined whatever their order, so they are settled
 * in one pass instead of being picked one by one (O(n) instead of O(n²)). The best move is then the
 * first in search order among those attaining the maximum. Counts, results, best moves and
 * annotations are exactly those of the child-by-child loop; with exact leaf values no null-window
 * re-search is needed, so alpha-beta and NegaScout coincide here. Each examined leaf counts one visit
 * and one evaluation.
 */
import type { SearchContext } from './search-context.ts';
import { TAKEN } from './ordering/move-ordering.ts';

/** Fail-soft value of a frontier node whose n children are ready in row `off`; sets ctx.frontierMove. */
export function searchFrontier(ctx: SearchContext, n: number, off: number, alpha: number, beta: number): number {
  const g = ctx.game;
  const base = ctx.childBase;
  const observe = ctx.cutObserver !== null;
  const key = ctx.key;
  // The first child in search order.
  let move = ctx.nextChild(off, n, 0);
  let best = examine(ctx, move, off, beta, base, observe);
  if (best >= beta) return done(ctx, move, best);
  if (best > alpha) alpha = best;
  // Can any remaining child cut?
  let maxRest = -Infinity;
  for (let i = 0; i < n; i++) {
    if (key[off + i] === TAKEN) continue;
    const v = -g.childValue!(i);
    if (v > maxRest) maxRest = v;
  }
  if (maxRest < beta) {
    // An all-node: every remaining child is examined; the order only decides the best move.
    let first = -1;
    for (let i = 0; i < n; i++) {
      if (key[off + i] === TAKEN) continue;
      const v = examine(ctx, i, off, beta, base, observe);
      if (v === maxRest && (first < 0 || before(ctx, i, first, off))) first = i;
    }
    if (maxRest > best) {
      best = maxRest;
      move = first;
    }
    return done(ctx, move, best);
  }
  // Some child cuts: continue in search order until it does.
  for (let k = 1; k < n; k++) {
    const i = ctx.nextChild(off, n, k);
    const v = examine(ctx, i, off, beta, base, observe);
    if (v > best) {
      best = v;
      move = i;
      if (v >= beta) break;
    }
  }
  return done(ctx, move, best);
}

/** Count and record one leaf child; its value from the parent's view. */
function examine(ctx: SearchContext, i: number, off: number, beta: number, base: number, observe: boolean): number {
  const c = ctx.counters;
  if (++c.visited > ctx.maxVisited) ctx.limitReached();
  c.leaves++;
  const cv = ctx.game.childValue!(i);
  if (base >= 0) ctx.ann!.record(base + i, cv, 1);
  const v = -cv;
  if (observe) ctx.observeCut(off, i, beta, v);
  return v;
}

function done(ctx: SearchContext, move: number, best: number): number {
  ctx.frontierMove = move;
  return best;
}

/** Whether untaken child i comes before child j in search order (descending key, tie, then index). */
function before(ctx: SearchContext, i: number, j: number, off: number): boolean {
  const ki = ctx.key[off + i];
  const kj = ctx.key[off + j];
  if (ki !== kj) return ki > kj;
  if (ctx.useTie && ctx.tie[off + i] !== ctx.tie[off + j]) return ctx.tie[off + i] > ctx.tie[off + j];
  return i < j;
}
