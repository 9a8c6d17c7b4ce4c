/**
 * The one interface every search algorithm is written against.
 *
 * Negamax view (Furtak & Buro 2009, Sec. 2): every value is from the point of view of the player
 * to move at the node it belongs to, and f(v) = max over children w of -f(w).
 *
 * The game is a *cursor* that walks the tree with make/unmake moves, so a search allocates nothing
 * per node: `expand()` writes the children of the current node into a per-ply buffer owned by the
 * game, `descend(i)` steps into child i (in natural move order), `ascend()` steps back. The same
 * interface serves implicit generated trees (a node is a compact state derived from (seed, path)),
 * explicit trees/DAGs held in typed arrays, and real games.
 */
export interface Game {
  /** Upper bound on the number of children of any node: the size of one ply's child buffer. */
  readonly maxChildren: number;
  /** Largest ply the cursor can reach (the height of a generated tree); buffers are sized for it. */
  readonly maxPly: number;
  /** Depth of the current node; the root is ply 0. */
  readonly ply: number;

  /** Put the cursor back on the root. */
  reset(): void;
  /**
   * Generate the children of the current node into this ply's buffer and return how many there are
   * (0 for a terminal node). Must be called before `descend`, `childEstimate` or `childDegree` at this ply.
   * The ply's children stay valid while the cursor is below it: searching a child's subtree never
   * overwrites its parent's row, so a search loop can descend into the next sibling without re-expanding.
   */
  expand(): number;
  /** Step into child `i` (0-based, natural move order) of the last `expand()` at this ply. */
  descend(i: number): void;
  /** Step back to the parent. */
  ascend(): void;

  /**
   * Static value of the current node for the player to move: the exact value at a terminal node, and
   * the model's evaluation at a search horizon: exact where the model knows it (e.g. prefix value
   * trees), or with a model's `horizon: 'estimate'` the heuristic value −childEstimate from the parent
   * (see Horizon below).
   */
  evaluate(): number;
  /**
   * The exact negamax value of the current node if the model knows it without searching (prefix value
   * trees, explicit graphs with solved values), otherwise NaN.
   */
  exactValue(): number;
  /**
   * Optional: the value `evaluate()` would return at child i (in the child's view), without descending.
   * Searches use it one ply above the horizon, where every child is a leaf, to skip the make/unmake
   * and the call per leaf; results and counts are the same as descending.
   */
  childValue?(i: number): number;
  /**
   * Optional bulk form of `childValue` for the n ≥ 1 children of the last `expand()`: out[i] = childValue(i),
   * and returns the largest −out[i] (the node's value over all of them, in its own view).
   */
  childValues?(out: Float64Array, n: number): number;
  /** Heuristic estimate of child i's value, in the view of the player to move at the *current* node. */
  childEstimate(i: number): number;
  /**
   * Optional bulk form of `childEstimate`: out[off + i] = childEstimate(i) for i < n. Searches call it
   * once per expanded node when a game provides it (one call instead of n).
   */
  childEstimates?(out: Float64Array, off: number, n: number): void;
  /**
   * Optional form of `childEstimates` into an Int32 row, for a game whose estimates are all integers in
   * [−2^28..2^28] (`integerEstimates`): searches order by estimate from that row without converting.
   */
  childEstimatesInt?(out: Int32Array, off: number, n: number): void;
  /** Whether every childEstimate is an integer in [−2^28..2^28], so that childEstimatesInt may be called. */
  readonly integerEstimates?: boolean;
  /** Out-degree of child i (S_i of fastest-cut-first, Sec. 6/8), computed without expanding it fully. */
  childDegree(i: number): number;

  /**
   * Identity of the current node for transposition tables: two numbers that together identify the
   * state (a 64-bit hash split in two, or a node id and 0). Trees without transpositions may return
   * any value that is unique per node with high probability.
   */
  keyHi(): number;
  keyLo(): number;
  /** Node id in an explicit graph, or -1 for implicit nodes. */
  nodeId(): number;
}

/**
 * What `evaluate()` returns at a non-terminal node, i.e. at a search horizon (Furtak & Buro 2009, Sec. 7:
 * f̂(v) = f(v) + e). 'exact': the model's exact value where it knows one (the default, today's
 * convention: a depth-d search proves the truncation with exact leaf values). 'estimate': the node's
 * heuristic value, the number `childEstimate` gives it from its parent, negated into its own view
 * (evaluate() after descend(i) = −childEstimate(i)). Terminal nodes are exact either way, and
 * `exactValue()` stays the true value.
 */
export const HORIZONS = ['estimate', 'exact'] as const;
export type Horizon = (typeof HORIZONS)[number];
/** The horizon option in one line (the spec's field, the form and the CLI's --horizon). */
export const HORIZON_DESCRIPTION =
  'what a node at the search horizon scores: its noisy estimate f̂ = f + e, or its exact value';

/** Value used as +infinity in windows: far outside every model's value range, still a small integer. */
export const INF = 1_000_000_000;

/**
 * What `evaluate()` gives at child i of the last expanded node (a leaf: at the horizon or terminal),
 * through `childValue` where the game offers it, else by stepping there and back.
 */
export function leafValue(g: Game, i: number): number {
  if (g.childValue) return g.childValue(i);
  g.descend(i);
  const v = g.evaluate();
  g.ascend();
  return v;
}
