/**
 * `gtlab run SPEC|PRESET --out DIR [--workers W] [--trees N] [--depth D] [--resume] [--json]`: run an
 * experiment on a pool of worker processes, writing the run folder as results arrive.
 */
import { cpus } from 'node:os';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checked, int, parse, requireStr } from '../args.ts';
import { readText } from '../files.ts';
import { makeProgressPrinter } from '../progress-bar.ts';
import { UsageError } from '../usage-error.ts';
import { RunFolder, RunFolderError } from '../../node/run-folder.ts';
import { spawnChildProcessWorker } from '../../node/child-process-worker.ts';
import { JobPool } from '../../shared/jobs/job-pool.ts';
import { ExperimentRun } from '../../shared/experiments/run-experiment.ts';
import { parseSpec, SpecError, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { presetNames, presetSpec } from '../../shared/experiments/presets.ts';
import { isFig4Spec } from '../../shared/experiments/furtak-buro/fig4-presets.ts';
import { fig4Summary, type Fig4Summary } from '../../shared/experiments/furtak-buro/fig4-summary.ts';
import { fig4Report } from '../../shared/experiments/furtak-buro/report.ts';
import { TUNING } from '../../shared/experiments/furtak-buro/tuned-weights.ts';
import { FIGURE_FONT, renderFigure } from '../../node/render-figure.ts';
import { ratioChartOption } from '../../shared/figures/ratio-chart.ts';
import { figureSubtitle } from '../../shared/figures/run-figure.ts';
import { GENERATOR } from '../../shared/version.ts';
import { specFileTooLarge } from '../../shared/host/run-rules.ts';
import { EXPERIMENT_MAX_DEPTH } from '../../shared/util/range.ts';

export const RUN_HELP = `gtlab run SPEC|PRESET --out DIR [flags]

Run an experiment: SPEC is a gtlab-experiment JSON file (as saved from the app), or a preset name:
${presetNames().map((n) => `  ${n}`).join('\n')}
Results are appended to DIR/results.jsonl as each tree finishes (one line per tree and depth), with
DIR/spec.json, DIR/run.json (seed, version, timestamps, status) and, at the end, DIR/summary.json.
The furtak-buro-fig4* presets also write DIR/fig4-summary.json (reductions with 95 % intervals),
DIR/report.md and the figure DIR/figure.svg|pdf|png; their --json summary adds "reduction",
"reductionCi95", "comparisons", "counting" and "tuning", and each series its "algorithm" and "ordering".
Progress with ETA goes to stderr.

  --out DIR        the run folder (new or empty; with --resume, an existing run)
  --workers W      worker processes (default: cores - 1, at least 1)
  --trees N        override the number of trees
  --depth D        override the depth
  --seed S         override the seed
  --resume         continue the run in DIR: only trees without all their lines are run
  --json           print the summary as one JSON object on stdout
`;

export async function run(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, {
    out: { type: 'string' }, workers: { type: 'string' }, trees: { type: 'string' }, depth: { type: 'string' },
    seed: { type: 'string' }, resume: { type: 'boolean' }, json: { type: 'boolean' },
  }, RUN_HELP);
  const out = requireStr(flags, 'out');
  const workers = int(flags, 'workers', 1, 256, Math.max(1, cpus().length - 1));
  let folder: RunFolder;
  try {
    if (flags.resume) {
      if (positionals.length > 0) throw new UsageError('--resume takes the spec from the run folder: give no SPEC');
      folder = RunFolder.open(out);
    } else {
      if (positionals.length !== 1) throw new UsageError('run takes one SPEC file or preset name (see gtlab run --help)');
      folder = RunFolder.create(out, loadSpec(positionals[0], flags), workers);
    }
  } catch (e) {
    if (e instanceof RunFolderError || e instanceof SpecError) throw new UsageError(e.message);
    throw e;
  }
  const spec = folder.spec;
  const done = folder.completeTrees();
  const pool = new JobPool(spawnChildProcessWorker, { size: workers });
  const runner = new ExperimentRun(pool, spec, {
    onLine: (line) => folder.append(line),
    onProgress: makeProgressPrinter(),
    onTreeFailed: (tree, reason) => process.stderr.write(`\ngtlab: tree ${tree} failed: ${reason}\n`),
  }, done);
  folder.update({ status: 'running', workers });
  const onSignal = () => runner.cancel();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const t0 = performance.now();
  const outcome = await runner.start();
  const wallSeconds = (performance.now() - t0) / 1000;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  pool.close();
  const summary = folder.summary();
  folder.writeSummary(summary);
  folder.update({ status: outcome.status, finishedAt: new Date().toISOString(), failures: [...folder.record.failures, ...outcome.failures] });
  const fig4 = isFig4Spec(spec.name) ? await writeFig4Outputs(folder, outcome.status, workers, wallSeconds) : null;
  if (flags.json) {
    const extra = fig4 ? { ...fig4, tuning: { seed: TUNING.seed, trees: TUNING.trees, depth: TUNING.depth, unexpanded: TUNING.unexpanded, procedure: TUNING.procedure, command: TUNING.command } } : {};
    process.stdout.write(`${JSON.stringify({ out, status: outcome.status, failures: outcome.failures, wallSeconds, workers, ...summary, ...extra })}\n`);
  }
  else process.stderr.write(`${outcome.status}: ${summary.trees} trees in ${out}\n`);
  return outcome.status === 'completed' ? 0 : 1;
}

/** Figure 4 extras: the reductions, the markdown report and the figure in three formats. */
async function writeFig4Outputs(folder: RunFolder, status: string, workers: number, wallSeconds: number): Promise<Fig4Summary> {
  const f = fig4Summary(folder.spec, folder.lines());
  writeFileSync(join(folder.dir, 'fig4-summary.json'), `${JSON.stringify({ name: folder.spec.name, generator: GENERATOR, ...f }, null, 2)}\n`);
  writeFileSync(join(folder.dir, 'report.md'), fig4Report(folder.spec, f, { generator: GENERATOR, workers, wallSeconds, status, createdAt: folder.record.createdAt }));
  const option = ratioChartOption(f, {
    title: `${folder.spec.name}: cumulative ${f.counter} nodes ÷ MPG`, fontFamily: FIGURE_FONT,
    subtitle: figureSubtitle(folder.spec, f.trees, folder.record.generator),
  });
  for (const fmt of ['svg', 'pdf', 'png'] as const) {
    writeFileSync(join(folder.dir, `figure.${fmt}`), await renderFigure(option, fmt));
  }
  return f;
}

function loadSpec(arg: string, flags: Record<string, string | boolean | undefined>): ExperimentSpec {
  const overrides = {
    trees: flags.trees === undefined ? undefined : int(flags, 'trees', 1, 100_000),
    depth: flags.depth === undefined ? undefined : int(flags, 'depth', 1, EXPERIMENT_MAX_DEPTH),
    seed: flags.seed === undefined ? undefined : int(flags, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1),
  };
  if (!existsSync(arg) && presetNames().includes(arg)) return checked(() => presetSpec(arg, overrides));
  if (!existsSync(arg)) throw new UsageError(`${arg}: no such spec file, and not a preset (presets: ${presetNames().join(', ')})`);
  const tooLarge = specFileTooLarge(arg, statSync(arg).size);
  if (tooLarge) throw new UsageError(tooLarge);
  const spec = parseSpec(readText(arg, 'spec file'));
  return parseSpec({ ...spec, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) });
}
