/**
 * Connect-Four as a `Game` cursor (../game/game.ts), so the generic searches (alpha-beta, NegaScout,
 * MTD(f), iterative deepening) run on a real game. Transpositions make the game a DAG:
 * `keyHi`/`keyLo` are the two words of Pons' unique position key `cur + mask` (./position.ts), so a
 * transposition table identifies positions exactly.
 *
 * Children of a node are its playable columns in centre-first order (3, 2, 4, 1, 5, 0, 6; Pons part 5):
 * child i is column `childColumn(i)`. A node is terminal when the last stone made four (its value, for
 * the player to move who has lost: −(22 − ceil(n / 2)), n stones) or the board is full (0): exact scores
 * in Pons' convention, so a full-depth search returns his score. At a horizon `evaluate()` is the static
 * evaluation of ./evaluation.ts (exact where two plies settle it, else a heuristic inside (−1, 1)).
 * Every value at full depth is an integer; the heuristic is not, so the searches that need integer
 * values (MTD(f), NegaScout's unit null windows) are for full-depth searches or need scaled values.
 */
import type { Game } from '../game/game.ts';
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  WIDTH,
  bottomMask,
  hasFour,
  popcount,
  topMask,
} from './bitboard.ts';
import { evaluatePosition, shallowExact } from './evaluation.ts';
import { CENTRE_FIRST, Position, lostScore } from './position.ts';

const ORDER = Int32Array.from(CENTRE_FIRST);

export class Connect4Game implements Game {
  readonly maxChildren = WIDTH;
  readonly maxPly: number;
  ply = 0;
  readonly root: Position;
  private readonly n0: number;
  // the path: the player to move's stones and all stones per ply, and whether the last stone made four
  private readonly cl: Int32Array;
  private readonly ch: Int32Array;
  private readonly ml: Int32Array;
  private readonly mh: Int32Array;
  private readonly over: Uint8Array;
  /** columns of the children of the node expanded at each ply, row `ply * WIDTH` */
  private readonly cols: Int8Array;

  /** The game from a position (copied) or a move string such as "4455". */
  constructor(root: Position | string = new Position()) {
    this.root = typeof root === 'string' ? Position.parse(root) : root.clone();
    this.n0 = this.root.moves;
    this.maxPly = CELLS - this.n0;
    const plies = this.maxPly + 1;
    this.cl = new Int32Array(plies);
    this.ch = new Int32Array(plies);
    this.ml = new Int32Array(plies);
    this.mh = new Int32Array(plies);
    this.over = new Uint8Array(plies);
    this.cols = new Int8Array(plies * WIDTH);
    this.reset();
  }

  reset(): void {
    this.ply = 0;
    const r = this.root;
    this.cl[0] = r.curLo;
    this.ch[0] = r.curHi;
    this.ml[0] = r.maskLo;
    this.mh[0] = r.maskHi;
    this.over[0] = r.lastMoverWon() ? 1 : 0;
  }

  /** Stones on the board at the current node. */
  stones(): number {
    return this.n0 + this.ply;
  }

  /** Whether the current node is terminal (four in a row or a full board). */
  isTerminal(): boolean {
    return this.over[this.ply] === 1 || this.n0 + this.ply === CELLS;
  }

  expand(): number {
    const p = this.ply;
    if (this.isTerminal()) return 0;
    const ml = this.ml[p],
      mh = this.mh[p];
    const row = p * WIDTH;
    let k = 0;
    for (let i = 0; i < WIDTH; i++) {
      const c = ORDER[i];
      if (((c < 4 ? ml : mh) & topMask(c)) === 0) this.cols[row + k++] = c;
    }
    return k;
  }

  /** Column (0-based) of child i of the last `expand()` at this ply. */
  childColumn(i: number): number {
    return this.cols[this.ply * WIDTH + i];
  }

  descend(i: number): void {
    const p = this.ply;
    const c = this.cols[p * WIDTH + i];
    const ml = this.ml[p],
      mh = this.mh[p];
    // the mover's stones after the move, to test for four; then the view flips to the opponent
    let nl = ml,
      nh = mh,
      sl = this.cl[p],
      sh = this.ch[p];
    if (c < 4) {
      nl = ml | (ml + bottomMask(c));
      sl |= nl ^ ml;
    } else {
      nh = mh | (mh + bottomMask(c));
      sh |= nh ^ mh;
    }
    this.cl[p + 1] = this.cl[p] ^ ml;
    this.ch[p + 1] = this.ch[p] ^ mh;
    this.ml[p + 1] = nl;
    this.mh[p + 1] = nh;
    this.over[p + 1] = hasFour(sl, sh) ? 1 : 0;
    this.ply = p + 1;
  }

  ascend(): void {
    this.ply--;
  }

  evaluate(): number {
    return this.staticValue(false);
  }

  /** Exact at terminal nodes and where two plies settle the value (./evaluation.ts), else NaN. */
  exactValue(): number {
    return this.staticValue(true);
  }

  /** The terminal score, else the static evaluation or (`exactOnly`) the value two plies settle, or NaN. */
  private staticValue(exactOnly: boolean): number {
    const p = this.ply;
    const n = this.n0 + p;
    if (this.over[p] === 1) return lostScore(n);
    if (n === CELLS) return 0;
    const cl = this.cl[p],
      ch = this.ch[p],
      ml = this.ml[p],
      mh = this.mh[p];
    return exactOnly ? shallowExact(cl, ch, ml, mh, n) : evaluatePosition(cl, ch, ml, mh, n);
  }

  childEstimate(i: number): number {
    this.descend(i);
    const v = this.evaluate();
    this.ascend();
    return -v;
  }

  childDegree(i: number): number {
    this.descend(i);
    const p = this.ply;
    let d = 0;
    if (!this.isTerminal()) {
      // playable columns: the cells of mask + bottom that are still on the board
      d = popcount((this.ml[p] + BOTTOM_LO) & BOARD_LO) + popcount((this.mh[p] + BOTTOM_HI) & BOARD_HI);
    }
    this.ascend();
    return d;
  }

  keyHi(): number {
    return this.ch[this.ply] + this.mh[this.ply];
  }

  keyLo(): number {
    return this.cl[this.ply] + this.ml[this.ply];
  }

  nodeId(): number {
    return -1;
  }

  /** The current node as a Position (allocates; for tests and tools, not for searches). */
  position(): Position {
    const p = new Position();
    p.curLo = this.cl[this.ply];
    p.curHi = this.ch[this.ply];
    p.maskLo = this.ml[this.ply];
    p.maskHi = this.mh[this.ply];
    p.moves = this.n0 + this.ply;
    return p;
  }
}
