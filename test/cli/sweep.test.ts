/** `gtlab sweep` and `gtlab sweep summarize` as real processes on real folders (no Slurm: scripts by --dry-run). */
import { beforeAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expandSweep } from '../../shared/experiments/sweep.ts';
import { SWEEP_PRESETS } from '../../shared/experiments/sweep-presets.ts';
import { gtlabFolder, words } from '../helpers/gtlab-process.ts';
import { sweepFile } from '../helpers/sweep-file.ts';

const { dir, gtlab } = gtlabFolder('gtlab-sweep-');
const SWEEP = sweepFile('tiny', 'furtak-buro-fig4', {
  trees: [3],
  depth: [3],
  'model.noise.e': [0, 4],
  'model.damage': [3, 6],
});
/** A run folder's lines, sorted (workers finish trees in any order; the lines are what must agree). */
const results = (d: string) =>
  readFileSync(join(dir, d, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .sort()
    .join('\n');

beforeAll(() => {
  writeFileSync(join(dir, 'tiny.json'), JSON.stringify(SWEEP));
  expect(gtlab('sweep', 'tiny.json', '--out', 'sw', '--workers', '2').code).toBe(0);
}, 120_000);

describe('gtlab sweep (local)', () => {
  test("every cell is a run folder whose results equal gtlab run of the cell's resolved spec", () => {
    const { cells } = expandSweep(SWEEP);
    expect(cells).toHaveLength(4);
    const c = cells[3];
    writeFileSync(join(dir, 'cell.json'), JSON.stringify(c.spec));
    expect(gtlab('run', 'cell.json', '--workers', '1', '--out', 'direct').code).toBe(0);
    expect(results(join('sw', 'cells', c.slug))).toBe(results('direct'));
    for (const x of cells)
      expect(JSON.parse(readFileSync(join(dir, 'sw', 'cells', x.slug, 'spec.json'), 'utf8'))).toEqual(x.spec);
    expect(JSON.parse(readFileSync(join(dir, 'sw', 'sweep.json'), 'utf8'))).toMatchObject({
      format: 'gtlab-sweep-run',
      axes: ['trees', 'depth', 'model.noise.e', 'model.damage'],
    });
  });

  test('again: finished cells are skipped, a removed cell is run again, an interrupted one resumed; another sweep in the folder is refused', () => {
    const { cells } = expandSweep(SWEEP);
    const kept = results(join('sw', 'cells', cells[0].slug));
    const want = results(join('sw', 'cells', cells[1].slug));
    rmSync(join(dir, 'sw', 'cells', cells[1].slug), { recursive: true });
    // An interrupted cell: its last tree's lines gone, the run left running.
    const c2 = join('sw', 'cells', cells[2].slug);
    const full = results(c2);
    const lines = full.split('\n');
    writeFileSync(join(dir, c2, 'results.jsonl'), `${lines.filter((l) => JSON.parse(l).tree !== 2).join('\n')}\n`);
    const run = JSON.parse(readFileSync(join(dir, c2, 'run.json'), 'utf8'));
    writeFileSync(join(dir, c2, 'run.json'), JSON.stringify({ ...run, status: 'cancelled' }));
    rmSync(join(dir, c2, 'summary.json'));
    const r = gtlab('sweep', 'tiny.json', '--out', 'sw', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).cells.map((c: { status: string }) => c.status)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    expect(r.stderr).not.toMatch(/cell 1\/4/);
    expect(results(join('sw', 'cells', cells[0].slug))).toBe(kept);
    expect(results(join('sw', 'cells', cells[1].slug))).toBe(want);
    expect(results(c2)).toBe(full);
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ ...SWEEP, grid: { ...SWEEP.grid, 'model.damage': [3] } }));
    const other = gtlab('sweep', 'other.json', '--out', 'sw');
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/holds another sweep/);
  });

  test('bad input: exit 2 naming the field; nothing is written', () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...SWEEP, grid: { 'model.noise.e': [-1] } }));
    const r = gtlab('sweep', 'bad.json', '--out', 'bad');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/model\.noise\.e: -1 is not allowed/);
    expect(existsSync(join(dir, 'bad'))).toBe(false);
    expect(gtlab('sweep', 'nope', '--out', 'x').stderr).toContain(
      `not a sweep preset (${SWEEP_PRESETS.map((p) => p.name).join(', ')})`,
    );
  });
});

describe('gtlab sweep summarize', () => {
  test('a tidy CSV: one row per cell and series with the swept parameters as columns; reductions for the FCF series', () => {
    const r = gtlab('sweep', 'summarize', 'sw', '--out', 't.csv', '--json');
    expect(r.code, r.stderr).toBe(0);
    const csv = readFileSync(join(dir, 't.csv'), 'utf8').trim().split('\n');
    // The provenance line names each series as figures do; the series column keeps the ids.
    expect(csv[0]).toBe(
      '# tiny; game-tree-lab 0.1.0; series alphabeta / value = α-β / value; alphabeta / value+FCF = α-β / value + FCF; ' +
        'negascout / value = NegaScout / value; negascout / value+FCF = NegaScout / value + FCF; ' +
        'mtdf / value = MTD(f) / value; mtdf / value+FCF = MTD(f) / value + FCF',
    );
    expect(csv[1]).toBe(
      'cell,trees,depth,model.noise.e,model.damage,series,algorithm,ordering,trees_done,deepest_depth,ratio,ratio_lo,ratio_hi,reduction,reduction_lo,reduction_hi',
    );
    expect(csv.length - 2).toBe(4 * 6);
    const rows = JSON.parse(r.stdout).rows as { series: string; reduction: number | null; ratio: number }[];
    expect(rows).toHaveLength(24);
    for (const row of rows) {
      expect(row.ratio).toBeGreaterThanOrEqual(1);
      expect(row.reduction === null).toBe(row.series.endsWith('/ value'));
    }
  });

  test('the heatmap: one cell per grid point and algorithm, the value and its interval written in it; one axis draws lines', () => {
    expect(gtlab('sweep', 'summarize', 'sw', '--out', 'h.svg').code).toBe(0);
    const svg = readFileSync(join(dir, 'h.svg'), 'utf8');
    // axes and panels under their display names; the files keep the paths and ids
    expect(svg).toContain('estimate error E');
    expect(svg).toContain('damage D');
    expect(svg).not.toContain('model.noise.e');
    for (const a of ['α-β', 'NegaScout', 'MTD(f)']) expect(svg).toContain(a);
    // each cell's label: "value\n[lo, hi]" → an interval text per cell: 4 grid points × 3 algorithms
    expect(svg.match(/\[-?\d+\.\d, -?\d+\.\d\]/g)?.length).toBe(12);
    expect(gtlab('sweep', 'summarize', 'sw', '--x', 'model.noise.e', '--out', 'l.png').code).toBe(0);
    expect(readFileSync(join(dir, 'l.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(gtlab('sweep', 'summarize', 'sw', '--x', 'seed', '--out', 'x.svg').stderr).toMatch(
      /--x seed: seed is not a swept path/,
    );
    expect(
      gtlab('sweep', 'summarize', 'sw', '--x', 'model.damage', '--y', 'model.noise.e*seed', '--out', 'x.svg').stderr,
    ).toMatch(/--y model.noise.e\*seed: seed is not a swept path/);
    expect(
      gtlab('sweep', 'summarize', 'sw', '--x', 'model.damage', '--y', 'model.noise.e*depth', '--out', 'p.svg').code,
    ).toBe(0);
  });
});

describe('gtlab sweep --launcher slurm --dry-run', () => {
  test('one array over (cell, shard) pairs and one merge job over every cell; each cell a shard set with its spec', () => {
    const r = gtlab(...words('sweep tiny.json --out sl --launcher slurm --tasks-per-cell 2 --dry-run --json'));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ cells: 4, dryRun: true, arrayJobId: null });
    const array = readFileSync(join(dir, 'sl', 'slurm', 'array.sbatch'), 'utf8');
    expect(array).toContain('#SBATCH --array=0-7\n');
    expect(array).toContain('CELL="${CELLS[$((SLURM_ARRAY_TASK_ID / 2))]}"');
    expect(array).toContain('--shard "$((SLURM_ARRAY_TASK_ID % 2))/2"');
    const merge = readFileSync(join(dir, 'sl', 'slurm', 'merge.sbatch'), 'utf8');
    for (const c of expandSweep(SWEEP).cells) {
      expect(merge).toContain(`'${c.slug}'`);
      expect(JSON.parse(readFileSync(join(dir, 'sl', 'cells', c.slug, 'spec.json'), 'utf8'))).toEqual(c.spec);
    }
    const tooMany = gtlab(
      'sweep',
      'tiny.json',
      '--out',
      'sl2',
      '--launcher',
      'slurm',
      '--tasks-per-cell',
      '4',
      '--dry-run',
    );
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/--tasks-per-cell 4 is not allowed: cell .* has 3 trees/);
  });
});
