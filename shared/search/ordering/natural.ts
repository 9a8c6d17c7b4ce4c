/** Natural move order: children in the order the game generates them. */
import { defineOrdering } from './define-ordering.ts';

export const naturalOrdering = defineOrdering({
  name: 'natural',
  keys(info, _alpha, _beta, key, _tie, off) {
    for (let i = 0; i < info.n; i++) key[off + i] = -i;
  },
});
