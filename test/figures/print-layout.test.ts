/**
 * Figures at a journal's column width (8.5 × 7 cm, the Export tab's column size and its 8 px text), read
 * back from the SVG that `gtlab plot` writes: one Figure 4 run, two runs × 6 series and three runs, under
 * every legend setting. No text is a lone "…", no two legend entries read the same, no two texts (tick
 * labels included) overlap, and the plot area keeps 55 % of the width and half the height. Where a
 * figure does not fit (the default 12 px text at this size) the layout says so and what would fit. The
 * live chart's legend shows every key without paging.
 */
import { describe, expect, test } from 'vitest';
import { FIGURE_FONT, renderSvg } from '../../node/render-figure.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { layoutFigure, layoutWarning, liveOption, type FigureLayout } from '../../shared/figures/figure-layout.ts';
import { COLUMN_WIDTHS_CM, defaultFigure, LEGEND_PLACES, PX_PER_CM } from '../../shared/figures/figure-spec.ts';
import { GRID_LINE } from '../../shared/figures/figure-style.ts';
import { storedRunsFigure, type StoredRun } from '../../shared/figures/run-figure.ts';
import { textWidth } from '../../shared/figures/text-metrics.ts';

async function run(preset: string): Promise<StoredRun> {
  const spec = presetSpec(preset, { trees: 3, depth: 7 });
  const lines: ResultLine[] = [];
  for (let t = 0; t < spec.trees; t++) await runTree(spec, t, (l) => lines.push(l));
  return { spec, lines };
}
const runs = [
  await run('furtak-buro-fig4'),
  await run('furtak-buro-fig4-static'),
  await run('furtak-buro-fig4-exact-horizon'),
];

interface Box {
  text: string;
  legend: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** An SVG transform (matrix or translate) as the matrix [a, b, c, d, e, f]. */
function transformOf(t: string): number[] {
  const m = /matrix\(([^)]*)\)/.exec(t);
  if (m) return m[1].split(/[ ,]+/).map(Number);
  const tr = /translate\(([^)]*)\)/.exec(t);
  if (!tr) return [1, 0, 0, 1, 0, 0];
  const [e, f = 0] = tr[1].split(/[ ,]+/).map(Number);
  return [1, 0, 0, 1, e, f];
}

/**
 * Every <text> of an ECharts SVG as the box it covers: its width in the figure font, its height the font
 * size, placed by its anchor and transform (translate or matrix, so rotated axis names too). Legend
 * entries are the texts set from their start (titles, axis names and tick labels are centred or end-aligned).
 */
function textBoxes(svg: string): Box[] {
  return [...svg.matchAll(/(<text\b[^>]*>)([^<]*)<\/text>/g)]
    .map(([, tag, raw]) => {
      const text = unescapeXml(raw);
      const px = Number(/font-size:([\d.]+)px/.exec(tag)![1]);
      const anchor = attr(tag, 'text-anchor') ?? 'start';
      const w = textWidth(text, px);
      const x0 = Number(attr(tag, 'x') ?? 0) - (anchor === 'middle' ? w / 2 : anchor === 'end' ? w : 0);
      const y0 = Number(attr(tag, 'y') ?? 0) - px / 2;
      const [a, b, c, d, e, f] = transformOf(attr(tag, 'transform') ?? '');
      const corners = [
        [x0, y0],
        [x0 + w, y0],
        [x0, y0 + px],
        [x0 + w, y0 + px],
      ].map(([x, y]) => [a * x + c * y + e, b * x + d * y + f]);
      const xs = corners.map((p) => p[0]);
      const ys = corners.map((p) => p[1]);
      return {
        text,
        legend: anchor === 'start',
        x: Math.min(...xs),
        y: Math.min(...ys),
        w: Math.max(...xs) - Math.min(...xs),
        h: Math.max(...ys) - Math.min(...ys),
      };
    })
    .filter((b) => b.text.trim() !== '');
}

/** The plot area: the extent of the grid lines. */
function plotArea(svg: string): { w: number; h: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [tag] of svg.matchAll(/<path\b[^>]*>/g)) {
    if (attr(tag, 'stroke') !== GRID_LINE) continue;
    const nums = (attr(tag, 'd') ?? '').match(/-?[\d.]+/g)!.map(Number);
    for (let i = 0; i + 1 < nums.length; i += 2) {
      xs.push(nums[i]);
      ys.push(nums[i + 1]);
    }
  }
  return { w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

const overlap = (p: Box, q: Box) =>
  p.x < q.x + q.w - 0.5 && q.x < p.x + p.w - 0.5 && p.y < q.y + q.h - 0.5 && q.y < p.y + p.h - 0.5;

const column = (fontSize: number, legend: FigureLayout['legend']): FigureLayout => ({
  width: Math.round(COLUMN_WIDTHS_CM.single * PX_PER_CM),
  height: Math.round(7 * PX_PER_CM),
  fontSize,
  legend,
});

const CASES = [
  ['one run', 1],
  ['2 runs × 6 series', 2],
  ['3 runs', 3],
] as const;

describe('figures at 8.5 × 7 cm', () => {
  for (const [what, n] of CASES) {
    for (const legend of LEGEND_PLACES) {
      test(`${what}, legend ${legend}: whole or readable labels, texts apart, plot ≥ 55 % × 50 %`, () => {
        const fig = column(8, legend);
        const option = storedRunsFigure(runs.slice(0, n), defaultFigure(), { fontFamily: FIGURE_FONT });
        // Fits where asked, or (a place with no room) where it has room, and says so.
        const warning = layoutWarning(option, fig);
        if (warning !== null)
          expect(warning).toMatch(/^The legend does not fit (right of|under|inside) the plot .* it is set/);
        const svg = renderSvg(option, fig);
        expect(svg).toMatch(/^<svg width="321" height="265"/);
        const boxes = textBoxes(svg);
        for (const b of boxes) expect(b.text, 'a lone "…"').not.toMatch(/^\s*…\s*$/);
        const entries = boxes.filter((b) => b.legend).map((b) => b.text);
        if (legend !== 'off') expect(entries.length).toBeGreaterThan(0);
        expect(new Set(entries).size, entries.join(' | ')).toBe(entries.length);
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++)
            expect(overlap(boxes[i], boxes[j]), `"${boxes[i].text}" / "${boxes[j].text}"`).toBe(false);
        const plot = plotArea(svg);
        expect(plot.w / fig.width).toBeGreaterThanOrEqual(0.55);
        expect(plot.h / fig.height).toBeGreaterThanOrEqual(0.5);
        // Series under their display names, never the ids of the results.
        expect(svg).not.toMatch(/alphabeta|negascout|mtdf|value\+FCF/);
      });
    }
  }

  test('at 12 px text nothing fits the column: the layout says so and names a font size that fits', () => {
    const option = storedRunsFigure(runs.slice(0, 2), defaultFigure(), { fontFamily: FIGURE_FONT });
    const fig = column(12, 'auto');
    expect(layoutFigure(option, fig).gtlabCramped).toBe(true);
    const warning = layoutWarning(option, fig)!;
    const px = Number(/a font size of (\d+) px/.exec(warning)![1]);
    expect(layoutWarning(option, { ...fig, fontSize: px })).toBeNull();
  });

  test('the live chart shows every key unpaged: one per series where two rows hold them, else the compact keys', () => {
    const names = (o: Record<string, unknown>) =>
      ((o.legend as { data: (string | { name: string })[] }).data ?? []).map((x) =>
        typeof x === 'string' ? x : x.name,
      );
    const one = liveOption(storedRunsFigure(runs.slice(0, 1), defaultFigure()), 900);
    expect((one.legend as { type: string }).type).toBe('plain');
    expect(names(one)).toEqual([
      'α-β / value',
      'α-β / value + FCF',
      'NegaScout / value',
      'NegaScout / value + FCF',
      'MTD(f) / value',
      'MTD(f) / value + FCF',
    ]);
    const three = liveOption(storedRunsFigure(runs, defaultFigure()), 600);
    expect(names(three)).toEqual(['α-β', 'NegaScout', 'MTD(f)', 'value', 'value + FCF', 'A', 'B', 'C']);
    expect((three.grid as { bottom: number }).bottom).toBeGreaterThan(80); // a second row of keys
    expect(three).not.toHaveProperty('gtlabCompactLegend');
  });
});
