/**
 * The export layout (shared/figures/figure-layout.ts) over random legends, sizes and font sizes: legend
 * entries stay inside the figure, apart from each other and (right, bottom) off the plot's box; the plot
 * keeps at least half the figure's height; legend labels are whole and wrapped titles keep their words. Text
 * widths (shared/figures/text-metrics.ts) are checked against fontkit reading the shipped font.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import * as fontkit from 'fontkit';
import { layoutFigure } from '../../shared/figures/figure-layout.ts';
import type { FigureLayout } from '../../shared/figures/layout-rules.ts';
import { layoutWarning } from '../../shared/figures/layout-warning.ts';
import { figureTextMeasure, fontPxOf, textWidth, wrapText } from '../../shared/figures/text-metrics.ts';
import { defaultFigure, figurePixels, parseFigureSpec } from '../../shared/figures/figure-spec.ts';
import { execFileSync } from 'node:child_process';
import { FIGURE_FONT_FILE } from '../../node/render-figure.ts';

const font = fontkit.openSync(FIGURE_FONT_FILE) as fontkit.Font;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 /+-()·÷:.,';

describe('text widths', () => {
  test("equal the font's advance widths as fontkit reads them", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 40 }),
        fc.integer({ min: 6, max: 40 }),
        (text, px) => {
          const want =
            ([...text].reduce((w, ch) => w + font.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth, 0) * px) /
            font.unitsPerEm;
          expect(textWidth(text, px)).toBeCloseTo(want, 6);
        },
      ),
    );
  });

  test("every character of the table has the font's width, as scripts/figure-font-widths.mjs regenerates it", () => {
    const out = execFileSync(process.execPath, ['scripts/figure-font-widths.mjs', '--json'], { encoding: 'utf8' });
    const { unitsPerEm, chars, widths } = JSON.parse(out) as { unitsPerEm: number; chars: string; widths: number[] };
    expect([...chars].length).toBe(widths.length);
    expect(chars).toContain('α');
    [...chars].forEach((c, i) => expect(textWidth(c, unitsPerEm), c).toBe(widths[i]));
  });

  test('wrapping keeps every word and each line within the width (unless one word is wider)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom(...'abcdefghij'), minLength: 1, maxLength: 12 }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.integer({ min: 30, max: 400 }),
        (words, max) => {
          const lines = wrapText(words.join(' '), max, 12);
          expect(lines.join(' ')).toBe(words.join(' '));
          for (const l of lines) if (l.includes(' ')) expect(textWidth(l, 12)).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  test('ECharts measures the figure font from the table and other fonts with the fallback', () => {
    const m = figureTextMeasure(() => ({ width: -1 }));
    expect(m('search depth', '14px "DejaVu Sans"').width).toBeCloseTo(textWidth('search depth', 14), 9);
    expect(m('x', '12px serif').width).toBe(-1);
    expect(figureTextMeasure()('ab', 'bold 20px serif').width).toBeCloseTo(textWidth('ab', 20), 9);
    expect(fontPxOf('normal 9.5px sans')).toBe(9.5);
  });
});

interface Legend {
  data: (string | { name: string })[];
  left: number;
  top: number;
  itemWidth: number;
  formatter?: () => string;
  textStyle: { fontSize: number };
}
const lineH = (px: number) => Math.ceil(px * 1.2);

/** The legend entries' boxes, measured at the size the layout set them. */
function boxes(o: Record<string, unknown>) {
  return (o.legend as Legend[]).map((l) => {
    const item = l.data[0];
    const name = typeof item === 'string' ? item : item.name;
    const text = l.formatter ? l.formatter() : name;
    const fs = l.textStyle.fontSize;
    return { name, text, x: l.left, y: l.top, w: l.itemWidth + 5 + textWidth(text, fs), h: lineH(fs) };
  });
}

/** The plot's box: the laid-out grid (the first panel's left to the last's right). */
function plotOf(o: Record<string, unknown>) {
  const g = o.grid as { left: number; top: number; width: number; height: number }[];
  const last = g[g.length - 1];
  return { x: g[0].left, y: g[0].top, w: last.left + last.width - g[0].left, h: g[0].height };
}
const overlap = (
  a: { x: number; y: number; w: number; h: number },
  b: { x: number; y: number; w: number; h: number },
) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

describe('export layout', () => {
  const label = fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 1, maxLength: 40 });
  // Sizes from a journal column (8.5 cm ≈ 321 px) up, with a font of 6 px up to 1/25 of the figure's smaller side, at most 20 px.
  const layout = fc
    .record({
      width: fc.integer({ min: 300, max: 1600 }),
      height: fc.integer({ min: 200, max: 1000 }),
      font: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .chain(({ width, height, font }) =>
      fc.record({
        width: fc.constant(width),
        height: fc.constant(height),
        fontSize: fc.constant(Math.round(6 + font * Math.max(0, Math.min(20, width / 25, height / 25) - 6))),
        legend: fc.constantFrom('auto', 'right', 'bottom', 'inside') as fc.Arbitrary<FigureLayout['legend']>,
      }),
    );

  test('legend entries inside the figure, apart from each other and off the plot; the plot keeps half the height', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(label, { minLength: 1, maxLength: 36 }),
        layout,
        fc.option(label),
        fc.option(fc.array(label, { maxLength: 6 })),
        (labels, fig, title, sub) => {
          const option = {
            title: { text: title ?? '', subtext: (sub ?? []).join('\n') },
            legend: { data: labels },
            grid: {},
            xAxis: { name: 'search depth' },
            yAxis: { name: 'cumulative visited nodes ÷ seen minimum proof size' },
            series: [],
          };
          const o = layoutFigure(option, fig);
          const plotBox = plotOf(o);
          const b = boxes(o);
          expect(b.map((x) => x.name)).toEqual(labels);
          for (let i = 0; i < b.length; i++)
            for (let j = i + 1; j < b.length; j++) expect(overlap(b[i], b[j])).toBe(false);
          // Where the legend goes by itself (auto), up to 6 entries of up to 12 characters have room in
          // text no larger than 1/32 of the figure's smaller side.
          if (
            labels.length <= 6 &&
            labels.every((l) => l.length <= 12) &&
            fig.legend === 'auto' &&
            fig.fontSize <= Math.min(fig.width, fig.height) / 32
          )
            expect(o.gtlabCramped).toBeUndefined();
          if (o.gtlabCramped) {
            // the app and `gtlab plot` say so, and what would fit
            expect(layoutWarning(option, fig)).toMatch(/^The legend does not fit .* It fits with /);
            return;
          }
          // Every entry is its series' whole name; the plot keeps 55 % of the width.
          for (const x of b) expect(x.text).toBe(x.name);
          expect(plotBox.w).toBeGreaterThanOrEqual(fig.width * 0.55);
          for (const x of b) {
            expect(x.x).toBeGreaterThanOrEqual(0);
            expect(x.y).toBeGreaterThanOrEqual(0);
            expect(x.x + x.w).toBeLessThanOrEqual(fig.width + 0.5);
            expect(x.y + x.h).toBeLessThanOrEqual(fig.height + 0.5);
            if (fig.legend !== 'inside') expect(overlap(x, plotBox)).toBe(false);
          }
          // The plot's box (the axes' labels and names outside it): at least half the figure's height.
          expect(plotBox.h).toBeGreaterThanOrEqual(fig.height / 2 - 0.5);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('legend places: bottom under the plot, right beside it, inside within it, off none', () => {
    const labels = ['alphabeta / value', 'alphabeta / value+FCF', 'negascout / value'];
    const base = { title: { text: 't' }, legend: { data: labels }, grid: {}, xAxis: {}, yAxis: {}, series: [] };
    const at = (legend: FigureLayout['legend']) =>
      layoutFigure(base, { width: 624, height: 384, fontSize: 12, legend });
    const bottom = at('bottom');
    expect(boxes(bottom).every((x) => x.y > plotOf(bottom).y + plotOf(bottom).h)).toBe(true);
    const right = at('right');
    expect(boxes(right).every((x) => x.x > plotOf(right).x + plotOf(right).w)).toBe(true);
    const inside = at('inside');
    expect(plotOf(inside).h).toBeGreaterThan(plotOf(bottom).h);
    expect((inside.graphic as unknown[]).length).toBe(1);
    expect(at('off').legend).toEqual([]);
    expect(layoutWarning(base, { width: 624, height: 384, fontSize: 12, legend: 'auto' })).toBeNull();
    const many = {
      ...base,
      legend: { data: Array.from({ length: 40 }, (_, i) => `series number ${i} with a long name`) },
    };
    expect(layoutWarning(many, { width: 321, height: 227, fontSize: 9, legend: 'bottom' })).toMatch(
      /legend does not fit in 321 × 227 px at 9 px text .* It fits with .*a larger figure/,
    );
  });
});

describe('figure files', () => {
  test('defaults, sizes in cm at 96 dpi, and errors that name the field', () => {
    expect(figurePixels(defaultFigure())).toEqual({ width: 624, height: 384 });
    expect(figurePixels(defaultFigure({ size: { unit: 'cm', width: 8.5, height: 6 } }))).toEqual({
      width: 321,
      height: 227,
    });
    expect(() => parseFigureSpec('{', 'f.json')).toThrow(/f\.json: not JSON/);
    expect(() =>
      parseFigureSpec(
        JSON.stringify({ format: 'gtlab-figure', version: 1, size: { unit: 'cm', width: 200, height: 6 } }),
        'f.json',
      ),
    ).toThrow(/f\.json: size\.width: width must be 4\.\.100 cm/);
    expect(() =>
      parseFigureSpec(JSON.stringify({ format: 'gtlab-figure', version: 1, legend: 'top', extra: 1 })),
    ).toThrow(/legend: .*right.*|extra/);
    expect(() => parseFigureSpec(JSON.stringify({ format: 'gtlab-figure', version: 2 }))).toThrow(/version/);
  });
});
