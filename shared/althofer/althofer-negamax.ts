/**
 * Althöfer's incremental negamax (Althöfer 1990) and Abdelbar's alpha-beta version of it (Abdelbar
 * 2012, "Alpha-Beta Pruning and Althöfer's Pathology-Free Negamax Algorithm", Secs. 2 and 4).
 *
 * Every node x searched, interior or horizon, contributes its static evaluation f(x) (view of the
 * player to move at x, as every value in ../game/game.ts):
 *   W(x) = f(x)                              at the horizon (leaves at equal depth, Eq. (2))
 *   W(x) = f(x) + max_{y ∈ Γ(x)} (−W(y))     inside.
 * (The paper prints "max W_y + f(x)"; the extraction lost the negamax sign, which its path values fix:)
 * with Q(x, y) = Σ f(z) over z on the path L(x, y) of y's parity − Σ f(z) of the other parity,
 * W(u) is the value of the optimal path: the path values Q(x, u) of the horizon nodes x below u,
 * backed up by max at u's parity and min at the other (each player chooses at its own nodes).
 *
 * Alpha-beta (Sec. 4): a node x is searched with a window (α_x, β_x) on W(x), where
 *   α_x = max { W_u − Q(π(x), u) : u a proper ancestor of x of x's parity }
 *   β_x = −max { W_v − Q(π(x), v) : v a proper ancestor of x of the other parity }
 * with W_u the ancestor's current value (f(u) + the best child value returned so far, −∞ before the
 * first) and π(x) x's parent: a path through x raises W_u only if W(x) > α_x, and raises W_v only if
 * W(x) < β_x. (The paper writes β_x without the minus sign, again lost in extraction: its cut test
 * "W_z + f(x) ≥ β_x" needs β_x as an upper bound on W(x).) Inside x the window on m = max(−W(y)) is
 * (α_x − f(x), β_x − f(x)), so a child y gets (−(β_x − f(x)), −(max(α_x − f(x), m) )): plain fail-soft
 * negamax alpha-beta with every window shifted by f(x). Children are searched in natural order; ties
 * keep the first best move, as the full back-up does, so both return the same value and move.
 * Terminal nodes above the horizon (a game over) count as leaves with W = f.
 */
import type { Game } from '../game/game.ts';

/** Static evaluation at the cursor (view of the player to move); default `game.evaluate()`. */
export type StaticEval = (g: Game) => number;

export interface AlthoferResult {
  /** W(root) */
  value: number;
  /** natural index of the best root move (first of the best), -1 if the root is a leaf */
  bestMove: number;
  /** calls of the search function, root and horizon nodes included (../search/counters.ts) */
  visited: number;
}

/** Observer of the alpha-beta version's windows (tests check the Sec. 4 meanings of α and β). */
export interface AlthoferTrace {
  /** a node is entered with window (alpha, beta) on W */
  enter(alpha: number, beta: number): void;
  /** the node being searched got −W(child) = v back from a child */
  child(v: number): void;
  /** the node returns w */
  exit(w: number): void;
}

const defaultEval: StaticEval = (g) => g.evaluate();

class Searcher {
  visited = 0;
  rootMove = -1;
  constructor(
    readonly g: Game,
    readonly f: StaticEval,
    readonly trace: AlthoferTrace | null,
  ) {}

  full(depth: number): number {
    const g = this.g;
    this.visited++;
    const fx = this.f(g);
    if (depth === 0) return fx;
    const n = g.expand();
    if (n === 0) return fx;
    let m = -Infinity,
      bm = -1;
    for (let i = 0; i < n; i++) {
      g.descend(i);
      const v = -this.full(depth - 1);
      g.ascend();
      if (v > m) {
        m = v;
        bm = i;
      }
    }
    if (g.ply === 0) this.rootMove = bm;
    return fx + m;
  }

  alphaBeta(depth: number, alpha: number, beta: number): number {
    const g = this.g;
    const tr = this.trace;
    this.visited++;
    if (tr !== null) tr.enter(alpha, beta);
    const fx = this.f(g);
    const n = depth === 0 ? 0 : g.expand();
    if (n === 0) {
      if (tr !== null) tr.exit(fx);
      return fx;
    }
    // window on m = max(−W(y)): (a, b)
    let a = alpha - fx;
    const b = beta - fx;
    let m = -Infinity,
      bm = -1;
    for (let i = 0; i < n; i++) {
      g.descend(i);
      const v = -this.alphaBeta(depth - 1, -b, -a);
      g.ascend();
      if (tr !== null) tr.child(v);
      // The textbook fail-soft negamax step, inline (here on W's f-shifted window): it sets three locals and breaks
      // this loop, which a helper could not without a call per child.
      if (v > m) {
        m = v;
        bm = i;
        if (m > a) {
          a = m;
          if (a >= b) break;
        }
      }
    }
    if (g.ply === 0) this.rootMove = bm;
    if (tr !== null) tr.exit(fx + m);
    return fx + m;
  }
}

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0)
    throw new RangeError(`depth = ${depth} is not allowed: it must be an integer ≥ 0`);
}

/** Althöfer's back-up of the whole depth-limited tree (no pruning). */
export function althoferFull(game: Game, depth: number, f: StaticEval = defaultEval): AlthoferResult {
  checkDepth(depth);
  game.reset();
  const s = new Searcher(game, f, null);
  const value = s.full(depth);
  return { value: value + 0, bestMove: s.rootMove, visited: s.visited };
}

/**
 * Abdelbar's alpha-beta version, fail-soft: with W the full back-up's value and r the result,
 * r ≤ alpha ⇒ W ≤ r, r ≥ beta ⇒ W ≥ r, else r = W. With the default infinite window r = W and the
 * move is the full back-up's.
 */
export function althoferAlphaBeta(
  game: Game,
  depth: number,
  f: StaticEval = defaultEval,
  alpha = -Infinity,
  beta = Infinity,
  trace: AlthoferTrace | null = null,
): AlthoferResult {
  checkDepth(depth);
  game.reset();
  const s = new Searcher(game, f, trace);
  const value = s.alphaBeta(depth, alpha, beta);
  return { value: value + 0, bestMove: s.rootMove, visited: s.visited };
}
