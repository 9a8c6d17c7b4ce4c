/** Natural move order: children in the order the game generates them. */
import type { ChildInfo, MoveOrdering } from './move-ordering.ts';

export const naturalOrdering: MoveOrdering = {
  name: 'natural',
  needsSize: false,
  needsValue: false,
  usesTie: false,
  keys(info: ChildInfo, _alpha: number, _beta: number, key: Float64Array, _tie: Float64Array, off: number): void {
    for (let i = 0; i < info.n; i++) key[off + i] = -i;
  },
};
