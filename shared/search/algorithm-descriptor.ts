/**
 * What the rest of the workbench knows about a search algorithm: its name (as the CLI, specs and
 * results write it), a one-line title for help texts and the app's form, the short name figures and
 * tables show, its capabilities, and the fixed-depth search from the root. Descriptors live one per algorithm and are listed in ./registry.ts.
 */
import type { Game } from '../game/game.ts';
import type { SearchResult } from './search-result.ts';
import type { SearchOptions } from './search-context.ts';

export interface AlgorithmCapabilities {
  /** searches through a transposition table (a cleared spare one is borrowed when none is given) */
  readonly needsMemory: boolean;
  /** null windows one unit wide: the game's values must be integers */
  readonly needsIntegerValues: boolean;
  /** runs as the pass of iterative deepening, and so as a series of an experiment */
  readonly iterativeDeepening: boolean;
  /** starts from a first guess of the root value (`--first-guess`, the previous pass's value) */
  readonly firstGuess: boolean;
}

export interface AlgorithmDescriptor<
  N extends string = string,
  C extends AlgorithmCapabilities = AlgorithmCapabilities,
> {
  readonly name: N;
  /** e.g. "MTD(f) (Plaat et al. 1996)" */
  readonly title: string;
  /** what figures, legends and tables call it, e.g. "α-β", "MTD(f)" (files keep `name`) */
  readonly displayName: string;
  readonly capabilities: C;
  /** One fixed-depth search from the root; `firstGuess` is ignored unless capabilities.firstGuess. */
  search(game: Game, depth: number, opts: SearchOptions, firstGuess: number): SearchResult;
}

/** What an algorithm needs and offers unless its descriptor says otherwise: nothing. */
const NO_CAPABILITIES: AlgorithmCapabilities = {
  needsMemory: false,
  needsIntegerValues: false,
  iterativeDeepening: false,
  firstGuess: false,
};

/** The capabilities a descriptor names, with every one it leaves out false. */
type Completed<C extends Partial<AlgorithmCapabilities>> = {
  readonly [K in keyof AlgorithmCapabilities]: K extends keyof C ? Exclude<C[K], undefined> : false;
};

/**
 * A descriptor from its fields, naming only the capabilities that hold (the others are false). Keeps the
 * name and capabilities as literal types, so the registry's derived unions are exact.
 */
export function defineAlgorithm<
  const N extends string,
  const C extends Partial<AlgorithmCapabilities> = Record<never, never>,
>(
  d: Omit<AlgorithmDescriptor<N>, 'capabilities'> & { readonly capabilities?: C },
): AlgorithmDescriptor<N, Completed<C>> {
  return {
    name: d.name,
    title: d.title,
    displayName: d.displayName,
    capabilities: { ...NO_CAPABILITIES, ...d.capabilities } as Completed<C>,
    search: d.search,
  };
}
