/**
 * What every search algorithm carries down the tree: the game cursor, the counters, the move
 * ordering with its preallocated buffers, and the optional memories (transposition table for DAGs
 * and MTD(f); annotation tree for iterative deepening on trees).
 */
import { INF, type Game } from '../game/game.ts';
import { mix32, unit } from '../util/hash.ts';
import type { Counters } from './counters.ts';
import { newCounters } from './counters.ts';
import {
  copyIntKeys,
  firstIntKey,
  INT_TAKEN,
  pickNext,
  pickNextInt,
  RANDOM_BASE,
  TAKEN,
  type ChildInfo,
  type MoveOrdering,
} from './ordering/move-ordering.ts';
import { naturalOrdering } from './ordering/natural.ts';
import { NO_ENTRY, type TranspositionTable } from './transposition-table.ts';
import type { AnnotationTree } from './annotation-tree.ts';
import type { OrderingView, SearchObserver } from './search-observer.ts';

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
  /**
   * For which children the ordering knows S_i (see SIZE_INFOS): every child (default; computed on demand),
   * children an earlier search returned a value for (`searched`), or children an earlier search expanded
   * (`expanded`, Sec. 8: "the out-degree is 'free' to compute, given that we have expanded the node
   * anyway"). "Earlier" is any earlier search sharing the annotation tree: an earlier iterative-deepening
   * pass, or within a pass an earlier null-window test (MTD(f)) or the null-window search a re-search
   * repeats (NegaScout); value ordering's `seen` values come from the same memory. Without annotations
   * nothing is known under `searched` and `expanded`.
   */
  sizeInfo?: SizeInfo;
  /**
   * S_i of a child whose size is unknown under sizeInfo `searched`/`expanded`: a fixed number (the
   * model's mean out-degree, say), or `last`: every such child after every child whose S_i is known,
   * ordered among themselves by V_i (the previous value, else as `unexpanded` says: random or estimate),
   * as value ordering orders them. Default: `last` (it needs no model; experiment specs default to the
   * model's mean, ../experiments/search-series.ts).
   */
  sizeStandIn?: number | 'last';
  /**
   * The transposition table's stored best move: searched first, before any ordering (`first`, default),
   * or given no priority (`ordered`: the ordering alone decides; the table still narrows windows and cuts).
   */
  ttMove?: TtMove;
  /** training hook: told, for every child searched, its value estimate's margin over β and whether it cut */
  cutObserver?: CutObserver | null;
  /** told every call's window and result (./search-observer.ts); disables kernels */
  observer?: SearchObserver | null;
  /** stop with a SearchLimitError once this many nodes were visited */
  maxVisited?: number;
  /** counters to accumulate into (iterative deepening shares them across passes) */
  counters?: Counters;
}

/** For which children an ordering knows S_i (SearchOptions.sizeInfo). */
export const SIZE_INFOS = ['all', 'searched', 'expanded'] as const;
export type SizeInfo = (typeof SIZE_INFOS)[number];

/** Where the transposition table's stored move goes (SearchOptions.ttMove). */
export const TT_MOVES = ['first', 'ordered'] as const;
export type TtMove = (typeof TT_MOVES)[number];

/** Key of a child whose S_i is unknown under the `last` stand-in: below every key an ordering writes. */
export const SIZE_UNKNOWN_LAST = -2e300;

/**
 * What an ordering knew of each child (the bits of OrderingView.knowledge, ./search-observer.ts): V_i from an earlier
 * search of the child (else its static estimate, or a random value under unexpanded "random"), and S_i
 * the child's true out-degree or subtree size (else the stand-in).
 */
export const VALUE_SEARCHED = 1;
export const VALUE_RANDOM = 2;
export const SIZE_KNOWN = 4;

/**
 * Base of the random values of never-searched children: below every real value, far above −INF; the
 * Int32 key row holds them exactly (RANDOM_BASE of ./ordering/move-ordering.ts).
 */
export const UNEXPANDED = RANDOM_BASE;

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
  /** 0: every S_i known; 1: of children with an earlier value (`searched`); 2: of children expanded earlier */
  readonly sizeMode: 0 | 1 | 2;
  /** S_i of a child whose size is unknown, or NaN for the `last` stand-in */
  readonly sizeStandIn: number;
  /** whether a stored transposition-table move is searched first */
  readonly ttFirst: boolean;
  readonly useTie: boolean;
  /** per child of the node just ordered, what the ordering knew (VALUE_SEARCHED, VALUE_RANDOM, SIZE_KNOWN), kept only for an observer */
  readonly knowledge: Uint8Array;
  /** the one view handed to SearchObserver.ordered, rewritten per node */
  private readonly view: OrderingView | null;
  /**
   * Whether a node's estimate keys come straight from Game.childEstimatesInt into the Int32 row (orderIntKeys):
   * an ordering by value with no memory of earlier values (so by estimate), no observer, integer estimates.
   */
  readonly intEstimateKeys: boolean;
  /** per-ply rows of child priorities (see ordering/move-ordering.ts) */
  readonly key: Float64Array;
  readonly tie: Float64Array;
  /**
   * The key row's Int32 copy (copyIntKeys), picked from without a branch per key (pickNextInt) when the
   * ordering breaks no ties and every key of the node has an Int32 form. `intFirst[off]` is then the child
   * such a pick takes first (found while copying, so a node that searches one child scans its keys once), else −1.
   */
  readonly ikey: Int32Array;
  readonly intFirst: Int32Array;
  /** per ply: the transposition table's best move, searched first, or -1 */
  readonly ttMove: Int32Array;
  readonly cutObserver: CutObserver | null;
  readonly observer: SearchObserver | null;
  /** per-ply copy of the children's value estimates, kept only for the cut observer */
  readonly valueRow: Float64Array;
  readonly info: ChildInfo;
  /** the values of the children of the frontier node being searched (./frontier.ts), each asked of the game once */
  readonly leafValue: Float64Array;
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
  constructor(
    readonly game: Game,
    opts: SearchOptions = {},
    readonly scout = false,
  ) {
    this.counters = opts.counters ?? newCounters();
    this.ordering = opts.ordering ?? naturalOrdering;
    this.sizeMode = opts.sizeInfo === 'searched' ? 1 : opts.sizeInfo === 'expanded' ? 2 : 0;
    const standIn = opts.sizeStandIn ?? 'last';
    if (standIn !== 'last' && !(Number.isFinite(standIn) && standIn >= 0)) {
      throw new RangeError(`sizeStandIn = ${standIn} is not allowed: it must be a finite number ≥ 0 or "last"`);
    }
    this.sizeStandIn = standIn === 'last' ? NaN : standIn;
    this.ttFirst = opts.ttMove !== 'ordered';
    // The `last` stand-in orders unknown children among themselves by the tie row (their values).
    this.useTie = this.ordering.usesTie || (this.sizeMode !== 0 && standIn === 'last' && this.ordering.needsSize);
    this.tt = opts.tt ?? null;
    this.ann = opts.annotations ?? null;
    this.maxVisited = opts.maxVisited ?? Infinity;
    this.useSubtreeSize = opts.sizeSource === 'subtree';
    this.randomUnexpanded = opts.unexpanded === 'random';
    const m = game.maxChildren;
    this.key = new Float64Array((game.maxPly + 2) * m);
    this.tie = new Float64Array((game.maxPly + 2) * m);
    this.ikey = new Int32Array((game.maxPly + 2) * m);
    this.intFirst = new Int32Array((game.maxPly + 2) * m);
    this.ttMove = new Int32Array(game.maxPly + 2);
    this.cutObserver = opts.cutObserver ?? null;
    this.observer = opts.observer ?? null;
    this.valueRow = new Float64Array(this.cutObserver ? (game.maxPly + 2) * m : 0);
    this.leafValue = new Float64Array(m);
    this.info = { n: 0, value: new Float64Array(m), size: new Float64Array(m), nodeKey: 0 };
    this.knowledge = new Uint8Array(this.observer?.ordered !== undefined ? m : 0);
    const o = this.ordering;
    this.intEstimateKeys =
      o.keyIsValue === true &&
      !this.useTie &&
      this.ann === null &&
      this.cutObserver === null &&
      this.knowledge.length === 0 &&
      game.integerEstimates === true &&
      game.childEstimatesInt !== undefined;
    this.view =
      this.knowledge.length === 0
        ? null
        : {
            n: 0,
            ordering: o.name,
            needsValue: o.needsValue || this.cutObserver !== null,
            needsSize: o.needsSize,
            usesTie: this.useTie,
            value: this.info.value,
            size: this.info.size,
            knowledge: this.knowledge,
            key: this.key,
            tie: this.tie,
            off: 0,
            ttMove: -1,
          };
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
    if (slot !== NO_ENTRY && tt.depthAt(slot) === depth) {
      const lo = tt.lowerAt(slot);
      const up = tt.upperAt(slot);
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
    const g = this.game;
    this.tt!.storeResult(g.keyHi(), g.keyLo(), depth, alpha, beta, best, move);
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
    if (this.intEstimateKeys) return this.orderIntKeys(n, ttSlot);
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
    if (o.keyIsValue === true && base < 0 && !observe && g.childEstimates !== undefined) {
      // "Value only" without annotations: the estimates are the keys.
      g.childEstimates(this.key, off, n);
    } else {
      const value = info.value;
      if (o.needsValue || observe) {
        if (base < 0 && g.childEstimates !== undefined) {
          g.childEstimates(value, 0, n);
        } else if (base < 0) {
          for (let i = 0; i < n; i++) value[i] = g.childEstimate(i);
        } else {
          // The annotation rows are read into locals once: the loop then loads no field through `this` or `ann`.
          const seen = ann!.seen;
          const last = ann!.value;
          if (this.randomUnexpanded) {
            const h = mix32(g.keyLo() ^ Math.imul(g.keyHi(), 0x85ebca6b));
            for (let i = 0; i < n; i++) {
              value[i] =
                seen[base + i] === 1 ? -last[base + i] : UNEXPANDED + unit(mix32(h + Math.imul(i + 1, 0x9e3779b1)));
            }
          } else {
            for (let i = 0; i < n; i++) value[i] = seen[base + i] === 1 ? -last[base + i] : g.childEstimate(i);
          }
        }
      }
      let unknown = 0;
      if (o.needsSize) {
        const size = info.size;
        const subtree = this.useSubtreeSize && base >= 0;
        const mode = this.sizeMode;
        if (mode === 0) {
          if (subtree) {
            const seen = ann!.seen;
            const last = ann!.size;
            for (let i = 0; i < n; i++) size[i] = seen[base + i] === 1 ? last[base + i] : g.childDegree(i);
          } else {
            for (let i = 0; i < n; i++) size[i] = g.childDegree(i);
          }
        } else {
          const standIn = this.sizeStandIn === this.sizeStandIn ? this.sizeStandIn : 0; // `last`: 0 leaves max_j S_j to the known
          if (base < 0) {
            // Without annotations no earlier search saw or expanded a child: every S_i is the stand-in.
            size.fill(standIn, 0, n);
            unknown = n;
          } else {
            // S_i only where an earlier search of this memory saw (1) or expanded (2) the child.
            const seen = ann!.seen;
            const first = ann!.first;
            const last = ann!.size;
            const bySeen = mode === 1;
            for (let i = 0; i < n; i++) {
              const r = base + i;
              if (bySeen ? seen[r] === 1 : first[r] >= 0) {
                size[i] = subtree && seen[r] === 1 ? last[r] : g.childDegree(i);
              } else {
                size[i] = standIn;
                unknown++;
              }
            }
          }
        }
      }
      o.keys(info, alpha, beta, this.key, this.tie, off);
      if (unknown > 0 && this.sizeStandIn !== this.sizeStandIn) this.lastUnknown(n, base, off);
      if (observe) this.valueRow.set(info.value.subarray(0, n), off);
    }
    if (this.knowledge.length > 0) this.observeOrdering(n, base, off, ttSlot);
    this.intFirst[off] = this.useTie ? -1 : copyIntKeys(this.key, this.ikey, off, n);
    this.ttMove[ply] = this.firstMove(n, ttSlot);
    return off;
  }

  /** The table's stored move of the node (slot ttSlot, n children), searched first; else -1. */
  private firstMove(n: number, ttSlot: number): number {
    if (ttSlot === NO_ENTRY || !this.ttFirst) return -1;
    const m = this.tt!.moveAt(ttSlot);
    return m < n ? m : -1;
  }

  /**
   * orderChildren where intEstimateKeys holds: the estimates straight into the Int32 row. Returns the row offset.
   */
  private orderIntKeys(n: number, ttSlot: number): number {
    const g = this.game;
    const ply = g.ply;
    const off = ply * g.maxChildren;
    this.childBase = -1;
    g.childEstimatesInt!(this.ikey, off, n);
    this.intFirst[off] = firstIntKey(this.ikey, off, n);
    this.ttMove[ply] = this.firstMove(n, ttSlot);
    return off;
  }

  /**
   * Whether S_i of the child with annotation record r (−1: none) is known under sizeInfo `searched` (an
   * earlier search returned its value) or `expanded` (an earlier search generated its children).
   */
  private sizeKnown(r: number): boolean {
    return r >= 0 && (this.sizeMode === 1 ? this.ann!.seen[r] === 1 : this.ann!.first[r] >= 0);
  }

  /**
   * The `last` stand-in: every child whose S_i is unknown goes after every child whose S_i is known (key
   * SIZE_UNKNOWN_LAST), ordered among themselves by V_i (the tie row), as value ordering would order them.
   */
  private lastUnknown(n: number, base: number, off: number): void {
    const own = !this.ordering.usesTie; // the tie row is then ours to fill for every child
    for (let i = 0; i < n; i++) {
      const r = base >= 0 ? base + i : -1;
      if (this.sizeKnown(r)) {
        if (own) this.tie[off + i] = 0;
      } else {
        this.key[off + i] = SIZE_UNKNOWN_LAST;
        this.tie[off + i] = this.info.value[i];
      }
    }
  }

  /** Tell the observer what the ordering knew of each child of the node just ordered (SearchObserver.ordered). */
  private observeOrdering(n: number, base: number, off: number, ttSlot: number): void {
    const g = this.game;
    const ann = this.ann;
    const info = this.info;
    const kn = this.knowledge;
    if (this.ordering.keyIsValue === true && base < 0 && this.cutObserver === null && g.childEstimates !== undefined) {
      info.value.set(this.key.subarray(off, off + n)); // the fast path wrote the estimates straight into the keys
    }
    for (let i = 0; i < n; i++) {
      const r = base >= 0 ? base + i : -1;
      let k = 0;
      if (r >= 0 && ann!.seen[r] === 1) k |= VALUE_SEARCHED;
      else if (this.randomUnexpanded && base >= 0) k |= VALUE_RANDOM;
      if (this.sizeMode === 0 || this.sizeKnown(r)) k |= SIZE_KNOWN;
      kn[i] = k;
    }
    let first = -1;
    if (ttSlot !== NO_ENTRY && this.ttFirst) first = this.tt!.moveAt(ttSlot) < n ? this.tt!.moveAt(ttSlot) : -1;
    const view = this.view!;
    view.n = n;
    view.off = off;
    view.ttMove = first;
    this.observer!.ordered!(view);
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
    if (k === 0 && this.tt !== null && this.ttFirst) {
      const m = this.ttMove[this.game.ply];
      if (m >= 0) {
        this.key[off + m] = TAKEN;
        this.ikey[off + m] = INT_TAKEN;
        return m;
      }
    }
    const first = this.intFirst[off];
    if (first < 0) return pickNext(this.key, this.tie, this.useTie, off, n);
    if (k > 0) return pickNextInt(this.ikey, off, n);
    this.ikey[off + first] = INT_TAKEN;
    return first;
  }
}
