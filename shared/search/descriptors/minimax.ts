/** Descriptor of plain negamax (./../minimax.ts): the reference, no pruning, no iterative deepening. */
import { defineAlgorithm } from '../algorithm-descriptor.ts';
import { minimax } from '../minimax.ts';

export const minimaxAlgorithm = defineAlgorithm({
  name: 'minimax',
  title: 'minimax (negamax, every node)',
  displayName: 'minimax',
  search: (game, depth, opts) => minimax(game, depth, opts),
});
