/**
 * The Furtak & Buro Figure 4 workload as the benchmarks time it: a preset run on a pool of worker
 * processes (the `gtlab run` pool), and the growth of one tree's cost with the depth (every series
 * searched as the run searches it, iterative deepening 1..d, then the exact MPG denominators).
 */
import { presetSpec } from '../shared/experiments/presets.ts';
import { ExperimentRun } from '../shared/experiments/run-experiment.ts';
import { JobPool } from '../shared/jobs/job-pool.ts';
import { spawnChildProcessWorker } from '../node/child-process-worker.ts';
import { makeGame, modelDescriptor } from '../shared/models/registry.ts';
import { denominators } from '../shared/experiments/run-tree.ts';
import { searchSeries } from '../shared/experiments/search-series.ts';
import { specDepths, specHeight, type ExperimentSpec } from '../shared/experiments/spec.ts';

export interface TimedRun {
  /** wall seconds of the whole run */
  seconds: number;
  /** nodes its searches visited, every series on every tree (each pass of iterative deepening counted once) */
  visited: number;
}

/** The whole run of `spec` on `workers` worker processes, timed; throws if it does not complete. */
export async function timedRun(spec: ExperimentSpec, workers: number): Promise<TimedRun> {
  // On generated trees one iterative-deepening run per tree and series writes a line per depth d that
  // counts its passes 1..d, so the deepest line holds the run's work (a plain spec has one depth). A model
  // of real positions searches a new position at every depth: each of its lines is work of its own.
  const deepest = Math.max(...specDepths(spec));
  const everyLine = modelDescriptor(spec.model.kind).positions !== undefined;
  let visited = 0;
  const pool = new JobPool(spawnChildProcessWorker, { size: workers });
  try {
    const t0 = performance.now();
    const outcome = await new ExperimentRun(pool, spec, {
      onLine: (line) => {
        if (everyLine || line.depth === deepest) for (const r of line.results) visited += r.visited;
      },
    }).start();
    if (outcome.status !== 'completed')
      throw new Error(`run ${outcome.status}: ${JSON.stringify(outcome.failures.slice(0, 3))}`);
    return { seconds: (performance.now() - t0) / 1000, visited };
  } finally {
    pool.close();
  }
}

/**
 * The run's node rate per worker beside the rate `seconds` would demand of the same nodes on as many
 * workers with nothing else to do (no start-up, MPGs or report): a lower bound on what that time needs.
 */
export function rateBeside(run: TimedRun, workers: number, seconds: number): string {
  const rate = (s: number) => (run.visited / s / workers / 1e6).toFixed(2);
  return `${(run.visited / 1e6).toFixed(0)} M nodes at ${rate(run.seconds)} M/s per worker; ${seconds.toFixed(1)} s would need ≥ ${rate(seconds)}`;
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
    const rootValues = new Map<number, number>(); // as the run hands them to the denominators
    const t0 = performance.now();
    for (const s of spec.series) {
      const passes = searchSeries(spec, s, game, depth);
      nodes += passes[passes.length - 1].cumulative.visited;
      for (const r of passes) rootValues.set(r.depth, r.value);
    }
    const t1 = performance.now();
    if (spec.measure.mpg) denominators(spec, t, game, rootValues);
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
