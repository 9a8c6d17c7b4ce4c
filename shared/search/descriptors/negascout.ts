/** Descriptor of NegaScout / principal variation search (../negascout.ts, Reinefeld 1983). */
import { defineAlgorithm } from '../algorithm-descriptor.ts';
import { negaScout } from '../negascout.ts';

export const negaScoutAlgorithm = defineAlgorithm({
  name: 'negascout',
  title: 'NegaScout (Reinefeld 1983)',
  displayName: 'NegaScout',
  capabilities: { needsIntegerValues: true, iterativeDeepening: true },
  search: (game, depth, opts) => negaScout(game, depth, opts),
});
