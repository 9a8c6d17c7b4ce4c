/**
 * An Othello position's game tree to the end of the game as an explicit tree (../game/materialize.ts,
 * nodes in depth-first pre-order, children in natural move order) and its exact minimum proof tree
 * (Furtak & Buro 2009, Figure 2) as that tree's node ids: what `gtlab othello export` writes as gtlab-graph
 * and gtlab-proof files, so the independent validators and the tree viewer work on real positions.
 *
 * The proof is the one the experiments divide by (../proof/position-mpt.ts: the branch and bound on
 * the position solved as it asks), mapped onto the materialised tree by child index; its size is checked
 * against Figure 2 computed independently on the materialised tree (../proof/minimax-proof-tree.ts).
 */
import { materialize } from '../game/materialize.ts';
import type { Graph } from '../game/graph.ts';
import { minimumProofTree } from '../proof/minimax-proof-tree.ts';
import type { ProofSink } from '../proof/proof-sink.ts';
import { positionProofTree } from '../proof/position-mpt.ts';
import { OthelloGame } from './othello-game.ts';
import { GENERATOR } from '../version.ts';

export interface PositionProof {
  graph: Graph;
  /** the minimum proof tree's nodes, root first, in depth-first order */
  proof: number[];
  /** f(root): the final disc differential for the side to move */
  value: number;
}

/** The game tree of `position` ("BOARD SIDE") and its minimum proof tree; a tree above maxNodes nodes is a SizeLimitError. */
export function positionProof(position: string, maxNodes: number): PositionProof {
  const game = new OthelloGame(position);
  const text = game.root.toString();
  const graph = materialize(
    game,
    game.maxPly,
    { model: 'othello', params: { position: text, empties: game.rootEmpties }, seed: null, generator: GENERATOR },
    maxNodes,
  );
  const proof: number[] = [];
  const path: number[] = [graph.root];
  const sink: ProofSink = {
    node: () => {
      proof.push(path[path.length - 1]);
    },
    down: (i) => {
      path.push(graph.children[graph.childOffsets[path[path.length - 1]] + i]);
    },
    up: () => {
      path.pop();
    },
  };
  const size = positionProofTree(game, sink);
  const check = minimumProofTree(graph);
  if (size !== proof.length || size !== check.size) {
    throw new Error(
      `${text}: the minimum proof tree has ${size} nodes by branch and bound (${proof.length} walked), ${check.size} by Figure 2 on the materialised tree`,
    );
  }
  return { graph, proof, value: check.value };
}
