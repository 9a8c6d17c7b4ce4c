/**
 * Zobrist hashing of Othello positions (Zobrist 1970): a fixed random 64-bit word per (colour, square)
 * and one for "white to move"; a position's key is the XOR of the words of its discs and, with white to
 * move, the side word. A move updates it in O(flips): the new disc's word, for each flipped square the
 * XOR of its two colour words (`FLIP_*`, the same whoever flips), and the side word. Words are drawn
 * from MurmurHash3's finaliser on a fixed counter, so keys are the same in every process and run.
 */
import { mix32 } from '../util/hash.ts';
import { has } from './bitboard.ts';
import type { OthelloPosition } from './position.ts';

/** words of square s for black (index s) and white (index 64 + s), low and high halves */
export const DISC_LO = new Int32Array(128);
export const DISC_HI = new Int32Array(128);
/** DISC[black][s] ^ DISC[white][s]: what a flip of square s does to the key */
export const FLIP_LO = new Int32Array(64);
export const FLIP_HI = new Int32Array(64);
export const SIDE_LO = mix32(0x5eed0000) | 0;
export const SIDE_HI = mix32(0x5eed0001) | 0;

for (let i = 0; i < 128; i++) {
  DISC_LO[i] = mix32(Math.imul(i + 1, 0x9e3779b1) ^ 0x0be11000);
  DISC_HI[i] = mix32(Math.imul(i + 1, 0x85ebca6b) ^ 0x0be11001);
}
for (let s = 0; s < 64; s++) {
  FLIP_LO[s] = DISC_LO[s] ^ DISC_LO[64 + s];
  FLIP_HI[s] = DISC_HI[s] ^ DISC_HI[64 + s];
}

/** The high word of the last keyAfter() result. */
export const KEY_AFTER_HI = new Int32Array(1);

/**
 * The key after a move, updated from the key (kl, kh) before it: the colour `colour` (0 black, 64
 * white) plays square x flipping (fl, fh), and the side to move changes. Low word returned, high word
 * in KEY_AFTER_HI[0]; nothing allocates.
 */
export function keyAfter(kl: number, kh: number, colour: number, x: number, fl: number, fh: number): number {
  kl ^= SIDE_LO ^ DISC_LO[colour + x];
  kh ^= SIDE_HI ^ DISC_HI[colour + x];
  for (let f = fl; f !== 0; f &= f - 1) {
    const s = 31 - Math.clz32(f & -f);
    kl ^= FLIP_LO[s];
    kh ^= FLIP_HI[s];
  }
  for (let f = fh; f !== 0; f &= f - 1) {
    const s = 63 - Math.clz32(f & -f);
    kl ^= FLIP_LO[s];
    kh ^= FLIP_HI[s];
  }
  KEY_AFTER_HI[0] = kh;
  return kl;
}

/** The key of a position from scratch: [lo, hi] (allocates; the game updates its key per move). */
export function zobristKey(p: OthelloPosition): [number, number] {
  let lo = 0,
    hi = 0;
  for (let s = 0; s < 64; s++) {
    if (has(p.blackLo, p.blackHi, s)) {
      lo ^= DISC_LO[s];
      hi ^= DISC_HI[s];
    } else if (has(p.whiteLo, p.whiteHi, s)) {
      lo ^= DISC_LO[64 + s];
      hi ^= DISC_HI[64 + s];
    }
  }
  if (p.side === 1) {
    lo ^= SIDE_LO;
    hi ^= SIDE_HI;
  }
  return [lo, hi];
}
