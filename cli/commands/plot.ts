/**
 * `gtlab plot RUN_DIR [RUN_DIR…] --out fig.svg|pdf|png`: the run's figure (nodes ÷ MPG per depth, mean
 * with 95 % band per series; absolute counts; every tree as a point; or compared with up to five more
 * runs, overlaid or one panel per algorithm), built
 * by the same function as the app's chart (shared/figures/run-figure.ts) from a figure's settings
 * (gtlab-figure, shared/figures/figure-spec.ts): `--figure FIG.json`, else the run folder's figure.json
 * (saved by the app's export), else the defaults; flags override single settings. The spec name, seed and
 * version are printed on the figure. A figure whose legend fits nowhere at its size is refused (exit 2)
 * with the font size and width that would fit.
 */
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { checked, choice, int, parse, requireStr, str, type Flags, flagOptions } from '../args.ts';
import { readText, writeAtomically } from '../files.ts';
import { UsageError } from '../usage-error.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { FIGURE_FONT, renderFigure, type FigureFormat } from '../../node/render-figure.ts';
import { storedRunsFigure, type StoredRun } from '../../shared/figures/run-figure.ts';
import { layoutFigure } from '../../shared/figures/figure-layout.ts';
import { layoutWarning } from '../../shared/figures/layout-warning.ts';
import {
  CHART_MODES,
  COUNTERS,
  defaultFigure,
  FIGURE_FILE,
  FIGURE_HEIGHT,
  FIGURE_WIDTH,
  FigureSpecError,
  FigureSpecSchema,
  figureLayout,
  LEGEND_PLACES,
  MAX_RUNS,
  PANEL_MODES,
  PANELS_FROM_RUNS,
  parseFigureSpec,
  type FigureSpec,
} from '../../shared/figures/figure-spec.ts';
import { describeIssues } from '../../shared/util/describe-issues.ts';

const PLOT_HELP = `gtlab plot RUN_DIR [RUN_DIR…] --out FILE.svg|FILE.pdf|FILE.png [flags]

Draw a run's figure: x = search depth, y = cumulative nodes / minimum proof graph size, one line per
series with its 95 % confidence band (or absolute counts on a log scale, or every tree as a point).
More run folders (or --compare) compare up to ${MAX_RUNS} runs, each keyed by its name.
PNG is rendered at 300 dpi, PDF is vector with the font embedded.

  --out FILE        .svg, .pdf or .png
  --figure FIG      a gtlab-figure file (series, names, title, size, font, legend), as the app's
                    Export tab saves it; default RUN_DIR/${FIGURE_FILE} if present, else the defaults
  --mode M          ratio (default) | absolute | scatter (one point per tree and depth)
  --compare DIR     compare another run (ratio and absolute; repeat for up to ${MAX_RUNS - 1} runs)
  --panels P        ${PANEL_MODES.join(' | ')}: compared runs on one plot, or one panel per algorithm
                    (shared y axis; run = colour, ordering = dash); default algorithm from
                    ${PANELS_FROM_RUNS} runs on, else none
  --counter C       visited | expanded | leaves (default: the run's spec, measure.counter)
  --title T         figure title (default: the preset's title, else the run's name)
  --width W --height H   size in CSS pixels (default ${FIGURE_WIDTH} x ${FIGURE_HEIGHT}: 6.5 x 4 in)
  --font-size PX    text size in CSS pixels (default 12)
  --legend P        ${LEGEND_PLACES.join(' | ')} (default auto: under the plot if it fits, else right).
                    Labels are never cut: where the entries do not fit, the layout tries fewer
                    columns, the legend beside the plot, a legend of algorithm, ordering and run
                    keys, then smaller text down to 7 pt; if none fits, the figure is refused
                    (exit 2) naming the font size and width that would fit. inside: the corner
                    no curve crosses, covering the fewest points and bands
  --json            print {"out", "format", "figure", "trees", "depths"} on stdout
`;

function openRun(dir: string, what: string): StoredRun {
  const folder = checked(() => RunFolder.open(dir));
  const { lines, torn } = checked(() => folder.readLines());
  if (torn) process.stderr.write(`gtlab: ${torn}\n`);
  if (lines.length === 0) throw new UsageError(`${what} ${dir}: the run has no results yet`);
  return { spec: folder.spec, lines, generator: folder.record.generator };
}

/** The figure's settings: the file (or the run's saved one), then each flag given. */
function figureOf(flags: Flags, runDir: string): { figure: FigureSpec; source: string } {
  const given = str(flags, 'figure');
  const saved = join(runDir, FIGURE_FILE);
  const path = given ?? (existsSync(saved) ? saved : undefined);
  let base: FigureSpec;
  try {
    base =
      path === undefined
        ? defaultFigure()
        : parseFigureSpec(readText(path, given ? '--figure' : 'figure settings'), given ? '--figure' : saved);
  } catch (e) {
    if (e instanceof FigureSpecError) throw new UsageError(e.message);
    throw e;
  }
  const over: Record<string, unknown> = {};
  if (flags.mode !== undefined) over.mode = choice(flags, 'mode', CHART_MODES);
  if (flags.counter !== undefined) over.counter = choice(flags, 'counter', COUNTERS);
  if (flags.title !== undefined) over.title = { ...base.title, show: true, text: str(flags, 'title') };
  if (flags.width !== undefined || flags.height !== undefined) {
    const px = figureLayout(base);
    over.size = {
      unit: 'px',
      width: int(flags, 'width', 200, 4000, px.width),
      height: int(flags, 'height', 150, 4000, px.height),
    };
  }
  if (flags['font-size'] !== undefined) over.fontSize = int(flags, 'font-size', 6, 32);
  if (flags.legend !== undefined) over.legend = choice(flags, 'legend', LEGEND_PLACES);
  if (flags.panels !== undefined) over.panels = choice(flags, 'panels', PANEL_MODES);
  const r = FigureSpecSchema.safeParse({ ...base, ...over });
  if (!r.success) throw new UsageError(describeIssues(r.error, 'figure'));
  return { figure: r.data, source: path ?? 'defaults' };
}

export async function plot(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    {
      ...flagOptions(
        ['out', 'figure', 'mode', 'counter', 'title', 'width', 'height', 'font-size', 'legend', 'panels'],
        ['json'],
      ),
      compare: { type: 'string', multiple: true },
    },
    PLOT_HELP,
  );
  if (positionals.length < 1) throw new UsageError('plot takes a RUN_DIR (see gtlab plot --help)');
  const out = requireStr(flags, 'out');
  const ext = extname(out).toLowerCase().slice(1);
  if (!['svg', 'pdf', 'png'].includes(ext))
    throw new UsageError(`--out ${out}: the extension must be .svg, .pdf or .png`);
  const { figure, source } = figureOf(flags, positionals[0]);
  const compareDirs = [...positionals.slice(1), ...((flags.compare as string[] | undefined) ?? [])];
  if (compareDirs.length > MAX_RUNS - 1)
    throw new UsageError(`--compare: at most ${MAX_RUNS - 1} runs beside RUN_DIR (${compareDirs.length} given)`);
  if (compareDirs.length > 0 && figure.mode === 'scatter')
    throw new UsageError('--compare is not allowed with --mode scatter: overlay runs in the ratio or absolute figure');
  const runs = [openRun(positionals[0], 'RUN_DIR'), ...compareDirs.map((d) => openRun(d, '--compare'))];
  let option: Record<string, unknown>;
  try {
    option = storedRunsFigure(runs, figure, { fontFamily: FIGURE_FONT });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
  const warning = layoutWarning(option, figureLayout(figure));
  if (warning && layoutFigure(option, figureLayout(figure)).gtlabCramped) throw new UsageError(`${out}: ${warning}`);
  if (warning) process.stderr.write(`gtlab: ${out}: ${warning}\n`);
  writeAtomically(out, await renderFigure(option, ext as FigureFormat, figureLayout(figure)));
  const trees = new Set(runs[0].lines.map((l) => l.tree)).size;
  const depths = [...new Set(runs[0].lines.map((l) => l.depth))].sort((a, b) => a - b);
  if (flags.json) process.stdout.write(`${JSON.stringify({ out, format: ext, figure: source, trees, depths })}\n`);
  else process.stderr.write(`wrote ${out} (figure settings: ${source})\n`);
  return 0;
}
