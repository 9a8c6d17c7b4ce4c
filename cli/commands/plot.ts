/**
 * `gtlab plot RUN_DIR --out fig.svg|pdf|png`: the run's figure (nodes ÷ MPG per depth, mean with 95 %
 * band per series; absolute counts; every tree as a point; or overlaid with a second run), built by
 * the same function as the app's chart (shared/figures/run-figure.ts); the spec name, seed and version
 * are printed on the figure.
 */
import { extname } from 'node:path';
import { choice, int, parse, requireStr, str } from '../args.ts';
import { writeAtomically } from '../files.ts';
import { UsageError } from '../usage-error.ts';
import { RunFolder, RunFolderError } from '../../node/run-folder.ts';
import { chartRunOf, FIGURE_FONT, renderFigure, type FigureFormat } from '../../node/render-figure.ts';
import type { Counter } from '../../shared/experiments/statistics.ts';
import { CHART_MODES, FIGURE_HEIGHT, FIGURE_WIDTH, runFigureOption, type ChartRun } from '../../shared/figures/run-figure.ts';

export const PLOT_HELP = `gtlab plot RUN_DIR --out FILE.svg|FILE.pdf|FILE.png [flags]

Draw a run's figure: x = search depth, y = cumulative nodes / minimum proof graph size, one line per
series with its 95 % confidence band (or absolute counts on a log scale, or every tree as a point).
PNG is rendered at 300 dpi, PDF is vector with the font embedded.

  --out FILE        .svg, .pdf or .png
  --mode M          ratio (default) | absolute | scatter (one point per tree and depth)
  --compare DIR     overlay a second run's series (ratio and absolute only)
  --counter C       visited | expanded | leaves (default: the run's spec, measure.counter)
  --title T         figure title (default: the spec's name)
  --width W --height H   size in CSS pixels (default ${FIGURE_WIDTH} x ${FIGURE_HEIGHT}: 6.5 x 4 in)
  --json            print {"out", "format", "trees", "depths"} on stdout
`;

function openRun(dir: string, what: string, counter: Counter | undefined): ChartRun {
  let folder: RunFolder;
  try {
    folder = RunFolder.open(dir);
  } catch (e) {
    if (e instanceof RunFolderError) throw new UsageError(e.message);
    throw e;
  }
  const run = chartRunOf(folder, counter ?? folder.spec.measure.counter);
  if (run.lines.length === 0) throw new UsageError(`${what} ${dir}: the run has no results yet`);
  return run;
}

export async function plot(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, {
    out: { type: 'string' }, mode: { type: 'string' }, counter: { type: 'string' }, title: { type: 'string' },
    compare: { type: 'string' }, width: { type: 'string' }, height: { type: 'string' }, json: { type: 'boolean' },
  }, PLOT_HELP);
  if (positionals.length !== 1) throw new UsageError('plot takes one RUN_DIR (see gtlab plot --help)');
  const out = requireStr(flags, 'out');
  const ext = extname(out).toLowerCase().slice(1);
  if (!['svg', 'pdf', 'png'].includes(ext)) throw new UsageError(`--out ${out}: the extension must be .svg, .pdf or .png`);
  const mode = choice(flags, 'mode', CHART_MODES, 'ratio');
  const counterFlag = flags.counter === undefined ? undefined : choice(flags, 'counter', ['visited', 'expanded', 'leaves'] as const) as Counter;
  const width = int(flags, 'width', 200, 4000, FIGURE_WIDTH);
  const height = int(flags, 'height', 150, 4000, FIGURE_HEIGHT);
  const compareDir = str(flags, 'compare');
  if (compareDir !== undefined && mode === 'scatter') throw new UsageError('--compare is not allowed with --mode scatter: overlay runs in the ratio or absolute figure');
  const run = openRun(positionals[0], 'RUN_DIR', counterFlag);
  const counter = run.summary.counter;
  const compare = compareDir === undefined ? null : openRun(compareDir, '--compare', counter);
  const option = runFigureOption(mode, counter, run, compare, { title: str(flags, 'title'), fontFamily: FIGURE_FONT });
  writeAtomically(out, await renderFigure(option, ext as FigureFormat, { width, height }));
  if (flags.json) process.stdout.write(`${JSON.stringify({ out, format: ext, trees: run.summary.trees, depths: run.summary.depths })}\n`);
  else process.stderr.write(`wrote ${out}\n`);
  return 0;
}
