/**
 * Othello move generation and flips on two int32 words, written out for the search kernels
 * (./othello-kernel.ts, ./endgame-solver.ts): the same sets as ./bitboard.ts computes, without its
 * loops over directions and rows. Moves: per direction the flood through the opponent's discs in four
 * steps, the last two of double length through pairs of adjacent opponent discs (the form of Delorme's
 * Edax, get_moves), then a step onto an empty square. Flips: per ray from the square, its nearest
 * square not held by the opponent found by a bit trick on the ray's mask, no walk and no branch (1.7×
 * the walk's speed in V8 on endgame positions). Functions return the low word of a 64-bit set and leave
 * the high word in HI (moves in HI[0], flips in HI[1]); nothing allocates. Also the disc counts the
 * kernels score with.
 */

/** The high words of the last moves() (0) and flips() (1) results. */
export const HI = new Int32Array(2);

/**
 * The rays of the flips: RAY_LO/RAY_HI[d·64 + x] the squares after x in direction d up to the board's
 * edge (x itself excluded). Directions 0-3 step towards higher squares (+1, +8, +9, +7: east, north,
 * north-east, north-west), 4-7 towards lower ones (−1, −8, −9, −7). NEAR_LO/NEAR_HI[x]: the squares
 * next to x, the first of each ray.
 */
const RAY_LO = new Int32Array(8 * 64);
const RAY_HI = new Int32Array(8 * 64);
const NEAR_LO = new Int32Array(64);
const NEAR_HI = new Int32Array(64);
{
  const dr = [0, 1, 1, 1, 0, -1, -1, -1];
  const dc = [1, 0, 1, -1, -1, 0, -1, 1];
  for (let d = 0; d < 8; d++)
    for (let x = 0; x < 64; x++) {
      let r = (x >> 3) + dr[d],
        c = (x & 7) + dc[d];
      if (r >= 0 && r < 8 && c >= 0 && c < 8) {
        if (r < 4) NEAR_LO[x] |= 1 << (r * 8 + c);
        else NEAR_HI[x] |= 1 << (r * 8 + c - 32);
      }
      while (r >= 0 && r < 8 && c >= 0 && c < 8) {
        const s = r * 8 + c;
        if (s < 32) RAY_LO[d * 64 + x] |= 1 << s;
        else RAY_HI[d * 64 + x] |= 1 << (s - 32);
        r += dr[d];
        c += dc[d];
      }
    }
}

const INNER = 0x7e7e7e7e | 0;

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of squares of the set (lo, hi). */
export function count(lo: number, hi: number): number {
  return popcount32(lo) + popcount32(hi);
}

/**
 * The final disc differential of the player with `own` discs against `opp`, the empty squares going
 * to the winner (the FForum convention): own − opp + empties if ahead, own − opp − empties if behind.
 */
export function finalScore(own: number, opp: number): number {
  return endScore(own - opp, 64 - own - opp);
}

/** finalScore from the disc difference d (own − opp) and the number of empty squares. */
export function endScore(d: number, empties: number): number {
  return d > 0 ? d + empties : d < 0 ? d - empties : 0;
}

/**
 * The number of children of the position with the player (pl, ph) to move against (ol, oh): its legal
 * moves, 1 when it has none and must pass, 0 when neither side can move (fastest-first's size S_i).
 */
export function replies(pl: number, ph: number, ol: number, oh: number): number {
  const d = count(moves(pl, ph, ol, oh), HI[0]);
  return d === 0 && (moves(ol, oh, pl, ph) | HI[0]) !== 0 ? 1 : d;
}

/**
 * Legal moves of the player (pl, ph) against (ol, oh): the low word returned, the high word in
 * HI[0]. Per direction, the flood through the opponent's discs (masked to columns B..G for the
 * horizontal and diagonal directions, so no step wraps a row) in four steps, the last two of double
 * length through pairs of adjacent opponent discs (Edax's form), then a step onto an empty square.
 */
export function moves(pl: number, ph: number, ol: number, oh: number): number {
  const el = ~(pl | ol),
    eh = ~(ph | oh);
  const il = ol & INNER,
    ih = oh & INNER;
  let ml = 0,
    mh = 0;
  let fl: number, fh: number, rl: number, rh: number;
  // east towards higher squares, by 1
  fl = il & (pl << 1);
  fh = ih & ((ph << 1) | (pl >>> 31));
  fl |= il & (fl << 1);
  fh |= ih & ((fh << 1) | (fl >>> 31));
  rl = il & (il << 1);
  rh = ih & ((ih << 1) | (il >>> 31));
  {
    const sl = fl << 2,
      sh = (fh << 2) | (fl >>> 30);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = fl << 2,
      sh = (fh << 2) | (fl >>> 30);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & (fl << 1);
  mh |= eh & ((fh << 1) | (fl >>> 31));
  // east towards lower squares, by 1
  fl = il & ((pl >>> 1) | (ph << 31));
  fh = ih & (ph >>> 1);
  fl |= il & ((fl >>> 1) | (fh << 31));
  fh |= ih & (fh >>> 1);
  rl = il & ((il >>> 1) | (ih << 31));
  rh = ih & (ih >>> 1);
  {
    const sl = (fl >>> 2) | (fh << 30),
      sh = fh >>> 2;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = (fl >>> 2) | (fh << 30),
      sh = fh >>> 2;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & ((fl >>> 1) | (fh << 31));
  mh |= eh & (fh >>> 1);
  // north towards higher squares, by 8
  fl = ol & (pl << 8);
  fh = oh & ((ph << 8) | (pl >>> 24));
  fl |= ol & (fl << 8);
  fh |= oh & ((fh << 8) | (fl >>> 24));
  rl = ol & (ol << 8);
  rh = oh & ((oh << 8) | (ol >>> 24));
  {
    const sl = fl << 16,
      sh = (fh << 16) | (fl >>> 16);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = fl << 16,
      sh = (fh << 16) | (fl >>> 16);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & (fl << 8);
  mh |= eh & ((fh << 8) | (fl >>> 24));
  // north towards lower squares, by 8
  fl = ol & ((pl >>> 8) | (ph << 24));
  fh = oh & (ph >>> 8);
  fl |= ol & ((fl >>> 8) | (fh << 24));
  fh |= oh & (fh >>> 8);
  rl = ol & ((ol >>> 8) | (oh << 24));
  rh = oh & (oh >>> 8);
  {
    const sl = (fl >>> 16) | (fh << 16),
      sh = fh >>> 16;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = (fl >>> 16) | (fh << 16),
      sh = fh >>> 16;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & ((fl >>> 8) | (fh << 24));
  mh |= eh & (fh >>> 8);
  // +9 towards higher squares, by 9
  fl = il & (pl << 9);
  fh = ih & ((ph << 9) | (pl >>> 23));
  fl |= il & (fl << 9);
  fh |= ih & ((fh << 9) | (fl >>> 23));
  rl = il & (il << 9);
  rh = ih & ((ih << 9) | (il >>> 23));
  {
    const sl = fl << 18,
      sh = (fh << 18) | (fl >>> 14);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = fl << 18,
      sh = (fh << 18) | (fl >>> 14);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & (fl << 9);
  mh |= eh & ((fh << 9) | (fl >>> 23));
  // +9 towards lower squares, by 9
  fl = il & ((pl >>> 9) | (ph << 23));
  fh = ih & (ph >>> 9);
  fl |= il & ((fl >>> 9) | (fh << 23));
  fh |= ih & (fh >>> 9);
  rl = il & ((il >>> 9) | (ih << 23));
  rh = ih & (ih >>> 9);
  {
    const sl = (fl >>> 18) | (fh << 14),
      sh = fh >>> 18;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = (fl >>> 18) | (fh << 14),
      sh = fh >>> 18;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & ((fl >>> 9) | (fh << 23));
  mh |= eh & (fh >>> 9);
  // +7 towards higher squares, by 7
  fl = il & (pl << 7);
  fh = ih & ((ph << 7) | (pl >>> 25));
  fl |= il & (fl << 7);
  fh |= ih & ((fh << 7) | (fl >>> 25));
  rl = il & (il << 7);
  rh = ih & ((ih << 7) | (il >>> 25));
  {
    const sl = fl << 14,
      sh = (fh << 14) | (fl >>> 18);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = fl << 14,
      sh = (fh << 14) | (fl >>> 18);
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & (fl << 7);
  mh |= eh & ((fh << 7) | (fl >>> 25));
  // +7 towards lower squares, by 7
  fl = il & ((pl >>> 7) | (ph << 25));
  fh = ih & (ph >>> 7);
  fl |= il & ((fl >>> 7) | (fh << 25));
  fh |= ih & (fh >>> 7);
  rl = il & ((il >>> 7) | (ih << 25));
  rh = ih & (ih >>> 7);
  {
    const sl = (fl >>> 14) | (fh << 18),
      sh = fh >>> 14;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  {
    const sl = (fl >>> 14) | (fh << 18),
      sh = fh >>> 14;
    fl |= rl & sl;
    fh |= rh & sh;
  }
  ml |= el & ((fl >>> 7) | (fh << 25));
  mh |= eh & (fh >>> 7);
  HI[0] = mh;
  return ml;
}

/**
 * Discs flipped when the player (pl, ph) plays square x against (ol, oh): along each ray from x a
 * run of opponent discs closed by one of the player's. Low word returned, high word in HI[1]. A square
 * with no opponent's disc next to it flips nothing.
 */
export function flips(pl: number, ph: number, ol: number, oh: number, x: number): number {
  if (((ol & NEAR_LO[x]) | (oh & NEAR_HI[x])) === 0) {
    HI[1] = 0;
    return 0;
  }
  return closedRuns(~ol, ~oh, pl, ph, x);
}

/**
 * The number of discs flipped when the owner of (pl, ph) plays x, the board's only empty square
 * (every other square not in the set is the opponent's): the blockers are the owner's discs.
 */
export function lastFlipCount(pl: number, ph: number, x: number): number {
  return popcount32(closedRuns(pl, ph, pl, ph, x)) + popcount32(HI[1]);
}

/**
 * The flips of a move on x given, per ray, its blockers (bkl, bkh: the squares that end a run, those
 * not held by the opponent) and its closers (cl, ch: the player's discs): along each ray the squares
 * before the blocker nearest x, when that blocker is a closer. Low word returned, high word in HI[1].
 *
 * Per ray, without a walk or a branch: the nearest blocker is the lowest set bit of the ray's blockers
 * on a ray towards higher squares, the highest towards lower ones. On two words it is in the word
 * nearer x when that word has one (z: −1 when it has none, so the far word's blocker counts and the
 * whole near part of the ray lies before it); m is −1 when the blocker is a closer. A ray without a
 * blocker (cut by the board's edge) flips nothing.
 */
function closedRuns(bkl: number, bkh: number, cl: number, ch: number, x: number): number {
  let fl = 0,
    fh = 0;
  let rl: number, rh: number, bl: number, bh: number, z: number, t: number, m: number;
  // towards higher squares: the lowest blocker, the low word first
  for (let i = x; i < 256; i += 64) {
    rl = RAY_LO[i];
    rh = RAY_HI[i];
    bl = rl & bkl;
    bl &= -bl;
    z = (bl - 1) >> 31;
    bh = rh & bkh & z;
    bh &= -bh;
    t = (cl & bl) | (ch & bh);
    m = (t | -t) >> 31;
    fl |= rl & (bl - 1) & m;
    fh |= rh & (bh - 1) & z & m;
  }
  // towards lower squares: the highest blocker, the high word first
  for (let i = 256 + x; i < 512; i += 64) {
    rl = RAY_LO[i];
    rh = RAY_HI[i];
    bh = rh & bkh;
    bh &= 0x80000000 >>> Math.clz32(bh);
    z = (bh - 1) >> 31;
    bl = rl & bkl & z;
    bl &= 0x80000000 >>> Math.clz32(bl);
    t = (cl & bl) | (ch & bh);
    m = (t | -t) >> 31;
    fh |= rh & (z | -(bh << 1)) & m;
    fl |= rl & -(bl << 1) & m;
  }
  HI[1] = fh;
  return fl;
}
