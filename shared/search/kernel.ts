/**
 * What a specialised search kernel is: fixed-depth alpha-beta and NegaScout written for one game class
 * and a few move orderings, which ./kernels.ts registers and runs in place of the generic engine; and
 * optionally the same searches with an annotation tree (iterative deepening's passes, MTD(f)'s tests; any
 * ordering) on a search context.
 *
 * Contract of a kernel: exactly what the generic search would return — value, best root move, counters
 * accumulated into `counters`, and a SearchLimitError once more than `maxVisited` nodes are visited —
 * searching from the root whatever the cursor. It may return null for a configuration of the game it
 * does not cover; the generic engine then runs. With annotations it also leaves in the annotation tree
 * exactly the records the generic engine would write.
 */
import type { Game } from '../game/game.ts';
import type { Counters } from './counters.ts';
import type { MoveOrdering } from './ordering/move-ordering.ts';
import type { SearchContext } from './search-context.ts';

/** What a kernel's search returns: the root's value and its best move (-1 at a leaf). */
export interface KernelResult {
  value: number;
  bestMove: number;
}

/** The searches a kernel may implement. */
export type KernelAlgorithm = 'alphabeta' | 'negascout';

export interface Kernel<G extends Game> {
  /** The orderings it implements (by identity); it is registered under each. */
  readonly orderings: readonly MoveOrdering[];
  search(
    game: G,
    algorithm: KernelAlgorithm,
    depth: number,
    alpha: number,
    beta: number,
    ordering: MoveOrdering,
    counters: Counters,
    maxVisited: number,
  ): KernelResult | null;
  /**
   * The node function for searches on `ctx` (with an annotation tree, a transposition table or both), or
   * null when it does not cover ctx's configuration.
   */
  nodeSearch?(game: G, ctx: SearchContext): NodeSearch | null;
}

/**
 * A search from the root of ctx's game with window (alpha, beta), as pv-node.ts pvNode(ctx, depth, alpha,
 * beta, AnnotationTree.ROOT) does it: the same value, counters into ctx.counters, records in ctx.ann,
 * entries in ctx.tt, ctx.rootMove, and the SearchLimitError at the same visit.
 */
export type NodeSearch = (depth: number, alpha: number, beta: number) => number;

/** A game class: instances of exactly this class (not of subclasses or wrappers) get the kernel. */
export type GameClass<G extends Game> = abstract new (...args: never[]) => G;
