/**
 * Before a run: how big are the trees and roughly how long will it take. The tree size is the model's
 * expected node count (expectedTreeSize). The work per tree is estimated from the Knuth–Moore minimal
 * tree b^⌈d/2⌉ + b^⌊d/2⌋ − 1 with mean branching b̄ (Knuth & Moore 1975), times a search-overhead
 * factor per series (searches with decent ordering stay within a few times the minimal tree, F&B Fig. 4),
 * summed over the iterative-deepening depths, plus the MPG computation. The node rate is a default
 * until a finished run measures it on this machine. The app's form, its sweep panel and `gtlab run` /
 * `gtlab sweep` all estimate with this function (./estimate-words.ts says it in words and judges it).
 */
import { expectedTreeSize, meanBranching } from '../models/registry.ts';
import { specDepths, type ExperimentSpec } from './spec.ts';

/** nodes per second per worker assumed before a run has measured it */
export const DEFAULT_NODE_RATE = 2_000_000;
/** visited ÷ minimal tree assumed per series (F&B Fig. 4: 1.5–4 for ordered searches at depth 10) */
const SEARCH_OVERHEAD = 3;
/** MPG computation: about one pass over the minimal tree's frontier, with a constant for the windows */
const MPG_OVERHEAD = 2;

function minimalTree(b: number, d: number): number {
  return b ** Math.ceil(d / 2) + b ** Math.floor(d / 2) - 1;
}

export interface RunEstimate {
  treeNodes: number;
  /** estimated nodes visited per tree, all series and depths */
  nodesPerTree: number;
  totalNodes: number;
  /** wall time on `workers` workers */
  seconds: number;
  /** the same work on one core */
  cpuSeconds: number;
}

/** The estimate of `trees` trees of the spec (default: all of them; fewer when a resumed run has some). */
export function estimateRun(
  spec: ExperimentSpec,
  workers: number,
  nodeRate = DEFAULT_NODE_RATE,
  trees = spec.trees,
): RunEstimate {
  const b = meanBranching(spec.model);
  const depths = specDepths(spec);
  const full = (d: number) => expectedTreeSize(spec.model, d);
  // A search never visits more than the whole tree, nor (with MPG) fewer than the minimal one.
  const search = depths.reduce((a, d) => a + Math.min(full(d), SEARCH_OVERHEAD * minimalTree(b, d)), 0);
  const mpg = spec.measure.mpg
    ? depths.reduce((a, d) => a + Math.min(full(d), MPG_OVERHEAD * minimalTree(b, d)), 0)
    : 0;
  const nodesPerTree = search * spec.series.length + mpg;
  const totalNodes = nodesPerTree * trees;
  const parallel = Math.max(1, Math.min(workers, trees));
  return {
    treeNodes: full(spec.depth),
    nodesPerTree,
    totalNodes,
    seconds: totalNodes / (nodeRate * parallel),
    cpuSeconds: totalNodes / nodeRate,
  };
}
