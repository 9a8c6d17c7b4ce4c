/**
 * A tree of a run as an explicit graph, for the Export tab's tree and proof files (gtlab-graph, DOT,
 * GraphML, TikZ; the minimum proof tree, F&B Fig. 2, is computed on it there): tree `tree` regenerated
 * (makeGame, from the spec's seed and the tree index) and materialised to depth `depth`. The tree
 * viewer does not materialise anything: it shows traces (shared/trace/).
 */
import { checkGraph, solveGraph, type Graph } from '../../../shared/game/graph.ts';
import type { Game } from '../../../shared/game/game.ts';
import { materializeTruncation } from '../../../shared/game/materialize.ts';
import { makeGame, modelDescriptor } from '../../../shared/models/registry.ts';
import { specHeight, type ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { GENERATOR } from '../../../shared/version.ts';
import { checkTraceTarget } from '../../../shared/trace/build-trace.ts';

/** the most nodes a tree file is materialised with (a file of a deeper tree is unreadable anyway) */
export const EXPORT_MAX_NODES = 40_000;

export interface RegeneratedTree {
  graph: Graph;
  /** the model's Game the graph was materialised from (what the run searched) */
  game: Game;
  /** true if the tree had to be generated with height `depth` (models without values inside) */
  regenerated: boolean;
}

/** Tree `tree` of a spec to depth `depth` as an explicit graph (refused beyond maxNodes). */
export function regenerateTree(
  spec: ExperimentSpec,
  tree: number,
  depth: number,
  maxNodes = EXPORT_MAX_NODES,
): RegeneratedTree {
  checkTraceTarget(spec, tree, depth);
  const meta = {
    model: spec.model.kind,
    params: { ...spec.model },
    seed: spec.seed,
    generator: GENERATOR,
    spec: spec.name,
    tree,
    depth,
  };
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
