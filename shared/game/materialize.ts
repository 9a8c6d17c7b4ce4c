/**
 * Materialise any Game into an explicit tree (./graph.ts), down to a depth, refusing trees larger than
 * a node limit. Nodes are numbered in depth-first pre-order (root 0). Values: exact at leaves (the
 * static value at the horizon), the model's exact value inside where it knows one, else unknown (NaN,
 * solved later). Estimates: each node's estimate in its own view, as seen from its parent.
 */
import type { Game } from './game.ts';
import { csrFromLists, type Graph, type GraphMeta } from './graph.ts';

export class SizeLimitError extends RangeError {
  constructor(
    readonly limit: number,
    what: string,
  ) {
    super(`${what} has more than ${limit} nodes (the limit); lower the depth or branching, or raise --max-nodes`);
    this.name = 'SizeLimitError';
  }
}

export function materialize(game: Game, depth: number, meta: GraphMeta, maxNodes = 2_000_000): Graph {
  const player: number[] = [];
  const value: number[] = [];
  const estimate: number[] = [];
  const kids: number[][] = [];
  game.reset();
  const visit = (d: number, est: number): number => {
    const id = player.length;
    if (id >= maxNodes) throw new SizeLimitError(maxNodes, `the tree to depth ${depth}`);
    player.push(game.ply & 1);
    estimate.push(est);
    kids.push([]);
    const n = d === 0 ? 0 : game.expand();
    value.push(n === 0 ? game.evaluate() : game.exactValue());
    if (n > 0) {
      const ests = new Float64Array(n);
      for (let i = 0; i < n; i++) ests[i] = game.childEstimate(i);
      for (let i = 0; i < n; i++) {
        game.descend(i);
        kids[id].push(visit(d - 1, -ests[i]));
        game.ascend();
      }
    }
    return id;
  };
  visit(depth, NaN);
  const n = player.length;
  const { childOffsets, children } = csrFromLists(kids);
  return {
    kind: 'tree',
    root: 0,
    nodeCount: n,
    player: Uint8Array.from(player),
    value: Float64Array.from(value),
    childOffsets,
    children,
    estimate: estimate.some((e) => !Number.isNaN(e)) ? Float64Array.from(estimate) : null,
    meta,
  };
}

/**
 * The depth-d truncation as a depth-d search sees it (Furtak & Buro 2009, Sec. 2: the tree a search
 * proves): leaves at ply d carry `evaluate()` (the horizon value: with horizon 'estimate' the noisy
 * estimate, game/game.ts), terminal nodes their exact value, and interior values are left unknown (NaN),
 * to be solved from the leaves by any reader (the game's exact interior values belong to another tree
 * once the horizon is noisy).
 */
export function materializeTruncation(game: Game, depth: number, meta: GraphMeta, maxNodes?: number): Graph {
  const g = materialize(game, depth, meta, maxNodes);
  for (let v = 0; v < g.nodeCount; v++) if (g.childOffsets[v + 1] > g.childOffsets[v]) g.value[v] = NaN;
  return g;
}
