/** Natural move order: children in the order the game generates them. */
import type { ChildInfo, MoveOrdering } from './move-ordering.ts';

export const naturalOrdering: MoveOrdering = {
  name: 'natural',
  needsSize: false,
  needsValue: false,
  sort(info: ChildInfo, _alpha: number, _beta: number, out: Int32Array, off: number): void {
    for (let i = 0; i < info.n; i++) out[off + i] = i;
  },
};
