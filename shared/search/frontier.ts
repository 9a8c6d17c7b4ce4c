/**
 * The last ply above the search horizon, shared by every alpha-beta variant: all children are leaves
 * whose static values the game tells without descending (`Game.childValue`, or all at once `childValues`).
 *
 * If no child reaches β the node is an all-node: every child is examined whatever the order, so it is
 * settled in one pass without ordering at all (the estimates are not even computed); the order only
 * decides the best move among children tied at the maximum, and the best move is needed only by a
 * transposition table and at the root (elsewhere the search ignores it). Otherwise children are taken in search
 * order (nextChild) until one reaches β, as in the general loop. Counts, results, best moves and
 * annotations are exactly those of the child-by-child loop; with exact leaf values no null-window
 * re-search is needed, so alpha-beta and NegaScout coincide here. Each examined leaf counts one visit
 * and one evaluation. Each child's value is asked of the game once, in the first pass, and kept in a
 * row of the context for the ordered pass and the annotations (with a noisy horizon every value is a hash).
 */
import { INF } from '../game/game.ts';
import type { SearchContext } from './search-context.ts';
import { NO_ENTRY } from './transposition-table.ts';

/**
 * Fail-soft value of a frontier node with n children just expanded (annotation record `rec`, TT slot
 * `slot`); sets ctx.frontierMove when `needMove` or when the node cuts (else it may be left at -1).
 */
export function searchFrontier(
  ctx: SearchContext,
  n: number,
  alpha: number,
  beta: number,
  rec: number,
  slot: number,
  needMove: boolean,
): number {
  const g = ctx.game;
  const leaf = ctx.leafValue;
  // The children's maximum alone, by the game's bulk childValues where it has one (PrefixValueTree's takes it by a
  // mask: whether a child beats the best so far is a coin toss the processor mispredicts, and V8's Math.max on
  // doubles branches too). Which child holds it, and how many tie, is asked only below, and only where the best
  // move is needed.
  let max = -INF;
  if (g.childValues !== undefined) {
    max = g.childValues(leaf, n);
  } else {
    for (let i = 0; i < n; i++) {
      const cv = g.childValue!(i);
      leaf[i] = cv;
      max = Math.max(max, 0 - cv);
    }
  }
  const observe = ctx.cutObserver !== null;
  if (max < beta && !observe) {
    // An all-node: examine everything; order only to break a tie for the best move. The move is needed by the
    // transposition table and at the root only (pv-node.ts); elsewhere it is left at -1.
    let move = -1;
    let ties = 0;
    if (needMove) {
      for (let i = n - 1; i >= 0; i--) {
        if (0 - leaf[i] === max) {
          move = i;
          ties++;
        }
      }
    }
    // Tied maxima under a table entry go through the child-by-child loop below (its move first).
    if (ties <= 1 || slot === NO_ENTRY) {
      if (ties > 1) {
        const off = ctx.orderChildren(n, alpha, beta, rec, slot);
        for (let i = move + 1; i < n; i++) if (0 - leaf[i] === max && before(ctx, i, move, off)) move = i;
      } else if (ctx.ann !== null && rec >= 0) {
        ctx.childBase = ctx.ann.children(rec, n);
      } else {
        ctx.childBase = -1;
      }
      const base = ctx.childBase;
      if (base >= 0) for (let i = 0; i < n; i++) ctx.ann!.record(base + i, leaf[i], 1);
      const c = ctx.counters;
      if (c.visited + n > ctx.maxVisited) {
        // Stop where the child-by-child loop stops: on the first child past the limit, not yet a leaf.
        c.leaves += ctx.maxVisited - c.visited;
        c.visited = ctx.maxVisited + 1;
        ctx.limitReached();
      }
      c.visited += n;
      c.leaves += n;
      ctx.frontierMove = move;
      return max;
    }
  }
  const off = ctx.orderChildren(n, alpha, beta, rec, slot);
  const base = ctx.childBase;
  let best = -INF;
  let move = -1;
  for (let k = 0; k < n; k++) {
    const i = ctx.nextChild(off, n, k);
    const c = ctx.counters;
    if (++c.visited > ctx.maxVisited) ctx.limitReached();
    c.leaves++;
    const cv = leaf[i];
    if (base >= 0) ctx.ann!.record(base + i, cv, 1);
    const v = 0 - cv;
    if (observe) ctx.observeCut(off, i, beta, v);
    if (v > best) {
      best = v;
      move = i;
      if (v >= beta) break;
    }
  }
  ctx.frontierMove = move;
  return best;
}

/** Whether child i comes before child j in search order (TT move first, then key, tie, index). */
function before(ctx: SearchContext, i: number, j: number, off: number): boolean {
  const first = ctx.tt !== null ? ctx.ttMove[ctx.game.ply] : -1;
  if (i === first) return true;
  if (j === first) return false;
  if (ctx.intFirst[off] >= 0) {
    // The keys' Int32 row, in the same order (the Float64 row is not written where childEstimatesInt fills it).
    const ki = ctx.ikey[off + i];
    const kj = ctx.ikey[off + j];
    return ki !== kj ? ki > kj : i < j;
  }
  const ki = ctx.key[off + i];
  const kj = ctx.key[off + j];
  if (ki !== kj) return ki > kj;
  if (ctx.useTie && ctx.tie[off + i] !== ctx.tie[off + j]) return ctx.tie[off + i] > ctx.tie[off + j];
  return i < j;
}
