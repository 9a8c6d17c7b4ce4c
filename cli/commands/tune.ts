/**
 * `gtlab tune furtak-buro-fig4 [--variant V] [--algorithm A] [--trees N] [--depth D] [--seed S] [--json]`:
 * tune the fastest-cut-first weights of the Figure 4 experiment per algorithm on training trees from a
 * seed other than the evaluation seed (shared/experiments/furtak-buro/tune-weights.ts). The result is
 * what shared/experiments/furtak-buro/tuned-weights.ts stores for the presets.
 */
import { checked, choice, int, parse } from '../args.ts';
import { UsageError } from '../usage-error.ts';
import { DEFAULT_GRID, tuneWeights, type TuneResult } from '../../shared/experiments/furtak-buro/tune-weights.ts';
import { learnTable } from '../../shared/experiments/furtak-buro/learn-table.ts';
import {
  EVALUATION_SEED, FIG4_ALGORITHMS, FIG4_SIZE_STAND_IN, TRAINING_SEED, VARIANTS, variantModel, variantSizeInfo, variantTerm, variantUnexpanded,
  variantUsesLearnedP, type Variant,
} from '../../shared/experiments/furtak-buro/variants.ts';
import { SIZE_INFOS, SIZE_STAND_INS, TT_MOVES } from '../../shared/experiments/spec.ts';
import { knowledgeOptions } from '../../shared/experiments/search-series.ts';
import { TUNING } from '../../shared/experiments/furtak-buro/tuned-weights.ts';
import { GENERATOR } from '../../shared/version.ts';

export const TUNE_HELP = `gtlab tune furtak-buro-fig4 [flags]

Tune the fastest-cut-first weights (wV = 1, wR, wS of wV·V − wR·s/P − wS·s) per algorithm by coordinate
search on the grid ${DEFAULT_GRID.join(', ')}, starting from the value-only ordering (0, 0), minimising the
mean cumulative visited nodes (the figure's counter) of iterative deepening 1..D over training trees 0..N-1 of the training
seed, with never-searched children ordered as the variant's preset orders them. The "learned" variant first learns P_i on the same training trees (value-only ordering).

  --variant V      ${VARIANTS.join(' | ')} | all (default fig4)
  --algorithm A    ${FIG4_ALGORITHMS.join(' | ')} | all (default all)
  --trees N        training trees (default ${TUNING.trees})
  --depth D        deepest pass (default ${TUNING.depth})
  --seed S         training seed (default ${TRAINING_SEED}; the evaluation seed ${EVALUATION_SEED} is refused)
  --unexpanded U   V_i of never-searched children: estimate | random (default: as the variant's preset runs,
                   ${VARIANTS.map((x) => `${x} ${variantUnexpanded(x)}`).join(', ')})
  --size-info S    for which children the orderings know S_i: all | searched | expanded (default: as the variant's
                   preset runs, ${VARIANTS.map((x) => `${x} ${variantSizeInfo(x)}`).join(', ')})
  --size-stand-in X S_i of a child whose size is not known: mean | last (default ${FIG4_SIZE_STAND_IN})
  --tt-move M      a transposition table's stored move (MTD(f)): first | ordered (default first)
  --json           print {"variants": {V: {A: {weights, ordering, cost, baseline, …}}}} on stdout
`;

export async function tune(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, {
    variant: { type: 'string' }, algorithm: { type: 'string' }, trees: { type: 'string' }, depth: { type: 'string' },
    seed: { type: 'string' }, unexpanded: { type: 'string' }, 'size-info': { type: 'string' }, 'size-stand-in': { type: 'string' },
    'tt-move': { type: 'string' }, json: { type: 'boolean' },
  }, TUNE_HELP);
  if (positionals.length !== 1 || positionals[0] !== 'furtak-buro-fig4') throw new UsageError('tune takes the preset name furtak-buro-fig4 (see gtlab tune --help)');
  const v = choice(flags, 'variant', [...VARIANTS, 'all'] as const, 'fig4');
  const a = choice(flags, 'algorithm', [...FIG4_ALGORITHMS, 'all'] as const, 'all');
  const trees = int(flags, 'trees', 1, 100_000, TUNING.trees);
  const depth = int(flags, 'depth', 1, 12, TUNING.depth);
  const seed = int(flags, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1, TRAINING_SEED);
  const unexpandedFlag = flags.unexpanded === undefined ? undefined : choice(flags, 'unexpanded', ['estimate', 'random'] as const);
  const sizeInfoFlag = flags['size-info'] === undefined ? undefined : choice(flags, 'size-info', SIZE_INFOS);
  const sizeStandIn = choice(flags, 'size-stand-in', SIZE_STAND_INS, FIG4_SIZE_STAND_IN);
  const ttMove = choice(flags, 'tt-move', TT_MOVES, 'first');
  if (seed === EVALUATION_SEED) throw new UsageError(`--seed ${seed} is not allowed: it is the evaluation seed; tune on other trees`);
  const variants: Variant[] = v === 'all' ? [...VARIANTS] : [v];
  const algorithms = a === 'all' ? [...FIG4_ALGORITHMS] : [a];
  const t0 = performance.now();
  const out: Record<string, Record<string, TuneResult & { learnedFrom?: string }>> = {};
  for (const variant of variants) {
    out[variant] = {};
    const unexpanded = unexpandedFlag ?? variantUnexpanded(variant);
    const sizeInfo = sizeInfoFlag ?? variantSizeInfo(variant);
    for (const algorithm of algorithms) {
      const model = variantModel(variant);
      const knowledge = knowledgeOptions({ model, sizeInfo, sizeStandIn, ttMove });
      const prob = variantUsesLearnedP(variant) ? checked(() => learnTable({ model, algorithm, seed, trees, depth, unexpanded })) : 'hard';
      let n = 0;
      const r = checked(() => tuneWeights({
        model, algorithm, seed, trees, depth, unexpanded, term: variantTerm(variant), prob, knowledge,
        onEvaluation: (e) => process.stderr.write(`\r${variant} ${algorithm}: evaluation ${++n} (${e.weights.ratio}, ${e.weights.size}) → ${e.cost.toFixed(0)}   `),
      }));
      process.stderr.write(`\n${variant} ${algorithm}: ${r.ordering.split(';')[0]} ${r.cost.toFixed(0)} vs value-only ${r.baseline.toFixed(0)} (${((1 - r.cost / r.baseline) * 100).toFixed(1)} % fewer)\n`);
      out[variant][algorithm] = { ...r, sizeInfo, sizeStandIn, ttMove } as TuneResult;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ generator: GENERATOR, seed, trees, depth, grid: DEFAULT_GRID, seconds, variants: out })}\n`);
  }
  return 0;
}
