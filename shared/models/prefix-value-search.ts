/**
 * Fixed-depth alpha-beta and NegaScout specialised to implicit prefix value trees (Furtak & Buro 2009,
 * Sec. 7) with natural or static estimate ordering, either horizon (exact values, or with horizon
 * 'estimate' the noisy estimate at non-terminal depth-0 nodes): the searches of `npm run bench` and of every
 * experiment or CLI search that runs them without memories (no transposition table, no
 * iterative-deepening annotations, no cut observer). Anything else goes through the generic engine.
 * It is a kernel of search/kernels.ts; prefix-value.ts registers it for PrefixValueTree, so that every
 * module using the class gets it (this file imports the class as a type only: no import cycle).
 *
 * Why it exists: the generic engine (search/pv-node.ts) reaches a game's rows and the ordering's
 * buffers through objects, and V8 reloads each typed array's base and length from its holder at every
 * access; here the rows are module-level constants that V8 folds into the code, and the node's state
 * travels in arguments, as in the C reference. Measured with `npm run bench`.
 *
 * Contract: for every tree, depth, window, ordering and visit limit it returns exactly what the generic
 * engine returns (value, best root move, visited / expanded / leaves, the SearchLimitError at the same
 * count); test/models/prefix-value-search.test.ts checks that on random trees. The tree generation
 * repeats PrefixValueTree.expand / childEstimates, and the node steps repeat search/pv-node.ts and
 * search/frontier.ts, on purpose: that repetition is the specialisation.
 *
 * The module-level rows make it non-reentrant; it calls nothing outside this file, so no search can
 * start inside another in the same thread (workers each have their own copy).
 */
import { INF } from '../game/game.ts';
import type { Counters } from '../search/counters.ts';
import type { Kernel, KernelAlgorithm } from '../search/kernels.ts';
import { estimateOrdering } from '../search/ordering/by-estimate.ts';
import { naturalOrdering } from '../search/ordering/natural.ts';
import { SearchLimitError } from '../search/search-context.ts';
import type { PrefixValueTree } from './prefix-value.ts';
import { below, childHash, mix32, SALT_BRANCH, SALT_NOISE, SALT_ZERO } from '../util/hash.ts';

/** Buffer sizes: the largest branching factor and tree height prefix value trees accept. */
export const KERNEL_MAX_BRANCHING = 64;
export const KERNEL_MAX_HEIGHT = 64;

/** What the kernel needs of a tree (PrefixValueTree's generation parameters). */
export interface PrefixValueShape {
  bmin: number;
  bspan: number;
  dspan: number;
  zeroDamage: boolean;
  /** uniform noise bound E (0 for no noise: the estimate is then the true value) */
  noiseE: number;
  /** the noise is none or uniform (another kind leaves the tree to the generic engine) */
  kernelNoise: boolean;
  /** a non-terminal node at the search horizon scores its estimate (horizon 'estimate') */
  horizonEstimate: boolean;
  /** height of the tree */
  maxPly: number;
  rootHash: number;
  rootValue: number;
}

const ROW = KERNEL_MAX_BRANCHING;
const CH_HASH = new Int32Array((KERNEL_MAX_HEIGHT + 1) * ROW);
const CH_VALUE = new Int32Array((KERNEL_MAX_HEIGHT + 1) * ROW);
// Ordering keys: the integer estimates; TAKEN below all of them (|estimate| < 2^27 by the model's limits).
const KEY = new Int32Array((KERNEL_MAX_HEIGHT + 1) * ROW);
const TAKEN = -0x80000000;

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
// except the visit that hits the limit, which the generic engine stops before classifying (`unclassified`).
let visited = 0,
  expanded = 0,
  limit = Infinity,
  unclassified = 0;
let rootMove = -1;

/** The kernel as registered for PrefixValueTree: natural or estimate ordering, uniform or no noise, either horizon. */
export const prefixValueKernel: Kernel<PrefixValueTree> = {
  orderings: [naturalOrdering, estimateOrdering],
  search(tree, algorithm, depth, alpha, beta, ordering, counters, maxVisited) {
    const shape = tree.shape(); // built once per tree: the settings are not derived again per search
    if (!shape.kernelNoise) return null;
    return searchPrefixValue(shape, algorithm, depth, alpha, beta, ordering === estimateOrdering, counters, maxVisited);
  },
};

/**
 * Search the tree of `shape` to `depth` with window (alpha, beta); counters accumulate into `counters`
 * (also when the visit limit stops the search). Returns the value and the best root move (-1 at a leaf).
 */
function searchPrefixValue(
  shape: PrefixValueShape,
  algorithm: KernelAlgorithm,
  depth: number,
  alpha: number,
  beta: number,
  estimateOrder: boolean,
  counters: Counters,
  maxVisited: number,
): { value: number; bestMove: number } {
  bmin = shape.bmin;
  bspan = shape.bspan;
  dspan = shape.dspan;
  zeroDamage = shape.zeroDamage;
  noiseE = shape.noiseE;
  noiseSpan = 2 * shape.noiseE + 1;
  noisyLeaves = shape.horizonEstimate && shape.noiseE > 0;
  maxPly = shape.maxPly;
  byEstimate = estimateOrder;
  scout = algorithm === 'negascout';
  const visited0 = counters.visited;
  const expanded0 = counters.expanded;
  visited = visited0;
  expanded = expanded0;
  limit = maxVisited;
  rootMove = -1;
  unclassified = 0;
  try {
    const value = search(0, depth, alpha, beta, shape.rootHash, shape.rootValue);
    return { value: value + 0, bestMove: rootMove }; // + 0: no −0
  } finally {
    counters.leaves += visited - visited0 - (expanded - expanded0) - unclassified;
    counters.visited = visited;
    counters.expanded = expanded;
  }
}

/**
 * Children of the node (hash h, prefix value pv) at `ply` into the ply's rows, as PrefixValueTree.expand.
 * Written out again in expandWithKeys and frontier: as helpers they measured ~2 % slower (inlining budget).
 */
function expand(ply: number, h: number, pv: number): number {
  const b = bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = zeroDamage ? below(mix32(h ^ SALT_ZERO), b) : -1;
  const row = ply * ROW;
  for (let i = 0; i < b; i++) {
    const hc = childHash(h, i);
    CH_HASH[row + i] = hc;
    CH_VALUE[row + i] = i === z ? -pv : below(hc, dspan) - pv;
  }
  return b;
}

/** expand, and the estimates as ordering keys in the same pass. */
function expandWithKeys(ply: number, h: number, pv: number): number {
  const b = bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = zeroDamage ? below(mix32(h ^ SALT_ZERO), b) : -1;
  const row = ply * ROW;
  const e = noiseE,
    span = noiseSpan;
  for (let i = 0; i < b; i++) {
    const hc = childHash(h, i);
    const cv = i === z ? -pv : below(hc, dspan) - pv;
    CH_HASH[row + i] = hc;
    CH_VALUE[row + i] = cv;
    KEY[row + i] = e - cv - below(mix32(hc ^ SALT_NOISE), span);
  }
  return b;
}

/** Estimate keys of a row already expanded. */
function estimates(row: number, n: number): void {
  const e = noiseE,
    span = noiseSpan;
  for (let i = row; i < row + n; i++) KEY[i] = e - CH_VALUE[i] - below(mix32(CH_HASH[i] ^ SALT_NOISE), span);
}

/**
 * The untaken child with the highest key, lowest index on ties: ordering/move-ordering.ts pickNext on
 * this module's Int32 row (calling pickNext itself on a Float64 row measured ~5 % slower overall).
 */
function pick(row: number, n: number): number {
  let m = row;
  let mk = KEY[row];
  for (let j = row + 1; j < row + n; j++) {
    const x = KEY[j];
    if (x > mk) {
      m = j;
      mk = x;
    }
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
  // expand() and the children's maximum in one pass.
  const n = bspan === 1 ? bmin : bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = zeroDamage ? below(mix32(h ^ SALT_ZERO), n) : -1;
  const row = ply * ROW;
  // Noisy leaves: a child's score in this node's view is its estimate key, stored as KEY (the order
  // by estimate is then the order by value) and, negated, as CH_VALUE (the leaf's value in its view).
  const noisy = noisyLeaves && ply + 1 < maxPly;
  let max = -INF;
  let argmax = -1;
  let ties = 0;
  for (let i = 0; i < n; i++) {
    const hc = childHash(h, i);
    let cv = i === z ? -pv : below(hc, dspan) - pv;
    CH_HASH[row + i] = hc;
    if (noisy) {
      const key = noiseE - cv - below(mix32(hc ^ SALT_NOISE), noiseSpan);
      KEY[row + i] = key;
      cv = -key;
    }
    CH_VALUE[row + i] = cv;
    if (-cv > max) {
      max = -cv;
      argmax = i;
      ties = 1;
    } else if (-cv === max) ties++;
  }
  if (max < beta) {
    // An all-node: every child is examined; the order only picks the best move among tied maxima.
    if (visited + n > limit) {
      visited = limit + 1; // where the child-by-child loop stops
      limitReached();
    }
    visited += n;
    // With noisy leaves the estimate order takes the tied maxima lowest index first: argmax.
    if (ply === 0) rootMove = ties > 1 && byEstimate && !noisy ? firstTiedInOrder(row, n, max) : argmax;
    return max;
  }
  if (byEstimate && !noisy) estimates(row, n);
  let best = -INF;
  let move = -1;
  for (let k = 0; k < n; k++) {
    const i = byEstimate ? pick(row, n) : k;
    if (++visited > limit) limitReached();
    const v = -CH_VALUE[row + i];
    if (v > best) {
      best = v;
      move = i;
      if (v >= beta) break;
    }
  }
  if (ply === 0) rootMove = move;
  return best;
}

/** Among children valued `max`, the one estimate ordering searches first. */
function firstTiedInOrder(row: number, n: number, max: number): number {
  estimates(row, n);
  let move = -1;
  for (let i = 0; i < n; i++) {
    if (-CH_VALUE[row + i] === max && (move < 0 || KEY[row + i] > KEY[row + move])) move = i;
  }
  return move;
}

/**
 * search/pv-node.ts: alpha-beta or, with `scout`, NegaScout, where every child after
 * the first gets a null window around the best value so far and is re-searched when it fails high
 * inside the window (always depth ≥ 2 here: the frontier needs no re-search). Kept apart from pv-node.ts
 * for speed: on `npm run bench` this kernel runs at ~0.74× the C reference and the generic engine at
 * ~0.50×, so merging the two would cost about a third of the throughput of every search it serves.
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
      v = -search(ply + 1, depth - 1, -beta, -alpha, hc, cv);
    } else {
      // alpha already equals max(alpha0, best)
      v = -search(ply + 1, depth - 1, -alpha - 1, -alpha, hc, cv);
      if (v > alpha && v < beta) v = -search(ply + 1, depth - 1, -beta, -v, hc, cv);
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
