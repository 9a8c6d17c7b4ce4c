/** Descriptor of MTD(f) (../mtdf.ts, Plaat, Schaeffer, Pijls & de Bruin 1996). */
import { defineAlgorithm } from '../algorithm-descriptor.ts';
import { mtdf } from '../mtdf.ts';

export const mtdfAlgorithm = defineAlgorithm({
  name: 'mtdf',
  title: 'MTD(f) (Plaat et al. 1996)',
  displayName: 'MTD(f)',
  capabilities: { needsMemory: true, needsIntegerValues: true, iterativeDeepening: true, firstGuess: true },
  search: (game, depth, opts, firstGuess) => mtdf(game, depth, opts, firstGuess),
});
