/**
 * The census tries (./census-trie.ts) of the latest (run, tree, depth)s a trace was built for, so that
 * another trace of the same tree and depth (opening it again, or on a focus at its edge) narrows the
 * kept census to its focus instead of taking it again. A run is known by its spec: the same spec gives
 * the same trees and searches. A trie takes up to ~50 MB, so few are kept, the least recently used
 * dropped first.
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import type { CensusTrie } from './census-trie.ts';

/** Tries kept at most. */
const CENSUS_CACHE_SIZE = 2;

const entries = new Map<string, CensusTrie>();

/** How often a trace found its census here (hits) and how often it did not (misses). */
export const censusCacheStats = { hits: 0, misses: 0 };

function keyOf(spec: ExperimentSpec, tree: number, depth: number): string {
  return `${tree} ${depth} ${JSON.stringify(spec)}`;
}

/** The kept trie of (spec, tree, depth), if any. */
export function keptCensus(spec: ExperimentSpec, tree: number, depth: number): CensusTrie | undefined {
  const key = keyOf(spec, tree, depth);
  const trie = entries.get(key);
  if (trie === undefined) {
    censusCacheStats.misses++;
    return undefined;
  }
  censusCacheStats.hits++;
  entries.delete(key); // re-inserted: the Map's order is the order of use
  entries.set(key, trie);
  return trie;
}

/** Keep `trie` as the census of (spec, tree, depth). */
export function keepCensus(spec: ExperimentSpec, tree: number, depth: number, trie: CensusTrie): void {
  const key = keyOf(spec, tree, depth);
  entries.delete(key);
  while (entries.size >= CENSUS_CACHE_SIZE) entries.delete(entries.keys().next().value as string);
  entries.set(key, trie);
}
