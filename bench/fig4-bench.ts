/**
 * Wall time of the Furtak & Buro Figure 4 preset: the full preset (500 trees,
 * depths 1..10, 3 algorithms × 2 orderings, both exact denominators: seen and true) on 2 worker processes (target ≤ 60 s on this
 * 2-core machine), the speed-up of 2 workers over 1 on a subset of the trees (target ≥ 1.8×), and a
 * profile of single trees: iterative-deepening searches per series vs the exact MPG sizes.
 *
 *   node --import tsx bench/fig4-bench.ts
 *   FIG4_BENCH_TREES=500 FIG4_BENCH_SPEEDUP_TREES=40 FIG4_BENCH_PROFILE_TREES=10 node --import tsx bench/fig4-bench.ts
 *   FIG4_BENCH_TREES=0 …   (skip the full run)
 *   FIG4_BENCH_PRESET=furtak-buro-fig4-all-sizes …   (another Figure 4 preset)
 *
 * The machine is shared: the load average before and after each measurement is printed beside it, so a
 * slow figure can be told from a loaded machine. Workers are real child processes (the `gtlab run` pool).
 */
import { loadavg } from 'node:os';
import { presetSpec } from '../shared/experiments/presets.ts';
import { makeGame } from '../shared/models/registry.ts';
import { denominators } from '../shared/experiments/run-tree.ts';
import { searchSeries } from '../shared/experiments/search-series.ts';
import { seriesLabel, specHeight, type ExperimentSpec } from '../shared/experiments/spec.ts';
import { envInt } from './env-int.ts';
import { rateBeside, timedRun } from './fig4-workload.ts';

const TREES = envInt('FIG4_BENCH_TREES', 500);
const SPEEDUP_TREES = envInt('FIG4_BENCH_SPEEDUP_TREES', 40);
const PROFILE_TREES = envInt('FIG4_BENCH_PROFILE_TREES', 10);
const PRESET = process.env.FIG4_BENCH_PRESET ?? 'furtak-buro-fig4';
const load = () => loadavg()[0].toFixed(2);

function profile(spec: ExperimentSpec, trees: number): void {
  const per = new Map<string, number>();
  let mpg = 0;
  for (let t = 0; t < trees; t++) {
    const game = makeGame(spec.model, specHeight(spec), spec.seed, t);
    const rootValues = new Map<number, number>(); // as the run hands them to the denominators
    for (const s of spec.series) {
      const t0 = performance.now();
      const passes = searchSeries(spec, s, game, spec.depth);
      per.set(seriesLabel(s), (per.get(seriesLabel(s)) ?? 0) + performance.now() - t0);
      for (const r of passes) rootValues.set(r.depth, r.value);
    }
    const t1 = performance.now();
    denominators(spec, t, game, rootValues);
    mpg += performance.now() - t1;
  }
  const search = [...per.values()].reduce((a, b) => a + b, 0);
  console.log(`profile (${trees} trees, one process, ms per tree; load ${load()}):`);
  for (const [k, v] of per) console.log(`  search ${k.padEnd(28)} ${(v / trees).toFixed(1)}`);
  console.log(
    `  searches total                     ${(search / trees).toFixed(1)}  (${((100 * search) / (search + mpg)).toFixed(0)} %)`,
  );
  console.log(
    `  MPG seen + true, depths 1..${spec.depth}     ${(mpg / trees).toFixed(1)}  (${((100 * mpg) / (search + mpg)).toFixed(0)} %)`,
  );
}

async function main(): Promise<void> {
  const full = presetSpec(PRESET);
  console.log(`${PRESET}: ${full.series.length} series, depth ${full.depth}, seed ${full.seed}`);
  if (PROFILE_TREES > 0) profile(full, PROFILE_TREES);
  if (SPEEDUP_TREES > 0) {
    const sub = presetSpec(PRESET, { trees: SPEEDUP_TREES });
    const l0 = load();
    const t1 = (await timedRun(sub, 1)).seconds;
    const l1 = load();
    const t2 = (await timedRun(sub, 2)).seconds;
    const l2 = load();
    const speedup = t1 / t2;
    console.log(
      `speed-up on ${SPEEDUP_TREES} trees: 1 worker ${t1.toFixed(1)} s (load ${l0} → ${l1}), 2 workers ${t2.toFixed(1)} s (load → ${l2}): ${speedup.toFixed(2)}× (target ≥ 1.8×: ${speedup >= 1.8 ? 'met' : 'MISSED'})`,
    );
  }
  if (TREES > 0) {
    const spec = presetSpec(PRESET, { trees: TREES });
    const l0 = load();
    const run = await timedRun(spec, 2);
    const t = run.seconds;
    console.log(
      `full preset, ${TREES} trees, 2 workers: ${t.toFixed(1)} s (load ${l0} → ${load()}; target ≤ 60 s for ${full.trees} trees: ${TREES === full.trees ? (t <= 60 ? 'met' : 'MISSED') : 'n/a'}); ${rateBeside(run, 2, (60 * TREES) / full.trees)}`,
    );
  }
}

await main();
