/**
 * A plain depth-first walk of a whole tree that adds a number per leaf: the count of terminals (Li Table 5.1)
 * or of the leaves Max wins (Li Ch. 2 §4, R_k). Any cursor with the Game interface's four moves will do.
 */

/** The cursor moves a depth-first walk needs; every Game has them, and so has Li's VP tree. */
export interface WalkCursor {
  reset(): void;
  expand(): number;
  descend(i: number): void;
  ascend(): void;
}

/** The sum of `leafValue(tree)` over every leaf, the cursor standing on that leaf. */
export function sumOverLeaves<C extends WalkCursor>(tree: C, leafValue: (tree: C) => number): number {
  const walk = (): number => {
    const n = tree.expand();
    if (n === 0) return leafValue(tree);
    let s = 0;
    for (let i = 0; i < n; i++) {
      tree.descend(i);
      s += walk();
      tree.ascend();
    }
    return s;
  };
  tree.reset();
  return walk();
}
