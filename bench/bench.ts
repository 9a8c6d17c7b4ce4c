/**
 * `node --import tsx bench/bench.ts`: search throughput of the TypeScript engine side by side with the
 * plain C reference (../shared/bench/pvt.c), built and run in this same script (./search-ratios.ts:
 * workload, rounds and medians); prints nodes/s and the ratio TS / C for the specialised kernel and the
 * generic engine.
 *
 *   BENCH_TREES=300 BENCH_ROUNDS=5 node --import tsx bench/bench.ts
 */
import { buildReference } from './c-reference.ts';
import { envInt } from './env-int.ts';
import { algoName, measureSearchRatios, ratioText, WORKLOAD } from './search-ratios.ts';

const TREES = envInt('BENCH_TREES', 300);
const ROUNDS = envInt('BENCH_ROUNDS', 5);

const bin = buildReference();
const P = WORKLOAD;
console.log(
  `prefix value trees b U[${P.bmin}..${P.bmax}], D = ${P.damage}, E = ${P.noise}, depth ${P.depth}, ${TREES} trees, median of ${ROUNDS} rounds`,
);
console.log('algorithm            | TS nodes/tree | C nodes/tree | TS Mnodes/s | C Mnodes/s | TS / C (rounds)');
for (const algo of ['ab', 'ns'] as const) {
  const r = measureSearchRatios(bin, algo, TREES, ROUNDS);
  for (const engine of ['kernel', 'generic'] as const) {
    const ts = r[engine];
    const c = r.c!;
    const ratio = r.ratio![engine];
    const name = `${algoName(algo)}${engine === 'generic' ? ' (generic)' : ''}`.padEnd(20);
    console.log(
      `${name} | ${ts.nodesPerTree.toFixed(0).padStart(13)} | ${c.nodesPerTree.toFixed(0).padStart(12)} | ${ts.mnodesPerSecond.toFixed(2).padStart(11)} | ${c.mnodesPerSecond.toFixed(2).padStart(10)} | ${ratioText(ratio)}`,
    );
  }
}
console.log(
  'alpha-beta / NegaScout = the public searches (the prefix-value kernel, in WebAssembly); (generic) = the generic engine, used with memories and other games',
);
console.log(
  'TS / C: the median over the rounds of the ratio within each round (TS and C run one after the other); in brackets the least and greatest round',
);
