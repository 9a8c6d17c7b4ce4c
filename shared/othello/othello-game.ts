/**
 * Othello endgames as a `Game` cursor (../game/game.ts), so the generic searches of the algorithm
 * registry (alpha-beta, NegaScout, MTD(f), MT-SSS*, iterative deepening) solve real positions, and the
 * fastest-first idea of the Othello programming community (Furtak & Buro 2009, Sec. 6) is measured on
 * the game it comes from.
 *
 * State per ply, preallocated for the whole game so make/unmake allocates nothing: the player to
 * move's discs and the opponent's (bitboards in two int32 words, ./bitboard.ts), the Zobrist key
 * (./zobrist.ts) and the row of children. `descend` writes ply + 1 from ply, `ascend` only moves the
 * cursor back: unmake is free.
 *
 * Children in natural order are the legal moves by square, A1 first, H8 last. A player without a
 * legal move whose opponent has one must pass: the node then has one child, the pass (square `PASS`),
 * which is a ply like any other (so the player to move alternates every ply). A node where neither
 * player can move (full board included) is terminal, with the exact final disc differential for the
 * player to move, empties going to the winner (the convention of the FForum scores): own − opp + empties
 * if ahead, own − opp − empties if behind, 0 on a tie. Values are integers in [−64, 64].
 *
 * Static estimate (the `value` ordering's V_i and `evaluate()` at a search horizon), for the player to
 * move at a non-terminal node: mobility difference plus corners,
 *     e = (own moves − opponent's moves) + 8 · (own corners − opponent's corners),
 * a classical midgame evaluation on a scale of roughly discs; at a terminal node it is the exact score.
 * `childEstimate(i)` = −e(child i) (the parent's view); `childDegree(i)` = the number of children of
 * child i: the opponent's moves after move i, or 1 if the opponent must pass, 0 if the game is over —
 * the size S_i of fastest-first.
 */
import type { Game } from '../game/game.ts';
import { registerKernel } from '../search/kernels.ts';
import { registerSolvedMptKernel } from '../proof/mpt-kernels.ts';
import * as bb from './bitboard.ts';
import { othelloKernel } from './othello-kernel.ts';
import { othelloMptKernel } from './othello-mpt.ts';
import { OthelloPosition, type Side } from './position.ts';
import * as zobrist from './zobrist.ts';
import { PROGRESS_TICK } from '../util/progress-pace.ts';

// Local bindings of the hot imports: module loaders that compile ES modules to getters (tsx, vite-node)
// otherwise put a getter call on every access (measured: a quarter of a solve's time).
const { CORNERS_HI, CORNERS_LO, flips, lowestBit, moves, out, popcount, popcount32, squareName } = bb;
const { DISC_HI, DISC_LO, FLIP_HI, FLIP_LO, SIDE_HI, SIDE_LO, zobristKey } = zobrist;
const TICK_MASK = PROGRESS_TICK - 1;

/** The square of a pass in a node's row of children. */
export const PASS = 64;

/** Exact final disc differential for the player to move, from the disc counts of both players. */
function finalScore(own: number, opp: number): number {
  const d = own - opp;
  const e = 64 - own - opp;
  return d > 0 ? d + e : d < 0 ? d - e : 0;
}

export class OthelloGame implements Game {
  readonly maxChildren: number;
  readonly maxPly: number;
  ply = 0;
  readonly root: OthelloPosition;
  /** empty squares at the root */
  readonly rootEmpties: number;
  // per ply: the player to move's discs (me), the opponent's (op), the Zobrist key
  private readonly meLo: Int32Array;
  private readonly meHi: Int32Array;
  private readonly opLo: Int32Array;
  private readonly opHi: Int32Array;
  private readonly kLo: Int32Array;
  private readonly kHi: Int32Array;
  /** squares of the children of the node expanded at each ply, row `ply * maxChildren` */
  private readonly sq: Int8Array;
  /** descents so far */
  private steps = 0;
  /** called every PROGRESS_TICK descents (a long solve paces its progress by it, ../util/progress-pace.ts; it may throw to cancel) */
  onTick: (() => void) | null = null;

  /** The game from a position (kept as given) or a "BOARD SIDE" string / .obf line. */
  constructor(root: OthelloPosition | string) {
    this.root = typeof root === 'string' ? OthelloPosition.parse(root) : root;
    const e = this.root.empties;
    this.rootEmpties = e;
    // Every ply fills a square or passes, and a pass is always followed by a move (the opponent has
    // one), so a game from e empties lasts at most 2e plies.
    this.maxPly = 2 * e;
    this.maxChildren = Math.max(1, e);
    const plies = this.maxPly + 1;
    this.meLo = new Int32Array(plies);
    this.meHi = new Int32Array(plies);
    this.opLo = new Int32Array(plies);
    this.opHi = new Int32Array(plies);
    this.kLo = new Int32Array(plies);
    this.kHi = new Int32Array(plies);
    this.sq = new Int8Array(plies * this.maxChildren);
    this.reset();
  }

  reset(): void {
    this.ply = 0;
    const r = this.root;
    this.meLo[0] = r.ownLo;
    this.meHi[0] = r.ownHi;
    this.opLo[0] = r.oppLo;
    this.opHi[0] = r.oppHi;
    const [lo, hi] = zobristKey(r);
    this.kLo[0] = lo;
    this.kHi[0] = hi;
  }

  /** The side to move at the current node (0 black, 1 white). */
  side(): Side {
    return (this.root.side ^ (this.ply & 1)) as Side;
  }

  /** Empty squares at the current node. */
  empties(): number {
    const p = this.ply;
    return 64 - popcount(this.meLo[p] | this.opLo[p], this.meHi[p] | this.opHi[p]);
  }

  expand(): number {
    const p = this.ply;
    const ml = this.meLo[p],
      mh = this.meHi[p],
      ol = this.opLo[p],
      oh = this.opHi[p];
    let lo = moves(ml, mh, ol, oh);
    let hi = out.hi;
    const row = p * this.maxChildren;
    if ((lo | hi) === 0) {
      lo = moves(ol, oh, ml, mh);
      if ((lo | out.hi) === 0) return 0;
      this.sq[row] = PASS;
      return 1;
    }
    let k = 0;
    while (lo !== 0) {
      this.sq[row + k++] = lowestBit(lo);
      lo &= lo - 1;
    }
    while (hi !== 0) {
      this.sq[row + k++] = 32 + lowestBit(hi);
      hi &= hi - 1;
    }
    return k;
  }

  /** Square (0..63, A1 = 0) of child i of the last `expand()` at this ply, or `PASS`. */
  childSquare(i: number): number {
    return this.sq[this.ply * this.maxChildren + i];
  }

  /** "A1".."H8" or "pass" for child i of the last `expand()` at this ply. */
  childName(i: number): string {
    const s = this.childSquare(i);
    return s === PASS ? 'pass' : squareName(s);
  }

  /**
   * Write the position after square x (or PASS) of the node at ply p into row p + 1, in the next
   * player's view, without touching the key or the cursor; returns the flipped discs' low word (high
   * word in `out.hi`).
   */
  private play(p: number, x: number): number {
    const ml = this.meLo[p],
      mh = this.meHi[p],
      ol = this.opLo[p],
      oh = this.opHi[p];
    if (x === PASS) {
      this.meLo[p + 1] = ol;
      this.meHi[p + 1] = oh;
      this.opLo[p + 1] = ml;
      this.opHi[p + 1] = mh;
      out.hi = 0;
      return 0;
    }
    const fl = flips(ml, mh, ol, oh, x);
    const fh = out.hi;
    // the opponent moves next: it is "me" at ply + 1
    this.meLo[p + 1] = ol & ~fl;
    this.meHi[p + 1] = oh & ~fh;
    this.opLo[p + 1] = x < 32 ? ml | fl | (1 << x) : ml | fl;
    this.opHi[p + 1] = x < 32 ? mh | fh : mh | fh | (1 << (x - 32));
    return fl;
  }

  descend(i: number): void {
    const p = this.ply;
    const x = this.sq[p * this.maxChildren + i];
    const fl = this.play(p, x);
    const fh = out.hi;
    let kl = this.kLo[p] ^ SIDE_LO,
      kh = this.kHi[p] ^ SIDE_HI;
    if (x !== PASS) {
      const d = ((this.root.side ^ (p & 1)) << 6) + x; // the mover's word of square x
      kl ^= DISC_LO[d];
      kh ^= DISC_HI[d];
      for (let f = fl; f !== 0; f &= f - 1) {
        const s = lowestBit(f);
        kl ^= FLIP_LO[s];
        kh ^= FLIP_HI[s];
      }
      for (let f = fh; f !== 0; f &= f - 1) {
        const s = 32 + lowestBit(f);
        kl ^= FLIP_LO[s];
        kh ^= FLIP_HI[s];
      }
    }
    this.kLo[p + 1] = kl;
    this.kHi[p + 1] = kh;
    this.ply = p + 1;
    if ((++this.steps & TICK_MASK) === 0 && this.onTick !== null) this.onTick();
  }

  ascend(): void {
    this.ply--;
  }

  /** Whether neither player can move at the current node. */
  isTerminal(): boolean {
    const p = this.ply;
    const ml = this.meLo[p],
      mh = this.meHi[p],
      ol = this.opLo[p],
      oh = this.opHi[p];
    if ((moves(ml, mh, ol, oh) | out.hi) !== 0) return false;
    return (moves(ol, oh, ml, mh) | out.hi) === 0;
  }

  /** The final disc differential for the player to move if the game ended here (exact at terminal nodes). */
  finalScore(): number {
    const p = this.ply;
    return finalScore(popcount(this.meLo[p], this.meHi[p]), popcount(this.opLo[p], this.opHi[p]));
  }

  /** The exact score at a terminal node, else the static estimate (header comment). */
  evaluate(): number {
    const p = this.ply;
    const ml = this.meLo[p],
      mh = this.meHi[p],
      ol = this.opLo[p],
      oh = this.opHi[p];
    const m = popcount32(moves(ml, mh, ol, oh)) + popcount32(out.hi);
    const n = popcount32(moves(ol, oh, ml, mh)) + popcount32(out.hi);
    if (m === 0 && n === 0) return this.finalScore();
    const c = popcount(ml & CORNERS_LO, mh & CORNERS_HI) - popcount(ol & CORNERS_LO, oh & CORNERS_HI);
    return m - n + 8 * c;
  }

  /** The exact score at a terminal node, else NaN (the value of an inner node needs a search). */
  exactValue(): number {
    return this.isTerminal() ? this.finalScore() : NaN;
  }

  childEstimate(i: number): number {
    const p = this.ply;
    this.play(p, this.sq[p * this.maxChildren + i]);
    this.ply = p + 1; // evaluate() reads only the boards: the child's key is not needed
    const v = this.evaluate();
    this.ply = p;
    return -v;
  }

  childDegree(i: number): number {
    const p = this.ply;
    this.play(p, this.sq[p * this.maxChildren + i]);
    const q = p + 1;
    const ml = this.meLo[q],
      mh = this.meHi[q],
      ol = this.opLo[q],
      oh = this.opHi[q];
    let d = popcount32(moves(ml, mh, ol, oh)) + popcount32(out.hi);
    if (d === 0 && (moves(ol, oh, ml, mh) | out.hi) !== 0) d = 1; // the pass
    return d;
  }

  keyHi(): number {
    return this.kHi[this.ply];
  }

  keyLo(): number {
    return this.kLo[this.ply];
  }

  nodeId(): number {
    return -1;
  }

  /** The current node as a position (allocates; for tools and tests, not for searches). */
  position(): OthelloPosition {
    const p = this.ply;
    return OthelloPosition.fromOwn(this.meLo[p], this.meHi[p], this.opLo[p], this.opHi[p], this.side());
  }
}

// Searches of an OthelloGame run the specialised kernel where it covers their configuration.
registerKernel(OthelloGame, othelloKernel);
// The minimum proof tree of a position solved as asked (../proof/position-mpt.ts) runs on bitboards.
registerSolvedMptKernel(OthelloGame, othelloMptKernel);
