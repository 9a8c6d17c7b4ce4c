/**
 * The solve mode's move-ordering keys at nodes with many empties (./endgame-solver.ts), beside its
 * plain fastest-first count (fewest opponent moves first, Furtak & Buro 2009, Sec. 6):
 *
 *  - the estimate: a cheap static evaluation of a position for its player to move, from the
 *    quantities endgame programs sort by (Delorme's Edax sorts its endgame moves by the opponent's
 *    weighted mobility, then its potential mobility): each side's mobility with a corner move
 *    counted three times (weighted mobility) and each side's potential mobility (the empty squares next to
 *    the other side's discs, where moves may open later);
 *  - the sort search: a fail-soft alpha-beta search of a child a few plies deep (the solve mode: one) with the estimate at
 *    its leaves, the "shallow search" by which Buro's LOGISTELLO and Delorme's Edax order the moves of
 *    their deep endgame nodes.
 *
 * Sets are two int32 words as in ./bitboard-kernel.ts; nothing allocates.
 */
import * as bitboards from './bitboard-kernel.ts';

const { count, finalScore, flips, HI, moves } = bitboards;

/** The corners A1, H1 (low word) and A8, H8 (high word). */
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;
/** All columns but A; all but H. */
const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;

/** The high word of the last around() result. */
export const AROUND_HI = new Int32Array(1);

/**
 * The squares of the set (lo, hi) and those next to one of them: the set spread one column both ways
 * within its rows (masked where a step would wrap a row), then one row both ways. Low word returned,
 * high in AROUND_HI[0].
 */
export function around(lo: number, hi: number): number {
  const rl = lo | ((lo << 1) & NOT_A) | ((lo >>> 1) & NOT_H);
  const rh = hi | ((hi << 1) & NOT_A) | ((hi >>> 1) & NOT_H);
  AROUND_HI[0] = rh | (rh << 8) | (rl >>> 24) | (rh >>> 8);
  return rl | (rl << 8) | (rl >>> 8) | (rh << 24);
}

/**
 * Weights of the estimate and the rich key, measured on FFO #41-#44 by the rich key alone: a corner move
 * counted 3 times visits 228 M nodes, 1, 2, 4, 6 or 9 times 304, 239, 234, 237, 237 M (no potential
 * mobility); the potential mobility's weight changes the nodes by a few per cent either way.
 */
const W_MOBILITY = 4;
const W_POTENTIAL = 1;

/** The largest |estimate| of a position not over; a game over is scored beyond it. */
const ESTIMATE_MAX = 1 << 10;
/** Beyond every sort search value: its window when it is searched whole. */
export const SORT_INFINITY = 1 << 11;

/** The weighted mobility of the moves (lo, hi): each move once, a corner move three times. */
function weighted(lo: number, hi: number): number {
  return count(lo, hi) + 2 * count(lo & CORNERS_LO, hi & CORNERS_HI);
}

/**
 * The estimate for the player (pl, ph) to move against (ol, oh): W_MOBILITY × the difference of the
 * weighted mobilities + W_POTENTIAL × the difference of the potential mobilities.
 */
export function estimate(pl: number, ph: number, ol: number, oh: number): number {
  const el = ~(pl | ol),
    eh = ~(ph | oh);
  let ml = moves(pl, ph, ol, oh),
    mh = HI[0];
  const mine = weighted(ml, mh);
  ml = moves(ol, oh, pl, ph);
  mh = HI[0];
  const theirs = weighted(ml, mh);
  let al = around(ol, oh),
    ah = AROUND_HI[0];
  const potMine = count(al & el, ah & eh);
  al = around(pl, ph);
  ah = AROUND_HI[0];
  const potTheirs = count(al & el, ah & eh);
  return W_MOBILITY * (mine - theirs) + W_POTENTIAL * (potMine - potTheirs);
}

/**
 * The opponent-side key of fastest-first made richer: for the player (pl, ph) to move against
 * (ol, oh) (the opponent after the move sorted), W_MOBILITY × its weighted mobility + W_POTENTIAL × its
 * potential mobility; the lower, the better the move that led here.
 */
export function replyWeight(pl: number, ph: number, ol: number, oh: number): number {
  const ml = moves(pl, ph, ol, oh),
    mh = HI[0];
  const al = around(ol, oh),
    ah = AROUND_HI[0];
  return W_MOBILITY * weighted(ml, mh) + W_POTENTIAL * count(al & ~(pl | ol), ah & ~(ph | oh));
}

/**
 * Fail-soft alpha-beta value for the player (pl, ph) to move against (ol, oh), `depth` plies deep with
 * the estimate at the leaves; a pass is a ply; a game over scores its final disc difference beyond
 * every estimate (ESTIMATE_MAX × the sign, plus the difference).
 */
export function sortSearch(
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (depth === 0) return estimate(pl, ph, ol, oh);
  let lo = moves(pl, ph, ol, oh),
    hi = HI[0];
  if ((lo | hi) === 0) {
    if ((moves(ol, oh, pl, ph) | HI[0]) === 0) {
      const s = finalScore(count(pl, ph), count(ol, oh));
      return s > 0 ? ESTIMATE_MAX + s : s < 0 ? s - ESTIMATE_MAX : 0;
    }
    return 0 - sortSearch(ol, oh, pl, ph, depth - 1, 0 - beta, 0 - alpha);
  }
  let best = -SORT_INFINITY;
  while ((lo | hi) !== 0) {
    let x: number;
    if (lo !== 0) {
      x = 31 - Math.clz32(lo & -lo);
      lo &= lo - 1;
    } else {
      x = 63 - Math.clz32(hi & -hi);
      hi &= hi - 1;
    }
    const fl = flips(pl, ph, ol, oh, x);
    const fh = HI[1];
    const v =
      0 -
      sortSearch(
        ol & ~fl,
        oh & ~fh,
        x < 32 ? pl | fl | (1 << x) : pl | fl,
        x < 32 ? ph | fh : ph | fh | (1 << (x - 32)),
        depth - 1,
        0 - beta,
        0 - alpha,
      );
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}
