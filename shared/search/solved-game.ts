/**
 * A real game whose every node knows its exact value: `exactValue()` solves the cursor's node to the end
 * of the game by alpha-beta with a transposition table of bounds, so the exact minimum proof tree's branch
 * and bound (../proof/mpt-branch-and-bound.ts, Furtak & Buro 2009, Figure 2), which reads exact interior
 * values, runs on games that only know values at their terminal nodes (Othello endgames).
 *
 * The table is keyed by the game's 64-bit key (`keyHi`, `keyLo`) and outlives each solve, so the many
 * overlapping solves the branch and bound asks for (a node, then its children, …) share their work. An
 * entry holds bounds on the value *to the end of the game*: the table's depth field is unused (0).
 * Children are tried in the order of their static estimates (`childEstimate`), the table's best move
 * first; per-ply rows, no allocation per node. The solve starts and ends on the cursor's node, stepping
 * below it only, so the caller's rows at or above its ply keep their children (expand() is
 * deterministic: re-expanding the current node writes the same row).
 */
import { INF, type Game } from '../game/game.ts';
import { ForwardingGame } from '../game/forwarding-game.ts';
import { NO_ENTRY, TranspositionTable } from './transposition-table.ts';

export class SolvedGame extends ForwardingGame {
  /** nodes the solves visited (every call of the alpha-beta, leaves included) since construction */
  solveNodes = 0;
  private readonly tt: TranspositionTable;
  private readonly order: Int32Array;
  private readonly keys: Float64Array;

  constructor(inner: Game, tableBits = 20) {
    super(inner);
    this.tt = new TranspositionTable(tableBits);
    const cells = (inner.maxPly + 1) * inner.maxChildren;
    this.order = new Int32Array(cells);
    this.keys = new Float64Array(cells);
  }

  /** The game whose values this one solves. */
  get solved(): Game {
    return this.inner;
  }

  /** The node's value to the end of the game: the inner game's where it knows one, else solved. */
  override exactValue(): number {
    const known = this.inner.exactValue();
    return Number.isNaN(known) ? this.solve(-INF, INF) : known;
  }

  /**
   * Fail-soft alpha-beta to the end of the game from the cursor's node: the exact value when it lies in
   * (alpha, beta), else a bound on the side of the window it fell.
   */
  private solve(alpha: number, beta: number): number {
    const g = this.inner;
    this.solveNodes++;
    const hi = g.keyHi(),
      lo = g.keyLo();
    const slot = this.tt.probe(hi, lo);
    let first = -1;
    if (slot !== NO_ENTRY) {
      const l = this.tt.lowerAt(slot),
        u = this.tt.upperAt(slot);
      if (l === u || l >= beta) return l;
      if (u <= alpha) return u;
      if (l > alpha) alpha = l;
      if (u < beta) beta = u;
      first = this.tt.moveAt(slot);
    }
    const n = g.expand();
    if (n === 0) return g.evaluate();
    const row = g.ply * g.maxChildren;
    const order = this.order,
      keys = this.keys;
    for (let i = 0; i < n; i++) {
      order[row + i] = i;
      keys[row + i] = i === first ? Infinity : g.childEstimate(i);
    }
    // Insertion sort by descending estimate (rows are short; stable on ties: natural order).
    for (let i = 1; i < n; i++) {
      const c = order[row + i],
        k = keys[row + c];
      let j = i - 1;
      while (j >= 0 && keys[row + order[row + j]] < k) {
        order[row + j + 1] = order[row + j];
        j--;
      }
      order[row + j + 1] = c;
    }
    const a0 = alpha;
    let best = -INF,
      bestMove = 0;
    for (let j = 0; j < n; j++) {
      const i = order[row + j];
      g.descend(i);
      const v = 0 - this.solve(-beta, -Math.max(alpha, best)); // 0 − x: no −0
      g.ascend();
      if (v > best) {
        best = v;
        bestMove = i;
        if (best >= beta) break;
      }
    }
    const s = this.tt.probe(hi, lo);
    let l = -INF,
      u = INF;
    if (s !== NO_ENTRY) {
      l = this.tt.lowerAt(s);
      u = this.tt.upperAt(s);
    }
    if (best <= a0) u = Math.min(u, best);
    else if (best >= beta) l = Math.max(l, best);
    else l = u = best;
    this.tt.store(hi, lo, 0, l, u, bestMove);
    return best;
  }
}
