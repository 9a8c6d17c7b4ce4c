/**
 * Fastest-first: the child with the fewest children of its own first (S_i ascending), the form the
 * Othello programming community used in endgame solvers since the mid-1990s (Furtak & Buro 2009,
 * Sec. 6: in Othello, the move that leaves the opponent the fewest replies). Ties keep natural order.
 * With the default size source S_i is the child's out-degree (its mobility).
 */
import { defineOrdering } from './define-ordering.ts';

export const fastestFirstOrdering = defineOrdering({
  name: 'fastest-first',
  needsSize: true,
  keys(info, _alpha, _beta, key, _tie, off) {
    const s = info.size;
    for (let i = 0; i < info.n; i++) key[off + i] = -s[i];
  },
});
