/**
 * What the tree viewer shows of a trace (shared/trace/trace-tree.ts): the nodes opened so far from the
 * root (the rest of the trace stays folded, and the full tree is never built), laid out tidily, and the
 * words for one node: its place in the minimum proof tree (Furtak & Buro 2009, Sec. 2, 5.2) and what
 * each series did there (window, result and bound, visit order, the child that cut, nodes spent below).
 * Opening or closing a node lays out only the shown nodes: O(shown), with buffers sized once per trace.
 */
import { INF } from '../../../shared/game/game.ts';
import { ALL, CUT, PV } from '../../../shared/proof/proof-sink.ts';
import { nodeAt, pathTo, pvChild, ROOT, type TraceTree } from '../../../shared/trace/trace-tree.ts';
import { describeRegion } from '../../../shared/trace/trace-region.ts';

export const SLOT = 30; // horizontal distance between neighbouring shown leaves
const LEVEL = 64; // vertical distance between plies

export class TraceView {
  /** 1 where the node's children are shown */
  readonly open: Uint8Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** shown nodes in preorder: visible[0 .. shown) */
  readonly visible: Int32Array;
  shown = 0;
  width = 0;
  height = 0;
  private readonly stackV: Int32Array;
  private readonly stackK: Int32Array;

  constructor(readonly t: TraceTree) {
    const n = t.count;
    this.open = new Uint8Array(n);
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.visible = new Int32Array(n);
    let maxPly = 0;
    for (let v = 0; v < n; v++) if (t.ply[v] > maxPly) maxPly = t.ply[v];
    this.stackV = new Int32Array(maxPly + 2);
    this.stackK = new Int32Array(maxPly + 2);
    this.layout();
  }

  /** Whether v has children the trace holds (some search or the proof expanded it). */
  canOpen(v: number): boolean {
    return this.t.first[v] >= 0;
  }

  /** Whether searches (or the proof) went below v but the trace ends there: a trace focused on v shows it. */
  needsDeeper(v: number): boolean {
    return this.t.first[v] < 0 && this.t.more[v] === 1;
  }

  /** Paths (moves from the root) of the open nodes, to open the same ones in another trace of the tree. */
  openPaths(): number[][] {
    const out: number[][] = [];
    for (let i = 0; i < this.shown; i++)
      if (this.open[this.visible[i]] === 1) out.push(pathTo(this.t, this.visible[i]));
    return out;
  }

  /** Open the nodes at these paths that this trace holds. */
  openAt(paths: readonly (readonly number[])[]): void {
    for (const p of paths) {
      const v = nodeAt(this.t, p);
      if (v >= 0 && this.canOpen(v)) {
        this.open[v] = 1;
        for (let u = v; u !== ROOT; u = this.t.parent[u]) this.open[this.t.parent[u]] = 1;
      }
    }
    this.layout();
  }

  /** Show v's children (and its ancestors' so that v itself is shown); false if it has none. */
  expand(v: number): boolean {
    if (!this.canOpen(v)) return false;
    for (let u = v; u !== ROOT && this.open[this.t.parent[u]] === 0; u = this.t.parent[u])
      this.open[this.t.parent[u]] = 1;
    this.open[v] = 1;
    this.layout();
    return true;
  }

  collapse(v: number): void {
    this.open[v] = 0;
    this.layout();
  }

  toggle(v: number): void {
    if (this.open[v] === 1) this.collapse(v);
    else this.expand(v);
  }

  /** Open v and step to its child on the proof's principal variation; returns it, or −1 off the PV. */
  expandPv(v: number): number {
    const c = pvChild(this.t, v);
    if (c < 0) return -1;
    this.expand(v);
    return c;
  }

  /** Open the whole principal variation from the root; returns its last node. */
  expandWholePv(): number {
    let v = ROOT;
    for (let c = pvChild(this.t, v); c >= 0; c = pvChild(this.t, v)) {
      this.open[v] = 1;
      v = c;
    }
    this.layout();
    return v;
  }

  /** Open every node the trace holds: everything any series visited, and the proof. */
  expandAll(): void {
    for (let v = 0; v < this.t.count; v++) this.open[v] = this.t.first[v] >= 0 ? 1 : 0;
    this.layout();
  }

  isShown(v: number): boolean {
    for (let u = v; u !== ROOT; u = this.t.parent[u]) if (this.open[this.t.parent[u]] === 0) return false;
    return true;
  }

  /**
   * Tidy layout of the shown nodes: leaves one SLOT apart left to right in move order, a parent centred
   * over its first and last child, plies LEVEL apart. Iterative, so depth is no concern.
   */
  layout(): void {
    const t = this.t,
      open = this.open,
      x = this.x,
      y = this.y,
      vis = this.visible;
    const sv = this.stackV,
      sk = this.stackK;
    let top = 0,
      slot = 0,
      shown = 0,
      maxPly = 0;
    sv[0] = ROOT;
    sk[0] = 0;
    vis[shown++] = ROOT;
    while (top >= 0) {
      const v = sv[top];
      const k = sk[top];
      if (open[v] === 1 && k < t.degree[v]) {
        sk[top] = k + 1;
        const c = t.first[v] + k;
        vis[shown++] = c;
        sv[++top] = c;
        sk[top] = 0;
        continue;
      }
      top--;
      if (open[v] === 1 && t.degree[v] > 0) x[v] = (x[t.first[v]] + x[t.first[v] + t.degree[v] - 1]) / 2;
      else x[v] = slot++ * SLOT;
      y[v] = t.ply[v] * LEVEL;
      if (t.ply[v] > maxPly) maxPly = t.ply[v];
    }
    this.shown = shown;
    this.width = Math.max(0, slot - 1) * SLOT;
    this.height = maxPly * LEVEL;
  }

  /** The shown node nearest (x, y) in layout units within `radius`, or −1. */
  hit(px: number, py: number, radius: number): number {
    let best = -1,
      bd = radius * radius;
    for (let i = 0; i < this.shown; i++) {
      const v = this.visible[i];
      const dx = this.x[v] - px,
        dy = this.y[v] - py,
        d = dx * dx + dy * dy;
      if (d <= bd) {
        bd = d;
        best = v;
      }
    }
    return best;
  }
}

const ROLE_NAMES = { [PV]: 'PV node (exact value)', [CUT]: 'cut node', [ALL]: 'all-node' } as const;

/** What part of the tree the trace holds, in the viewer's words (as the exported files say it). */
export const regionWords = (t: TraceTree): string => describeRegion(t.region);

/** A window end or value for people: ±∞ for the searches' infinities. */
export function num(x: number): string {
  if (x >= INF) return '+∞';
  if (x <= -INF) return '−∞';
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(4)));
}

/** The proof's claim at v: "= 3", "≥ 3", "≤ 3", or null off the proof. */
export function proofClaim(t: TraceTree, v: number): string | null {
  const r = t.role[v];
  if (r === PV) return `= ${num(t.bound[v])}`;
  if (r === CUT) return `≥ ${num(t.bound[v])}`;
  if (r === ALL) return `≤ ${num(t.bound[v])}`;
  return null;
}

/** What a fail-soft result says about the node's value given its window (alpha-beta's contract). */
export function resultClaim(alpha: number, beta: number, r: number): string {
  if (r <= alpha) return `≤ ${num(r)} (fail low)`;
  if (r >= beta) return `≥ ${num(r)} (fail high)`;
  return `= ${num(r)}`;
}

interface SeriesAtNode {
  label: string;
  /** calls at the node, every pass */
  visits: number;
  /** calls in its subtree, every pass / the final pass */
  spent: number;
  passSpent: number;
  /** share of the series' whole search spent below the node */
  share: number;
  /** nodes spent below ÷ the minimum proof tree's nodes below (null where the proof has none) */
  overProof: number | null;
  order: number;
  window: string | null;
  result: string | null;
  /** the move that cut, 1-based as shown in paths, or null */
  cut: number | null;
}

export interface NodeDetails {
  /** moves from the root, 1-based */
  path: string;
  ply: number;
  children: number | null;
  /** the trace ends here, though searches went deeper */
  deeper: boolean;
  /** nodes of the minimum proof tree here and below */
  proofBelow: number;
  proof: string | null;
  role: string | null;
  series: SeriesAtNode[];
}

export function nodeDetails(t: TraceTree, v: number): NodeDetails {
  const role = t.role[v];
  return {
    path:
      v === ROOT
        ? 'root'
        : pathTo(t, v)
            .map((i) => i + 1)
            .join('.'),
    ply: t.ply[v],
    children: t.first[v] >= 0 ? t.degree[v] : null,
    deeper: t.first[v] < 0 && t.more[v] === 1,
    proofBelow: t.proofSpent[v],
    proof: proofClaim(t, v),
    role: role === PV || role === CUT || role === ALL ? ROLE_NAMES[role] : null,
    series: t.series.map((s) => {
      const seen = s.passVisits[v] > 0;
      return {
        label: s.label,
        visits: s.visits[v],
        spent: s.spent[v],
        passSpent: s.passSpent[v],
        share: s.spent[ROOT] > 0 ? s.spent[v] / s.spent[ROOT] : 0,
        overProof: t.proofSpent[v] > 0 ? s.spent[v] / t.proofSpent[v] : null,
        order: s.order[v],
        window: seen ? `(${num(s.alpha[v])}, ${num(s.beta[v])})` : null,
        result: seen ? resultClaim(s.alpha[v], s.beta[v], s.result[v]) : null,
        cut: seen && s.cut[v] >= 0 ? s.cut[v] + 1 : null,
      };
    }),
  };
}

/** How a node is drawn: by one series, or the difference of two (visited by A and not by B). */
export type TraceMode = { kind: 'series'; a: number } | { kind: 'diff'; a: number; b: number };

export const NODE_CLASSES = ['visited', 'unvisited', 'only-a', 'only-b', 'both'] as const;
export type NodeClass = (typeof NODE_CLASSES)[number];

export function nodeClass(t: TraceTree, mode: TraceMode, v: number): NodeClass {
  const a = t.series[mode.a].visits[v] > 0;
  if (mode.kind === 'series') return a ? 'visited' : 'unvisited';
  const b = t.series[mode.b].visits[v] > 0;
  return a && b ? 'both' : a ? 'only-a' : b ? 'only-b' : 'unvisited';
}

/** Nodes of v's subtree in the trace that A visited and B did not (every pass). */
export function onlyVisitedBy(t: TraceTree, a: number, b: number, v: number): number {
  const va = t.series[a].visits,
    vb = t.series[b].visits;
  let n = 0;
  const stack = [v];
  while (stack.length > 0) {
    const u = stack.pop()!;
    if (va[u] > 0 && vb[u] === 0) n++;
    if (t.first[u] >= 0) for (let c = t.first[u], e = c + t.degree[u]; c < e; c++) stack.push(c);
  }
  return n;
}
