/** `gtlab run` and `gtlab plot` as real processes on real run folders. */
import { describe, expect, test } from 'vitest';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { gtlabFolder, words } from '../helpers/gtlab-process.ts';
import { svgWords } from '../helpers/svg-words.ts';
import { byTreeThenDepth, parseResultsJsonl } from '../helpers/results-jsonl.ts';

const { dir, gtlab } = gtlabFolder('gtlab-run-cli-');

describe('gtlab run', () => {
  test('a preset with overrides: run folder, lines equal to an in-process run, summary on stdout', async () => {
    const r = gtlab(...words('run knuth-moore-check --trees 3 --depth 4 --workers 2 --out km --json'));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ status: 'completed', trees: 3, depths: [1, 2, 3, 4] });
    expect(out.series.map((s: { series: string }) => s.series)).toEqual(['alphabeta / perfect', 'alphabeta / natural']);
    expect(r.stderr).toMatch(/3\/3 trees/);
    for (const f of ['spec.json', 'run.json', 'results.jsonl', 'summary.json', 'results.csv'])
      expect(existsSync(join(dir, 'km', f))).toBe(true);
    const csv = readFileSync(join(dir, 'km', 'results.csv'), 'utf8')
      .trim()
      .split('\n');
    // The series' column keeps the ids; the comment line names them as figures do.
    expect(csv[0]).toBe(
      '# knuth-moore-check; seed 1975; game-tree-lab 0.1.0; series alphabeta / perfect = α-β / perfect; alphabeta / natural = α-β / natural',
    );
    expect(csv[2]).toBe(
      'tree,depth,series,value,mpg,mpg_seen,mpg_true,visited,expanded,leaves,pass_visited,pass_expanded,visited_over_mpg,expanded_over_mpg',
    );
    expect(csv.length - 3).toBe(3 * 4 * 2); // trees × depths × series
    const run = JSON.parse(readFileSync(join(dir, 'km', 'run.json'), 'utf8'));
    expect(run).toMatchObject({ status: 'completed', seed: 1975, generator: 'game-tree-lab 0.1.0' });
    const got = parseResultsJsonl(readFileSync(join(dir, 'km', 'results.jsonl'), 'utf8')).sort(byTreeThenDepth);
    const spec = presetSpec('knuth-moore-check', { trees: 3, depth: 4 });
    const want: ResultLine[] = [];
    for (let t = 0; t < 3; t++) await runTree(spec, t, (l) => want.push(l));
    expect(got).toEqual(want);

    // Resuming a complete run runs nothing and keeps the file as it is.
    const before = readFileSync(join(dir, 'km', 'results.jsonl'), 'utf8');
    expect(gtlab('run', '--resume', '--out', 'km').code).toBe(0);
    expect(readFileSync(join(dir, 'km', 'results.jsonl'), 'utf8')).toBe(before);

    // A crash that tore the last line: --resume sets it aside in results.torn, reruns that tree, and every line appended stays whole.
    cpSync(join(dir, 'km'), join(dir, 'km-torn'), { recursive: true });
    const lines = before.trim().split('\n');
    const kept = lines.filter((l) => (JSON.parse(l) as ResultLine).tree !== 2);
    const torn = lines.find((l) => (JSON.parse(l) as ResultLine).tree === 2)!;
    writeFileSync(join(dir, 'km-torn', 'results.jsonl'), `${kept.join('\n')}\n${torn.slice(0, torn.length >> 1)}`);
    expect(gtlab('run', '--resume', '--out', 'km-torn', '--workers', '1').code).toBe(0);
    const after = readFileSync(join(dir, 'km-torn', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(readFileSync(join(dir, 'km-torn', 'results.torn'), 'utf8')).toBe(`${torn.slice(0, torn.length >> 1)}\n`);
    expect(after.slice(0, kept.length)).toEqual(kept); // the lines kept, then the rerun's
    const whole = after.map((l) => JSON.parse(l) as ResultLine).sort(byTreeThenDepth);
    expect(whole).toEqual(want);
    expect(readFileSync(join(dir, 'km-torn', 'summary.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'km', 'summary.json'), 'utf8'),
    );
  });

  test('plot: SVG with labels and legend, PNG and PDF signatures', () => {
    if (!existsSync(join(dir, 'km', 'results.jsonl')))
      gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--out', 'km');
    expect(gtlab('plot', 'km', '--out', 'fig.svg').code).toBe(0);
    const svg = readFileSync(join(dir, 'fig.svg'), 'utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('search depth');
    expect(svgWords(svg)).toContain('cumulative visited nodes ÷ seen minimum proof size');
    // Series under their display names; the title is the preset's (cut at its colon where it is long).
    expect(svg).toContain('α-β / natural');
    expect(svgWords(svg)).toContain('Knuth–Moore check');
    expect(svg).toContain('seed 1975');
    expect(gtlab('plot', 'km', '--out', 'fig.png').code).toBe(0);
    expect(readFileSync(join(dir, 'fig.png')).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(gtlab('plot', 'km', '--out', 'fig.pdf', '--mode', 'absolute').code).toBe(0);
    const pdf = readFileSync(join(dir, 'fig.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/FontFile2|DejaVu/);
    // The other views of the app: every tree as a point, and two runs overlaid.
    expect(gtlab('plot', 'km', '--out', 'scatter.svg', '--mode', 'scatter').code).toBe(0);
    expect(svgWords(readFileSync(join(dir, 'scatter.svg'), 'utf8'))).toContain(
      'cumulative visited nodes ÷ seen minimum proof size (per tree)',
    );
    expect(gtlab('plot', 'km', '--compare', 'km', '--out', 'cmp.svg').code).toBe(0);
    const cmp = readFileSync(join(dir, 'cmp.svg'), 'utf8');
    // A comparison's legend: a key per series (colour = algorithm, dash = ordering) and a marker per run,
    // each run keyed by its name (runs of one name and seed by their place).
    expect(cmp).toContain('>α-β / natural<');
    expect(cmp).toContain('>knuth-moore-check seed 1975<');
    expect(cmp).toContain('>knuth-moore-check seed 1975 (2)<');
    expect(cmp).not.toMatch(/>[AB]</);
    // Where nothing fits, the command refuses and says what would fit; nothing is written.
    const small = gtlab('plot', 'km', '--compare', 'km', '--out', 'small.svg', '--width', '240', '--height', '200');
    expect(small.code).toBe(2);
    expect(small.stderr).toMatch(
      /small\.svg: The legend does not fit in 240 × 200 px at 12 px text .* It fits with a font size of \d px; or a figure \d+ px wide/,
    );
    expect(existsSync(join(dir, 'small.svg'))).toBe(false);
    expect(readFileSync(join(dir, 'fig.png')).subarray(37, 41).toString('latin1')).toBe('pHYs');
    const bad = gtlab('plot', 'km', '--compare', 'km', '--mode', 'scatter', '--out', 'x.svg');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--compare is not allowed with --mode scatter/);
    expect(gtlab('plot', 'km', '--compare', 'nowhere', '--out', 'x.svg').code).toBe(2);
    expect(existsSync(join(dir, 'x.svg'))).toBe(false);
  });

  test('plot RUN RUN --panels algorithm: run folders as arguments, one panel per algorithm titled by its display name, runs named whole', () => {
    if (!existsSync(join(dir, 'km', 'results.jsonl')))
      gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--out', 'km');
    expect(gtlab('plot', 'km', 'km', '--panels', 'algorithm', '--out', 'panels.svg').code).toBe(0);
    const panels = readFileSync(join(dir, 'panels.svg'), 'utf8');
    expect(panels).toContain('>α-β<');
    expect(panels).toContain('>knuth-moore-check seed 1975<');
    expect(panels).toContain('>knuth-moore-check seed 1975 (2)<');
    expect(panels).toContain('>natural<');
  });

  test('plot --figure: the gtlab-figure file sets series, names, size and legend; the run folder keeps one; flags override it', () => {
    if (!existsSync(join(dir, 'km', 'results.jsonl')))
      gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--out', 'km');
    const fig = {
      format: 'gtlab-figure',
      version: 1,
      mode: 'ratio',
      size: { unit: 'cm', width: 17.5, height: 9 },
      fontSize: 10,
      legend: 'bottom',
      series: [{ id: 'alphabeta / perfect', label: 'NegaScout' }],
      runs: ['left', 'right', 'third'],
      title: { show: true, text: 'Three runs' },
    };
    writeFileSync(join(dir, 'fig.json'), JSON.stringify(fig));
    const r = gtlab(
      'plot',
      'km',
      '--figure',
      'fig.json',
      '--compare',
      'km',
      '--compare',
      'km',
      '--out',
      'three.svg',
      '--json',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ out: 'three.svg', figure: 'fig.json' });
    const svg = readFileSync(join(dir, 'three.svg'), 'utf8');
    expect(svg).toMatch(/^<svg width="661" height="340"/); // 17.5 × 9 cm at 96 dpi
    expect(svg).toContain('>NegaScout<');
    expect(svg).not.toContain('α-β / natural');
    for (const n of ['left', 'right', 'third']) {
      expect(svg).toContain(`>${n}<`);
      expect(svgWords(svg)).toContain(`${n}: knuth-moore-check`);
    }
    expect(svgWords(svg)).toContain('Three runs');
    // Saved beside the run (as the desktop app's export does), it is the default; a flag overrides one setting.
    writeFileSync(join(dir, 'km', 'figure.json'), JSON.stringify(fig));
    expect(gtlab('plot', 'km', '--out', 'saved.svg', '--width', '500', '--height', '300').code).toBe(0);
    const saved = readFileSync(join(dir, 'saved.svg'), 'utf8');
    expect(saved).toMatch(/^<svg width="500" height="300"/);
    expect(saved).toContain('>NegaScout<');
    rmSync(join(dir, 'km', 'figure.json'));
    // Bad figure files name the field; nothing is written.
    writeFileSync(join(dir, 'bad-fig.json'), JSON.stringify({ ...fig, legend: 'top', fontSize: 99 }));
    const bad = gtlab('plot', 'km', '--figure', 'bad-fig.json', '--out', 'nope.svg');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--figure: fontSize: .*; legend: /);
    writeFileSync(join(dir, 'bad-series.json'), JSON.stringify({ ...fig, series: [{ id: 'nope' }] }));
    expect(gtlab('plot', 'km', '--figure', 'bad-series.json', '--out', 'nope.svg').stderr).toMatch(
      /figure series "nope" is not a series of this run; they are: alphabeta \/ perfect, alphabeta \/ natural/,
    );
    expect(gtlab('plot', 'km', '--figure', 'missing.json', '--out', 'nope.svg').stderr).toMatch(
      /--figure missing.json: no such file/,
    );
    const six = Array.from({ length: 6 }, () => ['--compare', 'km']).flat();
    expect(gtlab('plot', 'km', ...six, '--out', 'nope.svg').stderr).toMatch(
      /--compare: at most 5 runs beside RUN_DIR \(6 given\)/,
    );
    expect(existsSync(join(dir, 'nope.svg'))).toBe(false);
  });

  test('bad input: exit 2 naming the field, nothing run', () => {
    writeFileSync(join(dir, 'bad-spec.json'), JSON.stringify({ ...presetSpec('knuth-moore-check'), depth: 0 }));
    const a = gtlab('run', 'bad-spec.json', '--out', 'bad');
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/depth: /);
    expect(existsSync(join(dir, 'bad'))).toBe(false);
    const b = gtlab('run', 'no-such-preset', '--out', 'bad');
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/not a preset \(presets: furtak-buro-fig4, .*knuth-moore-check/);
    writeFileSync(join(dir, 'occupied'), 'x');
    const c = gtlab('plot', 'occupied', '--out', 'x.svg');
    expect(c.code).toBe(2);
    expect(gtlab('run', 'knuth-moore-check', '--workers', '0', '--out', 'bad').stderr).toMatch(
      /--workers 0 is not allowed/,
    );
  });
});
