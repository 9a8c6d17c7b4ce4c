/**
 * `gtlab tune furtak-buro-fig4 [--variant V] [--algorithm A] [--trees N] [--depth D] [--seed S]
 * [--grid LIST] [--workers W] [--out FILE] [--json]`: tune the fastest-cut-first weights of the Figure 4
 * experiment per algorithm over the full (wR, wS) grid on training trees from a seed other than the
 * evaluation seed (shared/furtak-buro/tune-weights.ts), the trees searched by worker
 * processes of the job pool, and draw the cost surface. The result is what
 * shared/furtak-buro/tuned-weights.ts stores for the presets.
 */
import { cpus } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { checked, choice, int, parse, str, flagOptions } from '../args.ts';
import { UsageError } from '../usage-error.ts';
import { writeAtomically } from '../files.ts';
import {
  DEFAULT_GRID,
  TreeCosts,
  tuneWeights,
  type SpecRunner,
  type TuneResult,
} from '../../shared/furtak-buro/tune-weights.ts';
import { learnTable } from '../../shared/furtak-buro/learn-table.ts';
import {
  EVALUATION_SEED,
  FIG4_ALGORITHMS,
  FIG4_SIZE_STAND_IN,
  TRAINING_SEED,
  VARIANTS,
  variantModel,
  variantSizeInfo,
  variantTerm,
  variantUnexpanded,
  variantUsesLearnedP,
  variantTtMove,
  variantBeyond,
  type Variant,
} from '../../shared/furtak-buro/variants.ts';
import { SIZE_INFOS, SIZE_STAND_INS, TT_MOVES } from '../../shared/experiments/spec.ts';
import { TUNING } from '../../shared/furtak-buro/tuned-weights.ts';
import { ExperimentRun } from '../../shared/experiments/run-experiment.ts';
import { JobPool } from '../../shared/jobs/job-pool.ts';
import { spawnChildProcessWorker } from '../../node/child-process-worker.ts';
import type { FigureFormat } from '../../node/render-figure.ts';
import { tuningHeatmapOption, tuningHeatmapSize } from '../../shared/furtak-buro/tuning-heatmap.ts';
import { GENERATOR } from '../../shared/version.ts';
import { EXPERIMENT_MAX_DEPTH } from '../../shared/util/range.ts';

const TUNE_HELP = `gtlab tune furtak-buro-fig4 [flags]

Tune the fastest-cut-first weights (wV = 1, wR, wS of wV·V − wR·s/P − wS·s) per algorithm by evaluating
every point of the grid × grid (wR = 0 alone for the variant "size"), minimising the mean cumulative
visited nodes (the figure's counter) of iterative deepening 1..D over training trees 0..N-1 of the
training seed, with never-searched children ordered as the variant's preset orders them. Reports the
chosen point, its runner-up and the margin between them (paired over the trees, 95 % interval). Each
worker job searches one tree at several grid points with every algorithm; no (tree, ordering) is
searched twice in one command. The "learned" variant first learns P_i on the same training trees
(value-only ordering).

  --variant V      ${VARIANTS.join(' | ')} | all, or several comma-separated (default fig4)
  --algorithm A    ${FIG4_ALGORITHMS.join(' | ')} | all (default all)
  --trees N        training trees (default ${TUNING.trees})
  --depth D        deepest pass (default ${TUNING.depth})
  --height H       height of the training trees, D..30 (default: D + as many levels as the variant's preset's
                   trees reach beyond its depth, ${VARIANTS.filter((x) => variantBeyond(x) > 0)
                     .map((x) => `${x} ${variantBeyond(x)}`)
                     .join(', ')}, others 0;
                   taller trees score every pass's horizon by estimate)
  --seed S         training seed (default ${TRAINING_SEED}; the evaluation seed ${EVALUATION_SEED} is refused)
  --unexpanded U   V_i of never-searched children: estimate | random (default: as the variant's preset runs,
                   ${VARIANTS.map((x) => `${x} ${variantUnexpanded(x)}`).join(', ')})
  --size-info S    for which children the orderings know S_i: all | searched | expanded (default: as the variant's
                   preset runs, ${VARIANTS.map((x) => `${x} ${variantSizeInfo(x)}`).join(', ')})
  --size-stand-in X S_i of a child whose size is not known: mean | last (default ${FIG4_SIZE_STAND_IN})
  --tt-move M      a transposition table's stored move (MTD(f)): first | ordered (default: as the variant's
                   preset runs, ${VARIANTS.map((x) => `${x} ${variantTtMove(x)}`).join(', ')})
  --grid LIST      the weights tried for wR and for wS, comma-separated, distinct, ≥ 0, containing 0
                   (default ${DEFAULT_GRID.join(',')})
  --workers W      worker processes (default: cores - 1, at least 1)
  --out FILE       the cost surface as a heatmap: .png | .svg | .pdf (with several variants one file each,
                   FILE's name + ".VARIANT" before the extension)
  --json           print {"variants": {V: {A: {grid: [[wR, wS, cost], …], chosen, runnerUp, margin,
                   weights, ordering, cost, baseline, height, unexpanded, sizeInfo, sizeStandIn, ttMove, …}}}}
                   on stdout
`;

const FIGURE_FORMATS = ['png', 'svg', 'pdf'] as const;

/** The grid flag: comma-separated numbers (the tuner checks the rest and names what is wrong). */
function gridFlag(s: string | undefined): number[] {
  if (s === undefined) return [...DEFAULT_GRID];
  const xs = s.split(',').map((x) => x.trim());
  if (xs.some((x) => x === '' || !Number.isFinite(Number(x)) || Number(x) < 0))
    throw new UsageError(`--grid ${s} is not allowed: it must be comma-separated numbers ≥ 0, e.g. 0,1,4,16`);
  const g = xs.map(Number);
  if (!g.includes(0)) throw new UsageError(`--grid ${s} is not allowed: it must contain 0 (the value-only point)`);
  if (new Set(g).size !== g.length) throw new UsageError(`--grid ${s} is not allowed: a value is repeated`);
  return g;
}

/** The variants flag: one, several comma-separated (each once, in the order given), or all. */
function variantList(s: string | undefined): Variant[] {
  if (s === undefined) return ['fig4'];
  if (s === 'all') return [...VARIANTS];
  const vs = s.split(',').map((x) => x.trim());
  const bad = vs.find((x) => !(VARIANTS as readonly string[]).includes(x));
  if (bad !== undefined || new Set(vs).size !== vs.length) {
    throw new UsageError(
      `--variant ${s} is not allowed: ${bad === undefined ? 'a variant is repeated' : `"${bad}" is not a variant`}; use ${VARIANTS.join(', ')} (comma-separated) or all`,
    );
  }
  return vs as Variant[];
}

/** The file the surface of `variant` goes to: FILE itself for one variant, FILE.VARIANT.ext for several. */
function surfaceFile(out: string, variant: Variant, several: boolean): string {
  if (!several) return out;
  const ext = extname(out);
  return `${out.slice(0, out.length - ext.length)}.${variant}${ext}`;
}

/** Trees of a tuning spec run on the pool; rejects naming every failed tree. */
function poolRunner(pool: JobPool): SpecRunner {
  return async (spec, skip, onLine) => {
    const outcome = await new ExperimentRun(pool, spec, { onLine }, skip).start();
    if (outcome.status !== 'completed') {
      throw new Error(
        `tuning ${outcome.status}: ${outcome.failures.map((f) => `tree ${f.tree}: ${f.reason}`).join('; ') || 'cancelled'}`,
      );
    }
  };
}

/** The cost surface of one variant's tuning as a heatmap file (the renderer is loaded only to draw one). */
async function writeSurface(
  file: string,
  format: FigureFormat,
  variant: Variant,
  results: TuneResult[],
  trees: number,
  seed: number,
  depth: number,
  height: number,
): Promise<void> {
  const { FIGURE_FONT, renderFigure } = await import('../../node/render-figure.ts');
  const [r] = results;
  const option = tuningHeatmapOption(results, {
    title: `furtak-buro-fig4 / ${variant}`,
    subtitle:
      `${trees} training trees of seed ${seed}${height === depth ? '' : ` (height ${height})`}, iterative deepening 1..${depth}, never-searched children ${r.unexpanded}, ` +
      `S_i known: ${r.knowledge.sizeInfo} (else ${r.knowledge.sizeStandIn}), stored move ${r.knowledge.ttMove}, ${r.counter} nodes · ${GENERATOR}`,
    fontFamily: FIGURE_FONT,
  });
  writeAtomically(file, await renderFigure(option, format, tuningHeatmapSize(results)));
  process.stderr.write(`wrote ${file}\n`);
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function describe(variant: Variant, r: TuneResult): string {
  const head = `${variant} ${r.algorithm}: chosen (wR, wS) = (${r.chosen.wR}, ${r.chosen.wS}): ${r.chosen.cost.toFixed(0)} nodes, ${pct(r.chosen.reduction)} fewer than value-only (${r.baseline.toFixed(0)})`;
  if (!r.runnerUp || !r.margin) return head;
  return (
    `${head}; runner-up (${r.runnerUp.wR}, ${r.runnerUp.wS}): ${r.runnerUp.cost.toFixed(0)}; the chosen point saves ` +
    `${pct(r.margin.reduction)} [${pct(r.margin.ci95[0])}, ${pct(r.margin.ci95[1])}] of the runner-up's nodes`
  );
}

export async function tune(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    flagOptions(
      [
        'variant',
        'algorithm',
        'trees',
        'depth',
        'height',
        'seed',
        'unexpanded',
        'size-info',
        'size-stand-in',
        'tt-move',
        'grid',
        'workers',
        'out',
      ],
      ['json'],
    ),
    TUNE_HELP,
  );
  if (positionals.length !== 1 || positionals[0] !== 'furtak-buro-fig4')
    throw new UsageError('tune takes the preset name furtak-buro-fig4 (see gtlab tune --help)');
  const a = choice(flags, 'algorithm', [...FIG4_ALGORITHMS, 'all'] as const, 'all');
  const trees = int(flags, 'trees', 1, 100_000, TUNING.trees);
  const depth = int(flags, 'depth', 1, 12, TUNING.depth);
  const heightFlag = flags.height === undefined ? undefined : int(flags, 'height', depth, EXPERIMENT_MAX_DEPTH);
  const seed = int(flags, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1, TRAINING_SEED);
  const unexpandedFlag =
    flags.unexpanded === undefined ? undefined : choice(flags, 'unexpanded', ['estimate', 'random'] as const);
  const sizeInfoFlag = flags['size-info'] === undefined ? undefined : choice(flags, 'size-info', SIZE_INFOS);
  const sizeStandIn = choice(flags, 'size-stand-in', SIZE_STAND_INS, FIG4_SIZE_STAND_IN);
  const ttMoveFlag = flags['tt-move'] === undefined ? undefined : choice(flags, 'tt-move', TT_MOVES);
  const grid = gridFlag(str(flags, 'grid'));
  const workers = int(flags, 'workers', 1, 256, Math.max(1, cpus().length - 1));
  const out = str(flags, 'out');
  const format = out === undefined ? null : extname(out).slice(1).toLowerCase();
  if (format !== null && !(FIGURE_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--out ${out}: the extension must be ${FIGURE_FORMATS.map((f) => `.${f}`).join(', ')}`);
  if (out !== undefined && !existsSync(dirname(resolve(out))))
    throw new UsageError(`--out ${out}: the folder ${dirname(resolve(out))} does not exist`);
  if (seed === EVALUATION_SEED)
    throw new UsageError(`--seed ${seed} is not allowed: it is the evaluation seed; tune on other trees`);
  const variants = variantList(str(flags, 'variant'));
  const algorithms = a === 'all' ? [...FIG4_ALGORITHMS] : [a];
  if (heightFlag !== undefined && heightFlag !== depth && variants.some(variantUsesLearnedP))
    throw new UsageError(
      `--height ${heightFlag} is not allowed with the variant learned: its P_i table is learned on trees of the depth's height; leave --height out`,
    );
  const t0 = performance.now();
  const byVariant: Record<string, Record<string, TuneResult>> = {};
  const cache = new TreeCosts();
  const pool = new JobPool(spawnChildProcessWorker, { size: workers });
  try {
    for (const variant of variants) {
      const unexpanded = unexpandedFlag ?? variantUnexpanded(variant);
      const knowledge = {
        sizeInfo: sizeInfoFlag ?? variantSizeInfo(variant),
        sizeStandIn,
        ttMove: ttMoveFlag ?? variantTtMove(variant),
      };
      const height = heightFlag ?? depth + variantBeyond(variant);
      const model = variantModel(variant);
      const prob = variantUsesLearnedP(variant)
        ? Object.fromEntries(
            algorithms.map((al) => [
              al,
              checked(() => learnTable({ model, algorithm: al, seed, trees, depth, unexpanded })),
            ]),
          )
        : undefined;
      const results = await tuneWeights(
        {
          model,
          algorithms,
          seed,
          trees,
          depth,
          height,
          unexpanded,
          knowledge,
          term: variantTerm(variant),
          prob,
          grid,
        },
        poolRunner(pool),
        cache,
        (p) => process.stderr.write(`\r${variant}: ${p.done}/${p.total} tree jobs   `),
      ).catch((e: unknown) => {
        if (e instanceof RangeError) throw new UsageError(e.message);
        throw e;
      });
      process.stderr.write('\n');
      byVariant[variant] = {};
      for (const r of results) {
        process.stderr.write(`${describe(variant, r)}\n`);
        byVariant[variant][r.algorithm] = r;
      }
      // Each variant's surface as soon as it is tuned: a later failure keeps it.
      if (out !== undefined)
        await writeSurface(
          surfaceFile(out, variant, variants.length > 1),
          format as FigureFormat,
          variant,
          results,
          trees,
          seed,
          depth,
          height,
        );
    }
  } finally {
    pool.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  if (flags.json) {
    // The per-tree costs stay in memory: the file holds the means the choice was made on.
    // The knowledge fields sit beside `unexpanded`, as `gtlab run --json` prints them beside `horizon`.
    const strip = (r: TuneResult) => {
      const { perTree: _p, knowledge, ...rest } = r;
      return { ...rest, ...knowledge };
    };
    const variantsOut = Object.fromEntries(
      Object.entries(byVariant).map(([k, rs]) => [
        k,
        Object.fromEntries(Object.entries(rs).map(([al, r]) => [al, strip(r)])),
      ]),
    );
    process.stdout.write(
      `${JSON.stringify({ generator: GENERATOR, seed, trees, depth, gridValues: grid, workers, seconds, variants: variantsOut })}\n`,
    );
  }
  return 0;
}
