/**
 * Alpha-beta and NegaScout specialised to implicit prefix value trees (Furtak & Buro 2009, Sec. 7), either
 * horizon (exact values, or with horizon 'estimate' the noisy estimate at non-terminal depth-0 nodes),
 * uniform or no noise. It is a kernel (search/kernel.ts), registered for PrefixValueTree by
 * ./prefix-value.ts when that module loads, in two parts:
 *
 *  - without memories, natural or static estimate ordering: the searches of `npm run bench` and of every
 *    experiment or CLI search that keeps no transposition table, annotations or cut observer (made by
 *    ./prefix-value-wasm.ts instead where WebAssembly runs: the same search in ./prefix-value-kernel.wat);
 *  - with an annotation tree, any ordering, a transposition table or none (`nodeSearch`, on a search
 *    context): the Figure 4 workload (Sec. 8), iterative deepening's passes of alpha-beta and NegaScout
 *    and MTD(f)'s null-window tests, and every knowledge option of SearchOptions except the `last` size
 *    stand-in of an ordering that reads S_i for some children only. The ordering's own `keys` writes the
 *    priorities (value ordering's are integers, picked without branches). Where WebAssembly runs, value
 *    ordering and the weighted FCF key (every Figure 4 series) are searched by ./prefix-value-wasm.ts
 *    instead, on integer windows: the same search in the .wat.
 *
 * Anything else (observers, other noise, other games) goes through the generic engine.
 *
 * Why it exists: the generic engine (search/pv-node.ts) reaches a game's rows and the ordering's
 * buffers through objects, and V8 reloads each typed array's base and length from its holder at every
 * access; here the rows are module-level constants that V8 folds into the code, and the node's state
 * travels in arguments, as in the C reference. Measured with `npm run bench` and bench/fig4-bench.ts.
 *
 * Contract: for every tree, depth, window, ordering, memory and visit limit it returns exactly what the
 * generic engine returns (value, best root move, visited / expanded / leaves, the SearchLimitError at the
 * same count) and writes the same annotation records and table entries, so that later passes and tests
 * see what the generic engine would have left (a zero there may differ in sign: nothing reads it);
 * test/models/prefix-value-search.test.ts checks that on random trees. The tree generation repeats
 * PrefixValueTree.expand / childEstimates, and the node steps repeat search/pv-node.ts,
 * search/frontier.ts and SearchContext's orderChildren and probeTT, on purpose: that repetition
 * is the specialisation.
 *
 * The module-level rows make it non-reentrant; it calls nothing outside this file but the annotation
 * tree, the table and the ordering's keys, none of which searches, so no search can start inside another
 * in the same thread (workers each have their own copy).
 */
import { INF } from '../game/game.ts';
import { settleCounters, type Counters } from '../search/counters.ts';
import type { Kernel, KernelResult, NodeSearch } from '../search/kernel.ts';
import { AnnotationTree } from '../search/annotation-tree.ts';
import { estimateOrdering } from '../search/ordering/by-estimate.ts';
import { pickNext, TAKEN as TAKEN_KEY, type ChildInfo, type MoveOrdering } from '../search/ordering/move-ordering.ts';
import { naturalOrdering } from '../search/ordering/natural.ts';
import { SearchLimitError, UNEXPANDED, type SearchContext } from '../search/search-context.ts';
import { NO_ENTRY, type TranspositionTable } from '../search/transposition-table.ts';
import { below, childHash, mix32, SALT_BRANCH, SALT_KEY, SALT_NOISE, SALT_ZERO, unit } from '../util/hash.ts';
import {
  KERNEL_MAX_BRANCHING,
  KERNEL_MAX_HEIGHT,
  type PlainSearch,
  type PrefixValueShape,
  type ShapedTree,
} from './prefix-value-shape.ts';
import { annotatedSearchWasm, searchPrefixValueWasm } from './prefix-value-wasm.ts';

const ROW = KERNEL_MAX_BRANCHING;
const CH_HASH = new Int32Array((KERNEL_MAX_HEIGHT + 1) * ROW);
const CH_VALUE = new Int32Array((KERNEL_MAX_HEIGHT + 1) * ROW);
// Ordering keys: the integer estimates. By the model's limits (root value, damage over 64 plies, noise)
// |estimate| ≤ 10^6 + 64·10^6 + 2·10^6 < 2^27, so TAKEN = −2^28 is below every key and the difference
// of any two keys (or of a key and TAKEN) stays inside int32: pick compares by its sign.
const KEY = new Int32Array((KERNEL_MAX_HEIGHT + 1) * ROW);
const TAKEN = -0x10000000;
/**
 * Base of the integer keys of never-searched children under unexpanded `random` (randomRank): their
 * ranks 0..2^26 then lie between TAKEN and every value or estimate, as their doubles lie below them.
 */
const RANDOM_KEY = -0x8000000 - 0x4000000 - 1;
/** The zero-damage move of a tree without one: no child index (all are < ROW). */
const NO_ZERO = ROW;

// The tree being searched (set per search; module state so that V8 keeps it out of the argument lists).
let bmin = 1,
  bspan = 1,
  dspan = 1,
  zeroDamage = true,
  noiseE = 0,
  noiseSpan = 1,
  maxPly = 0;
let byEstimate = false,
  scout = false;
// Horizon 'estimate' with noise: a non-terminal node at depth 0 scores its estimate f̂ = p + e (in its own
// view −KEY, the key its parent orders it by), as PrefixValueTree.evaluate.
let noisyLeaves = false;
// Every visit is an expansion or a leaf evaluation, so leaves = visited − expanded is not counted apart;
// except the visit that hits the limit, which the generic engine stops before classifying (`unclassified`),
// and visits the transposition table settles (`settled`).
let visited = 0,
  expanded = 0,
  limit = Infinity,
  unclassified = 0,
  settled = 0;
let rootMove = -1;

/** The kernel as registered for PrefixValueTree: natural or estimate ordering, uniform or no noise, either horizon. */
export const prefixValueKernel: Kernel<ShapedTree> = {
  orderings: [naturalOrdering, estimateOrdering],
  search(tree, algorithm, depth, alpha, beta, ordering, counters, maxVisited) {
    const shape = tree.shape(); // built once per tree: the settings are not derived again per search
    if (!shape.kernelNoise) return null;
    const q = { shape, algorithm, depth, alpha, beta, byEstimate: ordering === estimateOrdering, counters, maxVisited };
    return searchPrefixValueWasm(q) ?? searchPrefixValue(q);
  },
  nodeSearch(tree, ctx) {
    const shape = tree.shape();
    return shape.kernelNoise ? contextSearch(shape, ctx) : null;
  },
};

/** The plain search, where ./prefix-value-wasm.ts cannot make it (node for node the same search). */
export function searchPrefixValue(q: PlainSearch): KernelResult {
  byEstimate = q.byEstimate;
  const root = () => search(0, q.depth, q.alpha, q.beta, q.shape.rootHash, q.shape.rootValue);
  return run(q.shape, q.algorithm === 'negascout', q.counters, q.maxVisited, -1, root);
}

/**
 * Set the module state for a search of the tree of `shape` (NegaScout if `scoutSearch`), run `root` (a
 * node function called on the root), and add the visits it made to `counters`, also when the visit limit
 * stops it. The best root move is `rootMove0` unless the search expands the root.
 */
function run(
  shape: PrefixValueShape,
  scoutSearch: boolean,
  counters: Counters,
  maxVisited: number,
  rootMove0: number,
  root: () => number,
): KernelResult {
  bmin = shape.bmin;
  bspan = shape.bspan;
  dspan = shape.dspan;
  zeroDamage = shape.zeroDamage;
  noiseE = shape.noiseE;
  noiseSpan = 2 * shape.noiseE + 1;
  noisyLeaves = shape.horizonEstimate && shape.noiseE > 0;
  maxPly = shape.maxPly;
  scout = scoutSearch;
  visited = counters.visited;
  expanded = counters.expanded;
  limit = maxVisited;
  rootMove = rootMove0;
  unclassified = 0;
  settled = 0;
  try {
    const value = root();
    return { value: value + 0, bestMove: rootMove }; // + 0: no −0
  } finally {
    settleCounters(counters, visited, expanded, unclassified + settled);
  }
}

/**
 * Children of the node (hash h, prefix value pv) at `ply` into the ply's rows, as PrefixValueTree.expand.
 * Written out again in expandWithKeys and frontier: as helpers they measured ~2 % slower (inlining budget).
 *
 * Values are negated as 0 − x, never −x, here and below: −0 is not an int32, so one −0 (the negation of
 * a zero value) sends V8's code for the function from int32 to double arithmetic for good (measured
 * ~12 % slower).
 */
function expand(ply: number, h: number, pv: number): number {
  const b = bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = zeroDamage ? below(mix32(h ^ SALT_ZERO), b) : NO_ZERO;
  const row = ply * ROW;
  for (let i = 0; i < b; i++) {
    const hc = childHash(h, i);
    CH_HASH[row + i] = hc;
    CH_VALUE[row + i] = (below(hc, dspan) & notZ(i, z)) - pv;
  }
  return b;
}

/** expand, and the estimates as ordering keys in the same pass. */
function expandWithKeys(ply: number, h: number, pv: number): number {
  const b = bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = zeroDamage ? below(mix32(h ^ SALT_ZERO), b) : NO_ZERO;
  const row = ply * ROW;
  const e = noiseE,
    span = noiseSpan;
  for (let i = 0; i < b; i++) {
    const hc = childHash(h, i);
    const cv = (below(hc, dspan) & notZ(i, z)) - pv;
    CH_HASH[row + i] = hc;
    CH_VALUE[row + i] = cv;
    KEY[row + i] = e - cv - below(mix32(hc ^ SALT_NOISE), span);
  }
  return b;
}

/**
 * 0 for child i = z (the zero-damage move), else −1 (all bits): a mask on the damage. Without a branch,
 * since z falls on a random child of every node and a branch on it mispredicts once per node
 * (measured ~3 % of the search): i ^ z is 0 exactly when i = z, and else in 1..2·ROW − 1.
 */
export function notZ(i: number, z: number): number {
  return ~(((i ^ z) - 1) >> 31);
}

/** Estimate keys of a row already expanded. */
function estimates(row: number, n: number): void {
  const e = noiseE,
    span = noiseSpan;
  for (let i = row; i < row + n; i++) KEY[i] = e - CH_VALUE[i] - below(mix32(CH_HASH[i] ^ SALT_NOISE), span);
}

/**
 * The untaken child with the highest key, lowest index on ties: ordering/move-ordering.ts pickNextInt on
 * this module's row (calling pickNextInt with the row as its argument measured ~5-15 % slower on the
 * `npm run bench` workload, pickNext on a Float64 row ~5 % slower).
 * Without a branch: whether a key beats the best so far is a coin toss the processor mispredicts, so
 * the sign of mk − x (−1 when x > mk, see TAKEN) selects the new best by masks (measured ~17 % of
 * the whole search).
 */
function pick(row: number, n: number): number {
  let m = row;
  let mk = KEY[row];
  for (let j = row + 1; j < row + n; j++) {
    const x = KEY[j];
    const better = (mk - x) >> 31;
    m ^= (m ^ j) & better;
    mk ^= (mk ^ x) & better;
  }
  KEY[m] = TAKEN;
  return m - row;
}

function limitReached(): never {
  unclassified = 1;
  throw new SearchLimitError(limit);
}

/** One ply above the horizon: search/frontier.ts without memories (alpha-beta and NegaScout coincide). */
function frontier(ply: number, h: number, pv: number, beta: number): number {
  // expand() and the least leaf value (the children's maximum in this node's view) in one pass, by a mask
  // rather than a branch on each child, for the reason given at pick (Math.max on doubles branches too).
  // Which child holds the maximum matters only at the root.
  const n = bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = zeroDamage ? below(mix32(h ^ SALT_ZERO), n) : NO_ZERO;
  const row = ply * ROW;
  // Noisy leaves: a child's score in this node's view is its estimate key, stored as KEY (the order
  // by estimate is then the order by value) and, negated, as CH_VALUE (the leaf's value in its view).
  const noisy = noisyLeaves && ply + 1 < maxPly;
  let least = LEAF_MAX;
  for (let i = 0; i < n; i++) {
    const hc = childHash(h, i);
    let cv = (below(hc, dspan) & notZ(i, z)) - pv;
    CH_HASH[row + i] = hc;
    if (noisy) {
      const key = noiseE - cv - below(mix32(hc ^ SALT_NOISE), noiseSpan);
      KEY[row + i] = key;
      cv = 0 - key;
    }
    CH_VALUE[row + i] = cv;
    least ^= (least ^ cv) & ((cv - least) >> 31);
  }
  const max = 0 - least;
  if (max < beta) {
    // An all-node: every child is examined; the order only picks the best move among tied maxima.
    if (visited + n > limit) {
      visited = limit + 1; // where the child-by-child loop stops
      limitReached();
    }
    visited += n;
    // With noisy leaves the estimate order takes the tied maxima lowest index first, as natural order does.
    if (ply === 0) rootMove = byEstimate && !noisy ? firstTiedInOrder(row, n, max) : firstValued(row, n, max);
    return max;
  }
  if (byEstimate && !noisy) estimates(row, n);
  let best = -INF;
  let move = -1;
  for (let k = 0; k < n; k++) {
    const i = byEstimate ? pick(row, n) : k;
    if (++visited > limit) limitReached();
    const v = 0 - CH_VALUE[row + i];
    if (v > best) {
      best = v;
      move = i;
      if (v >= beta) break;
    }
  }
  if (ply === 0) rootMove = move;
  return best;
}

/** The lowest-index child valued `max`. */
function firstValued(row: number, n: number, max: number): number {
  let i = 0;
  while (i < n - 1 && 0 - CH_VALUE[row + i] !== max) i++;
  return i;
}

/** Among children valued `max`, the one estimate ordering searches first. */
function firstTiedInOrder(row: number, n: number, max: number): number {
  estimates(row, n);
  let move = -1;
  for (let i = 0; i < n; i++) {
    if (0 - CH_VALUE[row + i] === max && (move < 0 || KEY[row + i] > KEY[row + move])) move = i;
  }
  return move;
}

/**
 * search/pv-node.ts: alpha-beta or, with `scout`, NegaScout, where every child after
 * the first gets a null window around the best value so far and is re-searched when it fails high
 * inside the window (always depth ≥ 2 here: the frontier needs no re-search). Kept apart from pv-node.ts
 * for a host without WebAssembly, where it runs ~1.1× the generic engine's speed on `npm run bench`'s
 * searches (with WebAssembly the plain searches run in the .wat, and the generic engine, drawing the tree's
 * rows there too, as fast as this kernel).
 */
function search(ply: number, depth: number, alpha: number, beta: number, h: number, pv: number): number {
  if (++visited > limit) limitReached();
  if (depth === 0 || ply === maxPly) {
    // the horizon, or a terminal node below a deeper search
    return noisyLeaves && ply < maxPly ? pv + below(mix32(h ^ SALT_NOISE), noiseSpan) - noiseE : pv;
  }
  expanded++;
  if (depth === 1) return frontier(ply, h, pv, beta);
  const n = byEstimate ? expandWithKeys(ply, h, pv) : expand(ply, h, pv);
  const row = ply * ROW;
  let best = -INF;
  let move = -1;
  for (let k = 0; k < n; k++) {
    const i = byEstimate ? pick(row, n) : k;
    const hc = CH_HASH[row + i];
    const cv = CH_VALUE[row + i];
    let v: number;
    if (k === 0 || !scout) {
      v = 0 - search(ply + 1, depth - 1, 0 - beta, 0 - alpha, hc, cv);
    } else {
      // alpha already equals max(alpha0, best)
      v = 0 - search(ply + 1, depth - 1, -1 - alpha, 0 - alpha, hc, cv);
      if (v > alpha && v < beta) v = 0 - search(ply + 1, depth - 1, 0 - beta, 0 - v, hc, cv);
    }
    // The textbook fail-soft negamax step of ../search/pv-node.ts, inline: it sets three locals and breaks this loop,
    // which a helper could not without a call per child.
    if (v > best) {
      best = v;
      move = i;
      if (v > alpha) {
        alpha = v;
        if (alpha >= beta) break;
      }
    }
  }
  if (ply === 0) rootMove = move;
  return best;
}

// With an annotation tree: the node function of search/pv-node.ts on a search context that keeps one (and
// a transposition table or not), for any ordering. Its steps come in pvNode's order, so the annotation
// tree receives the same records at the same indices and the table the same entries; the ordering's own
// `keys` writes the priorities and move-ordering.ts pickNext picks from them, except value ordering's,
// whose integer keys `pick` takes.

/** The annotation tree of the running search and its rows, read again whenever `children` grows them. */
let ann = new AnnotationTree(1);
let annFirst = ann.first;
let annValue = ann.value;
let annSize = ann.size;
let annSeen = ann.seen;
// How the running search orders children (SearchContext's settings of the same names).
let orderingInUse: MoveOrdering = naturalOrdering;
/** value ordering (keyIsValue): integer keys in KEY, picked by `pick`; else the ordering's keys, by pickNext */
let intKeys = false,
  needsValue = false,
  needsSize = false,
  needsNodeKey = false,
  useTie = false,
  randomUnexpanded = false,
  subtreeSize = false;
/** 0: every S_i known; 1: of children searched before; 2: of children expanded before */
let sizeMode = 0;
/** S_i of a child whose size is unknown (NaN, the `last` stand-in, only where no S_i is read) */
let sizeStandIn = 0;
/** The transposition table of the running search, or null; whether its best move is searched first. */
let table: TranspositionTable | null = null;
let ttFirst = true;
const INFO: ChildInfo = { n: 0, value: new Float64Array(ROW), size: new Float64Array(ROW), nodeKey: 0 };
// Per-ply rows of priorities, as SearchContext.key and .tie; the values of the frontier's children.
const ORDER_KEY = new Float64Array((KERNEL_MAX_HEIGHT + 1) * ROW);
const ORDER_TIE = new Float64Array((KERNEL_MAX_HEIGHT + 1) * ROW);
const LEAF = new Int32Array(ROW);
/** Above every leaf value (see KEY's bound), so that differences with one stay inside int32. */
const LEAF_MAX = 0x10000000;

/**
 * The node function for searches on `ctx` from the root of the tree of `shape`, or null for a configuration
 * the generic engine must run: no annotation tree, an observer, or the `last` size stand-in of an ordering
 * that reads S_i under sizeInfo `searched` or `expanded` (SearchContext.lastUnknown).
 */
function contextSearch(shape: PrefixValueShape, ctx: SearchContext): NodeSearch | null {
  const o = ctx.ordering;
  const annotations = ctx.ann;
  if (annotations === null || ctx.cutObserver !== null || ctx.observer !== null) return null;
  if (ctx.sizeStandIn !== ctx.sizeStandIn && o.needsSize && ctx.sizeMode !== 0) return null;
  const wasm = annotatedSearchWasm(shape, ctx);
  return (depth, alpha, beta) => {
    const v = wasm === null ? null : wasm(depth, alpha, beta);
    if (v !== null) return v;
    orderingInUse = o;
    intKeys = o.keyIsValue === true && o.needsValue;
    needsValue = o.needsValue;
    needsSize = o.needsSize;
    needsNodeKey = o.needsNodeKey === true;
    useTie = ctx.useTie;
    randomUnexpanded = ctx.randomUnexpanded;
    subtreeSize = ctx.useSubtreeSize;
    sizeMode = ctx.sizeMode;
    sizeStandIn = ctx.sizeStandIn;
    table = ctx.tt;
    ttFirst = ctx.ttFirst;
    ann = annotations;
    loadAnnotationRows();
    const root = () =>
      annotatedSearch(0, depth, alpha, beta, shape.rootHash, shape.rootValue, shape.rootKey, AnnotationTree.ROOT);
    const r = run(shape, ctx.scout, ctx.counters, ctx.maxVisited, ctx.rootMove, root);
    ctx.rootMove = r.bestMove;
    return r.value;
  };
}

function loadAnnotationRows(): void {
  annFirst = ann.first;
  annValue = ann.value;
  annSize = ann.size;
  annSeen = ann.seen;
}

/** AnnotationTree.record on the loaded rows. */
function record(rec: number, value: number, size: number): void {
  annValue[rec] = value;
  annSize[rec] = size;
  annSeen[rec] = 1;
}

/** The first child record of `rec`, its n records allocated now (AnnotationTree.children). */
function allocateChildren(rec: number, n: number): number {
  const first = ann.children(rec, n);
  if (ann.first !== annFirst) loadAnnotationRows();
  return first;
}

/**
 * search/pv-node.ts pvNode with annotations (and the transposition table if there is one): the node (hash
 * h, prefix value pv, second key word k2) at `ply`, annotation record `rec`, searched `depth` plies deep
 * with window (alpha, beta).
 */
function annotatedSearch(
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
  h: number,
  pv: number,
  k2: number,
  rec: number,
): number {
  if (++visited > limit) limitReached();
  if (depth === 0) return annotatedLeaf(ply, h, pv, rec);
  // The node's first child record and the children's rows read now, long before ordering needs them, so
  // that those cache misses overlap the table's probe and the expansion.
  const first0 = annFirst[rec];
  if (first0 >= 0) _touched = annSeen[first0] + annValue[first0] + annFirst[first0];
  let slot = NO_ENTRY;
  if (table !== null) {
    // SearchContext.probeTT
    slot = table.probe(k2, h);
    if (slot !== NO_ENTRY && table.depthAt(slot) === depth) {
      const lo = table.lowerAt(slot);
      const up = table.upperAt(slot);
      if (lo >= beta || lo === up || up <= alpha) {
        settled++;
        return lo >= beta || lo === up ? lo : up;
      }
      if (lo > alpha) alpha = lo;
      if (up < beta) beta = up;
    }
  }
  if (ply === maxPly) return annotatedLeaf(ply, h, pv, rec);
  expanded++;
  const visited0 = visited;
  let best = -INF;
  let move = -1;
  if (depth === 1) {
    best = annotatedFrontier(ply, h, pv, k2, rec, first0, alpha, beta, slot);
    move = frontierMove;
  } else {
    const n = expand(ply, h, pv);
    const row = ply * ROW;
    // The table's entries first, so that their misses overlap those of the annotation rows ordering reads.
    if (table !== null) prefetchEntries(row, n, k2);
    const base = first0 >= 0 ? first0 : allocateChildren(rec, n);
    const first = orderChildren(ply, n, h, k2, base, alpha, beta, slot);
    let a = alpha;
    for (let k = 0; k < n; k++) {
      const i = nextChild(row, n, k, first);
      const hc = CH_HASH[row + i];
      const cv = CH_VALUE[row + i];
      const ck = childKey(k2, i);
      let v: number;
      if (k === 0 || !scout) {
        v = 0 - annotatedSearch(ply + 1, depth - 1, 0 - beta, 0 - a, hc, cv, ck, base + i);
      } else {
        // a already equals max(alpha, best)
        v = 0 - annotatedSearch(ply + 1, depth - 1, -1 - a, 0 - a, hc, cv, ck, base + i);
        if (v > a && v < beta) v = 0 - annotatedSearch(ply + 1, depth - 1, 0 - beta, 0 - v, hc, cv, ck, base + i);
      }
      // pvNode's fail-soft negamax step, inline for the reason given there; `a` is its alpha (the table's
      // narrowed alpha stays for the entry stored below).
      if (v > best) {
        best = v;
        move = i;
        if (v > a) {
          a = v;
          if (a >= beta) break;
        }
      }
    }
  }
  if (table !== null) table.storeResult(k2, h, depth, alpha, beta, best, move);
  record(rec, best, visited - visited0 + 1);
  if (ply === 0) rootMove = move;
  return best;
}

/** A node at the horizon or a terminal node: its value (the noisy estimate at a horizon above the tree's height). */
function annotatedLeaf(ply: number, h: number, pv: number, rec: number): number {
  const v = noisyLeaves && ply < maxPly ? pv + below(mix32(h ^ SALT_NOISE), noiseSpan) - noiseE : pv;
  record(rec, v, 1);
  return v;
}

/** What annotatedSearch reads ahead of the annotation rows, written and never read (as _prefetched). */
let _touched = 0;

/** Every prefetching probe's result, written and never read, so that the compiler keeps the probes. */
let _prefetched = 0;

/**
 * Probe the table for each of the n children at `row` before any is searched: each probe is a likely
 * cache miss in a table far larger than the caches, and issued together they overlap, where the
 * children's own probes would wait for them one after another.
 */
function prefetchEntries(row: number, n: number, k2: number): void {
  const tt = table!;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += tt.touch(childKey(k2, i), CH_HASH[row + i]);
  _prefetched = sum;
}

/** SearchContext.nextChild: the child to search k-th, the table's move `first` (or −1) first. */
function nextChild(row: number, n: number, k: number, first: number): number {
  if (k === 0 && first >= 0) {
    if (intKeys) KEY[row + first] = TAKEN;
    else ORDER_KEY[row + first] = TAKEN_KEY;
    return first;
  }
  return intKeys ? pick(row, n) : pickNext(ORDER_KEY, ORDER_TIE, useTie, row, n);
}

/** The best move of the last annotatedFrontier call. */
let frontierMove = -1;

/**
 * search/frontier.ts searchFrontier: expands the node (as `expand`, in the same pass as the children's
 * values, as `frontier` does) and searches its leaves; `slot` is the node's transposition-table entry.
 */
function annotatedFrontier(
  ply: number,
  h: number,
  pv: number,
  k2: number,
  rec: number,
  first0: number,
  alpha: number,
  beta: number,
  slot: number,
): number {
  const n = bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = zeroDamage ? below(mix32(h ^ SALT_ZERO), n) : NO_ZERO;
  const row = ply * ROW;
  const noisy = noisyLeaves && ply + 1 < maxPly;
  // The least leaf value (the children's maximum in this node's view) by a mask, then its first holder and
  // how many share it in a second pass, without a branch on any leaf, for the reason given at pick.
  let least = LEAF_MAX;
  for (let i = 0; i < n; i++) {
    const hc = childHash(h, i);
    const cv = (below(hc, dspan) & notZ(i, z)) - pv;
    CH_HASH[row + i] = hc;
    CH_VALUE[row + i] = cv;
    const leaf = noisy ? cv + below(mix32(hc ^ SALT_NOISE), noiseSpan) - noiseE : cv;
    LEAF[i] = leaf;
    least ^= (least ^ leaf) & ((leaf - least) >> 31);
  }
  let argmax = n;
  let ties = 0;
  for (let i = n - 1; i >= 0; i--) {
    const hit = (LEAF[i] - least - 1) >> 31; // −1 where LEAF[i] = least (never below it)
    argmax ^= (argmax ^ i) & hit;
    ties -= hit;
  }
  const max = 0 - least;
  const base = first0 >= 0 ? first0 : allocateChildren(rec, n);
  if (max < beta && (ties === 1 || slot === NO_ENTRY)) {
    // An all-node: every child is examined; the order only picks the best move among tied maxima
    // (no table move then: the node has no entry).
    let move = argmax;
    if (ties > 1) {
      orderChildren(ply, n, h, k2, base, alpha, beta, slot);
      for (let i = argmax + 1; i < n; i++) if (0 - LEAF[i] === max && searchedBefore(row, i, move)) move = i;
    }
    for (let i = 0; i < n; i++) record(base + i, LEAF[i], 1);
    if (visited + n > limit) {
      visited = limit + 1; // where the child-by-child loop stops
      limitReached();
    }
    visited += n;
    frontierMove = move;
    return max;
  }
  const first = orderChildren(ply, n, h, k2, base, alpha, beta, slot);
  let best = -INF;
  let move = -1;
  for (let k = 0; k < n; k++) {
    const i = nextChild(row, n, k, first);
    if (++visited > limit) limitReached();
    const cv = LEAF[i];
    record(base + i, cv, 1);
    const v = 0 - cv;
    if (v > best) {
      best = v;
      move = i;
      if (v >= beta) break;
    }
  }
  frontierMove = move;
  return best;
}

/** Whether child i comes before child j in the order just written (key, then tie, then index). */
function searchedBefore(row: number, i: number, j: number): boolean {
  const ki = intKeys ? KEY[row + i] : ORDER_KEY[row + i];
  const kj = intKeys ? KEY[row + j] : ORDER_KEY[row + j];
  if (ki !== kj) return ki > kj;
  if (useTie && ORDER_TIE[row + i] !== ORDER_TIE[row + j]) return ORDER_TIE[row + i] > ORDER_TIE[row + j];
  return i < j;
}

/**
 * SearchContext.orderChildren with annotations, for the n children just expanded at `ply` (first record
 * `base`): V_i and S_i from the annotation tree or the tree itself, then the ordering's keys into the ply's
 * rows. Returns the move to search first: the table's (entry `slot`) if it is searched first, else −1.
 */
function orderChildren(
  ply: number,
  n: number,
  h: number,
  k2: number,
  base: number,
  alpha: number,
  beta: number,
  slot: number,
): number {
  const row = ply * ROW;
  const info = INFO;
  info.n = n;
  if (needsNodeKey) info.nodeKey = h ^ Math.imul(k2, 0x85ebca6b);
  const seen = annSeen;
  if (intKeys) {
    // Value only: V_i are the keys, as integers into the Int32 row `pick` reads (see randomRank).
    const last = annValue;
    if (randomUnexpanded) {
      const hn = mix32(h ^ Math.imul(k2, 0x85ebca6b));
      for (let i = 0; i < n; i++) {
        KEY[row + i] =
          seen[base + i] === 1 ? 0 - last[base + i] : RANDOM_KEY + randomRank(mix32(hn + Math.imul(i + 1, 0x9e3779b1)));
      }
    } else {
      estimatesUnseen(row, n, base);
    }
  } else if (needsValue) {
    const value = info.value;
    const last = annValue;
    if (randomUnexpanded) {
      const hn = mix32(h ^ Math.imul(k2, 0x85ebca6b));
      for (let i = 0; i < n; i++) {
        value[i] = seen[base + i] === 1 ? -last[base + i] : UNEXPANDED + unit(mix32(hn + Math.imul(i + 1, 0x9e3779b1)));
      }
    } else {
      const e = noiseE,
        span = noiseSpan;
      for (let i = 0; i < n; i++) {
        value[i] =
          seen[base + i] === 1
            ? -last[base + i]
            : e - CH_VALUE[row + i] - below(mix32(CH_HASH[row + i] ^ SALT_NOISE), span);
      }
    }
  }
  if (needsSize) {
    const size = info.size;
    const first = annFirst;
    const last = annSize;
    const terminal = ply + 1 >= maxPly;
    for (let i = 0; i < n; i++) {
      const r = base + i;
      const known = sizeMode === 0 || (sizeMode === 1 ? seen[r] === 1 : first[r] >= 0);
      if (!known) size[i] = sizeStandIn;
      else if (subtreeSize && seen[r] === 1) size[i] = last[r];
      else size[i] = terminal ? 0 : bspan === 1 ? bmin : bmin + below(mix32(CH_HASH[row + i] ^ SALT_BRANCH), bspan);
    }
  }
  if (!intKeys) orderingInUse.keys(info, alpha, beta, ORDER_KEY, ORDER_TIE, row);
  if (slot === NO_ENTRY || !ttFirst) return -1;
  const m = table!.moveAt(slot);
  return m < n ? m : -1;
}

/** Integer keys of value ordering with unexpanded `estimate`: the previous value, else the static estimate. */
function estimatesUnseen(row: number, n: number, base: number): void {
  const seen = annSeen;
  const last = annValue;
  const e = noiseE,
    span = noiseSpan;
  for (let i = 0; i < n; i++) {
    KEY[row + i] =
      seen[base + i] === 1
        ? 0 - last[base + i]
        : e - CH_VALUE[row + i] - below(mix32(CH_HASH[row + i] ^ SALT_NOISE), span);
  }
}

/**
 * The rank of a never-searched child's random V_i = UNEXPANDED + unit(u) (SearchContext.orderChildren)
 * among all such values: UNEXPANDED = −10^8 lies in [2^26, 2^27) in magnitude, where doubles are 2^−26
 * apart, so the sum rounds to UNEXPANDED + k·2^−26 with k = round((u + 1/2) / 64) = floor((u + 32) / 64),
 * never a tie (u + 1/2 is not a multiple of 32). Equal values get equal ranks, as the double comparison sees them.
 */
export function randomRank(u: number): number {
  return (u >>> 6) + ((u >>> 5) & 1);
}

/** The second key word (PrefixValueTree.keyHi) of child i of a node whose word is k. */
export function childKey(k: number, i: number): number {
  return Math.imul(k + i + 1, SALT_KEY);
}
