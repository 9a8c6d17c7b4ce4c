/**
 * Where a search's nodes go (Furtak & Buro 2009, Sec. 6 and 8): every call of the search is classed by how
 * it ended, so two orderings, or two uses of the transposition table's stored move, can be compared node by
 * node rather than by their totals alone. Fastest-cut-first exists to make cut nodes cut early and cheaply;
 * this counts how early they cut, and whether the child that came first was the table's stored move or the
 * ordering's choice.
 *
 * Each call is one of:
 *  - a cut (fail high, value ≥ β) after k child calls: `cutAt[k − 1]` (k = 1: the first child cut);
 *  - a fail low (value ≤ α) after searching its children: `failLow`, `failLowChildren` child calls;
 *  - exact (α < value < β, a principal-variation node): `exact`, `exactChildren` child calls;
 *  - a call that searched no child: a leaf, a node at the horizon, or one settled by the table (`closed`).
 * A cut's first child is the table's stored move or the ordering's first choice (`storedFirst` counts the
 * former, `storedCut` those where it cut). MTD(f)'s null-window tests are root calls of their own (`tests`).
 */
import type { Game } from '../game/game.ts';
import type { ExperimentSpec, SeriesSpec } from '../experiments/spec.ts';
import { searchSeries } from '../experiments/search-series.ts';
import type { OrderingView, SearchObserver } from '../search/search-observer.ts';

/** The position a cut is counted at, the last one gathering every later child. */
export const CUT_POSITIONS = 4;

export interface CutAnatomy {
  /** calls of the search, cumulative over the passes (the counters' visited) */
  visited: number;
  /** root calls: one per pass, and one per null-window test of MTD(f) */
  tests: number;
  /** cuts after 1, 2, 3, ≥ 4 child calls */
  cutAt: number[];
  /** child calls made by cut nodes */
  cutChildren: number;
  /** cuts whose first child was the table's stored move, and those of them that cut with it */
  storedFirst: number;
  storedCut: number;
  failLow: number;
  failLowChildren: number;
  exact: number;
  exactChildren: number;
  closed: number;
}

export function emptyAnatomy(): CutAnatomy {
  return {
    visited: 0,
    tests: 0,
    cutAt: new Array<number>(CUT_POSITIONS).fill(0),
    cutChildren: 0,
    storedFirst: 0,
    storedCut: 0,
    failLow: 0,
    failLowChildren: 0,
    exact: 0,
    exactChildren: 0,
    closed: 0,
  };
}

/** Adds b into a (a tree's anatomy into a run's). */
export function addAnatomy(a: CutAnatomy, b: CutAnatomy): void {
  a.visited += b.visited;
  a.tests += b.tests;
  b.cutAt.forEach((n, k) => {
    a.cutAt[k] += n;
  });
  a.cutChildren += b.cutChildren;
  a.storedFirst += b.storedFirst;
  a.storedCut += b.storedCut;
  a.failLow += b.failLow;
  a.failLowChildren += b.failLowChildren;
  a.exact += b.exact;
  a.exactChildren += b.exactChildren;
  a.closed += b.closed;
}

/** An observer classing every call; its stacks grow with the depth, not with the nodes. */
class AnatomyObserver implements SearchObserver {
  readonly a = emptyAnatomy();
  private top = -1;
  private readonly alpha: number[] = [];
  private readonly beta: number[] = [];
  private readonly children: number[] = [];
  /** whether the node's first child is its stored move (told by `ordered`) */
  private readonly stored: boolean[] = [];

  enter(alpha: number, beta: number): void {
    if (this.top >= 0) this.children[this.top]++;
    else this.a.tests++;
    const t = ++this.top;
    this.alpha[t] = alpha;
    this.beta[t] = beta;
    this.children[t] = 0;
    this.stored[t] = false;
  }

  ordered(view: OrderingView): void {
    this.stored[this.top] = view.ttMove >= 0;
  }

  leave(value: number): number {
    const t = this.top--;
    const k = this.children[t];
    if (k === 0) this.a.closed++;
    else if (value >= this.beta[t]) {
      this.a.cutAt[Math.min(k, CUT_POSITIONS) - 1]++;
      this.a.cutChildren += k;
      if (this.stored[t]) {
        this.a.storedFirst++;
        if (k === 1) this.a.storedCut++;
      }
    } else if (value <= this.alpha[t]) {
      this.a.failLow++;
      this.a.failLowChildren += k;
    } else {
      this.a.exact++;
      this.a.exactChildren += k;
    }
    return value;
  }
}

/** The anatomy of series `s` searched on `game` as a run of `spec` searches it (iterative deepening to `depth`). */
export function cutAnatomy(spec: ExperimentSpec, s: SeriesSpec, game: Game, depth: number): CutAnatomy {
  const observer = new AnatomyObserver();
  const passes = searchSeries(spec, s, game, depth, { observer });
  observer.a.visited = passes[passes.length - 1].cumulative.visited;
  return observer.a;
}
