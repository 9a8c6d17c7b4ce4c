/**
 * Rivest's min/max approximation (Rivest 1987, "Game Tree Searching by Min/Max Approximation"; review
 * by Burnik): an iterative, penalty-based heuristic that grows an explicit partial game tree E one
 * expansion at a time.
 *
 *  - score_E: a tip holds its static evaluation mapped into (0, 1) (./value-map.ts), in the view of
 *    Max (the player to move at the root); an expanded node holds M_p of its children at Max nodes and
 *    M_−p at Min nodes (`backup: 'mean'`), or the plain max / min (`backup: 'minimax'`).
 *  - edge weight w(c) = −log D(parent(c), c), with D from the derivative (3) of the mean at the parent
 *    (`weights: 'exact'`), or Rivest's cheaper "reverse approximation" (`weights: 'reverse'`):
 *      w(c) = C + (p − 1)(log a_d − log a_c)   at Max parents (d the child with the largest value),
 *      w(c) = C + (p + 1)(log a_c − log a_d)   at Min parents (d the child with the smallest value),
 *    i.e. (3) with M_±p replaced by the best sibling's value and log n by the constant C.
 *  - penalty of a tip x = Σ w over the path to the root, = −log D(s, x) by the chain rule (5); the
 *    tip of least penalty is expanded next. Each node keeps `best` = the least penalty of an expandable
 *    tip below it, relative to itself (0 at an expandable tip, +∞ below a fully solved subtree), and
 *    the child realising it, so selection walks one path from the root.
 *  - after an expansion the values, weights and `best` are recomputed only on the path back to the root:
 *    a node off that path keeps its value, and only the children of path nodes change weight.
 *
 * The tree lives in typed arrays (parent, first child and child count — children are contiguous —,
 * move index, value, weight, best penalty, best child) grown by doubling; the expansion loop allocates
 * nothing else. Budgets: expansions (calls of `expand()`), move calls (child positions generated, one
 * `descend` each — the counter Rivest's Table 2 limits), wall time. Terminal positions are not
 * expandable; their value is the game's exact value.
 */
import type { Game } from '../game/game.ts';
import { checkExponent, generalizedMean, meanWeight } from './generalized-mean.ts';
import { checkScale, DEFAULT_VALUE_SCALE, toUnit } from './value-map.ts';

export interface MinMaxOptions {
  /** exponent p of the generalized mean (Max nodes M_p, Min nodes M_−p); default 10 */
  p?: number;
  /** back-up of score_E: generalized means (default) or plain min/max */
  backup?: 'mean' | 'minimax';
  /** edge weights: −log of the exact derivative (3) (default) or the reverse approximation */
  weights?: 'exact' | 'reverse';
  /** the constant C replacing log n in the reverse approximation; default 1 */
  reverseConstant?: number;
  /** scale s of the logistic map u(v) = 1/(1+exp(−v/s)); default 0.25 */
  scale?: number;
  /** optional static evaluation (view of the player to move at the cursor); default game.evaluate() */
  evaluate?: (g: Game) => number;
}

export interface MinMaxBudget {
  /** stop after this many expansions (calls of expand()) */
  expansions?: number;
  /** stop before generating more than this many child positions (calls of the move routine) */
  moveCalls?: number;
  /** stop after this many milliseconds of wall time */
  timeMs?: number;
}

export interface MinMaxResult {
  /** natural index of the chosen root move, -1 if the root is terminal */
  bestMove: number;
  /** score_E of the root (Max view, in (0, 1)) */
  value: number;
  expansions: number;
  moveCalls: number;
  /** nodes of the explicit tree */
  nodes: number;
  /** deepest ply reached */
  maxDepth: number;
  /** true when the whole tree below the root was expanded (no expandable tip left) */
  solved: boolean;
}

const MAX_ALLOWED_P = 1000;

export function checkMinMaxOptions(o: MinMaxOptions): void {
  if (o.p !== undefined) {
    checkExponent(o.p);
    if (o.p > MAX_ALLOWED_P) throw new RangeError(`p = ${o.p} is not allowed: it must be ≤ ${MAX_ALLOWED_P}`);
  }
  if (o.backup !== undefined && o.backup !== 'mean' && o.backup !== 'minimax') {
    throw new RangeError(`backup = ${String(o.backup)} is not allowed: use 'mean' or 'minimax'`);
  }
  if (o.weights !== undefined && o.weights !== 'exact' && o.weights !== 'reverse') {
    throw new RangeError(`weights = ${String(o.weights)} is not allowed: use 'exact' or 'reverse'`);
  }
  if (o.reverseConstant !== undefined && !(Number.isFinite(o.reverseConstant) && o.reverseConstant >= 0)) {
    throw new RangeError(`reverseConstant = ${o.reverseConstant} is not allowed: it must be a finite number ≥ 0`);
  }
  if (o.scale !== undefined) checkScale(o.scale);
}

export class MinMaxApproximation {
  readonly p: number;
  readonly meanBackup: boolean;
  readonly exactWeights: boolean;
  readonly reverseConstant: number;
  readonly scale: number;
  private readonly evalFn: ((g: Game) => number) | null;

  // The explicit tree (node 0 = root), capacity grown by doubling.
  size = 0;
  parent = new Int32Array(0);
  /** child index (natural move order) of the node at its parent */
  move = new Int16Array(0);
  /** first child (children are contiguous), -1 while the node is a tip */
  first = new Int32Array(0);
  /** number of children (0 for a tip; 0 with terminal = 1 for a game-over position) */
  count = new Int32Array(0);
  ply = new Int16Array(0);
  terminal = new Uint8Array(0);
  /** score_E in Max's view, in (0, 1) */
  value = new Float64Array(0);
  /** w(c) = −log D(parent(c), c) (reverse approximation if chosen) */
  weight = new Float64Array(0);
  /** least penalty of an expandable tip in the subtree, relative to the node (+∞: none) */
  best = new Float64Array(0);
  /** child on the way to that tip (-1 at a tip) */
  bestChild = new Int32Array(0);

  expansions = 0;
  moveCalls = 0;
  maxDepth = 0;
  /** scratch for the children's values of one node */
  private row: Float64Array;
  /** scratch: moves from a tip up to the root */
  private pathMoves: Int32Array;

  constructor(
    readonly game: Game,
    opts: MinMaxOptions = {},
  ) {
    checkMinMaxOptions(opts);
    this.p = opts.p ?? 10;
    this.meanBackup = (opts.backup ?? 'mean') === 'mean';
    this.exactWeights = (opts.weights ?? 'exact') === 'exact';
    this.reverseConstant = opts.reverseConstant ?? 1;
    this.scale = opts.scale ?? DEFAULT_VALUE_SCALE;
    this.evalFn = opts.evaluate ?? null;
    this.row = new Float64Array(Math.max(1, game.maxChildren));
    this.pathMoves = new Int32Array(game.maxPly + 1);
    this.grow(1024);
    this.reset();
  }

  /** Start again from the game's root: a single tip holding the root's static value. */
  reset(): void {
    const g = this.game;
    g.reset();
    this.size = 1;
    this.expansions = 0;
    this.moveCalls = 0;
    this.maxDepth = 0;
    this.parent[0] = -1;
    this.move[0] = -1;
    this.first[0] = -1;
    this.count[0] = 0;
    this.ply[0] = 0;
    this.terminal[0] = 0;
    this.value[0] = this.unitValue(0);
    this.weight[0] = 0;
    this.best[0] = 0;
    this.bestChild[0] = -1;
  }

  private staticValue(): number {
    return this.evalFn === null ? this.game.evaluate() : this.evalFn(this.game);
  }

  /** The cursor's static value mapped into (0, 1), for Max (Max moves at even plies). */
  private unitValue(ply: number): number {
    const v = this.staticValue();
    return toUnit((ply & 1) === 0 ? v : -v, this.scale);
  }

  private grow(min: number): void {
    let cap = Math.max(1024, this.parent.length);
    while (cap < min) cap *= 2;
    if (cap === this.parent.length) return;
    const g = <T extends Int32Array | Int16Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.parent = g(this.parent, (n) => new Int32Array(n));
    this.move = g(this.move, (n) => new Int16Array(n));
    this.first = g(this.first, (n) => new Int32Array(n));
    this.count = g(this.count, (n) => new Int32Array(n));
    this.ply = g(this.ply, (n) => new Int16Array(n));
    this.terminal = g(this.terminal, (n) => new Uint8Array(n));
    this.value = g(this.value, (n) => new Float64Array(n));
    this.weight = g(this.weight, (n) => new Float64Array(n));
    this.best = g(this.best, (n) => new Float64Array(n));
    this.bestChild = g(this.bestChild, (n) => new Int32Array(n));
  }

  /** Whether an expandable tip remains. */
  canExpand(): boolean {
    return this.best[0] !== Infinity;
  }

  /**
   * One iteration: walk from the root to the least-penalty tip, expand it (one call of expand(), one
   * move call per child), evaluate the children and update the path. Returns false if nothing was
   * expandable. `maxMoveCalls` refuses an expansion that would generate more children than allowed
   * (the tip is then left as it is and false is returned).
   */
  step(maxMoveCalls = Infinity): boolean {
    if (this.best[0] === Infinity) return false;
    let x = 0;
    while (this.first[x] >= 0) x = this.bestChild[x];
    return this.expandTip(x, maxMoveCalls);
  }

  /** The least-penalty expandable tip (the one `step` expands next), or -1 if none. */
  selectTip(): number {
    if (this.best[0] === Infinity) return -1;
    let x = 0;
    while (this.first[x] >= 0) x = this.bestChild[x];
    return x;
  }

  /**
   * Expand tip x (any unexpanded, non-terminal node: `step` passes the least-penalty one, tests may pass
   * others) and update its path. Returns false if x cannot be expanded or the move-call budget forbids it.
   */
  expandTip(x: number, maxMoveCalls = Infinity): boolean {
    if (x < 0 || x >= this.size || this.first[x] >= 0 || this.terminal[x] === 1) return false;
    const g = this.game;
    // put the cursor on x: the path's moves, collected bottom-up into the scratch stack
    let d = 0;
    for (let y = x; y > 0; y = this.parent[y]) this.pathMoves[d++] = this.move[y];
    g.reset();
    while (d > 0) {
      g.expand(); // the cursor needs this ply's child row (regenerating it is not a new position)
      g.descend(this.pathMoves[--d]);
    }
    const n = g.expand();
    if (n > 0 && this.moveCalls + n > maxMoveCalls) return false;
    this.expansions++;
    if (n === 0) {
      // game over: the static value is exact and the tip is not expandable
      this.terminal[x] = 1;
      this.best[x] = Infinity;
      this.updatePath(this.parent[x]);
      return true;
    }
    if (this.size + n > this.parent.length) this.grow(this.size + n);
    const f = this.size;
    const ply = this.ply[x] + 1;
    if (ply > this.maxDepth) this.maxDepth = ply;
    for (let i = 0; i < n; i++) {
      const c = f + i;
      g.descend(i);
      this.value[c] = this.unitValue(ply);
      g.ascend();
      this.parent[c] = x;
      this.move[c] = i;
      this.first[c] = -1;
      this.count[c] = 0;
      this.ply[c] = ply;
      this.terminal[c] = 0;
      this.best[c] = 0;
      this.bestChild[c] = -1;
    }
    this.moveCalls += n;
    this.size += n;
    this.first[x] = f;
    this.count[x] = n;
    this.updatePath(x);
    return true;
  }

  /** Recompute value, children's weights and best penalty at x and every ancestor. */
  private updatePath(x: number): void {
    while (x >= 0) {
      this.recompute(x);
      x = this.parent[x];
    }
  }

  /** value, children's weights, best and bestChild of the expanded node x from its children. */
  private recompute(x: number): void {
    const f = this.first[x],
      n = this.count[x];
    const maxNode = (this.ply[x] & 1) === 0;
    const row = this.row;
    let ext = this.value[f];
    for (let i = 0; i < n; i++) {
      const a = this.value[f + i];
      row[i] = a;
      if (maxNode ? a > ext : a < ext) ext = a;
    }
    const p = this.p;
    const m = this.meanBackup ? generalizedMean(row, 0, n, maxNode ? p : -p) : ext;
    this.value[x] = m;
    let best = Infinity,
      bc = -1;
    for (let i = 0; i < n; i++) {
      const c = f + i;
      let w: number;
      if (this.exactWeights) {
        w = meanWeight(row[i], m, n, maxNode ? p : -p);
      } else {
        const d = Math.log(ext) - Math.log(row[i]); // ≥ 0 at Max nodes, ≤ 0 at Min nodes
        w = this.reverseConstant + (maxNode ? (p - 1) * d : -(p + 1) * d);
      }
      this.weight[c] = w;
      const t = this.best[c];
      if (t !== Infinity && w + t < best) {
        best = w + t;
        bc = c;
      }
    }
    this.best[x] = best;
    this.bestChild[x] = bc;
  }

  /**
   * Grow the tree until a budget runs out or nothing is expandable, and choose the root move: the child
   * with the best score_E for Max (first in natural order on ties).
   */
  run(budget: MinMaxBudget): MinMaxResult {
    checkBudget(budget);
    const maxExp = budget.expansions ?? Infinity;
    const maxMoves = budget.moveCalls ?? Infinity;
    const deadline = budget.timeMs !== undefined ? now() + budget.timeMs : Infinity;
    const timed = deadline !== Infinity;
    while (this.expansions < maxExp && this.best[0] !== Infinity) {
      if (timed && now() >= deadline) break;
      if (!this.step(maxMoves)) break;
    }
    return this.result();
  }

  /** The root move and counters of the current tree. */
  result(): MinMaxResult {
    let bestMove = -1;
    if (this.first[0] >= 0) {
      const f = this.first[0];
      let bv = -Infinity;
      for (let i = 0; i < this.count[0]; i++) {
        if (this.value[f + i] > bv) {
          bv = this.value[f + i];
          bestMove = i;
        }
      }
    } else if (this.terminal[0] === 0) {
      // no expansion fitted in the budget: the first move (the game's natural order)
      const g = this.game;
      g.reset();
      bestMove = g.expand() > 0 ? 0 : -1;
    }
    return {
      bestMove,
      value: this.value[0],
      expansions: this.expansions,
      moveCalls: this.moveCalls,
      nodes: this.size,
      maxDepth: this.maxDepth,
      solved: this.best[0] === Infinity,
    };
  }
}

function now(): number {
  return performance.now();
}

function checkBudget(b: MinMaxBudget): void {
  const pos = (name: string, v: number | undefined) => {
    if (v !== undefined && !(Number.isFinite(v) && v > 0))
      throw new RangeError(`${name} = ${v} is not allowed: it must be a number > 0`);
  };
  pos('expansions', b.expansions);
  pos('moveCalls', b.moveCalls);
  pos('timeMs', b.timeMs);
  if (b.expansions === undefined && b.moveCalls === undefined && b.timeMs === undefined) {
    throw new RangeError('budget is not allowed: give at least one of expansions, moveCalls, timeMs');
  }
}

/** Convenience: one min/max-approximation search from the game's root. */
export function minMaxApproximation(game: Game, budget: MinMaxBudget, opts: MinMaxOptions = {}): MinMaxResult {
  return new MinMaxApproximation(game, opts).run(budget);
}
