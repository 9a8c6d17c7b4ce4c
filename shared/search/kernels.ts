/**
 * The registry of specialised search kernels (./kernel.ts), keyed by (game class, ordering), and by game
 * class alone for their searches with an annotation tree. A kernel belongs to the module that defines its
 * game class, which calls `registerKernel` when it loads, so whatever can construct the game finds its
 * kernel registered and search/ imports nothing of the games above it. `alphaBeta` and `negaScout` run
 * the registered kernel from the root when the options keep no cut observer or search observer, and
 * either an annotation tree or no memory at all, and its node function (kernelNodeSearch) on their
 * context when they keep a transposition table alone; MTD(f)'s tests run that node function on theirs. Otherwise, or when none is registered, the generic engine runs. A game is only a
 * cursor (game/game.ts) and knows nothing of its kernel.
 */
import type { Game } from '../game/game.ts';
import { newCounters } from './counters.ts';
import type { GameClass, Kernel, KernelAlgorithm, NodeSearch } from './kernel.ts';
import type { MoveOrdering } from './ordering/move-ordering.ts';
import { naturalOrdering } from './ordering/natural.ts';
import { SearchContext, type SearchOptions } from './search-context.ts';
import type { SearchResult } from './search-result.ts';

const registry = new Map<GameClass<Game>, Map<MoveOrdering, Kernel<Game>>>();
const annotatedRegistry = new Map<GameClass<Game>, Kernel<Game>>();

/** Registers `kernel` for the instances of `gameClass` (exactly that class) and the kernel's orderings. */
export function registerKernel<G extends Game>(gameClass: GameClass<G>, kernel: Kernel<G>): void {
  let byOrdering = registry.get(gameClass);
  if (byOrdering === undefined) registry.set(gameClass, (byOrdering = new Map()));
  for (const o of kernel.orderings) byOrdering.set(o, kernel as unknown as Kernel<Game>);
  if (kernel.nodeSearch !== undefined) annotatedRegistry.set(gameClass, kernel as unknown as Kernel<Game>);
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
  if (opts.cutObserver != null || opts.observer != null) return null;
  if (opts.annotations != null) {
    const ctx = new SearchContext(game, opts, algorithm === 'negascout');
    const node = kernelNodeSearch(ctx);
    if (node === null) return null;
    const value = node(depth, alpha, beta);
    game.reset();
    return { value: value + 0, bestMove: ctx.rootMove, counters: ctx.counters };
  }
  if (opts.tt != null) return null;
  const ordering = opts.ordering ?? naturalOrdering;
  const kernel = kernelFor(game, ordering);
  if (kernel === null) return null;
  const counters = opts.counters ?? newCounters();
  const r = kernel.search(game, algorithm, depth, alpha, beta, ordering, counters, opts.maxVisited ?? Infinity);
  if (r === null) return null;
  game.reset(); // the cursor ends on the root, as after a generic search
  return { value: r.value + 0, bestMove: r.bestMove, counters };
}

/**
 * The registered kernel's node function for searches on `ctx` (one with an annotation tree), or null: the
 * generic engine's pvNode then runs.
 */
export function kernelNodeSearch(ctx: SearchContext): NodeSearch | null {
  const kernel = annotatedRegistry.get(ctx.game.constructor as GameClass<Game>);
  return kernel === undefined ? null : kernel.nodeSearch!(ctx.game, ctx);
}
