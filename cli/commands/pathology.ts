/**
 * `gtlab pathology --model M [flags]`: probability of a correct root move versus search
 * depth for minimax and Althöfer's negamax under noisy evaluations (shared/althofer/pathology.ts).
 * Its flags are the fields of the pathology study's spec (shared/althofer/pathology-study.ts), mapped below:
 * `--model` picks the model's variant, whose fields are flags of their own names; `--noise` is the size
 * of the noise that model's trees take; `--trees` and `--seed` are the spec's, `--noisy-leaves` turns its
 * exact leaves off. `--chart` and `--json` are the command's own.
 */
import { checked, type Flags, parse, str } from '../args.ts';
import { type CommandFlags, commandFlagOptions } from '../command-flags.ts';
import { writeAtomically } from '../files.ts';
import {
  flagValue,
  negatedFlag,
  requestFlag,
  type StudyFlag,
  variantFlags,
  variantFlagsHelp,
  variantKindFlag,
} from '../study-flags.ts';
import { UsageError } from '../usage-error.ts';
import {
  PATHOLOGY_MODELS,
  runPathology,
  type PathologyModel,
  type PathologyModelKind,
  type PathologyNoise,
} from '../../shared/althofer/pathology.ts';
import { pathologyChartOption } from '../../shared/althofer/pathology-chart.ts';
import { PathologySpecSchema, pathologyStudy } from '../../shared/althofer/pathology-study.ts';
import { quoted } from '../../shared/util/quoted.ts';

const SPEC = PathologySpecSchema.shape;
/** The noise each model's trees take: bi-valued trees flip, prefix value trees add an integer. */
const NOISE_OF: Record<PathologyModelKind, PathologyNoise['kind']> = { uniform: 'flip', li: 'flip', prefix: 'uniform' };
const MODEL_FIELDS = variantFlags(SPEC.model);
const NOISE_SIZE = variantFlags(SPEC.noise, { e: 'noise' });
/** Each model's flags: its own fields, then its noise's size. */
const FLAGS_OF = Object.fromEntries(
  PATHOLOGY_MODELS.map((k) => [k, [...MODEL_FIELDS[k], ...NOISE_SIZE[NOISE_OF[k]]]]),
) as Record<PathologyModelKind, StudyFlag[]>;
const TREES = requestFlag(PathologySpecSchema, 'trees');
const SEED = requestFlag(PathologySpecSchema, 'seed');
const MODEL = variantKindFlag('model', SPEC.model);
const NOISY_LEAVES = negatedFlag(
  'exactLeaves',
  SPEC.exactLeaves,
  'noisy-leaves',
  'evaluate the terminal nodes at depth H with noise too',
);

/** The spec's flags and the command's own: the chart file and the JSON output. */
export const PATHOLOGY_FLAGS: CommandFlags = {
  requests: [pathologyStudy.schema],
  study: [MODEL, ...Object.values(FLAGS_OF).flat(), TREES, SEED, NOISY_LEAVES],
  values: ['chart'],
  switches: ['json'],
};
/** Why a model refuses a flag of another model, where a reason says more than the models it applies to. */
const REFUSED: Partial<Record<PathologyModelKind, Record<string, string>>> = {
  li: { degree: "Li's trees are binary" },
};

const MODELS = PATHOLOGY_MODELS.join('|');

const PATHOLOGY_HELP = `gtlab pathology --model ${MODELS} [flags]

Probability of choosing a correct root move versus search depth 1..H, for minimax and for Althöfer's
negamax (W(x) = f(x) + max over children of −W(y)), with a noisy static evaluation at every node.
Trees: uniform = independent bi-valued trees (Nau; pathological for minimax), li = Li's node-dependent
binary trees, prefix = prefix value trees (both non-pathological). Noise: bi-valued trees flip the true
value with probability --noise; prefix value trees add an integer uniform in [−E..E] (--noise E).
Nodes at depth H (terminal) are exact unless --noisy-leaves. Roots whose moves are all correct are
skipped; ties are broken uniformly at random (scored exactly). 95 % Wilson intervals.

  ${MODEL.help} (required)
${variantFlagsHelp(FLAGS_OF)}  ${TREES.help}
  ${SEED.help}
  ${NOISY_LEAVES.help}
  --chart FILE.json      also write the ECharts option of the figure
  --json                 print {"depths", "decisive", "trees", "series": [{"method", "p", "lo", "hi"}], "spec"}
`;

/** The fields of the flags `fs` read into an object after `kind` (an optional field left out stays out). */
function readFields(kind: string, fs: readonly StudyFlag[], flags: Flags): Record<string, unknown> {
  const o: Record<string, unknown> = { kind };
  for (const f of fs) {
    const v = flagValue(f, flags);
    if (v !== undefined) o[f.field] = v;
  }
  return o;
}

export async function pathology(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, commandFlagOptions(PATHOLOGY_FLAGS), PATHOLOGY_HELP);
  if (positionals.length !== 0)
    throw new UsageError(
      `pathology takes no positional arguments (got ${quoted(positionals[0])}; see gtlab pathology --help)`,
    );
  const kind = flagValue(MODEL, flags) as PathologyModelKind;
  for (const other of PATHOLOGY_MODELS) {
    for (const f of FLAGS_OF[other]) {
      if (str(flags, f.name) === undefined || FLAGS_OF[kind].some((g) => g.name === f.name)) continue;
      const users = PATHOLOGY_MODELS.filter((k) => FLAGS_OF[k].some((g) => g.name === f.name));
      throw new UsageError(
        `--${f.name} is not allowed with --model ${kind}: ${REFUSED[kind]?.[f.name] ?? `it applies to ${users.join(' and ')} trees`}`,
      );
    }
  }
  const model = readFields(kind, MODEL_FIELDS[kind], flags) as PathologyModel;
  const noise = readFields(NOISE_OF[kind], NOISE_SIZE[NOISE_OF[kind]], flags) as PathologyNoise;
  const trees = flagValue(TREES, flags) as number;
  const seed = flagValue(SEED, flags) as number;
  const chartPath = str(flags, 'chart');
  if (chartPath !== undefined && !chartPath.endsWith('.json'))
    throw new UsageError(`--chart ${chartPath} is not allowed: the chart option is written as .json`);
  let last = 0;
  const r = checked(() =>
    runPathology(
      { model, noise, trees, seed, exactLeaves: flagValue(NOISY_LEAVES, flags) as boolean },
      (done, total) => {
        const now = Date.now();
        if (now - last > 500 || done === total) {
          last = now;
          process.stderr.write(`${done}/${total} trees\n`);
        }
      },
    ),
  );
  if (chartPath !== undefined) writeAtomically(chartPath, `${JSON.stringify(pathologyChartOption(r))}\n`);
  if (flags.json) {
    process.stdout.write(
      `${JSON.stringify({ depths: r.depths, decisive: r.decisive, trees: r.trees, series: r.series, spec: r.spec })}\n`,
    );
  } else {
    process.stdout.write(
      `${kind} trees, height ${model.height}: ${r.decisive} decisive roots of ${r.trees}\ndepth ${r.depths.map((d) => String(d).padStart(6)).join('')}\n`,
    );
    for (const s of r.series)
      process.stdout.write(`${s.method.padEnd(8)}${s.p.map((p) => p.toFixed(3).padStart(6)).join('')}\n`);
  }
  return 0;
}
