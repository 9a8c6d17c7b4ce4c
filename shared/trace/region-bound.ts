/**
 * The census of a trace taken by the searches that record it (./trace-recorder.ts), so that a first
 * trace searches once. The census's region (censusRegion, ./trace-region.ts) is known only when the
 * searches end; until then the recorder holds a bound: a region that contains the census's region
 * whatever the rest of the searches expand, and shrinks as the counts grow (the recorder then folds
 * what it held outside into the nodes at the new edge).
 *
 * censusRegion's maxPly is the most plies k ≥ 1 with 1 + Σ_{p<k} children[p] ≤ budget/2, and its
 * focusMaxPly is at most max(maxPly, focus length + 1, K), K the most plies with
 * 1 + Σ_{p<K} focusChildren[p] ≤ budget (each ply it adds below its start fits the budget, and what it
 * holds is at least the focus path's part). Counts only grow, so both bounds only fall, and the bound
 * holds every node whose children they count: every node above maxPly, every focus-path node above
 * focusMaxPly. So the counts are exact above the bounds, and at a bound that fell the count that made
 * it fall is kept and has only grown since: censusRegion on these counts stops where it stops on the
 * full census, and gives the census's region. The bound holds at most the budget's nodes with the
 * root as focus (the whole tree is then on the path), 1.5 times it with another focus.
 */
import { censusRegion, TraceRegion } from './trace-region.ts';

export class RegionBound {
  /** per ply: the children the recorded expansions at that ply create, exact at plies < maxPly */
  private readonly children: Float64Array;
  /** per ply: those of them on the focus path, exact at plies < focusMaxPly */
  private readonly focusChildren: Float64Array;
  private maxPly: number;
  private focusMaxPly: number;
  /** the region held now */
  region: TraceRegion;

  constructor(
    private readonly focus: readonly number[],
    private readonly depth: number,
    private readonly budget: number,
  ) {
    this.children = new Float64Array(depth + 1);
    this.focusChildren = new Float64Array(depth + 1);
    this.maxPly = depth;
    this.focusMaxPly = depth;
    this.region = this.held();
  }

  /**
   * Count the n children of a node's first expansion at `ply` (one the region holds children of;
   * `onPath`: on the focus path); returns whether the region shrank.
   */
  add(ply: number, onPath: boolean, n: number): boolean {
    this.children[ply] += n;
    if (onPath) this.focusChildren[ply] += n;
    const b = this.budget;
    let held = 1 + this.children[0],
      maxPly = 1;
    while (maxPly < this.maxPly && held + this.children[maxPly] <= b / 2) held += this.children[maxPly++];
    let focusHeld = 1,
      k = 0;
    while (k < this.focusMaxPly && focusHeld + this.focusChildren[k] <= b) focusHeld += this.focusChildren[k++];
    const focusMaxPly = Math.max(maxPly, Math.min(this.depth, this.focus.length + 1), k);
    if (maxPly === this.maxPly && focusMaxPly === this.focusMaxPly) return false;
    this.maxPly = maxPly;
    this.focusMaxPly = focusMaxPly;
    this.region = this.held();
    return true;
  }

  /** The census's region, once every expansion has been counted. */
  final(): TraceRegion {
    const counts = { children: this.children, focusChildren: this.focusChildren, cappedPly: [Infinity, Infinity] };
    const region = censusRegion(counts, this.focus, this.depth, this.budget);
    const d = region.describe();
    if (d.maxPly > this.maxPly || d.focusMaxPly > this.focusMaxPly)
      throw new Error(
        `trace: the census's region (${d.maxPly}, ${d.focusMaxPly}) exceeds the region held (${this.maxPly}, ${this.focusMaxPly})`,
      );
    return region;
  }

  private held(): TraceRegion {
    return new TraceRegion({ maxPly: this.maxPly, focus: [...this.focus], focusMaxPly: this.focusMaxPly });
  }
}
