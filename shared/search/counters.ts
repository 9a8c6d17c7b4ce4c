/**
 * Node-counting convention, defined once for every search in the workbench (published counts differ
 * exactly here, so every result names it):
 *
 *  - `visited`:  every call of the search function on a node, the root and leaves included, and every
 *                re-search counted again (NegaScout re-searches, MTD(f) passes, iterative deepening
 *                passes are cumulative). This is the figure reported in results.
 *  - `expanded`: interior nodes whose children were generated (calls that reached `expand()` with at
 *                least one child).
 *  - `leaves`:   static evaluations: calls at the search horizon or on a terminal node.
 *
 * Calls answered from a transposition table without expanding count as visited only.
 */
export interface Counters {
  visited: number;
  expanded: number;
  leaves: number;
}

export const COUNTING_CONVENTION =
  'visited = every call, root and leaves included, cumulative over re-searches and iterative-deepening passes; ' +
  'expanded = interior nodes whose children were generated; leaves = static evaluations';

/**
 * Bring `counters` to the totals `visited` and `expanded` a search kept apart (a kernel counting in its
 * own variables), adding as leaves the visits in between that were neither expansions nor one of the
 * `unclassified` (the visit the limit stopped, visits a transposition table settled).
 */
export function settleCounters(counters: Counters, visited: number, expanded: number, unclassified: number): void {
  counters.leaves += visited - counters.visited - (expanded - counters.expanded) - unclassified;
  counters.visited = visited;
  counters.expanded = expanded;
}

export function newCounters(): Counters {
  return { visited: 0, expanded: 0, leaves: 0 };
}

export function addCounters(into: Counters, from: Counters): void {
  into.visited += from.visited;
  into.expanded += from.expanded;
  into.leaves += from.leaves;
}
