/**
 * Where the nodes of one algorithm's series go in each cell of a sweep (shared/furtak-buro/cut-anatomy.ts),
 * summed over the first N trees of each cell, as a Markdown table: how many root calls (MTD(f)'s null-window
 * tests), how often a cut came at the first child, how many child calls a cut and a fail-low node cost, and
 * how often the first child of a cut was the table's stored move.
 *
 *   node --import tsx scripts/cut-anatomy.ts SWEEP.json|SWEEP-PRESET [--trees N] [--algorithm A] [--cells SUBSTRING]
 *
 * The trees are searched here, one after another, with an observer on every call (the generic engine).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { expandSweep } from '../shared/experiments/sweep.ts';
import { SWEEP_PRESETS } from '../shared/experiments/sweep-presets.ts';
import { addAnatomy, cutAnatomy, emptyAnatomy } from '../shared/furtak-buro/cut-anatomy.ts';
import { makeGame } from '../shared/models/registry.ts';
import { specHeight, seriesLabel } from '../shared/experiments/spec.ts';
import { labelNames } from '../shared/experiments/display-names.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    trees: { type: 'string', default: '20' },
    algorithm: { type: 'string', default: 'mtdf' },
    cells: { type: 'string', default: '' },
  },
});
const [source] = positionals;
if (source === undefined) {
  process.stderr.write(
    'usage: cut-anatomy.ts SWEEP.json|SWEEP-PRESET [--trees N] [--algorithm A] [--cells SUBSTRING]\n',
  );
  process.exit(2);
}
const preset = SWEEP_PRESETS.find((p) => p.name === source);
const input = existsSync(source) ? readFileSync(source, 'utf8') : preset?.sweep();
if (input === undefined) {
  process.stderr.write(`${source}: no such sweep file, and not a sweep preset\n`);
  process.exit(2);
}
const trees = Number(values.trees);
if (!Number.isSafeInteger(trees) || trees < 1) {
  process.stderr.write(`--trees ${values.trees}: must be an integer ≥ 1\n`);
  process.exit(2);
}

const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(1)} %`;
const per = (x: number, of: number) => (x / of).toFixed(2);
process.stdout.write(
  '| cell | series | visited | root calls | cuts | cut at 1st child | child calls per cut | stored move first (of cuts) | it cut | fail-low nodes | child calls per fail low |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|\n',
);
for (const cell of expandSweep(input).cells) {
  if (!cell.slug.includes(values.cells)) continue;
  const spec = cell.spec;
  const mine = spec.series.filter((s) => s.algorithm === values.algorithm);
  const names = labelNames(spec.series.map(seriesLabel));
  for (const s of mine) {
    const a = emptyAnatomy();
    for (let t = 0; t < Math.min(trees, spec.trees); t++)
      addAnatomy(a, cutAnatomy(spec, s, makeGame(spec.model, specHeight(spec), spec.seed, t), spec.depth));
    const cuts = a.cutAt.reduce((x, y) => x + y, 0);
    // The reading's fields name the cell; the orderings it runs are in the series column.
    const reading = Object.entries(cell.params)
      .filter(([path]) => !path.startsWith('series.'))
      .map(([path, v]) => `${path}=${String(v)}`)
      .join(', ');
    process.stdout.write(
      `| ${reading} | ${names[spec.series.indexOf(s)]} | ${(a.visited / trees).toFixed(0)} | ${per(a.tests, trees)} | ${(cuts / trees).toFixed(0)} | ${pct(a.cutAt[0], cuts)} | ${per(a.cutChildren, cuts)} | ${pct(a.storedFirst, cuts)} | ${pct(a.storedCut, Math.max(1, a.storedFirst))} | ${(a.failLow / trees).toFixed(0)} | ${per(a.failLowChildren, Math.max(1, a.failLow))} |\n`,
    );
  }
}
