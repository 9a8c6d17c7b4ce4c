/**
 * `gtlab montecarlo li-2|li-3|li-4 …`: Monte-Carlo estimates on generated node-dependent trees (Li 1989,
 * Ch. 2-4; ../../shared/li/monte-carlo.ts) with a 95 % interval, next to the exact value of the
 * corrected model and the value the thesis's printed computation gives.
 */
import { z } from 'zod';
import { checked, int, parse } from '../args.ts';
import { type CommandFlags, commandFlagOptions } from '../command-flags.ts';
import { fieldFlag, flagValue, requestFlag } from '../study-flags.ts';
import { UsageError } from '../usage-error.ts';
import { LI_EXPERIMENTS, monteCarloLi, type LiExperiment } from '../../shared/li/monte-carlo-check.ts';
import { liMcStudy, McParamsSchema } from '../../shared/li/li-mc-study.ts';
import { quoted } from '../../shared/util/quoted.ts';

const EXPERIMENTS = LI_EXPERIMENTS;

/**
 * The flags of the Li Monte-Carlo study (shared/li/li-mc-study.ts): the parameters of its target, its
 * trees and seed. Each experiment takes its own parameters, all required; two ranges are narrower than
 * their fields': R_k counts win leaves from k = 1, and D(d, h) searches at most h deep.
 */
const PARAM = Object.fromEntries(
  Object.entries(McParamsSchema.shape).map(([k, s]) => [k, fieldFlag(k, s instanceof z.ZodOptional ? s.unwrap() : s)!]),
);
const TAKES: Record<LiExperiment, readonly string[]> = {
  'li-2': ['p0', 'f1', 'f2', 'k'],
  'li-3': ['f1', 'f2', 'd', 'h'],
  'li-4': ['p0', 'f1', 'f2', 'k'],
};
const TREES = requestFlag(liMcStudy.schema, 'trees');
const SEED = requestFlag(liMcStudy.schema, 'seed');
/** The study's flags and the command's own JSON output; the experiment is the argument. */
export const MONTECARLO_FLAGS: CommandFlags = {
  requests: [liMcStudy.schema],
  study: [...Object.values(PARAM), TREES, SEED],
  values: [],
  switches: ['json'],
};
const MAX_K = McParamsSchema.shape.k.unwrap().maxValue!;
const MAX_H = McParamsSchema.shape.h.unwrap().maxValue!;

export const MONTECARLO_HELP = `gtlab montecarlo li-2|li-3|li-4 [flags] [--json]

Monte-Carlo check of Li, "Probabilistic Analysis of Search" (1989) on generated node-dependent binary
trees (top-down, (e')/(f')): the mean and 95 % interval over --trees trees, next to the exact value of
the corrected model and the printed-mode value (the computation behind the thesis's tables).

  li-2  --p0 P --f1 F --f2 F --k K      R_k: win leaves of a tree of height 2K (K in 1..${MAX_K})
  li-3  --f1 F --f2 F --d D --h H       D(D, H): probability of a correct decision at a node of height H
                                        searched to depth D (piece counting, random tie-break); H in
                                        1..${MAX_H}, D in 1..H; --trees = accepted win/loss pairs
  li-4  --p0 P --f1 F --f2 F --k K      N_k: leaves examined by alpha-beta with window [0, 1] on a tree
                                        of height 2K (K in 0..${MAX_K})

${Object.values(PARAM)
  .map((f) => `  ${f.help}\n`)
  .join('')}  ${TREES.help}
  ${SEED.help}: tree t is generated from (S, t)
  --json                 print {"experiment", "params", "trees", "seed", "mean", "se", "lo", "hi",
                         "exact": {"corrected", "printed"}, "inInterval": {"corrected", "printed"}}

Exit code: 0 when estimated, inside the interval or not (a 95 % interval misses the exact value in
one seed of twenty, so OUTSIDE is a finding to read, not a failed check); 2 for bad input.
`;

export { monteCarloLi } from '../../shared/li/monte-carlo-check.ts';

export async function montecarlo(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, commandFlagOptions(MONTECARLO_FLAGS), MONTECARLO_HELP);
  if (positionals.length !== 1)
    throw new UsageError(`montecarlo takes exactly one experiment: ${EXPERIMENTS.join(', ')}`);
  const experiment = positionals[0] as LiExperiment;
  if (!EXPERIMENTS.includes(experiment))
    throw new UsageError(`experiment ${quoted(positionals[0])} is not allowed: use one of ${EXPERIMENTS.join(', ')}`);
  /** A parameter the experiment takes, within its field's range. */
  const param = (name: string) => flagValue(PARAM[name], flags) as number;
  const f1 = param('f1');
  const f2 = param('f2');
  const trees = flagValue(TREES, flags) as number;
  const seed = flagValue(SEED, flags) as number;
  for (const n of Object.keys(PARAM))
    if (!TAKES[experiment].includes(n) && flags[n] !== undefined)
      throw new UsageError(`--${n} does not apply to ${experiment}`);
  let p: Parameters<typeof monteCarloLi>[1];
  if (experiment === 'li-3') {
    const h = param('h');
    p = { f1, f2, h, d: int(flags, 'd', 1, h) };
  } else {
    p = { p0: param('p0'), f1, f2, k: experiment === 'li-2' ? int(flags, 'k', 1, MAX_K) : param('k') };
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
