/** One fixed-depth search by algorithm name, dispatched through the registry (./registry.ts). */
import type { Game } from '../game/game.ts';
import type { SearchResult } from './search-result.ts';
import { algorithmDescriptor, type AlgorithmName } from './registry.ts';
import type { SearchOptions } from './search-context.ts';

export { ALGORITHMS, type AlgorithmName } from './registry.ts';

/** One fixed-depth search from the root. `firstGuess` is MTD(f)'s; the others ignore it. */
export function runSearch(
  algorithm: AlgorithmName,
  game: Game,
  depth: number,
  opts: SearchOptions = {},
  firstGuess = 0,
): SearchResult {
  return algorithmDescriptor(algorithm).search(game, depth, opts, firstGuess);
}
