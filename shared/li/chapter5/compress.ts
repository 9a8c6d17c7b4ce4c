/**
 * Optional VP-list compression (Li 1989, Ch. 5 §2, the paragraph after (5.2)): to shorten a VP-list,
 * the two pairs whose domain values are closest are combined, ⟨v_j, p_j⟩ and ⟨v_{j+1}, p_{j+1}⟩ into
 * ⟨(v_j + v_{j+1})/2, p_j + p_{j+1}⟩, until at most `maxPairs` remain.
 *
 * How the OCR is read: "closest" compares adjacent pairs (the list is sorted, so the closest two
 * values are always neighbours); ties go to the leftmost pair. The midpoint of two integers need not
 * be an integer and the domain is the integer range [−i, i]: a half is rounded toward the pair with
 * the larger probability (toward the lower value on equal probabilities), so the mass moves the least.
 * The thesis does not say; `exactMidpoint` keeps the real midpoint instead (then the result is no
 * longer a VP-list over the integer domain, but it is what the text literally writes).
 */
import type { VPPairs } from './vp-list.ts';

export function compressVP(pairs: VPPairs, maxPairs: number, exactMidpoint = false): VPPairs {
  if (!Number.isInteger(maxPairs) || maxPairs < 1)
    throw new RangeError(`maxPairs = ${maxPairs} is not allowed: it must be an integer ≥ 1`);
  const out: VPPairs = pairs.map(([v, p]) => [v, p]);
  while (out.length > maxPairs) {
    let j = 0;
    for (let k = 1; k + 1 < out.length; k++) if (out[k + 1][0] - out[k][0] < out[j + 1][0] - out[j][0]) j = k;
    const [v1, p1] = out[j];
    const [v2, p2] = out[j + 1];
    const mid = (v1 + v2) / 2;
    const v = exactMidpoint || Number.isInteger(mid) ? mid : p2 > p1 ? Math.ceil(mid) : Math.floor(mid);
    out.splice(j, 2, [v, p1 + p2]);
  }
  return out;
}
