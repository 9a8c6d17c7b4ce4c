/**
 * Figure builders: the per-tree scatter, runs aligned for an overlay, the 300 dpi PNG marker
 * (checked with zlib's CRC-32 and a PNG from an independent encoder), and the SVG the browser host
 * exports (ECharts' SVG renderer in SSR mode runs under Node too).
 */
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Resvg } from '@resvg/resvg-js';
import { jitter, scatterPoints, treeScatterOption } from '../../shared/figures/tree-scatter.ts';
import { alignRuns } from '../../shared/figures/compare-runs.ts';
import { readFileSync } from 'node:fs';
import { FIGURE_FONT_FILE } from '../../node/render-figure.ts';
import { defaultFigure } from '../../shared/figures/figure-spec.ts';
import { crc32, readPngDpi, setPngDpi } from '../../shared/figures/png-dpi.ts';
import { summarize } from '../../shared/experiments/statistics.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { seriesLabel, specDepths } from '../../shared/experiments/spec.ts';
import { seriesNames } from '../../shared/experiments/display-names.ts';
import { GENERATOR } from '../../shared/version.ts';
import { figureFile, renderSvg } from '../../renderer/src/logic/figures.ts';
import { runCsv } from '../../renderer/src/logic/files.ts';
import { svgWords } from '../helpers/svg-words.ts';

const spec = presetSpec('knuth-moore-check', { trees: 5, depth: 4 });
/** the series as results keep them, and as figures name them (display names: "α-β / perfect") */
const ids = spec.series.map(seriesLabel);
const labels = seriesNames(spec.series);
const lines: ResultLine[] = [];
for (let t = 0; t < spec.trees; t++) await runTree(spec, t, (l) => lines.push(l));

describe('per-tree scatter', () => {
  test('one point per tree and depth, y = expanded ÷ MPG, x near its depth', () => {
    ids.forEach((name, k) => {
      const pts = scatterPoints(lines, name, k, ids.length);
      expect(pts.length).toBe(spec.trees * 4);
      for (const [x, y, tree] of pts) {
        const l = lines.find((q) => q.tree === tree && Math.abs(q.depth - x) < 0.5)!;
        expect(y).toBe(l.results[k].expanded / l.mpg!);
        expect(Math.abs(x - l.depth)).toBeLessThanOrEqual(0.35);
      }
    });
    const o = treeScatterOption(lines, ids, specDepths(spec)) as { series: { name: string }[] };
    expect(o.series.map((s) => s.name)).toEqual(ids);
  });

  test('jitter is deterministic and in [-0.5, 0.5)', () => {
    fc.assert(
      fc.property(fc.nat(), (t) => {
        const j = jitter(t);
        expect(j).toBe(jitter(t));
        expect(j >= -0.5 && j < 0.5).toBe(true);
      }),
    );
  });
});

describe('runs on one figure', () => {
  test('depths the union, values where each run has them; runs counted differently refused', () => {
    const a = summarize(lines, labels, [1, 2, 3, 4]);
    const b = summarize(
      lines.filter((l) => l.depth >= 3),
      labels,
      [3, 4, 5],
    );
    const m = alignRuns([a, b, a]);
    expect(m.depths).toEqual([1, 2, 3, 4, 5]);
    expect(m.series.map((r) => r.map((s) => s.series))).toEqual([labels, labels, labels]);
    expect(m.series[0][0].ratio.slice(0, 4)).toEqual(a.series[0].ratio);
    expect(Number.isNaN(m.series[0][0].ratio[4])).toBe(true);
    expect(m.series[1][0].ratio.slice(2, 4)).toEqual(b.series[0].ratio.slice(0, 2));
    expect(Number.isNaN(m.series[1][0].ratio[0])).toBe(true);
    expect(m.series[1][0].ci95[0].every(Number.isNaN)).toBe(true);
    expect(() => alignRuns([a, summarize(lines, labels, [1], 'expanded')])).toThrow(/counted differently/);
    expect(() => alignRuns([a, a, summarize(lines, labels, [1], 'visited', 'true')])).toThrow(
      /different minimum proof sizes: seen vs true/,
    );
  });
});

describe('PNG at 300 dpi', () => {
  const png = new Uint8Array(
    new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20" fill="#0072B2"/></svg>',
    )
      .render()
      .asPng(),
  );

  test('CRC-32 agrees with zlib', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(crc32(b)).toBe(zlibCrc32(b));
      }),
    );
  });

  test('pHYs inserted after IHDR with a valid CRC; every chunk intact; replacing keeps one pHYs', () => {
    const out = setPngDpi(png, 300);
    expect(readPngDpi(out)).toBeCloseTo(300, 1);
    const twice = setPngDpi(out, 600);
    expect(readPngDpi(twice)).toBeCloseTo(600, 1);
    for (const file of [out, twice]) {
      const dv = new DataView(file.buffer, file.byteOffset);
      const types: string[] = [];
      for (let i = 8; i < file.length; ) {
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
  const run = {
    id: 'r1',
    spec,
    status: 'completed' as const,
    createdAt: '2025-01-01T00:00:00Z',
    generator: GENERATOR,
    lines,
    failures: [],
  };

  const font = new Uint8Array(readFileSync(FIGURE_FONT_FILE));
  const fig = (over: Parameters<typeof defaultFigure>[0] = {}) => defaultFigure({ counter: 'expanded', ...over });

  test('the SVG has the series, axis names, provenance and the embedded font; PDF is refused with the way out', async () => {
    const f = await figureFile([run], fig(), 'svg', font);
    expect(f.suggestedName).toBe('knuth-moore-check-seed1975-ratio-expanded.svg');
    for (const l of labels) expect(f.content).toContain(l);
    expect(labels).toEqual(['α-β / perfect', 'α-β / natural']);
    expect(f.content).not.toContain('alphabeta /');
    expect(f.content).toContain('search depth');
    expect(svgWords(f.content)).toContain('cumulative expanded nodes ÷ seen minimum proof size');
    expect(f.content).toContain(`knuth-moore-check · seed 1975 · 5 of 5 trees · ${GENERATOR}`);
    expect(f.content).toMatch(/@font-face\{font-family:"DejaVu Sans";src:url\(data:font\/ttf;base64,/);
    const abs = await figureFile([run], fig({ mode: 'absolute', counter: 'visited' }), 'svg', font);
    expect(abs.content).toContain('mean cumulative visited nodes');
    await expect(figureFile([run], fig(), 'pdf', font)).rejects.toThrow(/PDF needs the desktop app or `gtlab plot/);
    expect(renderSvg({ title: { text: 'x' } }, { width: 100, height: 50, fontSize: 12, legend: 'auto' })).toMatch(
      /^<svg[^>]*width="100" height="50"/,
    );
    const scatter = await figureFile([run], fig({ mode: 'scatter' }), 'svg', font);
    expect(scatter.content).toContain('(per tree)');
    const cmp = await figureFile([run, run, run], fig({ panels: 'none' }), 'svg', font);
    expect(cmp.suggestedName).toBe('knuth-moore-check-seed1975-ratio-expanded-compare3.svg');
    // The legend: one colour key per series and one style key per run (by its name), not their product.
    const names = ['knuth-moore-check seed 1975', 'knuth-moore-check seed 1975 (2)', 'knuth-moore-check seed 1975 (3)'];
    for (const l of labels) expect(cmp.content).toContain(`>${l}<`);
    for (const n of names) expect(cmp.content).toContain(`>${n}<`);
    // Three runs by default: one panel per algorithm, titled by its display name; runs by colour, orderings by dash.
    const panels = await figureFile([run, run, run], fig(), 'svg', font);
    expect(panels.content).toContain('>α-β<');
    for (const k of [...names, 'perfect', 'natural']) expect(panels.content).toContain(`>${k}<`);
    await expect(figureFile([run, run], fig({ mode: 'scatter' }), 'svg', font)).rejects.toThrow(
      /scatter shows one run/,
    );
    await expect(figureFile([run], fig({ series: [{ id: 'nope' }] }), 'svg', font)).rejects.toThrow(
      /figure series "nope" is not a series of this run; they are: /,
    );
  });

  test('CSV: provenance header and one row per tree × depth × series', () => {
    const rows = runCsv(run).trimEnd().split('\n');
    expect(rows[0]).toBe(
      `# knuth-moore-check; seed 1975; ${GENERATOR}; series alphabeta / perfect = α-β / perfect; alphabeta / natural = α-β / natural`,
    );
    expect(rows.length - 3).toBe(5 * 4 * labels.length);
  });
});
