/**
 * Seeded random move order. The permutation at a node is a function of (seed, node identity) only, so
 * it is the same whichever algorithm or pass reaches the node: comparisons between algorithms see the
 * same "random" ordering. Each child gets an independent hashed priority.
 */
import { mix32 } from '../../util/hash.ts';
import { defineOrdering } from './define-ordering.ts';
import type { MoveOrdering } from './move-ordering.ts';

export function randomOrdering(seed: number): MoveOrdering {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`random ordering: seed = ${seed} must be a safe integer`);
  const s = mix32((seed >>> 0) ^ mix32(Math.floor(seed / 4294967296) ^ 0x6a09e667));
  return defineOrdering({
    name: `random(${seed})`,
    needsNodeKey: true,
    keys(info, _alpha, _beta, key, _tie, off) {
      const h = mix32(info.nodeKey ^ s);
      for (let i = 0; i < info.n; i++) key[off + i] = mix32(h + Math.imul(i + 1, 0x9e3779b1)) >>> 0;
    },
  });
}
