/**
 * `gtlab montecarlo li-2|li-3|li-4 …`: Monte-Carlo estimates on generated node-dependent trees (Li 1989,
 * Ch. 2-4; ../../shared/li/monte-carlo.ts) with a 95 % interval, next to the exact value of the
 * corrected model and the value the thesis's printed computation gives.
 */
import { checked, int, num, parse, flagOptions } from '../args.ts';
import { UsageError } from '../usage-error.ts';
import { LI_EXPERIMENTS, monteCarloLi, type LiExperiment } from '../../shared/li/monte-carlo-check.ts';

const EXPERIMENTS = LI_EXPERIMENTS;

const MONTECARLO_MAX = { trees: 10_000_000, k2: 10, k4: 10, h: 16 } as const;

export const MONTECARLO_HELP = `gtlab montecarlo li-2|li-3|li-4 [flags] [--json]

Monte-Carlo check of Li, "Probabilistic Analysis of Search" (1989) on generated node-dependent binary
trees (top-down, (e')/(f')): the mean and 95 % interval over --trees trees, next to the exact value of
the corrected model and the printed-mode value (the computation behind the thesis's tables).

  li-2  --p0 P --f1 F --f2 F --k K      R_k: win leaves of a tree of height 2K (K in 1..${MONTECARLO_MAX.k2})
  li-3  --f1 F --f2 F --d D --h H       D(D, H): probability of a correct decision at a node of height H
                                        searched to depth D (piece counting, random tie-break); H in
                                        1..${MONTECARLO_MAX.h}, D in 1..H; --trees = accepted win/loss pairs
  li-4  --p0 P --f1 F --f2 F --k K      N_k: leaves examined by alpha-beta with window [0, 1] on a tree
                                        of height 2K (K in 0..${MONTECARLO_MAX.k4})

  --trees N   number of trees (li-3: accepted samples), default 1000
  --seed S    experiment seed (tree t is generated from (S, t)), default 1
  --json      print {"experiment", "params", "trees", "seed", "mean", "se", "lo", "hi",
              "exact": {"corrected", "printed"}, "inInterval": {"corrected", "printed"}}
`;

export { monteCarloLi } from '../../shared/li/monte-carlo-check.ts';

export async function montecarlo(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    flagOptions(['p0', 'f1', 'f2', 'k', 'd', 'h', 'trees', 'seed'], ['json']),
    MONTECARLO_HELP,
  );
  if (positionals.length !== 1)
    throw new UsageError(`montecarlo takes exactly one experiment: ${EXPERIMENTS.join(', ')}`);
  const experiment = positionals[0] as LiExperiment;
  if (!EXPERIMENTS.includes(experiment))
    throw new UsageError(`experiment ${positionals[0]} is not allowed: use one of ${EXPERIMENTS.join(', ')}`);
  const notFor = (names: string[]) => {
    for (const n of names) if (flags[n] !== undefined) throw new UsageError(`--${n} does not apply to ${experiment}`);
  };
  const f1 = num(flags, 'f1', 0, 1);
  const f2 = num(flags, 'f2', 0, 1);
  const trees = int(flags, 'trees', 2, MONTECARLO_MAX.trees, 1000);
  const seed = int(flags, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1, 1);
  let p: Parameters<typeof monteCarloLi>[1];
  if (experiment === 'li-3') {
    notFor(['p0', 'k']);
    const h = int(flags, 'h', 1, MONTECARLO_MAX.h);
    p = { f1, f2, h, d: int(flags, 'd', 1, h) };
  } else {
    notFor(['d', 'h']);
    p = {
      p0: num(flags, 'p0', 0, 1),
      f1,
      f2,
      k: int(flags, 'k', experiment === 'li-2' ? 1 : 0, experiment === 'li-2' ? MONTECARLO_MAX.k2 : MONTECARLO_MAX.k4),
    };
  }
  const r = checked(() => monteCarloLi(experiment, p, trees, seed));
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(r)}\n`);
    return 0;
  }
  const f = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(3) : x.toPrecision(6));
  process.stdout.write(
    `${[
      `${experiment}: ${r.quantity}; ${Object.entries(r.params)
        .map(([k, v]) => `${k} = ${v}`)
        .join(', ')}`,
      `Monte-Carlo over ${r.trees} ${experiment === 'li-3' ? 'win/loss samples' : 'trees'} (seed ${r.seed}): ${f(r.mean)} ± ${f(r.half95)}  [${f(r.lo)}, ${f(r.hi)}]`,
      `exact, corrected model: ${f(r.exact.corrected)}  ${r.inInterval.corrected ? 'inside' : 'OUTSIDE'} the 95 % interval`,
      `thesis's printed computation: ${f(r.exact.printed)}  ${r.inInterval.printed ? 'inside' : 'OUTSIDE'} the 95 % interval`,
    ].join('\n')}\n`,
  );
  return 0;
}
