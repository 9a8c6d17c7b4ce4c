/**
 * The census tries (./census-trie.ts) of the latest (run, tree, depth)s a trace was built for, so that
 * building another trace of the same tree and depth (opening it again, or on a focus at its edge)
 * runs the searches once, to record, instead of twice. A run is known by its spec: the same spec
 * gives the same trees and searches. A trie takes up to ~50 MB, so few are kept, the least recently
 * used dropped first.
 */
import type { ExperimentSpec } from '../experiments/spec.ts';
import type { CensusTrie } from './census-trie.ts';

/** Tries kept at most. */
const CENSUS_CACHE_SIZE = 2;

const entries = new Map<string, CensusTrie>();

/** How often a trace found its census here (hits) and how often the census searches ran (misses). */
export const censusCacheStats = { hits: 0, misses: 0 };

function keyOf(spec: ExperimentSpec, tree: number, depth: number): string {
  return `${tree} ${depth} ${JSON.stringify(spec)}`;
}

/** The trie of (spec, tree, depth): the kept one, else `build()`'s, kept. */
export function cachedCensus(spec: ExperimentSpec, tree: number, depth: number, build: () => CensusTrie): CensusTrie {
  const key = keyOf(spec, tree, depth);
  let trie = entries.get(key);
  if (trie !== undefined) {
    censusCacheStats.hits++;
    entries.delete(key); // re-inserted below: the Map's order is the order of use
  } else {
    censusCacheStats.misses++;
    trie = build();
    while (entries.size >= CENSUS_CACHE_SIZE) entries.delete(entries.keys().next().value as string);
  }
  entries.set(key, trie);
  return trie;
}
