/** Descriptor of fail-soft alpha-beta (../alpha-beta.ts, Knuth & Moore 1975). */
import { defineAlgorithm } from '../algorithm-descriptor.ts';
import { alphaBeta } from '../alpha-beta.ts';

export const alphaBetaAlgorithm = defineAlgorithm({
  name: 'alphabeta',
  title: 'alpha-beta (Knuth & Moore 1975)',
  displayName: 'α-β',
  capabilities: { needsMemory: false, needsIntegerValues: false, iterativeDeepening: true, firstGuess: false },
  search: (game, depth, opts) => alphaBeta(game, depth, opts),
});
