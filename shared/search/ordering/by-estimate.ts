/**
 * Order by estimated value, best first (the "value only" ordering of Furtak & Buro 2009, Sec. 8): the
 * static heuristic estimate, or the value of the previous iterative-deepening pass where known.
 */
import type { ChildInfo, MoveOrdering } from './move-ordering.ts';

export const estimateOrdering: MoveOrdering = {
  name: 'estimate',
  needsSize: false,
  needsValue: true,
  usesTie: false,
  keyIsValue: true,
  keys(info: ChildInfo, _alpha: number, _beta: number, key: Float64Array, _tie: Float64Array, off: number): void {
    const v = info.value;
    for (let i = 0; i < info.n; i++) key[off + i] = v[i];
  },
};
