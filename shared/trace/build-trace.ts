/**
 * The trace of tree `tree` of a run at depth `depth` (./trace-tree.ts): the tree regenerated from the
 * spec's seed and the tree index (makeGame, as ../experiments/run-tree.ts does), every series searched
 * exactly as the run searched it (iterative deepening 1..depth; the last pass is the "final" one whose
 * windows, results, order and cuts are kept), and the minimum proof tree of the depth-d truncation as
 * the searches saw it (Furtak & Buro 2009, Sec. 5.2, Figure 2; the `seen` denominator). The root's
 * subtree counts equal the run's `visited` and `passVisited` for that tree and depth, and the proof's
 * size its `mpgSeen`. The searches run once: they record the trace and take the census that sizes the
 * region held (./trace-region.ts, ./region-bound.ts), kept for the next trace of the same run, tree and
 * depth (./census-trie.ts, ./census-cache.ts), which narrows it to its focus before it searches to
 * record. For a model of real positions (Othello endgames) the
 * depth is the position's empties and every series searches it to the end of the game as the run does
 * (../experiments/run-positions.ts: plain, or passes 1..k−1 and then to the end).
 */
import type { Game } from '../game/game.ts';
import { makeGame, modelDescriptor } from '../models/registry.ts';
import { seenProofTree } from '../experiments/run-tree.ts';
import { searchSeries } from '../experiments/search-series.ts';
import { seriesIterative, seriesLabel, specDepths, specHeight, type ExperimentSpec } from '../experiments/spec.ts';
import { endgamePassDepths } from '../experiments/run-positions.ts';
import type { SearchObserver } from '../search/search-observer.ts';
import { keepCensus, keptCensus } from './census-cache.ts';
import { CensusTrie } from './census-trie.ts';
import { RegionBound } from './region-bound.ts';
import { TraceRecorder } from './trace-recorder.ts';
import type { TraceTree } from './trace-tree.ts';

/**
 * Nodes a trace holds at most (about 560 bytes each with six series), an upper bound by the census; a
 * first trace focused below the root may hold up to 1.5 times as many while it takes the census.
 */
const TRACE_BUDGET = 250_000;

export interface TraceOptions {
  /** the node to hold deepest: moves (0-based, natural order) from the root; default the root */
  focus?: readonly number[];
  /** nodes to hold at most (default TRACE_BUDGET) */
  budget?: number;
}

export function checkTraceTarget(spec: ExperimentSpec, tree: number, depth: number): void {
  if (!Number.isInteger(tree) || tree < 0 || tree >= spec.trees)
    throw new RangeError(`tree = ${tree} is not allowed: it must be an integer in [0..${spec.trees - 1}]`);
  if (modelDescriptor(spec.model.kind).positions !== undefined) {
    const ds = specDepths(spec);
    if (!ds.includes(depth))
      throw new RangeError(
        `depth = ${depth} is not allowed: it must be an integer in [${ds[0]}..${ds[ds.length - 1]}] (the empties the run measured)`,
      );
    return;
  }
  if (!Number.isInteger(depth) || depth < 1 || depth > spec.depth)
    throw new RangeError(`depth = ${depth} is not allowed: it must be an integer in [1..${spec.depth}]`);
}

/**
 * Every series of the spec on `game` as the run searches it (to `depth`, by `passDepths` where given);
 * `onSeries` before each, `final` when its last pass starts.
 */
function searchAll(
  spec: ExperimentSpec,
  game: Game,
  depth: number,
  passDepths: readonly number[] | undefined,
  observer?: SearchObserver,
  hooks: {
    onSeries?: (i: number) => void;
    final?: () => void;
    value?: (v: number) => void;
  } = {},
): void {
  const beforeLast =
    passDepths === undefined ? depth - 1 : passDepths.length > 1 ? passDepths[passDepths.length - 2] : 0;
  spec.series.forEach((s, i) => {
    hooks.onSeries?.(i);
    const passes = searchSeries(
      spec,
      s,
      game,
      depth,
      {
        observer,
        onPass: (p) => {
          if (p.depth === beforeLast) hooks.final?.();
        },
      },
      passDepths,
    );
    hooks.value?.(passes[passes.length - 1].value);
  });
}

export function buildTrace(spec: ExperimentSpec, tree: number, depth: number, options: TraceOptions = {}): TraceTree {
  checkTraceTarget(spec, tree, depth);
  // Real positions: the position with `depth` empties, searched to the end of the game.
  const positions = modelDescriptor(spec.model.kind).positions !== undefined;
  const game = makeGame(spec.model, positions ? depth : specHeight(spec), spec.seed, tree);
  const searchDepth = positions ? game.maxPly : depth;
  const passDepths = positions ? endgamePassDepths(depth, searchDepth) : undefined;
  const focus = [...(options.focus ?? [])];
  if (focus.length > searchDepth || focus.some((m) => !Number.isInteger(m) || m < 0)) {
    throw new RangeError(
      `focus = ${focus.join('.')} is not allowed: it must be a path of at most ${searchDepth} child indices ≥ 0`,
    );
  }
  const budget = options.budget ?? TRACE_BUDGET;
  const kept = keptCensus(spec, tree, depth);
  // The kept census narrowed to this focus; where there is none, or it did not record the plies this
  // focus needs, the recording searches take the census themselves.
  const region = kept?.region(focus, searchDepth, budget) ?? new RegionBound(focus, searchDepth, budget);
  // A first trace of the tree and depth fills the trie to keep on the way.
  const trie = kept === undefined ? new CensusTrie(game.maxPly) : null;
  const rec = new TraceRecorder(game, spec.series.map(seriesLabel), region, trie);
  const passes = passDepths?.length ?? depth;
  searchAll(spec, rec, searchDepth, passDepths, rec, {
    // Passes before the last are recorded as visits only; the last one in detail.
    onSeries: (i) => rec.startSeries(i, !seriesIterative(spec, spec.series[i]) || passes === 1),
    final: () => rec.startFinalPass(),
    value: (v) => rec.setSeriesValue(v),
  });
  if (trie !== null) keepCensus(spec, tree, depth, trie);
  rec.startProof();
  const size = seenProofTree(spec, tree, depth, rec);
  return rec.finish(size);
}
