/** Node count of a complete tree with (mean) branching b and height d: Σ_{k=0..d} b^k. */
export function geometricTreeSize(b: number, d: number): number {
  let s = 0,
    t = 1;
  for (let k = 0; k <= d; k++) {
    s += t;
    t *= b;
  }
  return s;
}
