/**
 * Order by estimated value, best first (the "value only" ordering of Furtak & Buro 2009, Sec. 8): the
 * static heuristic estimate, or the value of the previous iterative-deepening pass where known.
 */
import { sortByKeyDescending, type ChildInfo, type MoveOrdering } from './move-ordering.ts';

export const estimateOrdering: MoveOrdering = {
  name: 'estimate',
  needsSize: false,
  needsValue: true,
  sort(info: ChildInfo, _alpha: number, _beta: number, out: Int32Array, off: number): void {
    sortByKeyDescending(info.value, info.n, out, off);
  },
};
