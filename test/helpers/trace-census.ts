/**
 * The census of a trace counted afresh for one focus and budget: the reference the kept census
 * (shared/trace/census-trie.ts) and the census taken while recording (shared/trace/region-bound.ts)
 * are held to. It counts the distinct children the searches' expansions create per ply, everywhere
 * and on the focus path (the path to the focus and the focus's subtree). A ply of either part stops
 * growing at `cap` children: a region cannot hold more than that at one ply anyway, and it never
 * reaches past the shallowest ply that was cut short, so nothing it needs goes uncounted. Both
 * censuses are told the searches' steps by `searchCensus`, as the trace recorder tells the trie.
 */
import fc from 'fast-check';
import { parseSpec, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { searchSeries } from '../../shared/experiments/search-series.ts';
import type { Game } from '../../shared/game/game.ts';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import { censusRegion, type TraceRegion } from '../../shared/trace/trace-region.ts';
import { TrieCursor } from '../../shared/trace/trie-cursor.ts';

export class TraceCensus extends TrieCursor {
  readonly children: Float64Array;
  readonly focusChildren: Float64Array;
  /** per part (0: off the focus path, 1: on it): the shallowest ply whose children did not fit (Infinity: none) */
  readonly cappedPly = [Infinity, Infinity];
  /** per ply: whether the cursor's path follows the focus */
  private readonly onPath: Uint8Array;

  constructor(
    maxPly: number,
    private readonly focus: readonly number[],
    private readonly cap: number,
  ) {
    super(maxPly);
    this.children = new Float64Array(maxPly + 2);
    this.focusChildren = new Float64Array(maxPly + 2);
    this.onPath = new Uint8Array(maxPly + 2);
  }

  override reset(): void {
    super.reset();
    this.onPath[0] = 1;
  }

  expand(ply: number, n: number): void {
    if (n === 0 || this.beyond > 0 || this.first[this.cur] >= 0) return;
    const part = this.onPath[ply];
    const atPly = part === 1 ? this.focusChildren[ply] : this.children[ply] - this.focusChildren[ply];
    if (atPly + n > this.cap) {
      if (ply < this.cappedPly[part]) this.cappedPly[part] = ply;
      return;
    }
    this.addChildren(n);
    this.children[ply] += n;
    if (part === 1) this.focusChildren[ply] += n;
  }

  override descend(ply: number, i: number): void {
    const recorded = this.beyond === 0 && this.first[this.cur] >= 0;
    super.descend(ply, i);
    if (recorded)
      this.onPath[ply + 1] = this.onPath[ply] === 1 && (ply >= this.focus.length || this.focus[ply] === i) ? 1 : 0;
  }

  /** The region for a node budget (censusRegion on this census's counts). */
  region(depth: number, budget: number): TraceRegion {
    return censusRegion(this, this.focus, depth, budget);
  }
}

/** A census told the searches' steps: a TrieCursor that counts expansions. */
type Census = TrieCursor & { expand(ply: number, n: number): void };

/** A game that tells a census each step the searches take on it. */
class CensusGame extends ForwardingGame {
  constructor(
    inner: Game,
    private readonly census: Census,
  ) {
    super(inner);
  }
  override reset(): void {
    this.inner.reset();
    this.census.reset();
  }
  override expand(): number {
    const n = this.inner.expand();
    this.census.expand(this.inner.ply, n);
    return n;
  }
  override descend(i: number): void {
    const ply = this.inner.ply;
    this.inner.descend(i);
    this.census.descend(ply, i);
  }
  override ascend(): void {
    this.inner.ascend();
    this.census.ascend(this.inner.ply);
  }
}

/** Every series of `spec` searched on `game` to `depth`, `census` told each step. */
export function searchCensus(spec: ExperimentSpec, game: Game, census: Census, depth: number): void {
  const g = new CensusGame(game, census);
  for (const series of spec.series) searchSeries(spec, series, g, depth);
}

/** A small prefix-value run of three series; a run is known by its spec, so another name is another run. */
export function censusSpec(depth: number, iterative: boolean, name = 'census'): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name,
    model: { kind: 'prefix-value', bmin: 2, bmax: 4, damage: 5, noise: { kind: 'uniform', e: 3 } },
    trees: 4,
    seed: 9,
    depth,
    iterative,
    series: [
      { algorithm: 'alphabeta', ordering: 'estimate' },
      { algorithm: 'negascout', ordering: 'fcf-weighted:1,0.5,0.5', memory: 'both' },
      { algorithm: 'mtdf', ordering: 'estimate', memory: 'both' },
    ],
  });
}

/** A trace of a censusSpec run to check: its depth, iterative or not, tree, focus (cut to the depth) and node budget. */
export const censusCase = fc
  .record({
    depth: fc.integer({ min: 1, max: 6 }),
    iterative: fc.boolean(),
    tree: fc.integer({ min: 0, max: 3 }),
    focus: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }),
    budget: fc.integer({ min: 1, max: 400 }),
  })
  .map((c) => ({ ...c, focus: c.focus.slice(0, c.depth) }));
