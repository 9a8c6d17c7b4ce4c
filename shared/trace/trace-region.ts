/**
 * Which part of a searched tree a trace holds (./trace-recorder.ts). A depth-10 Figure 4 tree has about
 * 10^6 nodes some series visits (3·10^6 with their unvisited siblings), more than a page can hold with
 * every series' windows, so a trace keeps every node down to ply `maxPly` and, below it, only the
 * subtree of a `focus` node (a path of moves from the root) down to ply `focusMaxPly`. Deeper calls
 * are counted in their deepest held ancestor, so subtree counts stay exact; opening a node at the
 * edge builds a new trace focused on it.
 *
 * The plies are chosen from a census: the searches run once with a counter of the children each
 * expansion creates per ply (on the focus path and everywhere), and the region takes the most plies
 * whose children fit the node budget. Expansions repeated by later passes are counted again, so the
 * census over-counts and the budget is an upper bound.
 */
import type { Game } from '../game/game.ts';
import { ForwardingGame } from '../game/forwarding-game.ts';

export interface RegionDescription {
  /** every node at ply < maxPly has its children held */
  maxPly: number;
  /** moves (natural order, 0-based) from the root to the focus node */
  focus: number[];
  /** nodes on the focus path or below the focus at ply < focusMaxPly have their children held */
  focusMaxPly: number;
}

/** The region in words: "every node to ply 7", "… and below node 1.3.2 to ply 10" (moves 1-based). */
export function describeRegion(r: RegionDescription): string {
  if (r.focus.length === 0) return `every node to ply ${Math.max(r.maxPly, r.focusMaxPly)}`;
  return `every node to ply ${r.maxPly}, and below node ${r.focus.map((i) => i + 1).join('.')} to ply ${r.focusMaxPly}`;
}

export class TraceRegion {
  constructor(private readonly d: RegionDescription) {}

  /** Whether a held node at `ply` (on the focus path or below the focus: `onPath`) gets its children held. */
  holdsChildren(ply: number, onPath: boolean): boolean {
    return ply < this.d.maxPly || (onPath && ply < this.d.focusMaxPly);
  }

  /** Whether move i at `ply` keeps a path that follows the focus (always, below the focus). */
  follows(ply: number, i: number): boolean {
    return ply >= this.d.focus.length || this.d.focus[ply] === i;
  }

  describe(): RegionDescription {
    return { maxPly: this.d.maxPly, focus: [...this.d.focus], focusMaxPly: this.d.focusMaxPly };
  }
}

/**
 * Counts, per ply, the distinct children the searches' expansions create, everywhere and on the focus
 * path (the path to the focus and the focus's subtree), in a bare trie (one Int32 per node). A ply of
 * either part stops growing at `cap` children: a region cannot hold more than that at one ply anyway,
 * and it never reaches past the shallowest ply that was cut short, so nothing it needs goes uncounted.
 */
export class TraceCensus extends ForwardingGame {
  readonly children: Float64Array;
  readonly focusChildren: Float64Array;
  /** per part (0: off the focus path, 1: on it): the shallowest ply whose children did not fit (Infinity: none) */
  readonly cappedPly = [Infinity, Infinity];
  private first: Int32Array;
  private count = 1;
  private cur = 0;
  private beyond = 0;
  /** per ply: the trie node on the cursor's path, and whether the path follows the focus */
  private readonly stack: Int32Array;
  private readonly onPath: Uint8Array;

  constructor(
    inner: Game,
    private readonly focus: readonly number[],
    private readonly cap: number,
  ) {
    super(inner);
    this.children = new Float64Array(inner.maxPly + 2);
    this.focusChildren = new Float64Array(inner.maxPly + 2);
    this.onPath = new Uint8Array(inner.maxPly + 2);
    this.stack = new Int32Array(inner.maxPly + 2);
    this.first = new Int32Array(1 << 12).fill(-1);
  }

  override reset(): void {
    this.inner.reset();
    this.cur = 0;
    this.beyond = 0;
    this.onPath[0] = 1;
  }

  override expand(): number {
    const n = this.inner.expand();
    if (n === 0 || this.beyond > 0 || this.first[this.cur] >= 0) return n;
    const ply = this.inner.ply;
    const part = this.onPath[ply];
    const atPly = part === 1 ? this.focusChildren[ply] : this.children[ply] - this.focusChildren[ply];
    if (atPly + n > this.cap) {
      if (ply < this.cappedPly[part]) this.cappedPly[part] = ply;
      return n;
    }
    if (this.count + n > this.first.length) {
      const f = new Int32Array(Math.max(this.first.length * 2, this.count + n)).fill(-1);
      f.set(this.first);
      this.first = f;
    }
    this.first[this.cur] = this.count;
    this.count += n;
    this.children[ply] += n;
    if (part === 1) this.focusChildren[ply] += n;
    return n;
  }

  override descend(i: number): void {
    const ply = this.inner.ply;
    this.inner.descend(i);
    if (this.beyond === 0 && this.first[this.cur] >= 0) {
      this.cur = this.first[this.cur] + i;
      this.stack[ply + 1] = this.cur;
      this.onPath[ply + 1] = this.onPath[ply] === 1 && (ply >= this.focus.length || this.focus[ply] === i) ? 1 : 0;
    } else this.beyond++;
  }

  override ascend(): void {
    this.inner.ascend();
    if (this.beyond > 0) this.beyond--;
    else this.cur = this.stack[this.inner.ply];
  }

  /** The region for a node budget (censusRegion on this census's counts). */
  region(depth: number, budget: number): TraceRegion {
    return censusRegion(this, this.focus, depth, budget);
  }
}

/** A census's per-ply counts: what the region is chosen from (TraceCensus's fields). */
export interface CensusCounts {
  /** per ply: the children expansions at that ply create */
  readonly children: Float64Array;
  /** per ply: those of them created on the focus path */
  readonly focusChildren: Float64Array;
  /** per part (0: off the focus path, 1: on it): the shallowest ply whose children did not fit (Infinity: none) */
  readonly cappedPly: readonly number[];
}

/**
 * The region for a node budget: all plies whose children fit half of it (at least the root's), then
 * as far below the focus as the rest allows (at least one ply below the focus), never below `depth`
 * nor past a ply the census could not count.
 */
export function censusRegion(c: CensusCounts, focus: readonly number[], depth: number, budget: number): TraceRegion {
  const last = Math.min(depth, c.cappedPly[0], c.cappedPly[1]);
  let held = 1 + c.children[0],
    maxPly = 1;
  while (maxPly < last && held + c.children[maxPly] <= budget / 2) held += c.children[maxPly++];
  const focusLast = Math.min(depth, c.cappedPly[1]);
  let focusMaxPly = Math.max(maxPly, Math.min(depth, focus.length + 1));
  for (let p = maxPly; p < focusMaxPly; p++) held += c.focusChildren[p];
  while (focusMaxPly < focusLast && held + c.focusChildren[focusMaxPly] <= budget)
    held += c.focusChildren[focusMaxPly++];
  return new TraceRegion({ maxPly, focus: [...focus], focusMaxPly });
}
