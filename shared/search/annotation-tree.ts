/**
 * Per-node annotations kept between iterative-deepening passes on trees (Furtak & Buro 2009, Sec. 8:
 * "the expanded tree nodes were annotated with search information, such as estimated value and tree
 * size, which was used for ordering the next ID iteration").
 *
 * A record per node reached, addressed by path rather than by hash, so there are no collisions: when
 * a node is first expanded its n children get n consecutive records. Records live in growable typed
 * arrays; nothing is allocated per node beyond amortised growth. The arrays may be views into the
 * memory of the WebAssembly prefix-value kernel (../models/prefix-value-wasm.ts), which moves a tree in
 * and out with `moveTo` and grows it there: read the fields afresh, never keep an array across a search.
 */
export class AnnotationTree {
  /** index of the first child record, or -1 if the node was never expanded */
  first: Int32Array;
  /** number of children (out-degree) once expanded */
  degree: Int32Array;
  /** value returned by the last search of the node (its own view; a bound under fail-soft) */
  value: Float64Array;
  /** nodes visited in the node's subtree by the last search of it */
  size: Float64Array;
  /** 1 once the node has been searched at least once */
  seen: Uint8Array;
  /** records in use: the root's (ROOT) and those handed out by `children` */
  count = 1;

  constructor(capacity = 1 << 12) {
    this.first = new Int32Array(capacity).fill(-1);
    this.degree = new Int32Array(capacity);
    this.value = new Float64Array(capacity);
    this.size = new Float64Array(capacity);
    this.seen = new Uint8Array(capacity);
  }

  /** Forget every record (as new), keeping the arrays: clearing costs what was used, not what is held. */
  reset(): void {
    this.first.fill(-1, 0, this.count);
    this.seen.fill(0, 0, this.count);
    this.count = 1;
  }

  /** Record index of the root. */
  static readonly ROOT = 0;

  /** Records of the children of `rec` (allocated on first call), as the index of child 0. */
  children(rec: number, n: number): number {
    let f = this.first[rec];
    if (f < 0) {
      if (this.count + n > this.first.length) this.grow(this.count + n);
      f = this.count;
      this.count += n;
      this.first[rec] = f;
      this.degree[rec] = n;
    }
    return f;
  }

  /**
   * Copy the rows into `rows` (all of one length, at least this tree's) and keep them there: how the tree
   * grows, and how a WebAssembly kernel takes it into its memory and gives it back into arrays of its own.
   */
  moveTo(rows: AnnotationRows): void {
    rows.first.set(this.first);
    rows.degree.set(this.degree);
    rows.value.set(this.value);
    rows.size.set(this.size);
    rows.seen.set(this.seen);
    this.adopt(rows);
  }

  /** Use `rows`, which already hold the records (views again after a WebAssembly memory grew or moved them). */
  adopt(rows: AnnotationRows): void {
    this.first = rows.first;
    this.degree = rows.degree;
    this.value = rows.value;
    this.size = rows.size;
    this.seen = rows.seen;
  }

  record(rec: number, value: number, size: number): void {
    this.value[rec] = value;
    this.size[rec] = size;
    this.seen[rec] = 1;
  }

  private grow(min: number): void {
    let cap = this.first.length * 2;
    while (cap < min) cap *= 2;
    const rows = ownRows(cap);
    rows.first.fill(-1, this.first.length); // the new records: never expanded
    this.moveTo(rows);
  }
}

/** An annotation tree's rows (AnnotationTree's fields of the same names), all of one length. */
export interface AnnotationRows {
  first: Int32Array;
  degree: Int32Array;
  value: Float64Array;
  size: Float64Array;
  seen: Uint8Array;
}

/** Rows of `capacity` records in arrays of their own. */
export function ownRows(capacity: number): AnnotationRows {
  return {
    first: new Int32Array(capacity),
    degree: new Int32Array(capacity),
    value: new Float64Array(capacity),
    size: new Float64Array(capacity),
    seen: new Uint8Array(capacity),
  };
}

// One tree kept for the next iterative deepening, cleared before reuse and never held by two live
// searches (taken while in use, so a nested search allocates its own), like the spare table of
// ./transposition-table.ts: regrowing one on every call was a large part of a Figure 4 run.
let spare: AnnotationTree | null = null;

/** An empty annotation tree for a search's own use; give it back with `returnAnnotations` when done. */
export function borrowAnnotations(): AnnotationTree {
  const a = spare ?? new AnnotationTree();
  spare = null;
  a.reset();
  return a;
}

export function returnAnnotations(a: AnnotationTree): void {
  spare = a;
}
