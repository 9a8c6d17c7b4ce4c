/**
 * Pons' transposition table ("Solving Connect 4", part 7 "Transposition table", part 11 "Optimized
 * transposition table"): a direct-mapped table of `size` entries (default 8,388,593, a prime: Pons' 64 MB
 * table of parts 7-10; 8,388,617 from part 11), index = key mod size, always-replace, one byte of value
 * per entry, 0 = empty. The key is the position's unique 49-bit `cur + mask`; keeping it whole (its lo
 * word, and its hi word beside the value: one 8-byte entry, one cache line per probe, measured faster
 * than a key array and a value array in V8) behaves exactly like Pons' full
 * 56-bit key of part 7 and, because size is a prime above 2^23 and key mod size together with the low
 * 32 key bits determine a 49-bit key, like his truncated 32-bit keys of part 11 too. So node counts
 * depend on the table only through which entries overwrite each other, and match Pons' at his size.
 *
 * Pons clears the table before each position; clearing 8M entries per position would dominate short
 * solves, so the slots written since the last clear are logged and only they are zeroed (a full clear
 * once the log overflows).
 */
import { HI_SCALE } from './bitboard.ts';

/** Pons' table of parts 7-10: 8,388,593 entries of 8 bytes, 64 MB. */
export const PONS_TABLE_SIZE = 8_388_593;
/** Pons' table of parts 11-12: the smallest prime above 2^23. */
export const PONS_TABLE_SIZE_PART11 = 8_388_617;
const LOG_CAPACITY = 1 << 16;

export class C4TranspositionTable {
  readonly size: number;
  /** two words per entry: the key's lo word, then (hi word << 8) | value */
  private readonly slots: Int32Array;
  private readonly log = new Int32Array(LOG_CAPACITY);
  private logged = 0;
  private overflow = false;

  constructor(size = PONS_TABLE_SIZE) {
    if (!Number.isInteger(size) || size < 1 || size > 1 << 28) {
      throw new RangeError(
        `transposition table size = ${size} is not allowed: it must be an integer in [1..${1 << 28}]`,
      );
    }
    this.size = size;
    this.slots = new Int32Array(2 * size);
    // touch every page now, so the first solves do not pay the page faults of a fresh table
    this.slots.fill(0);
  }

  /** key mod size for the 49-bit key lo + hi·2^28, exact in doubles (no fmod call). */
  index(lo: number, hi: number): number {
    const k = hi * HI_SCALE + lo;
    const s = this.size;
    let r = k - Math.floor(k / s) * s;
    if (r < 0) r += s;
    else if (r >= s) r -= s;
    return r;
  }

  /** The stored byte for the key, or 0. */
  get(lo: number, hi: number): number {
    return this.getAt(this.index(lo, hi), lo, hi);
  }

  /** `get` with the key's index already known (a node reads and writes the same slot: one division). */
  getAt(index: number, lo: number, hi: number): number {
    const i = index << 1;
    const w = this.slots[i + 1];
    return this.slots[i] === lo && w >>> 8 === hi ? w & 255 : 0;
  }

  /** Store a byte (taken mod 256, as Pons' uint8_t conversion does) for the key, replacing the slot. */
  put(lo: number, hi: number, v: number): void {
    this.putAt(this.index(lo, hi), lo, hi, v);
  }

  /** `put` with the key's index already known. */
  putAt(index: number, lo: number, hi: number, v: number): void {
    const i = index << 1;
    if ((this.slots[i + 1] & 255) === 0 && !this.overflow) {
      if (this.logged < LOG_CAPACITY) this.log[this.logged++] = i;
      else this.overflow = true;
    }
    this.slots[i] = lo;
    this.slots[i + 1] = (hi << 8) | (v & 255);
  }

  /** Empty the table (Pons' reset between positions). */
  reset(): void {
    if (this.overflow) this.slots.fill(0);
    else {
      for (let j = 0; j < this.logged; j++) {
        const i = this.log[j];
        this.slots[i] = 0;
        this.slots[i + 1] = 0;
      }
    }
    this.logged = 0;
    this.overflow = false;
  }
}
