/**
 * MT-SSS* (Plaat, Schaeffer, Pijls & de Bruin 1996): Stockman's SSS* as MTD(+∞). A sequence of
 * null-window memory-enhanced tests (fail-soft alpha-beta with window (γ − 1, γ) over a transposition
 * table), the first at γ = +∞, each next one at the upper bound the last one proved, until a test fails
 * high: its value is then the minimax value. Values must be integers. Counting follows ./counters.ts:
 * the passes are cumulative. This file and its registry line are all the workbench needs to offer it.
 */
import { INF, type Game } from '../game/game.ts';
import { defineAlgorithm } from './algorithm-descriptor.ts';
import { AnnotationTree } from './annotation-tree.ts';
import { pvNode } from './pv-node.ts';
import { nullWindowDriver, type MtdfResult } from './mtdf.ts';
import type { SearchContext, SearchOptions } from './search-context.ts';

/** The tests from +∞ down; the context carries the table. */
function sssSearch(ctx: SearchContext, depth: number): { value: number; passes: number } {
  const rec = ctx.ann !== null ? AnnotationTree.ROOT : -1;
  let upper = INF;
  for (let passes = 1; ; passes++) {
    ctx.game.reset();
    const g = pvNode(ctx, depth, upper - 1, upper, rec);
    if (!Number.isInteger(g)) throw new RangeError(`MT-SSS* needs integer values; the search returned ${g}`);
    if (g >= upper) return { value: g + 0, passes }; // fails high at the proved upper bound: g = value
    upper = g;
  }
}

export function mtSss(game: Game, depth: number, opts: SearchOptions = {}): MtdfResult {
  return nullWindowDriver(game, depth, opts, (ctx) => sssSearch(ctx, depth));
}

export const sssAlgorithm = defineAlgorithm({
  name: 'sss',
  title: 'MT-SSS* (Plaat et al. 1996)',
  displayName: 'MT-SSS*',
  capabilities: { needsMemory: true, needsIntegerValues: true, iterativeDeepening: true },
  search: (game, depth, opts) => mtSss(game, depth, opts),
});
