/**
 * MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): a sequence of null-window fail-soft alpha-beta
 * searches with memory, each moving a bound towards the minimax value from a first guess, until the
 * lower and upper bounds meet. Memory is a transposition table (a cleared spare one if none is given).
 * Values must be integers. Counting follows ./counters.ts: the passes are cumulative.
 */
import { INF, type Game } from '../game/game.ts';
import { SearchContext, type SearchOptions } from './search-context.ts';
import { pvNode } from './pv-node.ts';
import { kernelNodeSearch } from './kernels.ts';
import { checkDepth, type SearchResult } from './search-result.ts';
import { borrowTable, returnTable } from './transposition-table.ts';
import { AnnotationTree } from './annotation-tree.ts';

export interface MtdfResult extends SearchResult {
  /** number of null-window passes */
  passes: number;
}

function mtdfSearch(ctx: SearchContext, depth: number, firstGuess: number): { value: number; passes: number } {
  if (!Number.isInteger(firstGuess)) throw new RangeError(`MTD(f) first guess = ${firstGuess} must be an integer`);
  let g = firstGuess;
  let lower = -INF;
  let upper = INF;
  let passes = 0;
  const rec = ctx.ann !== null ? AnnotationTree.ROOT : -1;
  const kernel = kernelNodeSearch(ctx); // the same tests, faster, where a kernel covers ctx
  while (lower < upper) {
    const beta = g === lower ? g + 1 : g;
    ctx.game.reset();
    g = kernel !== null ? kernel(depth, beta - 1, beta) : pvNode(ctx, depth, beta - 1, beta, rec);
    passes++;
    if (!Number.isInteger(g)) throw new RangeError(`MTD(f) needs integer values; the search returned ${g}`);
    if (g < beta) upper = g;
    else lower = g;
  }
  return { value: g + 0, passes }; // + 0: no −0 in results
}

export function mtdf(game: Game, depth: number, opts: SearchOptions = {}, firstGuess = 0): MtdfResult {
  return nullWindowDriver(game, depth, opts, (ctx) => mtdfSearch(ctx, depth, firstGuess));
}

/**
 * Run a sequence of null-window tests (`tests`: MTD(f), MT-SSS*) from the root with a memory: the
 * caller's table, or a cleared spare one returned afterwards.
 */
export function nullWindowDriver(
  game: Game,
  depth: number,
  opts: SearchOptions,
  tests: (ctx: SearchContext) => { value: number; passes: number },
): MtdfResult {
  checkDepth(depth);
  const own = opts.tt === undefined ? borrowTable() : null;
  try {
    const ctx = new SearchContext(game, { ...opts, tt: opts.tt ?? own });
    const r = tests(ctx);
    return { value: r.value, passes: r.passes, bestMove: ctx.rootMove, counters: ctx.counters };
  } finally {
    if (own) returnTable(own);
  }
}
