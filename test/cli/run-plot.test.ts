/** `gtlab run` and `gtlab plot` as real processes on real run folders. */
import { beforeAll, describe, expect, test } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree, type ResultLine } from '../../shared/experiments/run-tree.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

let dir = '';
const gtlab = (...args: string[]) => runGtlab(args, dir);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gtlab-run-cli-'));
});

describe('gtlab run', () => {
  test('a preset with overrides: run folder, lines equal to an in-process run, summary on stdout', async () => {
    const r = gtlab('run', 'knuth-moore-check', '--trees', '3', '--depth', '4', '--workers', '2', '--out', 'km', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ status: 'completed', trees: 3, depths: [1, 2, 3, 4] });
    expect(out.series.map((s: { series: string }) => s.series)).toEqual(['alphabeta / perfect', 'alphabeta / natural']);
    expect(r.stderr).toMatch(/3\/3 trees/);
    for (const f of ['spec.json', 'run.json', 'results.jsonl', 'summary.json', 'results.csv']) expect(existsSync(join(dir, 'km', f))).toBe(true);
    const csv = readFileSync(join(dir, 'km', 'results.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('# knuth-moore-check; seed 1975; game-tree-lab 0.1.0');
    expect(csv[2]).toBe('tree,depth,series,value,mpg,mpg_seen,mpg_true,visited,expanded,leaves,pass_visited,pass_expanded,visited_over_mpg,expanded_over_mpg');
    expect(csv.length - 3).toBe(3 * 4 * 2); // trees × depths × series
    const run = JSON.parse(readFileSync(join(dir, 'km', 'run.json'), 'utf8'));
    expect(run).toMatchObject({ status: 'completed', seed: 1975, generator: 'game-tree-lab 0.1.0' });
    const got = readFileSync(join(dir, 'km', 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ResultLine)
      .sort((a, b) => a.tree - b.tree || a.depth - b.depth);
    const spec = presetSpec('knuth-moore-check', { trees: 3, depth: 4 });
    const want: ResultLine[] = [];
    for (let t = 0; t < 3; t++) await runTree(spec, t, (l) => want.push(l));
    expect(got).toEqual(want);

    // Resuming a complete run runs nothing and keeps the file as it is.
    const before = readFileSync(join(dir, 'km', 'results.jsonl'), 'utf8');
    expect(gtlab('run', '--resume', '--out', 'km').code).toBe(0);
    expect(readFileSync(join(dir, 'km', 'results.jsonl'), 'utf8')).toBe(before);

    // A crash that tore the last line: --resume ends it, reruns that tree, and every line appended stays whole.
    cpSync(join(dir, 'km'), join(dir, 'km-torn'), { recursive: true });
    const lines = before.trim().split('\n');
    const kept = lines.filter((l) => (JSON.parse(l) as ResultLine).tree !== 2);
    const torn = lines.find((l) => (JSON.parse(l) as ResultLine).tree === 2)!;
    writeFileSync(join(dir, 'km-torn', 'results.jsonl'), `${kept.join('\n')}\n${torn.slice(0, torn.length >> 1)}`);
    expect(gtlab('run', '--resume', '--out', 'km-torn', '--workers', '1').code).toBe(0);
    const after = readFileSync(join(dir, 'km-torn', 'results.jsonl'), 'utf8').trim().split('\n');
    expect(after[kept.length]).toBe(torn.slice(0, torn.length >> 1)); // the torn text, ended, then the rerun's lines
    const whole = after.filter((_, k) => k !== kept.length).map((l) => JSON.parse(l) as ResultLine).sort((a, b) => a.tree - b.tree || a.depth - b.depth);
    expect(whole).toEqual(want);
    expect(readFileSync(join(dir, 'km-torn', 'summary.json'), 'utf8')).toBe(readFileSync(join(dir, 'km', 'summary.json'), 'utf8'));
  });

  test('plot: SVG with labels and legend, PNG and PDF signatures', () => {
    if (!existsSync(join(dir, 'km', 'results.jsonl'))) gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--out', 'km');
    expect(gtlab('plot', 'km', '--out', 'fig.svg').code).toBe(0);
    const svg = readFileSync(join(dir, 'fig.svg'), 'utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('search depth');
    expect(svg).toContain('cumulative visited nodes ÷ seen minimum proof size');
    expect(svg).toContain('alphabeta / natural');
    expect(svg).toContain('seed 1975');
    expect(gtlab('plot', 'km', '--out', 'fig.png').code).toBe(0);
    expect(readFileSync(join(dir, 'fig.png')).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(gtlab('plot', 'km', '--out', 'fig.pdf', '--mode', 'absolute').code).toBe(0);
    const pdf = readFileSync(join(dir, 'fig.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/FontFile2|DejaVu/);
    // The other views of the app: every tree as a point, and two runs overlaid.
    expect(gtlab('plot', 'km', '--out', 'scatter.svg', '--mode', 'scatter').code).toBe(0);
    expect(readFileSync(join(dir, 'scatter.svg'), 'utf8')).toContain('cumulative visited nodes ÷ seen minimum proof size (per tree)');
    expect(gtlab('plot', 'km', '--compare', 'km', '--out', 'cmp.svg').code).toBe(0);
    const cmp = readFileSync(join(dir, 'cmp.svg'), 'utf8');
    expect(cmp).toContain('A knuth-moore-check: alphabeta / natural');
    expect(cmp).toContain('B knuth-moore-check: alphabeta / natural');
    expect(readFileSync(join(dir, 'fig.png')).subarray(37, 41).toString('latin1')).toBe('pHYs');
    const bad = gtlab('plot', 'km', '--compare', 'km', '--mode', 'scatter', '--out', 'x.svg');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--compare is not allowed with --mode scatter/);
    expect(gtlab('plot', 'km', '--compare', 'nowhere', '--out', 'x.svg').code).toBe(2);
    expect(existsSync(join(dir, 'x.svg'))).toBe(false);
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
    expect(gtlab('run', 'knuth-moore-check', '--workers', '0', '--out', 'bad').stderr).toMatch(/--workers 0 is not allowed/);
  });
});
