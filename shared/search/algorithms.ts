/** The searches by name, as the CLI, specs and results refer to them. */
import type { Game } from '../game/game.ts';
import { alphaBeta } from './alpha-beta.ts';
import type { SearchResult } from './search-result.ts';
import { minimax } from './minimax.ts';
import { mtdf } from './mtdf.ts';
import { negaScout } from './negascout.ts';
import type { SearchOptions } from './search-context.ts';

export const ALGORITHMS = ['minimax', 'alphabeta', 'negascout', 'mtdf'] as const;
export type AlgorithmName = (typeof ALGORITHMS)[number];

export function isAlgorithm(s: string): s is AlgorithmName {
  return (ALGORITHMS as readonly string[]).includes(s);
}

/** One fixed-depth search from the root. `firstGuess` is MTD(f)'s; the others ignore it. */
export function runSearch(
  algorithm: AlgorithmName, game: Game, depth: number, opts: SearchOptions = {}, firstGuess = 0,
): SearchResult {
  switch (algorithm) {
    case 'minimax': return minimax(game, depth, opts);
    case 'alphabeta': return alphaBeta(game, depth, opts);
    case 'negascout': return negaScout(game, depth, opts);
    case 'mtdf': return mtdf(game, depth, opts, firstGuess);
  }
}
