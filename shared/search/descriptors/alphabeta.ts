/** Descriptor of fail-soft alpha-beta (../alpha-beta.ts, Knuth & Moore 1975). */
import { defineAlgorithm } from '../algorithm-descriptor.ts';
import { alphaBeta } from '../alpha-beta.ts';

export const alphaBetaAlgorithm = defineAlgorithm({
  name: 'alphabeta',
  title: 'alpha-beta (Knuth & Moore 1975)',
  displayName: 'α-β',
  capabilities: { iterativeDeepening: true },
  search: (game, depth, opts) => alphaBeta(game, depth, opts),
});
