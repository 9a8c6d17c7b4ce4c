/**
 * Which part of a searched tree a trace holds (./trace-recorder.ts). A depth-10 Figure 4 tree has about
 * 10^6 nodes some series visits (3·10^6 with their unvisited siblings), more than a page can hold with
 * every series' windows, so a trace keeps every node down to ply `maxPly` and, below it, only the
 * subtree of a `focus` node (a path of moves from the root) down to ply `focusMaxPly`. Deeper calls
 * are counted in their deepest held ancestor, so subtree counts stay exact; opening a node at the
 * edge builds a new trace focused on it.
 *
 * The plies are chosen from a census of the searches: the distinct children their expansions create
 * per ply, everywhere and on the focus path; the region takes the most plies whose children fit the
 * node budget. A first trace takes the census while it records (./region-bound.ts) and keeps it for
 * the next trace of the same tree and depth (./census-trie.ts).
 */
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

/** A census's per-ply counts: what the region is chosen from. */
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
