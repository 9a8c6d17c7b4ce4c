/**
 * Iterative deepening: searches of depth 1, 2, …, D from the root, each ordered by what the previous
 * passes stored (Furtak & Buro 2009, Sec. 8). On trees the memory is an annotation tree (previous
 * value, subtree size, out-degree of every node reached); on DAGs, or when asked, a transposition
 * table, whose entries of other depths supply the best move (always, for algorithms that need a
 * memory; `annotations-only` withholds even that table, so MTD(f)'s null-window tests remember only what
 * the annotation tree holds). MTD(f) takes the previous pass's value as its first guess (or the fixed
 * `firstGuess` every pass, `guess: "fixed"`). Counters are cumulative over the passes; each pass also
 * reports its own.
 */
import type { Game } from '../game/game.ts';
import { borrowAnnotations, returnAnnotations, type AnnotationTree } from './annotation-tree.ts';
import { runSearch } from './algorithms.ts';
import { algorithmDescriptor, type AlgorithmName } from './registry.ts';
import { newCounters, addCounters, type Counters } from './counters.ts';
import type { SearchOptions } from './search-context.ts';
import { borrowTable, returnTable } from './transposition-table.ts';
import { checkDepth } from './search-result.ts';

export type IterativeMemory = 'annotations' | 'annotations-only' | 'tt' | 'both' | 'none';

/** Where MTD(f) takes each pass's first guess (IterativeDeepeningOptions.guess). */
const GUESS_SOURCES = ['previous', 'fixed'] as const;
type GuessSource = (typeof GUESS_SOURCES)[number];

export interface IterativeDeepeningOptions extends Omit<SearchOptions, 'counters' | 'annotations'> {
  /**
   * memory between passes: annotation tree (default; trees), transposition table (DAGs), both, or none;
   * `annotations-only`: the annotation tree and no table even for algorithms that otherwise keep one
   */
  memory?: IterativeMemory;
  /** MTD(f)'s first guess for the first pass (default 0) */
  firstGuess?: number;
  /** MTD(f)'s first guess of the later passes: the previous pass's value (default), or `firstGuess` again */
  guess?: GuessSource;
  /** an empty annotation tree to use (default: one kept between calls, cleared) */
  annotations?: AnnotationTree;
  /**
   * The pass depths, ascending, the last = maxDepth (default 1, 2, …, maxDepth). An endgame solve runs
   * 1..k−1 with a heuristic horizon and then one pass to the end of the game, whatever its length.
   */
  passDepths?: readonly number[];
}

export interface PassResult {
  depth: number;
  value: number;
  bestMove: number;
  /** this pass alone */
  pass: Counters;
  /** all passes up to and including this one */
  cumulative: Counters;
}

export function iterativeDeepening(
  game: Game,
  algorithm: AlgorithmName,
  maxDepth: number,
  opts: IterativeDeepeningOptions = {},
  onPass?: (r: PassResult) => void,
): PassResult[] {
  checkDepth(maxDepth);
  const memory = opts.memory ?? 'annotations';
  const annotated = memory === 'annotations' || memory === 'annotations-only' || memory === 'both';
  const ownAnnotations = annotated && opts.annotations === undefined ? borrowAnnotations() : null;
  const annotations = annotated ? (opts.annotations ?? ownAnnotations) : null;
  const ownTT =
    opts.tt === undefined &&
    (memory === 'tt' ||
      memory === 'both' ||
      (memory !== 'annotations-only' && algorithmDescriptor(algorithm).capabilities.needsMemory))
      ? borrowTable()
      : null;
  // null, not undefined: a null-window driver would otherwise borrow a table of its own
  const tt = opts.tt ?? ownTT ?? null;
  try {
    const cumulative = newCounters();
    const results: PassResult[] = [];
    let guess = opts.firstGuess ?? 0;
    for (const d of passDepthsOf(maxDepth, opts.passDepths)) {
      const pass = newCounters();
      const r = runSearch(algorithm, game, d, { ...opts, annotations, tt, counters: pass }, guess);
      addCounters(cumulative, pass);
      if (opts.guess !== 'fixed') guess = r.value;
      const pr: PassResult = { depth: d, value: r.value, bestMove: r.bestMove, pass, cumulative: { ...cumulative } };
      results.push(pr);
      onPass?.(pr);
    }
    return results;
  } finally {
    if (ownAnnotations) returnAnnotations(ownAnnotations);
    if (ownTT) returnTable(ownTT);
  }
}

/** The pass depths of a deepening to maxDepth: 1..maxDepth, or the given ones once checked. */
function passDepthsOf(maxDepth: number, given: readonly number[] | undefined): readonly number[] {
  if (given === undefined) return Array.from({ length: maxDepth }, (_, k) => k + 1);
  given.forEach((d, k) => {
    if (!Number.isInteger(d) || d < 1 || (k > 0 && d <= given[k - 1])) {
      throw new RangeError(`passDepths = ${given.join(',')} is not allowed: it must be ascending integers ≥ 1`);
    }
  });
  if (given.at(-1) !== maxDepth)
    throw new RangeError(`passDepths = ${given.join(',')} is not allowed: the last must be the depth ${maxDepth}`);
  return given;
}
