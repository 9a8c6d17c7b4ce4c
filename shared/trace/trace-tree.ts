/**
 * The searched tree of one run tree at one depth, as the tree viewer shows it: the nodes some series
 * visited or the minimum proof tree (Furtak & Buro 2009, Sec. 2 and 5.2) contains, with the siblings
 * they were expanded among, addressed by path from the root, within a region (./trace-region.ts). The
 * full tree is never materialised: a node's children exist here only once a search (or the proof)
 * expanded it inside the region; below the region's edge only counts are kept (`more` marks it).
 *
 * Plain typed arrays in one object, so a worker can post it with its buffers transferred. Node 0 is the
 * root; a node's children are the consecutive nodes first[v] .. first[v] + degree[v] − 1 in natural
 * move order, always numbered after their parent.
 */
import { PV } from '../proof/proof-sink.ts';
import type { RegionDescription } from './trace-region.ts';

/** What one series did at each node: all its iterative-deepening passes, and the final one in detail. */
export interface SeriesTrace {
  label: string;
  /** the root's value from the final pass */
  value: number;
  /** calls of the search function at the node, every pass (re-searches and MTD(f) passes count again) */
  visits: Int32Array;
  /** calls in the node's subtree, the node included, every pass: at the root, the run's `visited` */
  spent: Float64Array;
  /** calls at the node in the final pass (the search of the viewed depth) */
  passVisits: Int32Array;
  /** calls in the node's subtree in the final pass: at the root, the run's `passVisited` */
  passSpent: Float64Array;
  /** number of the final pass's call (1, 2, … over all its calls) that first reached the node; 0 = not visited then */
  order: Int32Array;
  /** window and fail-soft result of the node's last call in the final pass (the node's negamax view) */
  alpha: Float64Array;
  beta: Float64Array;
  result: Float64Array;
  /** child (move index) whose result reached β and ended that call; −1 if the call did not cut */
  cut: Int16Array;
  /**
   * What the ordering knew of this node as a child, at its parent's last ordering of the final pass:
   * ORDERED, KNOWN_* and the engine's VALUE_SEARCHED, VALUE_RANDOM and SIZE_KNOWN bits
   * (../search/search-context.ts), or 0 where the parent's children were not ordered in the final
   * pass (not reached, settled by the transposition table, or searched by an algorithm that does not
   * order).
   */
  known: Uint8Array;
  /** V_i and S_i the ordering was given (where it read them), and the key it computed */
  childValue: Float32Array;
  childSize: Float32Array;
  key: Float64Array;
  /** 1-based place in which that call of the parent searched this child; 0 = not searched in it */
  rank: Uint16Array;
}

export interface TraceTree {
  /** nodes in use */
  count: number;
  /** which part of the tree is held */
  region: RegionDescription;
  parent: Int32Array;
  ply: Uint8Array;
  /** first child, or −1 where no search expanded the node or it lies at the region's edge */
  first: Int32Array;
  degree: Uint16Array;
  /** 1 at a held node without held children below which some series (or the proof) went on */
  more: Uint8Array;
  /** role in the minimum proof tree (PV, CUT, ALL of ../proof/proof-sink.ts), or NO_ROLE */
  role: Int8Array;
  /** the proof's bound at the node: its value (PV), f ≥ bound (CUT) or f ≤ bound (ALL) */
  bound: Float64Array;
  /** nodes of the minimum proof tree in the node's subtree, the node included */
  proofSpent: Float64Array;
  mptSize: number;
  series: SeriesTrace[];
}

export const NO_ROLE = -1;
/** Bits of SeriesTrace.known beside the engine's (1, 2, 4): the ordering read V_i; it read S_i; searched first as the table's stored move. */
export const KNOWN_VALUE_READ = 8;
export const KNOWN_SIZE_READ = 16;
export const KNOWN_TT_FIRST = 32;
/** Bit of SeriesTrace.known: the parent's children were ordered in the final pass (the other bits are valid). */
export const ORDERED = 128;
export const ROOT = 0;

/** Child index of v under its parent (natural move order). */
function moveOf(t: TraceTree, v: number): number {
  return v - t.first[t.parent[v]];
}

/** Child index path from the root to v (the moves, natural order). */
export function pathTo(t: TraceTree, v: number): number[] {
  const out: number[] = [];
  for (let x = v; x !== ROOT; x = t.parent[x]) out.push(moveOf(t, x));
  return out.reverse();
}

/** The node at `path`, or −1 where the path leaves what the trace holds. */
export function nodeAt(t: TraceTree, path: readonly number[]): number {
  let v = ROOT;
  for (const i of path) {
    if (t.first[v] < 0 || i < 0 || i >= t.degree[v]) return -1;
    v = t.first[v] + i;
  }
  return v;
}

/** The child of v on the minimum proof tree's principal variation, or −1 (v off it, or a leaf). */
export function pvChild(t: TraceTree, v: number): number {
  if (t.first[v] < 0 || t.role[v] !== PV) return -1;
  for (let c = t.first[v], e = c + t.degree[v]; c < e; c++) if (t.role[c] === PV) return c;
  return -1;
}

/** The typed arrays of a trace, for a worker to transfer instead of copying. */
export function traceBuffers(t: TraceTree): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [t.parent, t.ply, t.first, t.degree, t.more, t.role, t.bound, t.proofSpent];
  for (const s of t.series) {
    arrays.push(s.visits, s.spent, s.passVisits, s.passSpent, s.order, s.alpha, s.beta, s.result, s.cut);
    arrays.push(s.known, s.childValue, s.childSize, s.key, s.rank);
  }
  return arrays.map((a) => a.buffer as ArrayBuffer);
}
