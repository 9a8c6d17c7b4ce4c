/**
 * The search algorithms by name: every list of algorithms in the workbench (the CLI's `--algorithm`
 * choices and help, the experiment spec's series enum, the app's form) is derived from this one.
 * Adding an algorithm is one descriptor file (see ./algorithm-descriptor.ts) and one line below;
 * test/search/registry.test.ts holds every entry to the minimax value.
 */
import type { AlgorithmDescriptor } from './algorithm-descriptor.ts';
import { minimaxAlgorithm } from './descriptors/minimax.ts';
import { alphaBetaAlgorithm } from './descriptors/alphabeta.ts';
import { negaScoutAlgorithm } from './descriptors/negascout.ts';
import { mtdfAlgorithm } from './descriptors/mtdf.ts';
import { sssAlgorithm } from './mt-sss.ts';
import { registryLookup } from '../util/registry-lookup.ts';

export const ALGORITHM_REGISTRY = [
  minimaxAlgorithm,
  alphaBetaAlgorithm,
  negaScoutAlgorithm,
  mtdfAlgorithm,
  sssAlgorithm,
] as const;

type Registered = (typeof ALGORITHM_REGISTRY)[number];
export type AlgorithmName = Registered['name'];
/** The algorithms that run as iterative-deepening passes, and so as experiment series. */
export type SeriesAlgorithm = Extract<Registered, { capabilities: { iterativeDeepening: true } }>['name'];

type NonEmpty<T> = readonly [T, ...T[]];

export const ALGORITHMS = ALGORITHM_REGISTRY.map((d) => d.name) as unknown as NonEmpty<AlgorithmName>;
export const SERIES_ALGORITHMS = ALGORITHM_REGISTRY.filter((d) => d.capabilities.iterativeDeepening).map(
  (d) => d.name,
) as unknown as NonEmpty<SeriesAlgorithm>;

const byName = registryLookup<AlgorithmDescriptor>(ALGORITHM_REGISTRY, (d) => d.name, 'algorithm');

export function algorithmDescriptor(name: AlgorithmName): AlgorithmDescriptor {
  return byName(name);
}

/** "  minimax    minimax (negamax, every node)" lines for help texts. */
export function algorithmHelp(names: readonly AlgorithmName[] = ALGORITHMS, indent = '  '): string {
  const w = Math.max(...names.map((n) => n.length));
  return names.map((n) => `${indent}${n.padEnd(w)}  ${algorithmDescriptor(n).title}`).join('\n');
}
