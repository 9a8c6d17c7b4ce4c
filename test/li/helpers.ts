/**
 * Independent references for the Li tables: exact enumeration of the node-dependent generative process
 * (every tree of a small height with its probability) and a literal Knuth-Moore F1/F2 that counts the
 * leaves it examines. None of it uses the formulas under test.
 */
import type { LiDependentTree } from '../../shared/li/li-dependent.ts';

export interface LeafVector {
  /** Max's 0/1 values of the leaves, left to right */
  leaves: number[];
  p: number;
}

/**
 * All leaf vectors of a binary node-dependent subtree of height `height` whose root has Max's value
 * `value`, with their probabilities. A node at height t is a Max node iff t % 2 === maxParity
 * (Ch. 3: Max at odd heights, maxParity 1; Ch. 4 with a Max root of even height: maxParity 0).
 * Max win: (1,1) f1, (1,0), (0,1) ½(1−f1) each; Max loss: (0,0). Min loss: (0,0) f2, (1,0), (0,1)
 * ½(1−f2) each; Min win: (1,1).
 */
export function enumerateSubtree(
  f1: number,
  f2: number,
  height: number,
  value: number,
  maxParity: 0 | 1,
): LeafVector[] {
  if (height === 0) return [{ leaves: [value], p: 1 }];
  const max = height % 2 === maxParity;
  const splits: [number, number, number][] = max
    ? value === 1
      ? [
          [1, 1, f1],
          [1, 0, (1 - f1) / 2],
          [0, 1, (1 - f1) / 2],
        ]
      : [[0, 0, 1]]
    : value === 0
      ? [
          [0, 0, f2],
          [1, 0, (1 - f2) / 2],
          [0, 1, (1 - f2) / 2],
        ]
      : [[1, 1, 1]];
  const memo = new Map<number, LeafVector[]>();
  const sub = (v: number) => {
    let r = memo.get(v);
    if (!r) memo.set(v, (r = enumerateSubtree(f1, f2, height - 1, v, maxParity)));
    return r;
  };
  const merged = new Map<string, LeafVector>();
  for (const [a, b, q] of splits) {
    if (q === 0) continue;
    for (const x of sub(a)) {
      for (const y of sub(b)) {
        const leaves = [...x.leaves, ...y.leaves];
        const key = leaves.join('');
        const e = merged.get(key);
        if (e) e.p += q * x.p * y.p;
        else merged.set(key, { leaves, p: q * x.p * y.p });
      }
    }
  }
  return [...merged.values()];
}

/**
 * Knuth-Moore F1/F2 (thesis Ch. 4 §1) on an n-ary tree given by its leaves (Max's 0/1 values, left to
 * right), root a Max node, called as F1(root, alpha, beta). Returns the value and the number of leaves
 * examined (the thesis's "terminal nodes visited").
 */
export function knuthMooreLeaves(
  leaves: ArrayLike<number>,
  n: number,
  alpha = 0,
  beta = 1,
): { value: number; leaves: number } {
  let count = 0;
  const F = (lo: number, size: number, max: boolean, a: number, b: number): number => {
    if (size === 1) {
      count++;
      return leaves[lo];
    }
    const s = size / n;
    if (max) {
      let m = a;
      for (let i = 0; i < n; i++) {
        const t = F(lo + i * s, s, false, m, b);
        if (t > m) m = t;
        if (m >= b) return m;
      }
      return m;
    }
    let m = b;
    for (let i = 0; i < n; i++) {
      const t = F(lo + i * s, s, true, a, m);
      if (t < m) m = t;
      if (m <= a) return m;
    }
    return m;
  };
  const value = F(0, leaves.length, true, alpha, beta);
  return { value, leaves: count };
}

/** Max's 0/1 values of a generated tree's leaves, left to right. */
export function collectLeaves(tree: LiDependentTree): number[] {
  const out: number[] = [];
  tree.reset();
  const walk = () => {
    const n = tree.expand();
    if (n === 0) {
      out.push(tree.maxValue());
      return;
    }
    for (let i = 0; i < n; i++) {
      tree.descend(i);
      walk();
      tree.ascend();
    }
  };
  walk();
  return out;
}

/** Minimax of the piece-counting evaluation: e_d of a subtree of height H given its leaves (Ch. 3 §4). */
export function searchValue(leaves: readonly number[], d: number, maxAtOdd = true): number {
  const H = Math.log2(leaves.length);
  const frontier = H - d;
  const block = 2 ** frontier;
  let level: number[] = [];
  for (let j = 0; j < leaves.length; j += block) level.push(leaves.slice(j, j + block).reduce((a, b) => a + b, 0));
  for (let ht = frontier + 1; ht <= H; ht++) {
    const max = (ht % 2 === 1) === maxAtOdd;
    const next: number[] = [];
    for (let j = 0; j < level.length; j += 2)
      next.push(max ? Math.max(level[j], level[j + 1]) : Math.min(level[j], level[j + 1]));
    level = next;
  }
  return level[0];
}

/** |x − y| ≤ tol·max(1, |y|) */
export function closeRel(x: number, y: number, tol: number): boolean {
  return Math.abs(x - y) <= tol * Math.max(1, Math.abs(y));
}
