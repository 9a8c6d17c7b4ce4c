/**
 * The prefix-value kernel (Furtak & Buro 2009, Sec. 7 and 8) in WebAssembly: ./prefix-value-kernel.wat,
 * bytes in ./prefix-value-kernel-wasm.ts. Node for node the searches of ./prefix-value-search.ts (the
 * same value, best root move, counts and visit-limit stop, the same annotation records and table
 * entries; test/models/prefix-value-search.test.ts), at about twice their speed (`npm run bench`):
 * integer rows in its own memory, no bounds or map checks, and the hash helpers inlined when it is built.
 *
 *  - `searchPrefixValueWasm`: the plain search (no memories, natural or estimate ordering);
 *  - `annotatedSearchWasm`: iterative deepening's searches with an annotation tree and a table or none,
 *    ordered by value or by the weighted FCF key (the Figure 4 workload);
 *  - `mptSizeWasm`: no search, the minimum proof tree branch and bound of ./prefix-value-mpt.ts (both
 *    denominators), node for node that kernel's, on an instance of its own.
 *
 * The annotated search works on the table's entries and the tree's records in the kernel's memory. The
 * first search that uses the table copies it in and points the TranspositionTable at it there, so every
 * other reader (the generic engine, the TypeScript kernel, tests) sees what the kernel wrote with no copy
 * after each search. The tree's records are copied into the kernel's own layout (16 bytes a record, where
 * the tree's five rows take 25 bytes in five places: a node's children are read together), and the kernel
 * holds them (an AnnotationHolder) until another reader reads a row, which copies them back. One tree and
 * one table are held so at a time; another takes the place of the last after copying it back out into
 * arrays of its own. When the memory grows, the held table is pointed at the new buffer.
 *
 * The TypeScript kernel remains for a host without WebAssembly and for what this one does not take.
 */
import { instantiate, LazyWasm } from '../util/wasm-module.ts';
import { settleCounters } from '../search/counters.ts';
import { SearchLimitError, type SearchContext } from '../search/search-context.ts';
import type { KernelResult } from '../search/kernel.ts';
import { ownRows, type AnnotationHolder, type AnnotationTree } from '../search/annotation-tree.ts';
import type { TranspositionTable } from '../search/transposition-table.ts';
import type { MptBounds, PlainSearch, PrefixValueShape } from './prefix-value-shape.ts';
import { PREFIX_VALUE_KERNEL_WASM } from './prefix-value-kernel-wasm.ts';
import { noBestChildError, noCandidateError } from '../proof/mpt-branch-and-bound.ts';
import type { MptKernelSetup } from '../proof/mpt-kernels.ts';

/** The module's exports (./prefix-value-kernel.wat). */
export interface KernelExports {
  memory: { readonly buffer: ArrayBuffer };
  setTree(
    bmin: number,
    bspan: number,
    dspan: number,
    zeroDamage: number,
    noiseE: number,
    noisyLeaves: number,
    maxPly: number,
  ): void;
  search(
    depth: number,
    alpha: number,
    beta: number,
    h: number,
    pv: number,
    byEstimate: number,
    scout: number,
    visited: number,
    expanded: number,
    limit: number,
  ): number;
  visited(): number;
  expanded(): number;
  rootMove(): number;
  setOrdering(
    intKeys: number,
    randomUnexpanded: number,
    useTie: number,
    sizeMode: number,
    subtreeSize: number,
    sizeStandIn: number,
    wV: number,
    wR: number,
    wS: number,
  ): void;
  setCutProbability(learned: number, minMargin: number, count: number): void;
  setTable(hasTable: number, mask: number, clearCount: number, ttFirst: number): void;
  reserveTable(): number;
  setAnnotations(capacity: number): number;
  resetAnnotations(count: number): void;
  annotatedSearch(
    depth: number,
    alpha: number,
    beta: number,
    h: number,
    pv: number,
    k2: number,
    scout: number,
    visited: number,
    expanded: number,
    limit: number,
    count: number,
    rootMove: number,
  ): number;
  settled(): number;
  annotationCount(): number;
  annotationCapacity(): number;
  /** for ./prefix-value-rows.ts */
  treeExpand(ply: number, h: number, pv: number): number;
  treeEstimates(ply: number, n: number): void;
  /** for ./prefix-value-mpt.ts */
  mptSize(
    r: number,
    fv: number,
    h: number,
    p: number,
    leafCost: number,
    keep: number,
    loE: number,
    hiE: number,
  ): number;
  mptExpanded(): number;
  mptTests(): number;
}

// Where the .wat keeps the table (up to 2^20 entries of 32 bytes) and, after it, the annotation records.
const TABLE_OFFSET = 131072;
const TABLE_MAX_BYTES = 2 ** 25;
const ANNOTATIONS_OFFSET = TABLE_OFFSET + TABLE_MAX_BYTES;
// Where it keeps a learned P_i table, and how many entries fit.
const CUT_TABLE_OFFSET = 118784;
const CUT_TABLE_MAX = 1536;

const MODULE = new LazyWasm(PREFIX_VALUE_KERNEL_WASM);
/** Bounds are int32 in the kernel; values stay below 2^27 in magnitude (see the .wat). */
const WINDOW_MAX = 2 ** 30;
/** An annotation record there: 16 bytes; a value is an int32, a size below 2^48. */
const RECORD_BYTES = 16;
const VALUE_MAX = 2 ** 31 - 1;
const SIZE_LIMIT = 2 ** 48;
/** Counts are i64 there, converted from doubles: a limit of Infinity is this. */
const LIMIT_MAX = 2 ** 53;

let kernel: KernelExports | null | undefined;
let limitInUse = 0;

function instance(): KernelExports | null {
  if (kernel === undefined) kernel = newKernelInstance();
  return kernel;
}

/**
 * A new instance of the kernel's module (compiled once), or null where WebAssembly is missing or refused:
 * the searches' own, ./prefix-value-rows.ts's for trees and ./prefix-value-mpt.ts's for minimum proof trees.
 */
export function newKernelInstance(): KernelExports | null {
  const m = MODULE.module();
  if (m === null) return null;
  return instantiate(m, {
    env: {
      limit: () => {
        throw new SearchLimitError(limitInUse);
      },
      full: () => {
        throw new RangeError(
          'annotation tree: the WebAssembly kernel cannot grow its memory (4 GiB at most); lower the depth',
        );
      },
      inconsistent: (pvNode: number, ply: number, bound: number) => {
        throw pvNode === 1 ? noBestChildError(ply, bound) : noCandidateError(ply, bound);
      },
    },
  }) as KernelExports;
}

/** Why the kernel cannot run here ('' when it can). */
export function prefixValueWasmUnavailable(): string {
  return MODULE.unavailable();
}

/**
 * ./prefix-value-search.ts searchPrefixValue's search, or null where this kernel cannot make it: no
 * WebAssembly, or a bound that is not an integer within ±2^30 (a fractional bound compares differently
 * with the integer bounds the kernel keeps).
 */
export function searchPrefixValueWasm(q: PlainSearch): KernelResult | null {
  const { shape, counters } = q;
  if (!intBound(q.alpha) || !intBound(q.beta)) return null;
  const k = instance();
  if (k === null) return null;
  setTree(k, shape);
  limitInUse = q.maxVisited;
  let stopped = 1; // the visit that passes the limit is not classified (as prefix-value-search.ts counts)
  try {
    const value = k.search(
      q.depth,
      q.alpha,
      q.beta,
      shape.rootHash,
      shape.rootValue,
      q.byEstimate ? 1 : 0,
      q.algorithm === 'negascout' ? 1 : 0,
      counters.visited,
      counters.expanded,
      Math.min(q.maxVisited, LIMIT_MAX),
    );
    stopped = 0;
    return { value, bestMove: k.rootMove() };
  } finally {
    settleCounters(counters, k.visited(), k.expanded(), stopped);
  }
}

/** The instance kept for the minimum proof tree, and where it reads LC and LCany (see the .wat). */
let mptInstance: KernelExports | null | undefined;
const LC_OFFSET = 116480;
const LC_ANY_OFFSET = 117008;

/**
 * ./prefix-value-mpt.ts's branch and bound on the tree of `shape` under `setup`: P(root) at remaining
 * depth r ≥ 2 with root value fv (an int32), a child of value x bounded by (x & keep) − loE and x + hiE;
 * its expansions and tests added to `work`, also when it throws. Null where WebAssembly is missing.
 */
export function mptSizeWasm(
  shape: PrefixValueShape,
  setup: MptKernelSetup,
  bounds: MptBounds,
  r: number,
  fv: number,
  work: { expanded: number; tests: number },
): number | null {
  if (mptInstance === undefined) mptInstance = newKernelInstance();
  const k = mptInstance;
  if (k === null) return null;
  setTree(k, shape);
  new Float64Array(k.memory.buffer, LC_OFFSET, setup.lc.length).set(setup.lc);
  new Float64Array(k.memory.buffer, LC_ANY_OFFSET, setup.lcAny.length).set(setup.lcAny);
  try {
    return k.mptSize(r, fv, shape.rootHash, shape.rootValue, setup.leafCost, bounds.keep, bounds.loE, bounds.hiE);
  } finally {
    work.expanded += k.mptExpanded();
    work.tests += k.mptTests();
  }
}

function intBound(x: number): boolean {
  return Number.isInteger(x) && Math.abs(x) <= WINDOW_MAX;
}

/** The tree's generation parameters into instance k. */
export function setTree(k: KernelExports, shape: PrefixValueShape): void {
  k.setTree(
    shape.bmin,
    shape.bspan,
    shape.dspan,
    shape.zeroDamage ? 1 : 0,
    shape.noiseE,
    shape.horizonEstimate && shape.noiseE > 0 ? 1 : 0,
    shape.maxPly,
  );
}

/** A search on a context from the root, or null where this kernel does not take it (the caller runs it). */
export type AnnotatedWasmSearch = (depth: number, alpha: number, beta: number) => number | null;

/**
 * ./prefix-value-search.ts's annotated node function for searches on `ctx` (which has an annotation tree
 * and no observer), or null where this kernel cannot make it: no WebAssembly, an ordering other than value
 * ordering or the weighted FCF key (hard threshold, or a learned P_i table of at most 1536 entries), or a
 * transposition table of more than 2^20 entries. Its searches decline (null) a bound that is not an
 * integer within ±2^30.
 */
export function annotatedSearchWasm(shape: PrefixValueShape, ctx: SearchContext): AnnotatedWasmSearch | null {
  const o = ctx.ordering;
  const w = o.fcfWeighted;
  const intKeys = o.keyIsValue === true && o.needsValue && !o.needsSize && o.needsNodeKey !== true;
  const tree = ctx.ann;
  const table = ctx.tt;
  const learned = w?.learned ?? null;
  if ((!intKeys && w === undefined) || tree === null) return null;
  if (table !== null && table.byteLength > TABLE_MAX_BYTES) return null;
  if (learned !== null && learned.probs.length > CUT_TABLE_MAX) return null;
  const k = instance();
  if (k === null) return null;
  return (depth, alpha, beta) => {
    if (!intBound(alpha) || !intBound(beta) || !holdTree(k, tree) || (table !== null && !holdTable(k, table))) {
      return null;
    }
    setTree(k, shape);
    k.setOrdering(
      intKeys ? 1 : 0,
      ctx.randomUnexpanded ? 1 : 0,
      ctx.useTie ? 1 : 0,
      ctx.sizeMode,
      ctx.useSubtreeSize ? 1 : 0,
      ctx.sizeStandIn,
      w?.value ?? 1,
      w?.ratio ?? 0,
      w?.size ?? 0,
    );
    if (learned === null) k.setCutProbability(0, 0, 0);
    else {
      new Float64Array(k.memory.buffer, CUT_TABLE_OFFSET, learned.probs.length).set(learned.probs);
      k.setCutProbability(1, learned.minMargin, learned.probs.length);
    }
    if (table === null) k.setTable(0, 0, 0, 0);
    else k.setTable(1, table.size - 1, table.clearCount, ctx.ttFirst ? 1 : 0);
    const counters = ctx.counters;
    limitInUse = ctx.maxVisited;
    let stopped = 1; // the visit that passes the limit is not classified
    try {
      const value = k.annotatedSearch(
        depth,
        alpha,
        beta,
        shape.rootHash,
        shape.rootValue,
        shape.rootKey,
        ctx.scout ? 1 : 0,
        counters.visited,
        counters.expanded,
        Math.min(ctx.maxVisited, LIMIT_MAX),
        tree.count,
        ctx.rootMove,
      );
      stopped = 0;
      ctx.rootMove = k.rootMove();
      return value;
    } finally {
      tree.count = k.annotationCount();
      follow(k);
      settleCounters(counters, k.visited(), k.expanded(), stopped + k.settled());
    }
  };
}

/** The annotation tree whose records and the table whose entries are in the kernel's memory (one of each at most). */
let heldTree: AnnotationTree | null = null;
let heldTable: TranspositionTable | null = null;
/** The memory buffer the held table is viewed in (the kernel's, before any growth since). */
let viewed: ArrayBufferLike | null = null;

/** The held table pointed at the memory again where it grew. */
function follow(k: KernelExports): void {
  const buffer = k.memory.buffer;
  if (heldTable !== null && heldTable.buffer === viewed && buffer !== viewed) heldTable.adopt(buffer, TABLE_OFFSET);
  viewed = buffer;
}

/** The records of the search instance's held tree: 32-bit words, bytes and 16-bit halves of its memory. */
function recordViews(k: KernelExports, capacity: number) {
  const buffer = k.memory.buffer;
  return {
    word: new Int32Array(buffer, ANNOTATIONS_OFFSET, capacity * 4),
    byte: new Uint8Array(buffer, ANNOTATIONS_OFFSET, capacity * RECORD_BYTES),
    half: new Uint16Array(buffer, ANNOTATIONS_OFFSET, capacity * 8),
  };
}

/** The kernel as the holder of a tree's records: it writes them back into rows of the tree's own. */
const holder: AnnotationHolder = {
  release(tree) {
    const k = kernel!;
    const capacity = k.annotationCapacity();
    const rows = ownRows(capacity);
    const { word, byte, half } = recordViews(k, capacity);
    for (let r = 0; r < capacity; r++) {
      rows.first[r] = word[4 * r];
      rows.value[r] = word[4 * r + 1];
      rows.size[r] = (word[4 * r + 2] >>> 0) + half[8 * r + 7] * 2 ** 32;
      rows.degree[r] = byte[RECORD_BYTES * r + 12];
      rows.seen[r] = byte[RECORD_BYTES * r + 13];
    }
    tree.adopt(rows);
    heldTree = null;
  },
  reset(tree) {
    kernel!.resetAnnotations(tree.count);
  },
};

/**
 * Have the tree's records in the kernel's memory: false where the memory cannot grow, or where a record
 * is not one the kernel's layout keeps exactly (a value that is not an int32, a size not an integer
 * below 2^48, a degree above 64); the tree then stays in its rows.
 */
function holdTree(k: KernelExports, tree: AnnotationTree): boolean {
  if (tree === heldTree && tree.isHeldBy(holder)) return true;
  heldTree?.takeBack();
  heldTree = null;
  const { first, degree, value, size, seen } = tree;
  const capacity = first.length;
  const placed = k.setAnnotations(capacity) === 1;
  follow(k);
  if (!placed) return false;
  // One pass: each record checked, then written (a declined tree leaves its rows as they were).
  const { word, byte, half } = recordViews(k, capacity);
  for (let r = 0; r < capacity; r++) {
    const v = value[r];
    const z = size[r];
    const d = degree[r];
    if (!(Number.isInteger(v) && Math.abs(v) <= VALUE_MAX && Number.isInteger(z) && z >= 0 && z < SIZE_LIMIT)) {
      return false;
    }
    if (d > 64 || d < 0) return false;
    word[4 * r] = first[r];
    word[4 * r + 1] = v;
    word[4 * r + 2] = z % 2 ** 32;
    byte[RECORD_BYTES * r + 12] = d;
    byte[RECORD_BYTES * r + 13] = seen[r];
    half[8 * r + 7] = Math.floor(z / 2 ** 32);
  }
  tree.holdBy(holder);
  heldTree = tree;
  return true;
}

/** Have the table's entries in the kernel's memory (false where the memory cannot grow). */
function holdTable(k: KernelExports, table: TranspositionTable): boolean {
  if (table === heldTable && table.buffer === viewed) return true;
  if (heldTable !== null && heldTable !== table && heldTable.buffer === viewed) {
    heldTable.moveTo(new ArrayBuffer(heldTable.byteLength), 0);
  }
  heldTable = null;
  const placed = k.reserveTable() === 1;
  follow(k);
  if (!placed) return false;
  table.moveTo(k.memory.buffer, TABLE_OFFSET);
  heldTable = table;
  return true;
}
