/**
 * The Game cursor over an explicit tree or DAG (./graph.ts). Values are solved once on construction,
 * so `evaluate()` at a search horizon returns the node's exact value (the same convention as prefix
 * value trees: a depth-d search proves the value of the tree truncated at depth d with exact leaf
 * values). Estimates for ordering come from the file's `estimate` array; without one they are 0.
 * With `horizon: 'estimate'` (Furtak & Buro 2009, Sec. 7: f̂ = f + e) a non-terminal node evaluates to
 * its `estimate` entry (its own view; NaN reads as 0, as in childEstimate), so a depth-d search proves
 * the truncation whose leaves carry the estimates; terminal nodes and `exactValue()` stay exact.
 */
import type { Game, Horizon } from './game.ts';
import { checkGraph, heights, solveGraph, type Graph } from './graph.ts';

export class ExplicitGame implements Game {
  readonly maxChildren: number;
  readonly maxPly: number;
  ply = 0;
  /** exact negamax value of every node */
  readonly solved: Float64Array;
  /** topological order (parents first) */
  readonly topo: Int32Array;
  private readonly path: Int32Array;
  /** estimate entries of the horizon's nodes, or null for the exact horizon */
  private readonly horizonEstimate: Float64Array | null;

  constructor(
    readonly graph: Graph,
    options: { horizon?: Horizon } = {},
  ) {
    this.topo = checkGraph(graph);
    if (options.horizon === 'estimate' && graph.estimate === null) {
      throw new RangeError(`horizon 'estimate' is not allowed for this graph: it has no estimate field`);
    }
    this.horizonEstimate = options.horizon === 'estimate' ? graph.estimate : null;
    this.solved = solveGraph(graph, this.topo);
    let m = 1;
    for (let v = 0; v < graph.nodeCount; v++) {
      const d = graph.childOffsets[v + 1] - graph.childOffsets[v];
      if (d > m) m = d;
    }
    this.maxChildren = m;
    this.maxPly = heights(graph, this.topo)[graph.root];
    this.path = new Int32Array(this.maxPly + 1);
    this.reset();
  }

  reset(): void {
    this.ply = 0;
    this.path[0] = this.graph.root;
  }

  expand(): number {
    const v = this.path[this.ply];
    return this.graph.childOffsets[v + 1] - this.graph.childOffsets[v];
  }

  descend(i: number): void {
    const g = this.graph;
    this.path[this.ply + 1] = g.children[g.childOffsets[this.path[this.ply]] + i];
    this.ply++;
  }

  ascend(): void {
    this.ply--;
  }

  evaluate(): number {
    return this.valueAtHorizon(this.path[this.ply]);
  }

  childValue(i: number): number {
    const g = this.graph;
    return this.valueAtHorizon(g.children[g.childOffsets[this.path[this.ply]] + i]);
  }

  /** evaluate() at node v: its estimate with horizon 'estimate' unless terminal, else its solved value. */
  private valueAtHorizon(v: number): number {
    const est = this.horizonEstimate;
    if (est === null || this.graph.childOffsets[v + 1] === this.graph.childOffsets[v]) return this.solved[v];
    const e = est[v];
    return Number.isNaN(e) ? 0 : e;
  }

  exactValue(): number {
    return this.solved[this.path[this.ply]];
  }

  childEstimate(i: number): number {
    const g = this.graph;
    if (g.estimate === null) return 0;
    const e = g.estimate[g.children[g.childOffsets[this.path[this.ply]] + i]];
    return Number.isNaN(e) ? 0 : -e;
  }

  childDegree(i: number): number {
    const g = this.graph;
    const w = g.children[g.childOffsets[this.path[this.ply]] + i];
    return g.childOffsets[w + 1] - g.childOffsets[w];
  }

  keyHi(): number {
    return 0;
  }

  keyLo(): number {
    return this.path[this.ply];
  }

  nodeId(): number {
    return this.path[this.ply];
  }
}
