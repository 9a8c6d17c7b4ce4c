/**
 * What every search algorithm carries down the tree: the game cursor, the counters, the move
 * ordering with its preallocated buffers, and the optional memories (transposition table for DAGs
 * and MTD(f); annotation tree for iterative deepening on trees).
 */
import { INF, type Game } from '../game/game.ts';
import { mix32, unit } from '../util/hash.ts';
import type { Counters } from './counters.ts';
import { newCounters } from './counters.ts';
import { pickNext, TAKEN, type ChildInfo, type MoveOrdering } from './ordering/move-ordering.ts';
import { naturalOrdering } from './ordering/natural.ts';
import { NO_ENTRY, type TranspositionTable } from './transposition-table.ts';
import type { AnnotationTree } from './annotation-tree.ts';
import {
  ORDER_SIZE_KNOWN, ORDER_SIZE_READ, ORDER_TT_FIRST, ORDER_VALUE_RANDOM, ORDER_VALUE_READ, ORDER_VALUE_SEARCHED, type SearchObserver,
} from './search-observer.ts';

export interface SearchOptions {
  ordering?: MoveOrdering;
  /** transposition table: required for DAG searches that should reuse work, and by MTD(f) */
  tt?: TranspositionTable | null;
  /** iterative-deepening memory for trees */
  annotations?: AnnotationTree | null;
  /** S_i for orderings: the child's out-degree (default, Sec. 8) or its subtree size in the last pass */
  sizeSource?: 'degree' | 'subtree';
  /**
   * V_i of a child no previous pass searched, when annotations are kept: its static estimate (default),
   * or "random" (Furtak & Buro 2009, Sec. 8: "the ordering of child nodes which have not yet been
   * expanded is random"): a value below every searched sibling's, in a random order fixed by the node.
   */
  unexpanded?: 'estimate' | 'random';
  /** training hook: told, for every child searched, its value estimate's margin over β and whether it cut */
  cutObserver?: CutObserver | null;
  /** told every call's window and result (./search-observer.ts); disables kernels */
  observer?: SearchObserver | null;
  /** stop with a SearchLimitError once this many nodes were visited */
  maxVisited?: number;
  /** counters to accumulate into (iterative deepening shares them across passes) */
  counters?: Counters;
}

/** Base of the random values of never-searched children: below every real value, far above −INF. */
export const UNEXPANDED = -1e8;

export interface CutObserver {
  /** `margin` = V_i − β at the moment child i was chosen; `cut` = its search returned a value ≥ β */
  record(margin: number, cut: boolean): void;
}

export class SearchLimitError extends Error {
  constructor(readonly limit: number) {
    super(`search stopped after visiting ${limit} nodes (maxVisited); lower the depth or raise the limit`);
    this.name = 'SearchLimitError';
  }
}

export class SearchContext {
  readonly counters: Counters;
  readonly ordering: MoveOrdering;
  readonly tt: TranspositionTable | null;
  readonly ann: AnnotationTree | null;
  readonly maxVisited: number;
  readonly useSubtreeSize: boolean;
  readonly randomUnexpanded: boolean;
  readonly useTie: boolean;
  /** per-ply rows of child priorities (see ordering/move-ordering.ts) */
  readonly key: Float64Array;
  readonly tie: Float64Array;
  /** per ply: the transposition table's best move, searched first, or -1 */
  readonly ttMove: Int32Array;
  readonly cutObserver: CutObserver | null;
  readonly observer: SearchObserver | null;
  /** what the ordering knew of each child, for an observer told of orderings (else empty) */
  private readonly knownRow: Uint8Array;
  /** per-ply copy of the children's value estimates, kept only for the cut observer */
  readonly valueRow: Float64Array;
  readonly info: ChildInfo;
  /** record index of child 0 of the node just ordered (annotation tree), or -1 */
  childBase = -1;
  /** best move found by the last searchFrontier call */
  frontierMove = -1;
  /** the root's best move (natural index) after a search, or -1 */
  rootMove = -1;

  /**
   * `scout`: NegaScout's null windows after the first child (pv-node.ts); false for alpha-beta and the
   * searches built on it (MTD(f)).
   */
  constructor(readonly game: Game, opts: SearchOptions = {}, readonly scout = false) {
    this.counters = opts.counters ?? newCounters();
    this.ordering = opts.ordering ?? naturalOrdering;
    this.useTie = this.ordering.usesTie;
    this.tt = opts.tt ?? null;
    this.ann = opts.annotations ?? null;
    this.maxVisited = opts.maxVisited ?? Infinity;
    this.useSubtreeSize = opts.sizeSource === 'subtree';
    this.randomUnexpanded = opts.unexpanded === 'random';
    const m = game.maxChildren;
    this.key = new Float64Array((game.maxPly + 2) * m);
    this.tie = new Float64Array((game.maxPly + 2) * m);
    this.ttMove = new Int32Array(game.maxPly + 2);
    this.cutObserver = opts.cutObserver ?? null;
    this.observer = opts.observer ?? null;
    this.knownRow = new Uint8Array(this.observer?.ordered !== undefined ? m : 0);
    this.valueRow = new Float64Array(this.cutObserver ? (game.maxPly + 2) * m : 0);
    this.info = { n: 0, value: new Float64Array(m), size: new Float64Array(m), nodeKey: 0 };
  }

  // Outputs of probeTT: the window narrowed by stored bounds, and the slot (for the best move).
  pAlpha = 0;
  pBeta = 0;
  pSlot = NO_ENTRY;

  /**
   * Look the current node up in the transposition table for a search of `depth` with (alpha, beta).
   * Returns a value that settles the node (a bound outside the window, or an exact value), else NaN;
   * pAlpha/pBeta then hold the window narrowed by the stored bounds and pSlot the entry (for its move).
   */
  probeTT(depth: number, alpha: number, beta: number): number {
    const tt = this.tt!;
    const g = this.game;
    const slot = tt.probe(g.keyHi(), g.keyLo());
    this.pSlot = slot;
    if (slot !== NO_ENTRY && tt.depth[slot] === depth) {
      const lo = tt.lower[slot];
      const up = tt.upper[slot];
      if (lo >= beta || lo === up) return lo;
      if (up <= alpha) return up;
      if (lo > alpha) alpha = lo;
      if (up < beta) beta = up;
    }
    this.pAlpha = alpha;
    this.pBeta = beta;
    return NaN;
  }

  /**
   * Store the fail-soft result `best` of searching the current node with window (alpha, beta) (the
   * window after probeTT narrowed it), merging with bounds already stored for the same node and depth.
   */
  storeTT(depth: number, alpha: number, beta: number, best: number, move: number): void {
    const tt = this.tt!;
    const g = this.game;
    const hi = g.keyHi();
    const lo = g.keyLo();
    let lower = best > alpha ? best : -Infinity;
    let upper = best < beta ? best : Infinity;
    const slot = tt.probe(hi, lo);
    if (slot !== NO_ENTRY && tt.depth[slot] === depth) {
      if (tt.lower[slot] > lower) lower = tt.lower[slot];
      if (tt.upper[slot] < upper) upper = tt.upper[slot];
    }
    tt.store(hi, lo, depth, lower, upper, move);
  }

  /** Called on every visit: enforces maxVisited. */
  limitReached(): never {
    throw new SearchLimitError(this.maxVisited);
  }

  /**
   * Prepare the n children just expanded at the current ply for `nextChild`; returns the row offset.
   * `rec` is the node's annotation record (or -1), `ttSlot` its transposition-table slot (or NO_ENTRY):
   * a stored best move is searched first.
   */
  orderChildren(n: number, alpha: number, beta: number, rec: number, ttSlot: number): number {
    const g = this.game;
    const ply = g.ply;
    const off = ply * g.maxChildren;
    const o = this.ordering;
    const info = this.info;
    info.n = n;
    if (o.needsNodeKey === true) info.nodeKey = g.keyLo() ^ Math.imul(g.keyHi(), 0x85ebca6b);
    const ann = this.ann;
    let base = -1;
    if (ann !== null && rec >= 0) base = ann.children(rec, n);
    this.childBase = base;
    const observe = this.cutObserver !== null;
    const valueInKey = o.keyIsValue === true && base < 0 && !observe && g.childEstimates !== undefined;
    if (valueInKey) {
      // "Value only" without annotations: the estimates are the keys.
      g.childEstimates!(this.key, off, n);
    } else {
      if (o.needsValue || observe) {
        if (base < 0 && g.childEstimates !== undefined) {
          g.childEstimates(info.value, 0, n);
        } else {
          const random = this.randomUnexpanded && base >= 0;
          const h = random ? mix32(g.keyLo() ^ Math.imul(g.keyHi(), 0x85ebca6b)) : 0;
          for (let i = 0; i < n; i++) {
            if (base >= 0 && ann!.seen[base + i] === 1) info.value[i] = -ann!.value[base + i];
            else info.value[i] = random ? UNEXPANDED + unit(mix32(h + Math.imul(i + 1, 0x9e3779b1))) : g.childEstimate(i);
          }
        }
      }
      if (o.needsSize) {
        for (let i = 0; i < n; i++) {
          info.size[i] = this.useSubtreeSize && base >= 0 && ann!.seen[base + i] === 1 ? ann!.size[base + i] : g.childDegree(i);
        }
      }
      o.keys(info, alpha, beta, this.key, this.tie, off);
      if (observe) this.valueRow.set(info.value.subarray(0, n), off);
    }
    let m = -1;
    if (ttSlot !== NO_ENTRY) {
      m = this.tt!.move[ttSlot];
      if (m >= n) m = -1;
    }
    this.ttMove[ply] = m;
    if (this.observer !== null && this.knownRow.length > 0) this.reportOrdering(n, base, off, valueInKey, m);
    return off;
  }

  /**
   * Tell the observer what the ordering just knew of each child: where V_i came from (the same tests
   * orderChildren made), whether S_i is the child's own, the keys, and the stored move searched first.
   */
  private reportOrdering(n: number, base: number, off: number, valueInKey: boolean, ttFirst: number): void {
    const o = this.ordering, ann = this.ann, info = this.info, known = this.knownRow;
    const readsValue = valueInKey || o.needsValue;
    for (let i = 0; i < n; i++) {
      let k = 0;
      if (readsValue) {
        k |= ORDER_VALUE_READ;
        if (base >= 0 && ann!.seen[base + i] === 1) k |= ORDER_VALUE_SEARCHED;
        else if (this.randomUnexpanded && base >= 0) k |= ORDER_VALUE_RANDOM;
        if (valueInKey) info.value[i] = this.key[off + i];
      }
      if (o.needsSize) k |= ORDER_SIZE_READ | ORDER_SIZE_KNOWN; // every S_i is the child's own here
      if (i === ttFirst) k |= ORDER_TT_FIRST;
      known[i] = k;
    }
    this.observer!.ordered!(n, known, info.value, info.size, this.key, off);
  }

  /**
   * Report child i's outcome to the cut observer (searches call this only when one is set). Nodes
   * searched with an infinite β cannot cut and say nothing about P_i: they are not reported, nor are
   * children ordered randomly for want of an estimate.
   */
  observeCut(off: number, i: number, beta: number, v: number): void {
    const value = this.valueRow[off + i];
    // A never-searched child under unexpanded: "random" has no value estimate: no margin to learn from.
    if (beta < INF && value > UNEXPANDED / 2) this.cutObserver!.record(value - beta, v >= beta);
  }

  /** The child to search k-th (k = 0, 1, …) at the current ply, after orderChildren. */
  nextChild(off: number, n: number, k: number): number {
    if (k === 0 && this.tt !== null) {
      const m = this.ttMove[this.game.ply];
      if (m >= 0) {
        this.key[off + m] = TAKEN;
        return m;
      }
    }
    return pickNext(this.key, this.tie, this.useTie, off, n);
  }
}
