/**
 * Specialised search kernels: fixed-depth alpha-beta and NegaScout written for one game class and a
 * few move orderings, registered here keyed by (class, ordering). `alphaBeta` and `negaScout` run the
 * registered kernel from the root when the options need no memory (no transposition table, annotations,
 * cut observer or search observer); otherwise, or when none is registered, the generic engine runs. A game is only a
 * cursor (game/game.ts) and knows nothing of its kernel.
 *
 * Contract of a kernel: exactly what the generic search would return — value, best root move, counters
 * accumulated into `counters`, and a SearchLimitError once more than `maxVisited` nodes are visited —
 * searching from the root whatever the cursor. It may return null for a configuration of the game it
 * does not cover; the generic engine then runs.
 */
import type { Game } from '../game/game.ts';
import type { Counters } from './counters.ts';
import { newCounters } from './counters.ts';
import type { MoveOrdering } from './ordering/move-ordering.ts';
import { naturalOrdering } from './ordering/natural.ts';
import type { SearchOptions } from './search-context.ts';
import type { SearchResult } from './search-result.ts';

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
  ): { value: number; bestMove: number } | null;
}

/** A game class: instances of exactly this class (not of subclasses or wrappers) get the kernel. */
export type GameClass<G extends Game> = abstract new (...args: never[]) => G;

const registry = new Map<GameClass<Game>, Map<MoveOrdering, Kernel<Game>>>();

export function registerKernel<G extends Game>(gameClass: GameClass<G>, kernel: Kernel<G>): void {
  let byOrdering = registry.get(gameClass);
  if (byOrdering === undefined) registry.set(gameClass, (byOrdering = new Map()));
  for (const o of kernel.orderings) byOrdering.set(o, kernel as unknown as Kernel<Game>);
}

/** The kernel registered for the game's own class and `ordering`, or null. */
export function kernelFor(game: Game, ordering: MoveOrdering): Kernel<Game> | null {
  return registry.get(game.constructor as GameClass<Game>)?.get(ordering) ?? null;
}

/**
 * The registered kernel's search when the options need no memory, else null: the generic engine then
 * runs. Results are identical either way; only the speed differs.
 */
export function kernelSearch(
  game: Game,
  algorithm: KernelAlgorithm,
  depth: number,
  opts: SearchOptions,
  alpha: number,
  beta: number,
): SearchResult | null {
  if (opts.tt != null || opts.annotations != null || opts.cutObserver != null || opts.observer != null) return null;
  const ordering = opts.ordering ?? naturalOrdering;
  const kernel = kernelFor(game, ordering);
  if (kernel === null) return null;
  const counters = opts.counters ?? newCounters();
  const r = kernel.search(game, algorithm, depth, alpha, beta, ordering, counters, opts.maxVisited ?? Infinity);
  if (r === null) return null;
  game.reset(); // the cursor ends on the root, as after a generic search
  return { value: r.value + 0, bestMove: r.bestMove, counters };
}
