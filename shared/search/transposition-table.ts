/**
 * Transposition table for searching DAGs (and the memory MTD(f) needs, Plaat et al. 1996): for each
 * stored node a lower and an upper bound on its value at a given remaining depth, and the best move.
 *
 * Fixed-size, open addressing on the low key bits, always-replace: preallocated typed arrays, no
 * allocation per node. Entries are used for bounds only at the *same* remaining depth, so a
 * depth-limited search proves the value of exactly the depth-d tree; entries of other depths still
 * supply the best move for ordering. The entries may be views into the memory of the WebAssembly
 * prefix-value kernel (../models/prefix-value-wasm.ts), which moves a table in and out with `moveTo`.
 */
export const NO_ENTRY = -1;

// One entry is one 32-byte record (one cache line holds two): words 0..3 of the Int32 view are the key's
// two halves, the clear count it was stored under, and depth and move as two 16-bit halves; doubles 2 and
// 3 of the Float64 view are the bounds. A probe and the reads after it then touch one record, where
// separate arrays per field cost a cache miss per field.
const WORDS = 8;
const DOUBLES = 4;

/** The table sizes allowed: 2^bits entries, bits in this range. */
export const TABLE_BITS = [4, 28] as const;

export class TranspositionTable {
  readonly size: number;
  private readonly mask: number;
  private word: Int32Array;
  private bound: Float64Array;
  /** entries stored since the last `clear` carry this count; older ones are empty (0 is never current) */
  private epoch = 1;

  constructor(bits = 20) {
    if (!Number.isInteger(bits) || bits < TABLE_BITS[0] || bits > TABLE_BITS[1]) {
      throw new RangeError(
        `transposition table bits = ${bits} is not allowed: it must be an integer in [${TABLE_BITS[0]}..${TABLE_BITS[1]}]`,
      );
    }
    this.size = 1 << bits;
    this.mask = this.size - 1;
    const buffer = new ArrayBuffer(this.size * WORDS * 4);
    this.word = new Int32Array(buffer);
    this.bound = new Float64Array(buffer);
  }

  /** The entries' bytes. */
  get byteLength(): number {
    return this.size * WORDS * 4;
  }

  /** The memory the entries are in. */
  get buffer(): ArrayBufferLike {
    return this.word.buffer;
  }

  /** The clear count current entries carry (a WebAssembly kernel probes and stores with it). */
  get clearCount(): number {
    return this.epoch;
  }

  /**
   * Copy the entries to `buffer` at `byteOffset` (8-byte aligned, byteLength bytes) and keep them there:
   * how a WebAssembly kernel takes the table into its memory, in this layout, and gives it back.
   */
  moveTo(buffer: ArrayBuffer, byteOffset: number): void {
    new Int32Array(buffer, byteOffset, this.size * WORDS).set(this.word);
    this.adopt(buffer, byteOffset);
  }

  /** Use the entries already at `buffer`'s `byteOffset` (views again after a WebAssembly memory grew). */
  adopt(buffer: ArrayBuffer, byteOffset: number): void {
    this.word = new Int32Array(buffer, byteOffset, this.size * WORDS);
    this.bound = new Float64Array(buffer, byteOffset, this.size * DOUBLES);
  }

  /** Empty every entry: a new clear count, without touching the table (wiped when the count would wrap). */
  clear(): void {
    if (this.epoch === 0x7fffffff) {
      this.word.fill(0);
      this.epoch = 0;
    }
    this.epoch++;
  }

  /** Slot of the node (hi, lo) if stored, else NO_ENTRY. */
  probe(hi: number, lo: number): number {
    const s = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    const w = s * WORDS;
    const word = this.word;
    return word[w + 2] === this.epoch && word[w + 1] === (lo | 0) && word[w] === (hi | 0) ? s : NO_ENTRY;
  }

  /**
   * The first word of the slot the node (hi, lo) maps to, and nothing else: reading the slots of many
   * nodes ahead of their probes issues the cache misses together, with no branch between them to
   * mispredict and cancel the loads after it.
   */
  touch(hi: number, lo: number): number {
    return this.word[((lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask) * WORDS];
  }

  /** Remaining depth the entry at `slot` was stored for (a 16-bit integer). */
  depthAt(slot: number): number {
    return (this.word[slot * WORDS + 3] << 16) >> 16;
  }

  /** Best move stored at `slot` (a 16-bit integer; −1: none). */
  moveAt(slot: number): number {
    return this.word[slot * WORDS + 3] >> 16;
  }

  lowerAt(slot: number): number {
    return this.bound[slot * DOUBLES + 2];
  }

  upperAt(slot: number): number {
    return this.bound[slot * DOUBLES + 3];
  }

  store(hi: number, lo: number, depth: number, lower: number, upper: number, move: number): void {
    const s = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    const w = s * WORDS;
    const word = this.word;
    word[w] = hi;
    word[w + 1] = lo;
    word[w + 2] = this.epoch;
    word[w + 3] = (depth & 0xffff) | (move << 16);
    this.bound[s * DOUBLES + 2] = lower;
    this.bound[s * DOUBLES + 3] = upper;
  }

  /**
   * Store the fail-soft result `best` of the node (hi, lo) searched `depth` plies with the window
   * (alpha, beta) the table left it: a lower bound where it failed high or was exact, an upper bound
   * where it failed low or was exact, each merged with the bound already stored for the same node and
   * depth. The slot is found once for the merge and the write.
   */
  storeResult(hi: number, lo: number, depth: number, alpha: number, beta: number, best: number, move: number): void {
    const s = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    const w = s * WORDS;
    const word = this.word;
    const bound = this.bound;
    let lower = best > alpha ? best : -Infinity;
    let upper = best < beta ? best : Infinity;
    if (
      word[w + 2] === this.epoch &&
      word[w + 1] === (lo | 0) &&
      word[w] === (hi | 0) &&
      (word[w + 3] << 16) >> 16 === depth
    ) {
      if (bound[s * DOUBLES + 2] > lower) lower = bound[s * DOUBLES + 2];
      if (bound[s * DOUBLES + 3] < upper) upper = bound[s * DOUBLES + 3];
    }
    word[w] = hi;
    word[w + 1] = lo;
    word[w + 2] = this.epoch;
    word[w + 3] = (depth & 0xffff) | (move << 16);
    bound[s * DOUBLES + 2] = lower;
    bound[s * DOUBLES + 3] = upper;
  }
}

// One table kept for the next search that needs its own (MTD(f), iterative deepening), cleared before
// reuse and never held by two live searches (taken while in use, so a nested search allocates its
// own): allocating 32 MB per search made the garbage collector a large part of a Figure 4 run.
let spare: TranspositionTable | null = null;

/** A cleared 2^20-entry table for a search's own use; give it back with `returnTable` when done. */
export function borrowTable(): TranspositionTable {
  const t = spare ?? new TranspositionTable(20);
  spare = null;
  t.clear();
  return t;
}

export function returnTable(t: TranspositionTable): void {
  spare = t;
}
