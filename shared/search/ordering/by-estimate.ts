/**
 * Order by estimated value, best first (the "value only" ordering of Furtak & Buro 2009, Sec. 8): the
 * static heuristic estimate, or the value of the previous iterative-deepening pass where known.
 */
import { defineOrdering } from './define-ordering.ts';

export const estimateOrdering = defineOrdering({
  name: 'estimate',
  needsValue: true,
  keyIsValue: true,
  keys(info, _alpha, _beta, key, _tie, off) {
    const v = info.value;
    for (let i = 0; i < info.n; i++) key[off + i] = v[i];
  },
});
