/**
 * Seeded random move order. The permutation at a node is a function of (seed, node identity) only, so
 * it is the same whichever algorithm or pass reaches the node: comparisons between algorithms see the
 * same "random" ordering.
 */
import { mix32 } from '../../util/hash.ts';
import type { ChildInfo, MoveOrdering } from './move-ordering.ts';

export function randomOrdering(seed: number): MoveOrdering {
  const s = mix32((seed >>> 0) ^ 0x6a09e667);
  return {
    name: `random(${seed})`,
    needsSize: false,
    needsValue: false,
    sort(info: ChildInfo, _alpha: number, _beta: number, out: Int32Array, off: number): void {
      const n = info.n;
      for (let i = 0; i < n; i++) out[off + i] = i;
      let h = mix32(info.nodeKey ^ s);
      // Fisher–Yates driven by a hash chain.
      for (let i = n - 1; i > 0; i--) {
        h = mix32(h + i);
        const j = Math.floor(h * (i + 1) / 4294967296);
        const t = out[off + i];
        out[off + i] = out[off + j];
        out[off + j] = t;
      }
    },
  };
}
