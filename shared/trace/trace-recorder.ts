/**
 * Builds a TraceTree (./trace-tree.ts) while searches run: a Game wrapper that follows the cursor down
 * the trace and a SearchObserver told each call's window and result, and at each ordering what it knew
 * of every child and the keys it computed (kept on the children, with the order they were then searched
 * in). One recorder serves every series of a tree in turn; the minimum proof tree is then walked
 * through the same cursor (as a ProofSink).
 *
 * A depth-10 Figure 4 tree has about 10^6 nodes that some series visits, too many to hold with their
 * windows, so the trace holds a region (./trace-region.ts): a node's children are created when the
 * node is in the region and a search (or the proof) expands it. Below the region's leaves nothing is
 * created; calls there are added to the deepest held ancestor's `below` counts, so every subtree count
 * stays exact. Nothing is allocated per call beyond the amortised growth of the typed arrays.
 */
import type { Game } from '../game/game.ts';
import { ForwardingGame } from '../game/forwarding-game.ts';
import type { ProofRole, ProofSink } from '../proof/proof-sink.ts';
import type { OrderingView, SearchObserver } from '../search/search-observer.ts';
import type { TraceRegion } from './trace-region.ts';
import {
  KNOWN_SIZE_READ,
  KNOWN_TT_FIRST,
  KNOWN_VALUE_READ,
  NO_ROLE,
  ORDERED,
  ROOT,
  type SeriesTrace,
  type TraceTree,
} from './trace-tree.ts';

const INITIAL = 1 << 12;

type Column = Int32Array | Float64Array | Float32Array | Int8Array | Int16Array | Uint8Array | Uint16Array;

function grown<T extends Column>(a: T, cap: number, fill?: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a as never);
  if (fill !== undefined) b.fill(fill as never, a.length);
  return b;
}

/** Per series while recording: the trace's columns and the calls below held leaves. */
interface SeriesColumns extends SeriesTrace {
  below: Float64Array;
  passBelow: Float64Array;
}

function newSeries(label: string, cap: number): SeriesColumns {
  return {
    label,
    value: NaN,
    visits: new Int32Array(cap),
    spent: new Float64Array(cap),
    passVisits: new Int32Array(cap),
    passSpent: new Float64Array(cap),
    order: new Int32Array(cap),
    alpha: new Float64Array(cap),
    beta: new Float64Array(cap),
    result: new Float64Array(cap),
    cut: new Int16Array(cap).fill(-1),
    below: new Float64Array(cap),
    passBelow: new Float64Array(cap),
    known: new Uint8Array(cap),
    childValue: new Float32Array(cap),
    childSize: new Float32Array(cap),
    key: new Float64Array(cap),
    rank: new Uint16Array(cap),
  };
}

export class TraceRecorder extends ForwardingGame implements SearchObserver, ProofSink {
  private count = 1;
  private parent: Int32Array;
  private plyOf: Uint8Array;
  private first: Int32Array;
  private degree: Uint16Array;
  private role: Int8Array;
  private bound: Float64Array;
  private proofBelow: Float64Array;
  private readonly series: SeriesColumns[];
  /** the deepest held node on the cursor's path, and how many plies the cursor is below it */
  private cur = ROOT;
  private beyond = 0;
  private s: SeriesColumns | null = null;
  /** whether calls now belong to the final pass (the search of the viewed depth) */
  private final = false;
  private nextOrder = 1;
  // Per ply of the call in progress: its β, and the child it descended into last (−1: none yet).
  private readonly callBeta: Float64Array;
  private readonly lastMove: Int32Array;
  /** per ply: children the call that last ordered them there has descended into so far */
  private readonly descents: Uint16Array;
  /** per ply: whether the path so far follows the region's focus */
  private readonly onPath: Uint8Array;
  /** per ply, during a proof walk: whether the inner game's row holds the current node's children */
  private readonly rowValid: Uint8Array;
  private proofSize = 0;

  constructor(
    inner: Game,
    labels: readonly string[],
    private readonly region: TraceRegion,
  ) {
    super(inner);
    const cap = INITIAL;
    this.parent = new Int32Array(cap).fill(-1);
    this.plyOf = new Uint8Array(cap);
    this.first = new Int32Array(cap).fill(-1);
    this.degree = new Uint16Array(cap);
    this.role = new Int8Array(cap).fill(NO_ROLE);
    this.bound = new Float64Array(cap);
    this.proofBelow = new Float64Array(cap);
    this.series = labels.map((l) => newSeries(l, cap));
    const plies = inner.maxPly + 2;
    this.callBeta = new Float64Array(plies);
    this.lastMove = new Int32Array(plies);
    this.descents = new Uint16Array(plies);
    this.onPath = new Uint8Array(plies);
    this.rowValid = new Uint8Array(plies);
    if (inner.maxPly > 255)
      throw new RangeError(`trace: trees taller than 255 plies are not supported (maxPly ${inner.maxPly})`);
  }

  /** nodes the trace holds so far */
  get nodes(): number {
    return this.count;
  }

  /** Record the calls of series `index` from now on; `final`: they already belong to the final pass. */
  startSeries(index: number, final: boolean): void {
    this.s = this.series[index];
    this.final = final;
    this.nextOrder = 1;
  }

  /** The following calls belong to the final pass. */
  startFinalPass(): void {
    this.final = true;
  }

  setSeriesValue(value: number): void {
    this.s!.value = value + 0;
  }

  // --- Game: follow the cursor --------------------------------------------------------------------

  override reset(): void {
    this.inner.reset();
    this.cur = ROOT;
    this.beyond = 0;
    this.onPath[0] = 1;
  }

  override expand(): number {
    const n = this.inner.expand();
    if (
      n > 0 &&
      this.beyond === 0 &&
      this.first[this.cur] < 0 &&
      this.region.holdsChildren(this.plyOf[this.cur], this.onPath[this.plyOf[this.cur]] === 1)
    ) {
      this.addChildren(this.cur, n);
    }
    return n;
  }

  override descend(i: number): void {
    const ply = this.inner.ply;
    this.inner.descend(i);
    this.lastMove[ply] = i;
    this.rowValid[ply + 1] = 0;
    if (this.beyond === 0 && this.first[this.cur] >= 0) {
      this.cur = this.first[this.cur] + i;
      const s = this.s;
      // The search order of the last ordering (a re-search descends into the same child again: kept).
      if (this.final && s !== null && (s.known[this.cur] & ORDERED) !== 0 && s.rank[this.cur] === 0)
        s.rank[this.cur] = ++this.descents[ply];
      this.onPath[ply + 1] = this.onPath[ply] === 1 && this.region.follows(ply, i) ? 1 : 0;
    } else this.beyond++;
  }

  override ascend(): void {
    this.inner.ascend();
    if (this.beyond > 0) this.beyond--;
    else this.cur = this.parent[this.cur];
  }

  // --- SearchObserver: what each call did ---------------------------------------------------------

  enter(alpha: number, beta: number): void {
    const s = this.s!,
      v = this.cur;
    const ply = this.inner.ply;
    this.callBeta[ply] = beta;
    this.lastMove[ply] = -1;
    if (this.beyond > 0) {
      s.below[v]++;
      if (this.final) {
        s.passBelow[v]++;
        this.nextOrder++; // calls are numbered whether or not their node is held
      }
      return;
    }
    s.visits[v]++;
    if (!this.final) return;
    s.passVisits[v]++;
    const call = this.nextOrder++;
    if (s.order[v] === 0) s.order[v] = call;
    s.alpha[v] = alpha;
    s.beta[v] = beta;
  }

  ordered(view: OrderingView): void {
    const f = this.first[this.cur];
    if (!this.final || this.beyond > 0 || f < 0) return;
    // A later ordering of the same children in the final pass (a re-search, an MTD(f) pass) replaces the earlier one.
    const s = this.s!,
      n = view.n;
    s.rank.fill(0, f, f + n);
    this.descents[this.inner.ply] = 0;
    const read = ORDERED | (view.needsValue ? KNOWN_VALUE_READ : 0) | (view.needsSize ? KNOWN_SIZE_READ : 0);
    for (let i = 0; i < n; i++) {
      s.known[f + i] = view.knowledge[i] | read | (i === view.ttMove ? KNOWN_TT_FIRST : 0);
      s.childValue[f + i] = view.value[i] + 0; // no −0 from negation
      s.childSize[f + i] = view.size[i];
      s.key[f + i] = view.key[view.off + i] + 0;
    }
  }

  leave(value: number): number {
    if (this.final && this.beyond === 0) {
      const s = this.s!,
        v = this.cur,
        ply = this.inner.ply;
      s.result[v] = value + 0; // no −0 from negation
      // Fail-soft: the loop breaks right after the child whose value reached β, the last one descended.
      s.cut[v] = value >= this.callBeta[ply] ? this.lastMove[ply] : -1;
    }
    return value;
  }

  // --- ProofSink: the minimum proof tree, walked by path -------------------------------------------

  /** Start a proof walk on the root. */
  startProof(): void {
    this.final = false;
    this.s = null;
    this.reset();
    this.rowValid.fill(0);
    this.proofSize = 0;
  }

  node(role: ProofRole, bound: number): void {
    this.proofSize++;
    if (this.beyond > 0) {
      this.proofBelow[this.cur]++;
      return;
    }
    this.role[this.cur] = role;
    this.bound[this.cur] = bound + 0;
  }

  down(i: number): void {
    // The walk moves this recorder's own cursor: a node's children row is generated on the first step
    // down from it (a ply's row stays valid while the cursor is below it).
    const ply = this.inner.ply;
    if (this.rowValid[ply] === 0) {
      const n = this.expand();
      if (i >= n) throw new RangeError(`the proof walk asked for child ${i} of a node with ${n} children`);
      this.rowValid[ply] = 1;
    }
    this.descend(i);
  }

  up(): void {
    this.ascend();
  }

  // --- result ---------------------------------------------------------------------------------------

  /** The finished trace: subtree sums filled in, arrays cut to the nodes in use. */
  finish(mptSize: number): TraceTree {
    const n = this.count;
    if (mptSize !== this.proofSize)
      throw new Error(`trace: the proof walk reported ${this.proofSize} nodes for a minimum proof tree of ${mptSize}`);
    const more = new Uint8Array(n);
    const proofSpent = new Float64Array(n);
    for (let v = 0; v < n; v++) proofSpent[v] = (this.role[v] !== NO_ROLE ? 1 : 0) + this.proofBelow[v];
    for (const s of this.series) {
      for (let v = 0; v < n; v++) {
        s.spent[v] = s.visits[v] + s.below[v];
        s.passSpent[v] = s.passVisits[v] + s.passBelow[v];
        if (s.below[v] > 0) more[v] = 1;
      }
    }
    for (let v = 0; v < n; v++) if (this.proofBelow[v] > 0) more[v] = 1;
    // Children are numbered after their parents: one backward sweep sums every subtree.
    for (let v = n - 1; v > ROOT; v--) {
      const p = this.parent[v];
      proofSpent[p] += proofSpent[v];
      for (const s of this.series) {
        s.spent[p] += s.spent[v];
        s.passSpent[p] += s.passSpent[v];
      }
    }
    const cut = <T extends Column>(a: T): T => a.slice(0, n) as T;
    return {
      count: n,
      mptSize,
      region: this.region.describe(),
      parent: cut(this.parent),
      ply: cut(this.plyOf),
      first: cut(this.first),
      degree: cut(this.degree),
      role: cut(this.role),
      bound: cut(this.bound),
      proofSpent,
      more,
      series: this.series.map((s) => ({
        label: s.label,
        value: s.value,
        visits: cut(s.visits),
        spent: cut(s.spent),
        passVisits: cut(s.passVisits),
        passSpent: cut(s.passSpent),
        order: cut(s.order),
        alpha: cut(s.alpha),
        beta: cut(s.beta),
        result: cut(s.result),
        cut: cut(s.cut),
        known: cut(s.known),
        childValue: cut(s.childValue),
        childSize: cut(s.childSize),
        key: cut(s.key),
        rank: cut(s.rank),
      })),
    };
  }

  private addChildren(v: number, n: number): void {
    const need = this.count + n;
    if (need > this.parent.length) this.grow(need);
    const f = this.count;
    this.first[v] = f;
    this.degree[v] = n;
    this.parent.fill(v, f, need);
    this.plyOf.fill(this.plyOf[v] + 1, f, need);
    this.count = need;
  }

  private grow(min: number): void {
    let cap = this.parent.length * 2;
    while (cap < min) cap *= 2;
    this.parent = grown(this.parent, cap, -1);
    this.plyOf = grown(this.plyOf, cap);
    this.first = grown(this.first, cap, -1);
    this.degree = grown(this.degree, cap);
    this.role = grown(this.role, cap, NO_ROLE);
    this.bound = grown(this.bound, cap);
    this.proofBelow = grown(this.proofBelow, cap);
    for (const s of this.series) {
      s.visits = grown(s.visits, cap);
      s.spent = grown(s.spent, cap);
      s.passVisits = grown(s.passVisits, cap);
      s.passSpent = grown(s.passSpent, cap);
      s.order = grown(s.order, cap);
      s.alpha = grown(s.alpha, cap);
      s.beta = grown(s.beta, cap);
      s.result = grown(s.result, cap);
      s.cut = grown(s.cut, cap, -1);
      s.known = grown(s.known, cap);
      s.childValue = grown(s.childValue, cap);
      s.childSize = grown(s.childSize, cap);
      s.key = grown(s.key, cap);
      s.rank = grown(s.rank, cap);
      s.below = grown(s.below, cap);
      s.passBelow = grown(s.passBelow, cap);
    }
  }
}
