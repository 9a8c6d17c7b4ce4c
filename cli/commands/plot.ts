/**
 * `gtlab plot RUN_DIR --out fig.svg|pdf|png`: the run's figure (nodes ÷ MPG per depth, mean with 95 %
 * band per series), rendered exactly like the app's chart (shared/figures/ratio-chart.ts); the spec
 * name, seed and version are printed on the figure.
 */
import { extname } from 'node:path';
import { choice, int, parse, requireStr, str } from '../args.ts';
import { writeAtomically } from '../files.ts';
import { UsageError } from '../usage-error.ts';
import { RunFolder, RunFolderError } from '../../node/run-folder.ts';
import { renderFigure, type FigureFormat } from '../../node/render-figure.ts';
import { summarize, type Counter } from '../../shared/experiments/statistics.ts';
import { seriesLabel, specDepths } from '../../shared/experiments/spec.ts';

export const PLOT_HELP = `gtlab plot RUN_DIR --out FILE.svg|FILE.pdf|FILE.png [flags]

Draw a run's figure: x = search depth, y = cumulative nodes / minimum proof graph size, one line per
series with its 95 % confidence band (or absolute counts on a log scale with --mode absolute).
PNG is rendered at 300 dpi, PDF is vector with the font embedded.

  --out FILE        .svg, .pdf or .png
  --mode M          ratio (default) | absolute
  --counter C       expanded (default, Furtak & Buro Fig. 4) | visited | leaves
  --title T         figure title (default: the spec's name)
  --width W --height H   size in CSS pixels (default 800 x 500)
  --json            print {"out", "format", "trees", "depths"} on stdout
`;

export async function plot(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, {
    out: { type: 'string' }, mode: { type: 'string' }, counter: { type: 'string' }, title: { type: 'string' },
    width: { type: 'string' }, height: { type: 'string' }, json: { type: 'boolean' },
  });
  if (flags.help) {
    process.stdout.write(PLOT_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('plot takes one RUN_DIR (see gtlab plot --help)');
  const out = requireStr(flags, 'out');
  const ext = extname(out).toLowerCase().slice(1);
  if (!['svg', 'pdf', 'png'].includes(ext)) throw new UsageError(`--out ${out}: the extension must be .svg, .pdf or .png`);
  const mode = choice(flags, 'mode', ['ratio', 'absolute'] as const, 'ratio');
  const counter = choice(flags, 'counter', ['expanded', 'visited', 'leaves'] as const, 'expanded') as Counter;
  const width = int(flags, 'width', 200, 4000, 800);
  const height = int(flags, 'height', 150, 4000, 500);
  let folder: RunFolder;
  try {
    folder = RunFolder.open(positionals[0]);
  } catch (e) {
    if (e instanceof RunFolderError) throw new UsageError(e.message);
    throw e;
  }
  const lines = folder.lines();
  if (lines.length === 0) throw new UsageError(`${positionals[0]}: the run has no results yet`);
  const spec = folder.spec;
  const summary = summarize(lines, spec.series.map(seriesLabel), specDepths(spec), counter);
  const bytes = await renderFigure(summary, ext as FigureFormat, {
    mode, width, height, title: str(flags, 'title') ?? spec.name,
    subtitle: `${summary.trees} trees · seed ${spec.seed} · ${folder.record.generator}`,
  });
  writeAtomically(out, bytes);
  if (flags.json) process.stdout.write(`${JSON.stringify({ out, format: ext, trees: summary.trees, depths: summary.depths })}\n`);
  else process.stderr.write(`wrote ${out}\n`);
  return 0;
}
