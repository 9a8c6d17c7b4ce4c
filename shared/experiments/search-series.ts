/**
 * How a run searches one series on one tree (Furtak & Buro 2009, Sec. 8): iterative deepening 1..depth
 * with the series' ordering and memory, never-searched children valued as the spec says, or one search
 * of the given depth when the spec turns iterative deepening off. One home for these options, so the
 * tree viewer's traces (../trace/build-trace.ts) search exactly as ./run-tree.ts does.
 */
import type { Game } from '../game/game.ts';
import { iterativeDeepening, type PassResult } from '../search/iterative-deepening.ts';
import { runSearch } from '../search/algorithms.ts';
import { parseOrdering } from '../search/ordering/parse-ordering.ts';
import type { SearchObserver } from '../search/search-observer.ts';
import { searchKnowledge, seriesIterative, type ExperimentSpec, type SeriesSpec } from './spec.ts';
import { modelDescriptor } from '../models/registry.ts';
import type { SearchOptions } from '../search/search-context.ts';

export interface SeriesSearchHooks {
  /** told every call of the search (disables kernels: same results, slower) */
  observer?: SearchObserver;
  /** after each iterative-deepening pass (or the one search) */
  onPass?: (r: PassResult) => void;
}

/**
 * The search options of the spec's sizeInfo, stand-in and ttMove (./spec.ts searchKnowledge): the `mean`
 * stand-in is the model's mean out-degree, a number fixed by its parameters.
 */
export function knowledgeOptions(
  spec: Pick<ExperimentSpec, 'model' | 'sizeInfo' | 'sizeStandIn' | 'ttMove'>,
): Pick<SearchOptions, 'sizeInfo' | 'sizeStandIn' | 'ttMove'> {
  const k = searchKnowledge(spec);
  const sizeStandIn =
    k.sizeStandIn === 'last' ? 'last' : modelDescriptor(spec.model.kind).meanBranching(spec.model as never);
  return { sizeInfo: k.sizeInfo, sizeStandIn, ttMove: k.ttMove };
}

/**
 * The passes of series `s` on `game` up to `depth`: depths 1..depth (or `passDepths`, ending with depth),
 * or [depth] alone without iterative deepening.
 */
export function searchSeries(
  spec: ExperimentSpec,
  s: SeriesSpec,
  game: Game,
  depth: number,
  hooks: SeriesSearchHooks = {},
  passDepths?: readonly number[],
): PassResult[] {
  const ordering = parseOrdering(s.ordering);
  const maxVisited = spec.limits.maxVisitedPerSearch;
  const observer = hooks.observer ?? null;
  const known = knowledgeOptions(spec);
  if (seriesIterative(spec, s)) {
    const guess = searchKnowledge(spec).guess === 'zero' ? 'fixed' : 'previous';
    return iterativeDeepening(
      game,
      s.algorithm,
      depth,
      { ordering, maxVisited, unexpanded: spec.unexpanded, memory: s.memory, observer, guess, passDepths, ...known },
      hooks.onPass,
    );
  }
  const r = runSearch(s.algorithm, game, depth, {
    ordering,
    maxVisited,
    observer,
    ...known,
    ...(s.memory === 'annotations-only' ? { tt: null } : {}),
  });
  const pass: PassResult = { depth, value: r.value, bestMove: r.bestMove, pass: r.counters, cumulative: r.counters };
  hooks.onPass?.(pass);
  return [pass];
}
