/**
 * Before a run: how big are the trees and roughly how long will it take. The tree size is the model's
 * expected node count (expectedTreeSize). The work per tree is estimated from the Knuth–Moore minimal
 * tree b^⌈d/2⌉ + b^⌊d/2⌋ − 1 with mean branching b̄ (Knuth & Moore 1975), times a search-overhead
 * factor per series (searches with decent ordering stay within a few times the minimal tree, F&B Fig. 4),
 * summed over the iterative-deepening depths, plus the MPG computation. The node rate is a default
 * until a finished run measures it on this machine.
 */
import { expectedTreeSize, meanBranching } from '../../../shared/models/registry.ts';
import { specDepths, type ExperimentSpec } from '../../../shared/experiments/spec.ts';

/** nodes per second per worker assumed before a run has measured it */
export const DEFAULT_NODE_RATE = 2_000_000;
/** visited ÷ minimal tree assumed per series (F&B Fig. 4: 1.5–4 for ordered searches at depth 10) */
const SEARCH_OVERHEAD = 3;
/** MPG computation: about one pass over the minimal tree's frontier, with a constant for the windows */
const MPG_OVERHEAD = 2;


export function minimalTree(b: number, d: number): number {
  return b ** Math.ceil(d / 2) + b ** Math.floor(d / 2) - 1;
}

export interface RunEstimate {
  treeNodes: number;
  /** estimated nodes visited per tree, all series and depths */
  nodesPerTree: number;
  totalNodes: number;
  seconds: number;
}

export function estimateRun(spec: ExperimentSpec, workers: number, nodeRate = DEFAULT_NODE_RATE): RunEstimate {
  const b = meanBranching(spec.model);
  const depths = specDepths(spec);
  const full = (d: number) => expectedTreeSize(spec.model, d);
  // A search never visits more than the whole tree, nor (with MPG) fewer than the minimal one.
  const search = depths.reduce((a, d) => a + Math.min(full(d), SEARCH_OVERHEAD * minimalTree(b, d)), 0);
  const mpg = spec.measure.mpg ? depths.reduce((a, d) => a + Math.min(full(d), MPG_OVERHEAD * minimalTree(b, d)), 0) : 0;
  const nodesPerTree = search * spec.series.length + mpg;
  const totalNodes = nodesPerTree * spec.trees;
  const parallel = Math.max(1, Math.min(workers, spec.trees));
  return { treeNodes: full(spec.depth), nodesPerTree, totalNodes, seconds: totalNodes / (nodeRate * parallel) };
}

/** "1.2 k", "3.4 M", "5.6 G" */
export function formatCount(x: number): string {
  if (!Number.isFinite(x)) return '–';
  const a = Math.abs(x);
  if (a < 1e3) return String(Math.round(x * 100) / 100);
  if (a < 1e6) return `${(x / 1e3).toPrecision(3)} k`;
  if (a < 1e9) return `${(x / 1e6).toPrecision(3)} M`;
  if (a < 1e12) return `${(x / 1e9).toPrecision(3)} G`;
  return x.toExponential(2);
}

/** "850 ms", "12 s", "3 min 20 s", "2 h 05 min" */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}
