/**
 * The census of a trace (./trace-region.ts) kept for reuse: every expansion of the searches of one
 * (run, tree, depth), counted while they record its first trace (./trace-recorder.ts tells the trie
 * each step), into a trie that does not depend on the focus or the budget; each trace built on it
 * afterwards (the same tree opened again, or focused on a node at its edge) narrows it to its focus
 * and searches only to record (./census-cache.ts keeps the tries).
 *
 * Narrowing gives exactly the region of a census counted afresh for the same focus and budget, with
 * each part (on the focus path, off it) stopping at `budget` children per ply and the region reading
 * a part's count only at plies above the first that overflowed (cappedPly), where the count is exact
 * (test/helpers/trace-census.ts is that census). The trie holds the exact counts of both parts at
 * every ply it recorded completely, and a part overflows exactly at the first ply whose exact count
 * exceeds the cap, so the same region follows. The trie stops recording at a node limit; a ply it did
 * not record completely (`completePly`) can decide a region, and then narrowing declines (returns
 * null) and the recording searches take the census themselves (./region-bound.ts).
 */
import { censusRegion, type TraceRegion } from './trace-region.ts';
import { TrieCursor } from './trie-cursor.ts';

/** Trie nodes held at most: 2^23 (about 50 MB); a depth-10 Figure 4 tree's expansions take 3.8·10^6. */
const CENSUS_TRIE_LIMIT = 1 << 23;

/** Children a trie node can record (its degree is held in 16 bits). */
const MAX_DEGREE = 0xffff;

export class CensusTrie extends TrieCursor {
  /** per ply: the children the recorded expansions at that ply create */
  readonly children: Float64Array;
  /** every expansion at a ply above this one is recorded (Infinity: every expansion is) */
  completePly = Infinity;
  /** per trie node: its number of children, once expanded */
  private degree: Uint16Array;

  constructor(
    maxPly: number,
    private readonly limit = CENSUS_TRIE_LIMIT,
  ) {
    super(maxPly);
    this.children = new Float64Array(maxPly + 2);
    this.degree = new Uint16Array(this.first.length);
  }

  /** The searches expanded the node under the cursor, at `ply`, into n children. */
  expand(ply: number, n: number): void {
    if (n === 0 || this.beyond > 0 || this.first[this.cur] >= 0) return;
    if (this.count + n > this.limit || n > MAX_DEGREE) {
      if (ply < this.completePly) this.completePly = ply;
      return;
    }
    this.degree[this.cur] = n;
    this.addChildren(n);
    this.children[ply] += n;
  }

  protected override grow(size: number): void {
    super.grow(Math.min(this.limit, size));
    const d = new Uint16Array(this.first.length);
    d.set(this.degree);
    this.degree = d;
  }

  /**
   * The census's region for `focus` and `budget` (its node cap) to `depth`, from the trie; null when
   * a ply the trie did not record completely could decide it.
   */
  region(focus: readonly number[], depth: number, budget: number): TraceRegion | null {
    const plies = this.children.length;
    const onPath = new Float64Array(plies);
    // The path to the focus: each expanded node on it counts its children on the path.
    let node = 0;
    let ply = 0;
    for (; ply < focus.length && this.first[node] >= 0; ply++) {
      onPath[ply] += this.degree[node];
      if (focus[ply] >= this.degree[node]) {
        node = -1; // the focus is no node of this tree: only its path is counted
        break;
      }
      node = this.first[node] + focus[ply];
    }
    // The focus's subtree, depth-first: every expanded node in it counts on the path (with the root as
    // focus, the whole trie: its per-ply counts).
    if (focus.length === 0) onPath.set(this.children);
    else if (node >= 0 && ply === focus.length) {
      const nodes = [node];
      const nodePly = [ply];
      while (nodes.length > 0) {
        const x = nodes.pop()!;
        const p = nodePly.pop()!;
        if (this.first[x] < 0) continue;
        const n = this.degree[x];
        onPath[p] += n;
        for (let i = 0; i < n; i++) {
          nodes.push(this.first[x] + i);
          nodePly.push(p + 1);
        }
      }
    }
    const g = this.completePly;
    const counted = Math.min(plies, g);
    const children = new Float64Array(plies);
    const focusChildren = new Float64Array(plies);
    const cappedPly = [Infinity, Infinity];
    for (let p = 0; p < counted; p++) {
      children[p] = this.children[p];
      focusChildren[p] = onPath[p];
      if (onPath[p] > budget && cappedPly[1] === Infinity) cappedPly[1] = p;
      if (this.children[p] - onPath[p] > budget && cappedPly[0] === Infinity) cappedPly[0] = p;
    }
    // A part that did not overflow above g may overflow at g or below: the region then stops at g,
    // and narrowing declines when it reaches g, where the census might have gone on.
    if (cappedPly[0] > g) cappedPly[0] = g;
    if (cappedPly[1] > g) cappedPly[1] = g;
    const region = censusRegion({ children, focusChildren, cappedPly }, focus, depth, budget);
    const d = region.describe();
    return d.maxPly >= g || d.focusMaxPly >= g ? null : region;
  }
}
