/**
 * Transposition table for searching DAGs (and the memory MTD(f) needs, Plaat et al. 1996): for each
 * stored node a lower and an upper bound on its value at a given remaining depth, and the best move.
 *
 * Fixed-size, open addressing on the low key bits, always-replace: preallocated typed arrays, no
 * allocation per node. Entries are used for bounds only at the *same* remaining depth, so a
 * depth-limited search proves the value of exactly the depth-d tree; entries of other depths still
 * supply the best move for ordering.
 */
export const NO_ENTRY = -1;

export class TranspositionTable {
  readonly size: number;
  private readonly mask: number;
  private readonly hi: Int32Array;
  private readonly lo: Int32Array;
  private readonly used: Uint8Array;
  readonly depth: Int16Array;
  readonly lower: Float64Array;
  readonly upper: Float64Array;
  readonly move: Int16Array;

  constructor(bits = 20) {
    if (!Number.isInteger(bits) || bits < 4 || bits > 28) {
      throw new RangeError(`transposition table bits = ${bits} is not allowed: it must be an integer in [4..28]`);
    }
    this.size = 1 << bits;
    this.mask = this.size - 1;
    this.hi = new Int32Array(this.size);
    this.lo = new Int32Array(this.size);
    this.used = new Uint8Array(this.size);
    this.depth = new Int16Array(this.size);
    this.lower = new Float64Array(this.size);
    this.upper = new Float64Array(this.size);
    this.move = new Int16Array(this.size);
  }

  clear(): void {
    this.used.fill(0);
  }

  /** Slot of the node (hi, lo) if stored, else NO_ENTRY. */
  probe(hi: number, lo: number): number {
    const s = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    return this.used[s] === 1 && this.lo[s] === (lo | 0) && this.hi[s] === (hi | 0) ? s : NO_ENTRY;
  }

  store(hi: number, lo: number, depth: number, lower: number, upper: number, move: number): void {
    const s = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.mask;
    this.used[s] = 1;
    this.hi[s] = hi;
    this.lo[s] = lo;
    this.depth[s] = depth;
    this.lower[s] = lower;
    this.upper[s] = upper;
    this.move[s] = move;
  }
}

// One table kept for the next search that needs its own (MTD(f), iterative deepening), cleared before
// reuse and never held by two live searches (taken while in use, so a nested search allocates its
// own): allocating 29 MB per search made the garbage collector a large part of a Figure 4 run.
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
