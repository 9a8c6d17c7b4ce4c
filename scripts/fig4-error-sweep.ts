/**
 * The evaluation-error sweep of issue 11 (Furtak & Buro 2009, Sec. 8: "evaluation errors drawn from
 * [−4..4]" vs "perfect accuracy"): the furtak-buro-fig4 preset with the estimate error E ∈ {0, 1, 2, 4, 8}
 * (the horizon scores f̂ = f + e, e ~ U[−E..E]), the FCF weights of the preset (tuned at E = 4) for every
 * E, each cell a `gtlab run` folder (resumable: run the script again), then one figure of the reduction
 * at the deepest depth vs E with 95 % intervals and the paper's 35 % / 39 % at E = 4.
 *
 *   node --import tsx scripts/fig4-error-sweep.ts --out runs/error-sweep [--trees 200] [--workers 2]
 *
 * Writes DIR/E-<e>/ (run folders with their reports), DIR/error-sweep.json (the points), DIR/error-sweep.md
 * and DIR/error-sweep.{svg,pdf,png}.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { presetSpec } from '../shared/experiments/presets.ts';
import type { Fig4Summary } from '../shared/experiments/furtak-buro/fig4-summary.ts';
import { PAPER_REDUCTION } from '../shared/experiments/furtak-buro/report.ts';
import { reductionChartOption, type ReductionSeries } from '../shared/figures/reduction-chart.ts';
import { FIGURE_FONT, renderFigure } from '../node/render-figure.ts';
import { GENERATOR } from '../shared/version.ts';

export const ERRORS = [0, 1, 2, 4, 8] as const;

const { values } = parseArgs({ options: { out: { type: 'string' }, trees: { type: 'string' }, workers: { type: 'string' } } });
if (values.out === undefined) {
  process.stderr.write('usage: node --import tsx scripts/fig4-error-sweep.ts --out DIR [--trees N] [--workers W]\n');
  process.exit(2);
}
const out = resolve(values.out);
const trees = Number(values.trees ?? 200);
const workers = values.workers ?? '2';
if (!Number.isInteger(trees) || trees < 2 || trees > 100_000) {
  process.stderr.write(`--trees ${values.trees} is not allowed: it must be an integer in [2..100000]\n`);
  process.exit(2);
}
const gtlab = resolve(import.meta.dirname, '../cli/gtlab.js');
mkdirSync(out, { recursive: true });

const summaries: { e: number; f: Fig4Summary }[] = [];
for (const e of ERRORS) {
  const dir = join(out, `E-${e}`);
  if (!existsSync(join(dir, 'fig4-summary.json'))) {
    const spec = presetSpec('furtak-buro-fig4', { trees });
    if (spec.model.kind !== 'prefix-value') throw new Error('furtak-buro-fig4 is a prefix value preset');
    spec.model = { ...spec.model, noise: { kind: 'uniform', e } };
    spec.description = `Error sweep cell: estimate error U[-${e}..${e}], the preset's weights (tuned at E = 4). ${spec.description ?? ''}`.slice(0, 4000);
    const specFile = join(out, `E-${e}.spec.json`);
    writeFileSync(specFile, `${JSON.stringify(spec, null, 2)}\n`);
    const args = existsSync(join(dir, 'run.json')) ? ['run', '--resume', '--out', dir] : ['run', specFile, '--workers', workers, '--out', dir];
    process.stderr.write(`E = ${e}: gtlab ${args.join(' ')}\n`);
    const r = spawnSync(process.execPath, [gtlab, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) {
      process.stderr.write(`E = ${e}: gtlab run exited ${r.status}; run this script again to resume\n`);
      process.exit(1);
    }
  }
  summaries.push({ e, f: JSON.parse(readFileSync(join(dir, 'fig4-summary.json'), 'utf8')) as Fig4Summary });
}

const algorithms = Object.keys(summaries[0].f.reduction);
const series: ReductionSeries[] = algorithms.map((a) => {
  const paper = PAPER_REDUCTION[a];
  return {
    name: a,
    points: summaries.map(({ e, f }) => ({ x: e, reduction: f.reduction[a], ci95: f.reductionCi95[a] })),
    ...(paper === undefined ? {} : { paper: { x: 4, reduction: paper } }),
  };
});
const first = summaries[0].f;
const depth = first.depths[first.depths.length - 1];
const subtitle = `furtak-buro-fig4 · ${first.trees} trees per E · ${first.counter} ÷ ${first.denominator} MPG · horizon estimate`;
const option = reductionChartOption(series, {
  title: `FCF node reduction vs evaluation error E (depth ${depth})`, subtitle, xName: 'evaluation error E (f̂ = f + e, e ~ U[−E..E])', fontFamily: FIGURE_FONT,
});
for (const fmt of ['svg', 'pdf', 'png'] as const) writeFileSync(join(out, `error-sweep.${fmt}`), await renderFigure(option, fmt));
writeFileSync(join(out, 'error-sweep.json'), `${JSON.stringify({ generator: GENERATOR, trees: first.trees, depth, counter: first.counter, denominator: first.denominator, errors: ERRORS, series }, null, 2)}\n`);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const md = [
  `# FCF node reduction vs evaluation error (depth ${depth}, ${first.trees} trees per E)`, '',
  `| E | ${algorithms.join(' | ')} |`, `|---|${algorithms.map(() => '---').join('|')}|`,
  ...summaries.map(({ e, f }) => `| ${e} | ${algorithms.map((a) => `${pct(f.reduction[a])} [${pct(f.reductionCi95[a][0])}, ${pct(f.reductionCi95[a][1])}]`).join(' | ')} |`),
  '', `Paper (E = 4): ${algorithms.filter((a) => PAPER_REDUCTION[a] !== undefined).map((a) => `${a} ${pct(PAPER_REDUCTION[a]!)}`).join(', ')}.`, '',
];
writeFileSync(join(out, 'error-sweep.md'), md.join('\n'));
process.stderr.write(`wrote ${join(out, 'error-sweep.{svg,pdf,png,json,md}')}\n`);
