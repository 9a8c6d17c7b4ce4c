/**
 * The generic engine's node function, shared by alpha-beta and NegaScout: fail-soft, in negamax form,
 * on any Game, with the optional memories of ./search-context.ts (transposition table, annotation tree,
 * cut observer). With `ctx.scout` false it is alpha-beta (./alpha-beta.ts): every child gets the window
 * (−beta, −alpha). With `ctx.scout` true it is NegaScout (./negascout.ts): every child after the first
 * gets a null window around the best value so far and is re-searched when it fails high inside the
 * window, except at the horizon (depth 1), where the null-window value is already exact. The flag is read
 * once per node (measured as fast as an alpha-beta and a NegaScout function apart). Counting follows
 * ./counters.ts: a re-search counts its nodes again. An observer (./search-observer.ts) is told every call.
 */
import { INF, type Game } from '../game/game.ts';
import { AnnotationTree } from './annotation-tree.ts';
import { SearchContext, type SearchOptions } from './search-context.ts';
import { searchFrontier } from './frontier.ts';
import type { KernelAlgorithm } from './kernel.ts';
import { kernelNodeSearch, kernelSearch } from './kernels.ts';
import { checkDepth, type SearchResult } from './search-result.ts';

/** Fail-soft value of the current node searched `depth` plies deep with window (alpha, beta). */
export function pvNode(ctx: SearchContext, depth: number, alpha: number, beta: number, rec: number): number {
  const g = ctx.game;
  const c = ctx.counters;
  const obs = ctx.observer;
  if (++c.visited > ctx.maxVisited) ctx.limitReached();
  if (obs !== null) obs.enter(alpha, beta);
  if (depth === 0) {
    c.leaves++;
    const v = g.evaluate();
    if (rec >= 0) ctx.ann!.record(rec, v, 1);
    return obs === null ? v : obs.leave(v);
  }
  const tt = ctx.tt;
  if (tt !== null) {
    const hit = ctx.probeTT(depth, alpha, beta);
    if (hit === hit) return obs === null ? hit : obs.leave(hit); // not NaN: settled by the table
    alpha = ctx.pAlpha;
    beta = ctx.pBeta;
  }
  const slot = tt !== null ? ctx.pSlot : -1;
  const n = g.expand();
  if (n === 0) {
    c.leaves++;
    const v = g.evaluate();
    if (rec >= 0) ctx.ann!.record(rec, v, 1);
    return obs === null ? v : obs.leave(v);
  }
  c.expanded++;
  const visited0 = c.visited;
  const alpha0 = alpha;
  let best = -INF;
  let bestMove = -1;
  if (depth === 1 && g.childValue !== undefined && obs === null) {
    best = searchFrontier(ctx, n, alpha, beta, rec, slot, tt !== null || g.ply === 0);
    bestMove = ctx.frontierMove;
  } else {
    const off = ctx.orderChildren(n, alpha, beta, rec, slot);
    const base = ctx.childBase;
    const scout = ctx.scout;
    for (let k = 0; k < n; k++) {
      const i = ctx.nextChild(off, n, k);
      const crec = base >= 0 ? base + i : -1;
      g.descend(i);
      let v: number;
      // Negations as 0 − x: −0 is not a small integer, and one −0 turns V8's code for this function from
      // integer to double arithmetic for good (measured ~3 % of the search).
      if (k === 0 || !scout) {
        v = 0 - pvNode(ctx, depth - 1, 0 - beta, 0 - alpha, crec);
      } else {
        // alpha already equals max(alpha0, best)
        v = 0 - pvNode(ctx, depth - 1, -1 - alpha, 0 - alpha, crec);
        if (v > alpha && v < beta && depth > 1) v = 0 - pvNode(ctx, depth - 1, 0 - beta, 0 - v, crec);
      }
      g.ascend();
      if (ctx.cutObserver !== null) ctx.observeCut(off, i, beta, v);
      // The textbook fail-soft negamax step, inline: it sets three locals and breaks this loop, which a helper
      // could not without a call per child.
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
  return obs === null ? best : obs.leave(best);
}

/**
 * Alpha-beta or NegaScout from the game's root with window (alpha, beta): the kernel registered for the
 * game when the options need no memory or only a transposition table (./kernels.ts), else pvNode.
 */
export function pvSearch(
  algorithm: KernelAlgorithm,
  game: Game,
  depth: number,
  opts: SearchOptions,
  alpha: number,
  beta: number,
): SearchResult {
  checkDepth(depth);
  const fast = kernelSearch(game, algorithm, depth, opts, alpha, beta);
  if (fast !== null) return fast;
  game.reset();
  const ctx = new SearchContext(game, opts, algorithm === 'negascout');
  // With a table and no annotation tree: the registered kernel's node function where it covers ctx.
  const kernel = ctx.tt !== null && ctx.ann === null ? kernelNodeSearch(ctx) : null;
  const value =
    kernel !== null
      ? kernel(depth, alpha, beta)
      : pvNode(ctx, depth, alpha, beta, ctx.ann !== null ? AnnotationTree.ROOT : -1);
  return { value: value + 0, bestMove: ctx.rootMove, counters: ctx.counters }; // + 0: no −0 in results
}
