/**
 * Per-node annotations kept between iterative-deepening passes on trees (Furtak & Buro 2009, Sec. 8:
 * "the expanded tree nodes were annotated with search information, such as estimated value and tree
 * size, which was used for ordering the next ID iteration").
 *
 * A record per node reached, addressed by path rather than by hash, so there are no collisions: when
 * a node is first expanded its n children get n consecutive records. Records live in growable typed
 * arrays; nothing is allocated per node beyond amortised growth. A WebAssembly kernel may take the records
 * into its own memory and layout (../models/prefix-value-wasm.ts, an AnnotationHolder): until it gives
 * them back, `reset` is its, and reading any row has it write the records back here first. Read the rows
 * afresh after a search, never keep an array across one.
 */
export class AnnotationTree {
  private rowFirst: Int32Array;
  private rowDegree: Int32Array;
  private rowValue: Float64Array;
  private rowSize: Float64Array;
  private rowSeen: Uint8Array;
  /** where the records are while a kernel holds them (null: in the rows here) */
  private holder: AnnotationHolder | null = null;
  /** records in use: the root's (ROOT) and those handed out by `children` */
  count = 1;

  constructor(capacity = 1 << 12) {
    this.rowFirst = new Int32Array(capacity).fill(-1);
    this.rowDegree = new Int32Array(capacity);
    this.rowValue = new Float64Array(capacity);
    this.rowSize = new Float64Array(capacity);
    this.rowSeen = new Uint8Array(capacity);
  }

  /** index of the first child record, or -1 if the node was never expanded */
  get first(): Int32Array {
    if (this.holder !== null) this.takeBack();
    return this.rowFirst;
  }

  /** number of children (out-degree) once expanded */
  get degree(): Int32Array {
    if (this.holder !== null) this.takeBack();
    return this.rowDegree;
  }

  /** value returned by the last search of the node (its own view; a bound under fail-soft) */
  get value(): Float64Array {
    if (this.holder !== null) this.takeBack();
    return this.rowValue;
  }

  /** nodes visited in the node's subtree by the last search of it */
  get size(): Float64Array {
    if (this.holder !== null) this.takeBack();
    return this.rowSize;
  }

  /** 1 once the node has been searched at least once */
  get seen(): Uint8Array {
    if (this.holder !== null) this.takeBack();
    return this.rowSeen;
  }

  /** Whether `holder` has the records now (rather than the rows here). */
  isHeldBy(holder: AnnotationHolder): boolean {
    return this.holder === holder;
  }

  /** The records are `holder`'s from now on (it has copied them out of the rows); reading a row takes them back. */
  holdBy(holder: AnnotationHolder): void {
    this.holder = holder;
  }

  /** The records back in rows here (a holder writes them back with `adopt`), where a holder has them. */
  takeBack(): void {
    const h = this.holder;
    if (h === null) return;
    this.holder = null;
    h.release(this);
  }

  /** Forget every record (as new), keeping the arrays: clearing costs what was used, not what is held. */
  reset(): void {
    if (this.holder !== null) this.holder.reset(this);
    else {
      this.rowFirst.fill(-1, 0, this.count);
      this.rowSeen.fill(0, 0, this.count);
    }
    this.count = 1;
  }

  /** Record index of the root. */
  static readonly ROOT = 0;

  /** Records of the children of `rec` (allocated on first call), as the index of child 0. */
  children(rec: number, n: number): number {
    const first = this.first;
    let f = first[rec];
    if (f < 0) {
      if (this.count + n > first.length) this.grow(this.count + n);
      f = this.count;
      this.count += n;
      this.rowFirst[rec] = f;
      this.rowDegree[rec] = n;
    }
    return f;
  }

  /** Copy the rows into `rows` (all of one length, at least this tree's) and keep them there: how the tree grows. */
  moveTo(rows: AnnotationRows): void {
    rows.first.set(this.first);
    rows.degree.set(this.rowDegree);
    rows.value.set(this.rowValue);
    rows.size.set(this.rowSize);
    rows.seen.set(this.rowSeen);
    this.adopt(rows);
  }

  /** Use `rows`, which already hold the records (a holder's, written back). */
  adopt(rows: AnnotationRows): void {
    this.rowFirst = rows.first;
    this.rowDegree = rows.degree;
    this.rowValue = rows.value;
    this.rowSize = rows.size;
    this.rowSeen = rows.seen;
  }

  record(rec: number, value: number, size: number): void {
    if (this.holder !== null) this.takeBack();
    this.rowValue[rec] = value;
    this.rowSize[rec] = size;
    this.rowSeen[rec] = 1;
  }

  private grow(min: number): void {
    let cap = this.first.length * 2;
    while (cap < min) cap *= 2;
    const rows = ownRows(cap);
    rows.first.fill(-1, this.first.length); // the new records: never expanded
    this.moveTo(rows);
  }
}

/**
 * What keeps an annotation tree's records elsewhere for a while (a WebAssembly kernel, in its memory):
 * it gives them back into rows when one is read, and forgets them where they are on `reset`.
 */
export interface AnnotationHolder {
  /** Write the tree's records back into rows of its own (AnnotationTree.adopt); it holds them no more. */
  release(tree: AnnotationTree): void;
  /** AnnotationTree.reset where the records are held: its `count` records unexpanded and unseen. */
  reset(tree: AnnotationTree): void;
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
