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
 * stays exact. For the first trace of a tree the census that chooses the region is taken by the same
 * searches: the recorder holds a bound that shrinks as the counts grow (./region-bound.ts), folding
 * the nodes that fall outside into the new edge, and tells a census trie (./census-trie.ts) every step
 * for the traces after it. Nothing is allocated per call beyond the amortised growth of the typed
 * arrays and a narrowing each time the bound shrinks.
 */
import type { Game } from '../game/game.ts';
import { ForwardingGame } from '../game/forwarding-game.ts';
import type { ProofRole, ProofSink } from '../proof/proof-sink.ts';
import type { OrderingView, SearchObserver } from '../search/search-observer.ts';
import type { TraceRegion } from './trace-region.ts';
import { RegionBound } from './region-bound.ts';
import type { CensusTrie } from './census-trie.ts';
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

function grown<T extends Column>(a: T, cap: number, fill: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a as never);
  if (fill !== 0) b.fill(fill as never, a.length);
  return b;
}

/**
 * a[j] = a[from[j]] for j < kept, in place (from[j] ≥ j, increasing). The elements move as raw words
 * of the column's width, so each loop sees at most three array types, not the columns' seven.
 */
function gather(a: Column, from: Int32Array, kept: number): void {
  const bytes = a.BYTES_PER_ELEMENT;
  if (bytes === 8) {
    const w = new Uint32Array(a.buffer, a.byteOffset, a.length * 2);
    for (let j = 0; j < kept; j++) {
      const f = 2 * from[j];
      w[2 * j] = w[f];
      w[2 * j + 1] = w[f + 1];
    }
    return;
  }
  const w =
    bytes === 4
      ? new Uint32Array(a.buffer, a.byteOffset, a.length)
      : bytes === 2
        ? new Uint16Array(a.buffer, a.byteOffset, a.length)
        : new Uint8Array(a.buffer, a.byteOffset, a.length);
  for (let j = 0; j < kept; j++) w[j] = w[from[j]];
}

/** Per series while recording: the trace's columns and the calls below held leaves. */
interface SeriesColumns extends SeriesTrace {
  below: Float64Array;
  passBelow: Float64Array;
}

type SeriesColumn = { [K in keyof SeriesColumns]: SeriesColumns[K] extends Column ? K : never }[keyof SeriesColumns];

/**
 * A series' columns, spelled out as one literal: the searches read and write them at every call, and
 * a literal's object shape records the trace ~10 % faster than one built by a loop (SERIES_COLUMNS is
 * read from this one).
 */
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

/** Each per-node column of a series, with the value a new node starts with (as newSeries makes them). */
const SERIES_COLUMNS: readonly [SeriesColumn, number][] = Object.entries(newSeries('', 1)).flatMap(([k, v]) =>
  ArrayBuffer.isView(v) ? [[k as SeriesColumn, (v as Column)[0]] as [SeriesColumn, number]] : [],
);

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
  /** the region held: the census's, or while the census is taken with the searches, its bound */
  private region: TraceRegion;
  private census: RegionBound | null;
  /** the census trie to fill, told every step of the searches (not of the proof walk) */
  private trie: CensusTrie | null;

  /**
   * `region`: the census's region, or a RegionBound when the census is taken by the searches recorded
   * here (the region is then narrowed to the census's when the proof walk starts); `trie`: a census
   * trie to fill on the way.
   */
  constructor(
    inner: Game,
    labels: readonly string[],
    region: TraceRegion | RegionBound,
    trie: CensusTrie | null = null,
  ) {
    super(inner);
    // plyOf holds a ply in a byte
    if (inner.maxPly > 255)
      throw new RangeError(`trace: trees taller than 255 plies are not supported (maxPly ${inner.maxPly})`);
    this.trie = trie;
    this.census = region instanceof RegionBound ? region : null;
    this.region = region instanceof RegionBound ? region.region : region;
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
    this.trie?.reset();
    this.cur = ROOT;
    this.beyond = 0;
    this.onPath[0] = 1;
  }

  override expand(): number {
    const n = this.inner.expand();
    if (this.trie !== null) this.trie.expand(this.inner.ply, n);
    if (n === 0 || this.beyond > 0 || this.first[this.cur] >= 0) return n;
    const ply = this.plyOf[this.cur];
    const onPath = this.onPath[ply] === 1;
    if (!this.region.holdsChildren(ply, onPath)) return n;
    if (this.census?.add(ply, onPath, n) === true) {
      this.narrow(this.census.region);
      if (this.beyond > 0 || !this.region.holdsChildren(ply, onPath)) return n;
    }
    this.addChildren(this.cur, n);
    return n;
  }

  override descend(i: number): void {
    const ply = this.inner.ply;
    this.inner.descend(i);
    this.trie?.descend(ply, i);
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
    if (this.trie !== null) this.trie.ascend(this.inner.ply);
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
    if (!this.final) return;
    // Every ordering restarts its ply's count of descents, held or not: the ranks then do not depend on the region.
    this.descents[this.inner.ply] = 0;
    const f = this.first[this.cur];
    if (this.beyond > 0 || f < 0) return;
    // A later ordering of the same children in the final pass (a re-search, an MTD(f) pass) replaces the earlier one.
    const s = this.s!,
      n = view.n;
    s.rank.fill(0, f, f + n);
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

  /** Start a proof walk on the root (the searches are over: a region bound is narrowed to the census's region). */
  startProof(): void {
    if (this.census !== null) {
      this.narrow(this.census.final());
      this.census = null;
    }
    this.trie = null;
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
      series: this.series.map((s) => {
        const out: Record<string, unknown> = { label: s.label, value: s.value };
        for (const [k] of SERIES_COLUMNS) if (k !== 'below' && k !== 'passBelow') out[k] = cut(s[k]);
        return out as unknown as SeriesTrace;
      }),
    };
  }

  private addChildren(v: number, n: number): void {
    const need = this.count + n;
    if (need > this.parent.length) {
      let cap = this.parent.length * 2;
      while (cap < need) cap *= 2;
      this.eachColumn((a, fill) => grown(a, cap, fill));
    }
    const f = this.count;
    this.first[v] = f;
    this.degree[v] = n;
    this.parent.fill(v, f, need);
    this.plyOf.fill(this.plyOf[v] + 1, f, need);
    this.count = need;
  }

  /** Replace every per-node column by `f(column, the value a new node starts with)`. */
  private eachColumn(f: <T extends Column>(a: T, fill: number) => T): void {
    this.parent = f(this.parent, -1);
    this.plyOf = f(this.plyOf, 0);
    this.first = f(this.first, -1);
    this.degree = f(this.degree, 0);
    this.role = f(this.role, NO_ROLE);
    this.bound = f(this.bound, 0);
    this.proofBelow = f(this.proofBelow, 0);
    for (const s of this.series) {
      const cols = s as unknown as Record<SeriesColumn, Column>;
      for (const [k, fill] of SERIES_COLUMNS) cols[k] = f(cols[k], fill);
    }
  }

  /**
   * Hold only `region` (within the one held now), as if it had been held from the start: the nodes
   * outside go, their calls added to the `below` counts of their deepest ancestor left (as calls below
   * a held leaf are), and the nodes left keep their order (the order they were created in).
   */
  private narrow(region: TraceRegion): void {
    const n = this.count;
    const parent = this.parent;
    const first = this.first;
    // Per node: its new index (−1: it goes) and, for one that goes, its deepest ancestor left; per
    // new index, the node's old one.
    const index = new Int32Array(n);
    const keeper = new Int32Array(n);
    const from = new Int32Array(n);
    const onPath = new Uint8Array(n);
    onPath[ROOT] = 1;
    let kept = 1;
    for (let v = ROOT + 1; v < n; v++) {
      const p = parent[v];
      const ply = this.plyOf[p];
      onPath[v] = onPath[p] === 1 && region.follows(ply, v - first[p]) ? 1 : 0;
      if (index[p] >= 0 && region.holdsChildren(ply, onPath[p] === 1)) {
        from[kept] = v;
        index[v] = kept++;
        keeper[v] = v;
      } else {
        index[v] = -1;
        keeper[v] = index[p] >= 0 ? p : keeper[p];
      }
    }
    if (kept === n) {
      this.region = region;
      return;
    }
    for (const s of this.series) {
      for (let v = ROOT + 1; v < n; v++) {
        if (index[v] >= 0) continue;
        const k = keeper[v];
        s.below[k] += s.visits[v] + s.below[v];
        s.passBelow[k] += s.passVisits[v] + s.passBelow[v];
      }
    }
    // The cursor: its node if left, else the deepest ancestor left, the plies between counted beyond it.
    let cur = this.cur;
    if (index[cur] < 0) {
      this.beyond += this.plyOf[cur] - this.plyOf[keeper[cur]];
      cur = keeper[cur];
    }
    this.cur = index[cur];
    this.eachColumn((a, fill) => {
      gather(a, from, kept);
      a.fill(fill as never, kept, n);
      return a;
    });
    for (let v = ROOT + 1; v < kept; v++) this.parent[v] = index[this.parent[v]];
    for (let v = ROOT; v < kept; v++) {
      const f = this.first[v];
      if (f >= 0 && index[f] >= 0) this.first[v] = index[f];
      else {
        this.first[v] = -1;
        this.degree[v] = 0;
      }
    }
    this.count = kept;
    this.region = region;
  }
}
