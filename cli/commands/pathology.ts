/**
 * `gtlab pathology --model M [flags]`: probability of a correct root move versus search
 * depth for minimax and Althöfer's negamax under noisy evaluations (shared/experiments/pathology.ts).
 */
import { checked, choice, int, num, parse, str, flagOptions } from '../args.ts';
import { writeAtomically } from '../files.ts';
import { UsageError } from '../usage-error.ts';
import {
  PATHOLOGY_MODELS,
  runPathology,
  type PathologyModel,
  type PathologyNoise,
} from '../../shared/experiments/pathology.ts';
import { pathologyChartOption } from '../../shared/figures/pathology-chart.ts';

const MODELS = PATHOLOGY_MODELS.join('|');

const PATHOLOGY_HELP = `gtlab pathology --model ${MODELS} [flags]

Probability of choosing a correct root move versus search depth 1..H, for minimax and for Althöfer's
negamax (W(x) = f(x) + max over children of −W(y)), with a noisy static evaluation at every node.
Trees: uniform = independent bi-valued trees (Nau; pathological for minimax), li = Li's node-dependent
binary trees, prefix = prefix value trees (both non-pathological). Noise: bi-valued trees flip the true
value with probability --noise; prefix value trees add an integer uniform in [−E..E] (--noise E).
Nodes at depth H (terminal) are exact unless --noisy-leaves. Roots whose moves are all correct are
skipped; ties are broken uniformly at random (scored exactly). 95 % Wilson intervals.

  --model M          ${PATHOLOGY_MODELS.join(' | ')} (required)
  --height H         tree height (default 10)
  --degree N         branching of uniform and prefix trees (default 2; li trees are binary)
  --p0 P             uniform: P(Max wins a leaf) (default: the fixed point of w = 1 − w^n);
                     li: P(Max wins the root) (default 0.5)
  --f1 F, --f2 F     li: dependence factors (default 0.9, 0.9)
  --damage D         prefix: edge damage bound (default 6)
  --noise E          flip probability (uniform, li; default 0.1) or integer bound (prefix; default 4)
  --noisy-leaves     evaluate the terminal nodes at depth H with noise too
  --trees T          trees (default 1000)
  --seed S           seed (default 1)
  --chart FILE.json  also write the ECharts option of the figure
  --json             print {"depths", "decisive", "trees", "series": [{"method", "p", "lo", "hi"}], "spec"}
`;

export async function pathology(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    flagOptions(
      ['model', 'height', 'degree', 'p0', 'f1', 'f2', 'damage', 'noise', 'trees', 'seed', 'chart'],
      ['noisy-leaves', 'json'],
    ),
    PATHOLOGY_HELP,
  );
  if (positionals.length !== 0)
    throw new UsageError(`pathology takes no positional arguments (got ${positionals[0]}; see gtlab pathology --help)`);
  const kind = choice(flags, 'model', PATHOLOGY_MODELS);
  const height = int(flags, 'height', 1, 24, 10);
  let model: PathologyModel;
  let noise: PathologyNoise;
  if (kind === 'uniform') {
    model = {
      kind,
      degree: int(flags, 'degree', 2, 16, 2),
      height,
      ...(str(flags, 'p0') !== undefined ? { p0: num(flags, 'p0', 0, 1) } : {}),
    };
    noise = { kind: 'flip', e: num(flags, 'noise', 0, 1, 0.1) };
  } else if (kind === 'li') {
    if (str(flags, 'degree') !== undefined)
      throw new UsageError("--degree is not allowed with --model li: Li's trees are binary");
    model = {
      kind,
      height,
      p0: num(flags, 'p0', 0, 1, 0.5),
      f1: num(flags, 'f1', 0, 1, 0.9),
      f2: num(flags, 'f2', 0, 1, 0.9),
    };
    noise = { kind: 'flip', e: num(flags, 'noise', 0, 1, 0.1) };
  } else {
    model = { kind, degree: int(flags, 'degree', 2, 16, 2), height, damage: int(flags, 'damage', 0, 1_000_000, 6) };
    noise = { kind: 'uniform', e: int(flags, 'noise', 0, 1_000_000, 4) };
  }
  const trees = int(flags, 'trees', 1, 10_000_000, 1000);
  const seed = int(flags, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1, 1);
  const chartPath = str(flags, 'chart');
  if (chartPath !== undefined && !chartPath.endsWith('.json'))
    throw new UsageError(`--chart ${chartPath} is not allowed: the chart option is written as .json`);
  let last = 0;
  const r = checked(() =>
    runPathology({ model, noise, trees, seed, exactLeaves: !flags['noisy-leaves'] }, (done, total) => {
      const now = Date.now();
      if (now - last > 500 || done === total) {
        last = now;
        process.stderr.write(`${done}/${total} trees\n`);
      }
    }),
  );
  if (chartPath !== undefined) writeAtomically(chartPath, `${JSON.stringify(pathologyChartOption(r))}\n`);
  if (flags.json) {
    process.stdout.write(
      `${JSON.stringify({ depths: r.depths, decisive: r.decisive, trees: r.trees, series: r.series, spec: r.spec })}\n`,
    );
  } else {
    process.stdout.write(
      `${kind} trees, height ${height}: ${r.decisive} decisive roots of ${r.trees}\ndepth ${r.depths.map((d) => String(d).padStart(6)).join('')}\n`,
    );
    for (const s of r.series)
      process.stdout.write(`${s.method.padEnd(8)}${s.p.map((p) => p.toFixed(3).padStart(6)).join('')}\n`);
  }
  return 0;
}
