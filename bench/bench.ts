/**
 * `npm run bench`: search throughput of the TypeScript engine side by side with the plain C reference
 * (../shared/bench/pvt.c), built and run in this same script; prints nodes/s and the ratio TS / C.
 *
 * Workload: prefix value trees, branching U[4..12], damage D = 6, noise E = 4, depth 8,
 * alpha-beta and NegaScout with static ordering by the noisy estimate. Node counts follow the
 * project's convention (visited = every call, as pvt.c counts). The trees differ from the C program's
 * (different hash functions) but come from the same distribution, so nodes per tree agree on average.
 * Best of several rounds on both sides, alternating, to damp noise from the machine. The public searches
 * run the specialised kernel on this workload; the generic engine is measured beside it.
 */
import { PrefixValueTree } from '../shared/models/prefix-value.ts';
import { INF } from '../shared/game/game.ts';
import { alphaBeta } from '../shared/search/alpha-beta.ts';
import { negaScout } from '../shared/search/negascout.ts';
import { pvNode } from '../shared/search/pv-node.ts';
import { SearchContext } from '../shared/search/search-context.ts';
import { estimateOrdering } from '../shared/search/ordering/by-estimate.ts';
import { buildReference, runReference } from './c-reference.ts';
import { envInt } from './env-int.ts';

const P = { bmin: 4, bmax: 12, damage: 6, noise: 4 };
const DEPTH = 8;
const TREES = envInt('BENCH_TREES', 300);
const ROUNDS = envInt('BENCH_ROUNDS', 3);

/**
 * `engine`: "kernel" = the public alphaBeta / negaScout, which take the specialised prefix-value kernel
 * here (shared/models/prefix-value-search.ts); "generic" = the generic engine's node function (pv-node.ts), as used
 * with memories (iterative deepening, transposition tables) and by every other game.
 */
function runTs(algo: 'ab' | 'ns', engine: 'kernel' | 'generic'): { nodesPerTree: number; mnodesPerSecond: number } {
  const search = algo === 'ab' ? alphaBeta : negaScout;
  let nodes = 0;
  const t0 = performance.now();
  for (let t = 0; t < TREES; t++) {
    const g = new PrefixValueTree({
      height: DEPTH,
      bmin: P.bmin,
      bmax: P.bmax,
      damage: P.damage,
      noise: { kind: 'uniform', e: P.noise },
      seed: 1,
      tree: t,
    });
    let value: number;
    if (engine === 'kernel') {
      const r = search(g, DEPTH, { ordering: estimateOrdering });
      value = r.value;
      nodes += r.counters.visited;
    } else {
      const ctx = new SearchContext(g, { ordering: estimateOrdering }, algo === 'ns');
      value = pvNode(ctx, DEPTH, -INF, INF, -1);
      nodes += ctx.counters.visited;
    }
    if (value !== 0) throw new Error(`tree ${t}: ${algo} (${engine}) returned ${value}, the true value is 0`);
  }
  const s = (performance.now() - t0) / 1000;
  return { nodesPerTree: nodes / TREES, mnodesPerSecond: nodes / s / 1e6 };
}

const bin = buildReference();
console.log(
  `prefix value trees b U[${P.bmin}..${P.bmax}], D = ${P.damage}, E = ${P.noise}, depth ${DEPTH}, ${TREES} trees, best of ${ROUNDS} rounds`,
);
console.log('algorithm            | TS nodes/tree | C nodes/tree | TS Mnodes/s | C Mnodes/s | TS / C');
for (const algo of ['ab', 'ns'] as const) {
  const best = { kernel: { nodesPerTree: 0, mnodesPerSecond: 0 }, generic: { nodesPerTree: 0, mnodesPerSecond: 0 } };
  let c = { nodesPerTree: 0, mnodesPerSecond: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    for (const engine of ['kernel', 'generic'] as const) {
      const a = runTs(algo, engine);
      if (a.mnodesPerSecond > best[engine].mnodesPerSecond) best[engine] = a;
    }
    const b = runReference(bin, algo, DEPTH, TREES, P);
    if (b.mnodesPerSecond > c.mnodesPerSecond) c = b;
  }
  for (const engine of ['kernel', 'generic'] as const) {
    const ts = best[engine];
    const name = `${algo === 'ab' ? 'alpha-beta' : 'NegaScout'}${engine === 'generic' ? ' (generic)' : ''}`.padEnd(20);
    console.log(
      `${name} | ${ts.nodesPerTree.toFixed(0).padStart(13)} | ${c.nodesPerTree.toFixed(0).padStart(12)} | ${ts.mnodesPerSecond.toFixed(2).padStart(11)} | ${c.mnodesPerSecond.toFixed(2).padStart(10)} | ${(ts.mnodesPerSecond / c.mnodesPerSecond).toFixed(2)}`,
    );
  }
}
console.log(
  'alpha-beta / NegaScout = the public searches (specialised prefix-value kernel); (generic) = the generic engine, used with memories and other games',
);
