/**
 * Figure builders: the per-tree scatter, the two-run overlay, the legend room, the 300 dpi PNG marker
 * (checked with zlib's CRC-32 and a PNG from an independent encoder), and the SVG the browser host
 * exports (ECharts' SVG renderer in SSR mode runs under Node too).
 */
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Resvg } from '@resvg/resvg-js';
import { jitter, scatterPoints, treeScatterOption } from '../../shared/figures/tree-scatter.ts';
import { mergeSummaries } from '../../shared/figures/compare-runs.ts';
import { fitLegend, legendRows } from '../../shared/figures/legend-layout.ts';
import { crc32, readPngDpi, setPngDpi } from '../../shared/figures/png-dpi.ts';
import { summarize } from '../../shared/experiments/statistics.ts';
import { runTree, type ResultLine } from '../../shared/experiments/run-tree.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { seriesLabel, specDepths } from '../../shared/experiments/spec.ts';
import { GENERATOR } from '../../shared/version.ts';
import { figureFile, renderSvg } from '../../renderer/src/logic/figures.ts';
import { runCsv } from '../../renderer/src/logic/files.ts';

const spec = presetSpec('knuth-moore-check', { trees: 5, depth: 4 });
const labels = spec.series.map(seriesLabel);
const lines: ResultLine[] = [];
for (let t = 0; t < spec.trees; t++) await runTree(spec, t, (l) => lines.push(l));

describe('per-tree scatter', () => {
  test('one point per tree and depth, y = expanded ÷ MPG, x near its depth', () => {
    labels.forEach((name, k) => {
      const pts = scatterPoints(lines, name, k, labels.length);
      expect(pts.length).toBe(spec.trees * 4);
      for (const [x, y, tree] of pts) {
        const l = lines.find((q) => q.tree === tree && Math.abs(q.depth - x) < 0.5)!;
        expect(y).toBe(l.results[k].expanded / l.mpg!);
        expect(Math.abs(x - l.depth)).toBeLessThanOrEqual(0.35);
      }
    });
    const o = treeScatterOption(lines, labels, specDepths(spec)) as { series: { name: string }[] };
    expect(o.series.map((s) => s.name)).toEqual(labels);
  });

  test('jitter is deterministic and in [-0.5, 0.5)', () => {
    fc.assert(fc.property(fc.nat(), (t) => {
      const j = jitter(t);
      expect(j).toBe(jitter(t));
      expect(j >= -0.5 && j < 0.5).toBe(true);
    }));
  });
});

describe('two runs on one figure', () => {
  test('series prefixed, depths the union, values where each run has them', () => {
    const a = summarize(lines, labels, [1, 2, 3, 4]);
    const b = summarize(lines.filter((l) => l.depth >= 3), labels, [3, 4, 5]);
    const m = mergeSummaries(a, b, 'A', 'B');
    expect(m.depths).toEqual([1, 2, 3, 4, 5]);
    expect(m.series.map((s) => s.series)).toEqual([...labels.map((l) => `A: ${l}`), ...labels.map((l) => `B: ${l}`)]);
    expect(m.series[0].ratio.slice(0, 4)).toEqual(a.series[0].ratio);
    expect(Number.isNaN(m.series[0].ratio[4])).toBe(true);
    expect(m.series[2].ratio.slice(2, 4)).toEqual(b.series[0].ratio.slice(0, 2));
    expect(Number.isNaN(m.series[2].ratio[0])).toBe(true);
    expect(() => mergeSummaries(a, summarize(lines, labels, [1], 'expanded'))).toThrow(/counted differently/);
    expect(() => mergeSummaries(a, summarize(lines, labels, [1], 'visited', 'true'))).toThrow(/different minimum proof sizes: seen vs true/);
  });
});

describe('legend room', () => {
  test('six Fig. 4 labels need two rows at 6.5 in, one at 13 in; the plot moves up per row', () => {
    const six = presetSpec('furtak-buro-fig4').series.map(seriesLabel);
    expect(legendRows(six, 624)).toBe(2);
    expect(legendRows(six, 1248)).toBe(1);
    const o = fitLegend({ legend: { data: six }, grid: { left: 70, bottom: 80 } }, 624) as { grid: { bottom: number; left: number } };
    expect(o.grid.left).toBe(70);
    expect(o.grid.bottom).toBe(50 + 2 * 24 + 6);
  });
});

describe('PNG at 300 dpi', () => {
  const png = new Uint8Array(new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20" fill="#0072B2"/></svg>').render().asPng());

  test('CRC-32 agrees with zlib', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
      expect(crc32(b)).toBe(zlibCrc32(b));
    }));
  });

  test('pHYs inserted after IHDR with a valid CRC; every chunk intact; replacing keeps one pHYs', () => {
    const out = setPngDpi(png, 300);
    expect(readPngDpi(out)).toBeCloseTo(300, 1);
    const twice = setPngDpi(out, 600);
    expect(readPngDpi(twice)).toBeCloseTo(600, 1);
    for (const file of [out, twice]) {
      const dv = new DataView(file.buffer, file.byteOffset);
      const types: string[] = [];
      for (let i = 8; i < file.length;) {
        const len = dv.getUint32(i);
        types.push(String.fromCharCode(...file.subarray(i + 4, i + 8)));
        expect(dv.getUint32(i + 8 + len)).toBe(zlibCrc32(file.subarray(i + 4, i + 8 + len)));
        i += 12 + len;
      }
      expect(types[0]).toBe('IHDR');
      expect(types[1]).toBe('pHYs');
      expect(types.filter((t) => t === 'pHYs').length).toBe(1);
      expect(types.at(-1)).toBe('IEND');
    }
    expect(() => setPngDpi(new Uint8Array(20), 300)).toThrow(/not a PNG/);
    expect(() => setPngDpi(png, 0)).toThrow(/dpi = 0/);
  });
});

describe('exported SVG and CSV (browser host, here under Node)', () => {
  const run = { id: 'r1', spec, status: 'completed' as const, createdAt: '2025-01-01T00:00:00Z', generator: GENERATOR, lines, failures: [] };

  test('the SVG has the series, axis names and provenance; PDF is refused with the way out', () => {
    const f = figureFile(run, { runId: 'r1', format: 'svg', mode: 'ratio', counter: 'expanded' });
    expect(f.suggestedName).toBe('knuth-moore-check-seed1975-ratio-expanded.svg');
    for (const l of labels) expect(f.content).toContain(l);
    expect(f.content).toContain('search depth');
    expect(f.content).toContain('cumulative expanded nodes ÷ seen minimum proof size');
    expect(f.content).toContain(`knuth-moore-check · seed 1975 · 5 of 5 trees · ${GENERATOR}`);
    const abs = figureFile(run, { runId: 'r1', format: 'svg', mode: 'absolute', counter: 'visited' });
    expect(abs.content).toContain('mean cumulative visited nodes');
    expect(() => figureFile(run, { runId: 'r1', format: 'pdf', mode: 'ratio', counter: 'expanded' })).toThrow(/PDF export needs the desktop app or `gtlab plot/);
    expect(renderSvg({ title: { text: 'x' } }, 100, 50)).toMatch(/^<svg[^>]*width="100" height="50"/);
    const scatter = figureFile(run, { runId: 'r1', format: 'svg', mode: 'scatter', counter: 'expanded' });
    expect(scatter.content).toContain('minimum proof size (per tree)');
    const cmp = figureFile(run, { runId: 'r1', format: 'svg', mode: 'ratio', counter: 'expanded', compareRunId: 'r1' }, run);
    expect(cmp.suggestedName).toBe('knuth-moore-check-seed1975-ratio-expanded-compare.svg');
    for (const l of labels) for (const ab of ['A', 'B']) expect(cmp.content).toContain(`${ab} knuth-moore-check: ${l}`);
  });

  test('CSV: provenance header and one row per tree × depth × series', () => {
    const rows = runCsv(run).trimEnd().split('\n');
    expect(rows[0]).toBe(`# knuth-moore-check; seed 1975; ${GENERATOR}`);
    expect(rows.length - 3).toBe(5 * 4 * labels.length);
  });
});
