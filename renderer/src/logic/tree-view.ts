/**
 * The tree viewer's data: tree `tree` of a run regenerated (makeGame, from the spec's seed and the
 * tree index) and materialised to a small depth, its minimum proof tree (F&B Fig. 2), and for every
 * series the order in which that search visited the nodes, where it cut off, and which nodes it never
 * saw. Traces come from a recording Game around the explicit tree, searched exactly as the run does
 * (iterative deepening with the series' ordering, or one search), keeping the last pass.
 */
import type { Game } from '../../../shared/game/game.ts';
import { checkGraph, solveGraph, type Graph } from '../../../shared/game/graph.ts';
import { materializeTruncation } from '../../../shared/game/materialize.ts';
import { makeGame } from '../../../shared/experiments/model-factory.ts';
import { modelDescriptor } from '../../../shared/models/registry.ts';
import { seriesLabel, specHeight, type ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { minimumProofTree } from '../../../shared/proof/minimax-proof-tree.ts';
import { runSearch } from '../../../shared/search/algorithms.ts';
import { iterativeDeepening } from '../../../shared/search/iterative-deepening.ts';
import { parseOrdering } from '../../../shared/search/ordering/parse-ordering.ts';
import { GENERATOR } from '../../../shared/version.ts';
import { ForwardingGame } from '../../../shared/game/forwarding-game.ts';

/** the viewer draws at most this many nodes */
export const VIEWER_MAX_NODES = 4000;

export interface SearchTrace {
  series: string;
  /** first-visit number per node in the (last) pass, 1-based; 0 = never visited */
  order: Int32Array;
  /** 1 at nodes whose children were generated but not all searched (a cut-off) */
  cut: Uint8Array;
  visited: number;
  value: number;
}

export interface TreeView {
  graph: Graph;
  /** solved negamax values (view of the player to move) */
  values: Float64Array;
  /** depth of each node */
  depth: Int32Array;
  /** 1 for nodes of the minimum proof tree */
  mpt: Uint8Array;
  mptSize: number;
  traces: SearchTrace[];
  /** true if the tree had to be generated at the viewing depth (models without values inside) */
  regenerated: boolean;
}

/**
 * The run's own Game (implicit model, same static evaluations inside the tree, same hashes for MTD(f)'s
 * table), walked in step with the materialised graph so every visit is recorded under its node id.
 * Child i of the game is child i of the graph: materialize numbers children in natural move order.
 */
class RecordingGame extends ForwardingGame {
  readonly order: Int32Array;
  readonly expandedCount: Int32Array;
  readonly childrenSeen: Int32Array;
  private readonly path: Int32Array;
  private next = 1;
  constructor(inner: Game, private readonly graph: Graph) {
    super(inner);
    const n = graph.nodeCount;
    this.order = new Int32Array(n);
    this.expandedCount = new Int32Array(n);
    this.childrenSeen = new Int32Array(n);
    this.path = new Int32Array(inner.maxPly + 2);
  }
  clear(): void {
    this.order.fill(0);
    this.expandedCount.fill(0);
    this.childrenSeen.fill(0);
    this.next = 1;
  }
  private see(v: number, parent: number): void {
    if (this.order[v] === 0) {
      this.order[v] = this.next++;
      if (parent >= 0) this.childrenSeen[parent]++;
    }
  }
  override reset(): void {
    this.inner.reset();
    this.path[0] = this.graph.root;
    this.see(this.graph.root, -1);
  }
  override expand(): number {
    const n = this.inner.expand();
    const v = this.path[this.inner.ply];
    const m = this.graph.childOffsets[v + 1] - this.graph.childOffsets[v];
    if (n > 0 && m === 0) throw new RangeError(`the search went below the viewed depth at node ${v}`);
    if (n > 0 && n !== m) throw new Error(`tree viewer: node ${v} has ${n} children in the model but ${m} in the materialised tree`);
    if (n > 0) this.expandedCount[v] = n;
    return n;
  }
  override descend(i: number): void {
    const ply = this.inner.ply;
    const parent = this.path[ply];
    const child = this.graph.children[this.graph.childOffsets[parent] + i];
    this.inner.descend(i);
    this.path[ply + 1] = child;
    this.see(child, parent);
  }
  override nodeId(): number { return this.path[this.inner.ply]; }
}

export interface RegeneratedTree {
  graph: Graph;
  /** the model's Game the graph was materialised from (what the run searched) */
  game: Game;
  /** true if the tree had to be generated with height `depth` (models without values inside) */
  regenerated: boolean;
}

/** Tree `tree` of a spec to depth `depth` as an explicit graph (refused beyond maxNodes). */
export function regenerateTree(spec: ExperimentSpec, tree: number, depth: number, maxNodes = VIEWER_MAX_NODES): RegeneratedTree {
  if (!Number.isInteger(tree) || tree < 0 || tree >= spec.trees) throw new RangeError(`tree = ${tree} is not allowed: it must be an integer in [0..${spec.trees - 1}]`);
  if (!Number.isInteger(depth) || depth < 1 || depth > spec.depth) throw new RangeError(`depth = ${depth} is not allowed: it must be an integer in [1..${spec.depth}]`);
  const meta = { model: spec.model.kind, params: { ...spec.model }, seed: spec.seed, generator: GENERATOR, spec: spec.name, tree, depth };
  // The run's tree (height specHeight) truncated at `depth`: what the run's depth-d searches saw.
  // Uniform trees have values only at their leaves: below full height, generate the tree with height `depth`.
  const regenerated = !modelDescriptor(spec.model.kind).capabilities.staticEvaluation && depth < spec.depth;
  const game = makeGame(spec.model, regenerated ? depth : specHeight(spec), spec.seed, tree);
  // Leaves carry what the searches scored there (the horizon's estimate, if the model's horizon is
  // one); interior nodes the values of this truncation, solved from its leaves (a noisy horizon's
  // values differ from the full tree's, which would contradict the leaves).
  const graph = materializeTruncation(game, depth, meta, maxNodes);
  graph.value.set(solveGraph(graph, checkGraph(graph)).map((x) => x + 0));
  return { graph, game, regenerated };
}

export function buildTreeView(spec: ExperimentSpec, tree: number, depth: number, maxNodes = VIEWER_MAX_NODES): TreeView {
  const { graph, game, regenerated } = regenerateTree(spec, tree, depth, maxNodes);
  const order = checkGraph(graph);
  const values = solveGraph(graph, order);
  const n = graph.nodeCount;
  const depthOf = new Int32Array(n);
  for (const v of order) for (let k = graph.childOffsets[v]; k < graph.childOffsets[v + 1]; k++) depthOf[graph.children[k]] = depthOf[v] + 1;
  const mptTree = minimumProofTree(graph);
  const mpt = new Uint8Array(n);
  for (const v of mptTree.nodes) mpt[v] = 1;
  const traces = spec.series.map((s): SearchTrace => {
    const rec = new RecordingGame(game, graph);
    const ordering = parseOrdering(s.ordering);
    let value: number;
    if (spec.iterative) {
      // As the run searches (run-tree.ts), keeping only the last pass: clear after every pass but the last.
      const passes = iterativeDeepening(rec, s.algorithm, depth, { ordering, maxVisited: spec.limits.maxVisitedPerSearch }, (p) => {
        if (p.depth < depth) rec.clear();
      });
      value = passes[passes.length - 1].value;
    } else {
      value = runSearch(s.algorithm, rec, depth, { ordering, maxVisited: spec.limits.maxVisitedPerSearch }).value;
    }
    const cut = new Uint8Array(n);
    let visited = 0;
    for (let v = 0; v < n; v++) {
      if (rec.order[v] > 0) visited++;
      if (rec.expandedCount[v] > 0 && rec.childrenSeen[v] < rec.expandedCount[v]) cut[v] = 1;
    }
    return { series: seriesLabel(s), order: rec.order, cut, visited, value };
  });
  return { graph, values, depth: depthOf, mpt, mptSize: mptTree.size, traces, regenerated };
}

export interface TreeLayout {
  x: Float64Array;
  y: Float64Array;
  width: number;
  height: number;
}

/**
 * Tidy-ish layout: leaves one slot apart left to right in move order, parents centred over children.
 * Levels are spaced for a readable aspect ratio (about 2:1) when that stays within [minDy..maxDy].
 */
export function layoutTree(g: Graph, depth: Int32Array, dx = 28, minDy = 70, maxDy = 160): TreeLayout {
  const n = g.nodeCount;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let slot = 0;
  // Iterative post-order (trees up to a few thousand nodes, but no recursion limits either way).
  const stack: [number, number][] = [[g.root, g.childOffsets[g.root]]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const [v, k] = top;
    if (k < g.childOffsets[v + 1]) {
      top[1]++;
      stack.push([g.children[k], g.childOffsets[g.children[k]]]);
      continue;
    }
    stack.pop();
    const a = g.childOffsets[v], b = g.childOffsets[v + 1];
    x[v] = a === b ? (slot++) * dx : (x[g.children[a]] + x[g.children[b - 1]]) / 2;
  }
  let maxDepth = 0;
  for (let v = 0; v < n; v++) if (depth[v] > maxDepth) maxDepth = depth[v];
  const width = Math.max(1, slot - 1) * dx;
  const dy = Math.min(maxDy, Math.max(minDy, maxDepth > 0 ? width / 2 / maxDepth : minDy));
  for (let v = 0; v < n; v++) y[v] = depth[v] * dy;
  return { x, y, width, height: maxDepth * dy };
}
