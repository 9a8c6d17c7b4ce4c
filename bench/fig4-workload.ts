/**
 * The Furtak & Buro Figure 4 workload as the benchmarks time it: a preset run on a pool of worker
 * processes (the `gtlab run` pool), and the growth of one tree's cost with the depth (every series
 * searched as the run searches it, iterative deepening 1..d, then the exact MPG denominators).
 */
import { presetSpec } from '../shared/experiments/presets.ts';
import { ExperimentRun } from '../shared/experiments/run-experiment.ts';
import { JobPool } from '../shared/jobs/job-pool.ts';
import { spawnChildProcessWorker } from '../node/child-process-worker.ts';
import { makeGame } from '../shared/models/registry.ts';
import { denominators } from '../shared/experiments/run-tree.ts';
import { searchSeries } from '../shared/experiments/search-series.ts';
import { specHeight, type ExperimentSpec } from '../shared/experiments/spec.ts';

/** Wall seconds of the whole run of `spec` on `workers` worker processes; throws if it does not complete. */
export async function timedRun(spec: ExperimentSpec, workers: number): Promise<number> {
  const pool = new JobPool(spawnChildProcessWorker, { size: workers });
  try {
    const t0 = performance.now();
    const outcome = await new ExperimentRun(pool, spec, { onLine: () => {} }).start();
    if (outcome.status !== 'completed')
      throw new Error(`run ${outcome.status}: ${JSON.stringify(outcome.failures.slice(0, 3))}`);
    return (performance.now() - t0) / 1000;
  } finally {
    pool.close();
  }
}

interface GrowthRow {
  depth: number;
  trees: number;
  /** nodes the series' searches visit per tree (every pass, every series) */
  nodesPerTree: number;
  /** the searches' nodes per second, in millions */
  mnodesPerSecond: number;
  /** seconds per tree: the searches, the MPG denominators, both */
  searchSeconds: number;
  mpgSeconds: number;
  totalSeconds: number;
  /** processor seconds per tree (this process, both parts): beside the wall time on a loaded machine */
  cpuSeconds: number;
}

/** One tree's work at `depth` for the first `trees` trees of `preset`, in this process. */
export function growthRow(preset: string, depth: number, trees: number): GrowthRow {
  const spec = presetSpec(preset, { trees, depth });
  let nodes = 0;
  let search = 0;
  let mpg = 0;
  const cpu0 = process.cpuUsage();
  for (let t = 0; t < trees; t++) {
    const game = makeGame(spec.model, specHeight(spec), spec.seed, t);
    const t0 = performance.now();
    for (const s of spec.series) {
      const passes = searchSeries(spec, s, game, depth);
      nodes += passes[passes.length - 1].cumulative.visited;
    }
    const t1 = performance.now();
    if (spec.measure.mpg) denominators(spec, t, game);
    const t2 = performance.now();
    search += t1 - t0;
    mpg += t2 - t1;
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    depth,
    trees,
    nodesPerTree: nodes / trees,
    mnodesPerSecond: nodes / (search / 1000) / 1e6,
    searchSeconds: search / 1000 / trees,
    mpgSeconds: mpg / 1000 / trees,
    totalSeconds: (search + mpg) / 1000 / trees,
    cpuSeconds: (cpu.user + cpu.system) / 1e6 / trees,
  };
}
