/**
 * Figures at a journal's column (8.5 × 7 cm = 321 × 265 px) in the default 12 px text, rendered by
 * `gtlab plot`'s renderer and read back from the SVG: one Figure 4 run, two runs and three runs (one panel
 * per algorithm), under every legend setting, checked by the print rules on measured boxes
 * (shared/figures/figure-check.ts): no text cut or over another, legend labels within their columns and
 * clear of the curves, the plot ≥ 55 % of the width and ≥ 50 % of the height. The check fails on planted
 * faults (a legend column 10 px narrower than its text, 20 px text, a legend box over the curves). At the
 * default size a legend inside the plot sits in a corner no curve crosses. A legend that fits nowhere is
 * refused with a font size and width that fit. The live chart's legend shows every key without paging.
 * The composer's 8.5 cm preset sets 8 pt text (10.67 px at 96 px per inch), and the layout keeps every
 * check at that size too. The subtitle (the runs' provenance) is kept whole, wrapped onto further lines,
 * wherever an arrangement has room for it; for two and three runs at 8.5 × 7 cm none has, and the note
 * names the height that holds it.
 */
import { describe, expect, test } from 'vitest';
import { FIGURE_FONT, renderSvg } from '../../node/render-figure.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { layoutFigure } from '../../shared/figures/figure-layout.ts';
import type { FigureLayout } from '../../shared/figures/layout-rules.ts';
import { layoutWarning } from '../../shared/figures/layout-warning.ts';
import { liveOption } from '../../shared/figures/live-option.ts';
import { figureProblems } from '../../shared/figures/figure-check.ts';
import {
  COLUMN_WIDTHS_CM,
  defaultFigure,
  figurePixels,
  LEGEND_PLACES,
  PX_PER_CM,
} from '../../shared/figures/figure-spec.ts';
import { SIZE_PRESETS } from '../../renderer/src/logic/figure-draft.ts';
import { storedRunsFigure, type StoredRun } from '../../shared/figures/run-figure.ts';
import { svgFigure } from './svg-figure.ts';

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

const column = (legend: FigureLayout['legend']): FigureLayout => ({
  width: Math.round(COLUMN_WIDTHS_CM.single * PX_PER_CM),
  height: Math.round(7 * PX_PER_CM),
  fontSize: 12,
  legend,
});

const CASES = [
  ['one run', 1],
  ['two runs', 2],
  ['three runs', 3],
] as const;

type Option = Record<string, unknown>;
const figureOf = (n: number) => storedRunsFigure(runs.slice(0, n), defaultFigure(), { fontFamily: FIGURE_FONT });

/** The option with every font size set to `px` (functions kept). */
function withFontSize(o: unknown, px: number): unknown {
  if (Array.isArray(o)) return o.map((x) => withFontSize(x, px));
  if (o === null || typeof o !== 'object') return o;
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [
      k,
      k === 'fontSize' ? px : k === 'lineHeight' ? Math.ceil(px * 1.2) : withFontSize(v, px),
    ]),
  );
}

/** The figure laid out and drawn, and its boxes as read back from the SVG. */
function drawn(option: Option, fig: FigureLayout) {
  const laid = layoutFigure(option, fig);
  const svg = renderSvg(option, fig);
  return { laid, svg, boxes: svgFigure(svg, laid) };
}

describe('figures at 8.5 × 7 cm, 12 px text', () => {
  for (const [what, n] of CASES) {
    for (const legend of LEGEND_PLACES) {
      test(`${what}, legend ${legend}: whole labels, texts apart, clear of the curves, plot ≥ 55 % × 50 %`, () => {
        const fig = column(legend);
        const option = figureOf(n);
        const { laid, svg, boxes } = drawn(option, fig);
        expect(laid.gtlabCramped).toBeUndefined();
        expect(svg).toMatch(/^<svg width="321" height="265"/);
        expect(figureProblems(boxes)).toEqual([]);
        const legendTexts = boxes.texts.filter((t) => t.cell);
        if (legend === 'off') expect(legendTexts).toEqual([]);
        else expect(legendTexts.length).toBe((laid.legend as unknown[]).length);
        // inside: within the plot where it stays there, and a place with room (said so) where not
        if (legend === 'inside' && laid.gtlabMoved === undefined) {
          const box = boxes.legendBox!;
          expect(box.x).toBeGreaterThanOrEqual(boxes.plot.x);
          expect(box.y + box.h).toBeLessThanOrEqual(boxes.plot.y + boxes.plot.h);
        }
        if (laid.gtlabMoved !== undefined)
          expect(layoutWarning(option, fig)).toMatch(/it is set (under|right of) the plot instead/);
        // Series under their display names, never the ids of the results.
        expect(svg).not.toMatch(/alphabeta|negascout|mtdf|value\+FCF/);
      });
    }
  }

  test('the check fails on planted faults: a legend column 10 px narrower than its text, and 20 px text', () => {
    const fig = column('auto');
    const option = figureOf(1);
    const { laid, boxes } = drawn(option, fig);
    expect(figureProblems(boxes)).toEqual([]);
    // The second column's entries 10 px further left, the first column 10 px narrower: drawn and read back.
    const legends = laid.legend as { left: number; width: number }[];
    const firstX = Math.min(...legends.map((l) => l.left));
    const narrow = {
      ...laid,
      legend: legends.map((l) => (l.left === firstX ? { ...l, width: l.width - 10 } : { ...l, left: l.left - 10 })),
    };
    const narrowProblems = figureProblems(svgFigure(renderSvg(narrow, fig), narrow));
    expect(narrowProblems.join('\n')).toMatch(/wider than its column/);
    // Every text set at 20 px where the layout measured 12 px.
    const big = withFontSize(laid, 20) as Option;
    const bigProblems = figureProblems(svgFigure(renderSvg(big, fig), big));
    expect(bigProblems.join('\n')).toMatch(/overlaps|reaches past|wider than its column/);
  });

  test('legend inside at the default size: in a corner no curve crosses; a box moved onto the curves fails the check', () => {
    const fig: FigureLayout = { width: 624, height: 384, fontSize: 12, legend: 'inside' };
    const { laid, boxes } = drawn(figureOf(1), fig);
    expect(laid.gtlabMoved).toBeUndefined();
    const box = boxes.legendBox!;
    expect(box.x).toBeGreaterThanOrEqual(boxes.plot.x);
    expect(box.x + box.w).toBeLessThanOrEqual(boxes.plot.x + boxes.plot.w);
    expect(box.y).toBeGreaterThanOrEqual(boxes.plot.y);
    expect(box.y + box.h).toBeLessThanOrEqual(boxes.plot.y + boxes.plot.h);
    expect(boxes.curves.length).toBeGreaterThan(0);
    expect(figureProblems(boxes)).toEqual([]);
    // The same box over the middle of the plot, where the curves run.
    const mid = { ...box, x: boxes.plot.x + (boxes.plot.w - box.w) / 2, y: boxes.plot.y + (boxes.plot.h - box.h) / 2 };
    expect(figureProblems({ ...boxes, legendBox: mid })).toContain('a curve crosses the legend inside the plot');
  });

  test('three runs: one panel per algorithm, titled by display names, runs keyed by their whole names', () => {
    const option = figureOf(3);
    const { laid, boxes } = drawn(option, column('auto'));
    expect((laid.grid as unknown[]).length).toBe(3);
    const texts = boxes.texts.map((t) => t.text);
    for (const t of ['α-β', 'NegaScout', 'MTD(f)']) expect(texts.filter((x) => x === t)).toHaveLength(1);
    const legend = boxes.texts.filter((t) => t.cell).map((t) => t.text);
    expect(legend).toEqual([
      'furtak-buro-fig4',
      'furtak-buro-fig4-static',
      'furtak-buro-fig4-exact-horizon',
      'value',
      'value + FCF',
    ]);
    // one y scale, labelled on the first panel only
    const y = laid.yAxis as { min: number; max: number; axisLabel: { show: boolean } }[];
    expect(new Set(y.map((a) => `${a.min}..${a.max}`)).size).toBe(1);
    expect(y.map((a) => a.axisLabel.show)).toEqual([true, false, false]);
    // two runs stay on one plot unless the figure asks for panels
    expect(layoutFigure(figureOf(2), column('auto')).grid).toHaveLength(1);
    const two = storedRunsFigure(runs.slice(0, 2), defaultFigure({ panels: 'algorithm' }), { fontFamily: FIGURE_FONT });
    expect(layoutFigure(two, column('auto')).grid).toHaveLength(3);
  });

  test('a legend that fits nowhere is refused, naming a font size and a width that fit', () => {
    const option = figureOf(3);
    const fig: FigureLayout = { width: 321, height: 240, fontSize: 12, legend: 'auto' };
    expect(layoutFigure(option, fig).gtlabCramped).toBe(true);
    const warning = layoutWarning(option, fig)!;
    const px = Number(/a font size of (\d+) px/.exec(warning)![1]);
    expect(px).toBeLessThan(10);
    expect(layoutFigure(option, { ...fig, fontSize: px }).gtlabCramped).toBeUndefined();
    const w = Number(/a figure (\d+) px wide/.exec(warning)![1]);
    expect(layoutFigure(option, { ...fig, width: w }).gtlabCramped).toBeUndefined();
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
    const overlay = liveOption(storedRunsFigure(runs, defaultFigure({ panels: 'none' })), 600);
    expect(names(overlay)).toEqual([
      'α-β',
      'NegaScout',
      'MTD(f)',
      'value',
      'value + FCF',
      'furtak-buro-fig4',
      'furtak-buro-fig4-static',
      'furtak-buro-fig4-exact-horizon',
    ]);
    expect((overlay.grid as { bottom: number }).bottom).toBeGreaterThan(80); // a second row of keys
    expect(overlay).not.toHaveProperty('gtlabCompactLegend');
    // Three runs by default: one panel per algorithm side by side, one y scale, each series in its panel.
    const panels = liveOption(storedRunsFigure(runs, defaultFigure()), 900);
    expect(panels.grid).toHaveLength(3);
    const y = panels.yAxis as { min: number; max: number }[];
    expect(new Set(y.map((a) => `${a.min}..${a.max}`)).size).toBe(1);
    const titles = (panels.title as { text?: string }[]).slice(1).map((t) => t.text);
    expect(titles).toEqual(['α-β', 'NegaScout', 'MTD(f)']);
    const drawn = (panels.series as { name: string; xAxisIndex: number; data: unknown[] }[]).filter(
      (x) => x.data.length,
    );
    for (const x of drawn)
      expect(['α-β', 'NegaScout', 'MTD(f)'][x.xAxisIndex]).toBe(x.name.split(': ')[1].split(' / ')[0]);
  });
});

describe("the composer's 8.5 cm preset: 8 pt text", () => {
  const preset = SIZE_PRESETS.column;

  test('its font size is 8 pt at the 96 px per inch its size in cm is set at: 8.5 cm = 321 px, 8 pt = 10.67 px', () => {
    expect(figurePixels({ size: { ...preset.size } })).toEqual({ width: 321, height: 265 });
    expect(preset.fontSize).toBe(10.67);
    // printed at its size (PDF: 0.75 pt per px), the text is 8 pt and the figure 8.5 cm wide
    expect(preset.fontSize * 0.75).toBeCloseTo(8, 2);
    expect((321 * 0.75 * 2.54) / 72).toBeCloseTo(8.5, 1);
  });

  for (const [what, n] of CASES)
    for (const legend of LEGEND_PLACES)
      test(`${what}, legend ${legend}: laid out, every check kept, text not below 7 pt`, () => {
        const fig = { ...column(legend), fontSize: preset.fontSize };
        const option = figureOf(n);
        const { laid, svg, boxes } = drawn(option, fig);
        expect(laid.gtlabCramped).toBeUndefined();
        expect(svg).toMatch(/^<svg width="321" height="265"/);
        expect(figureProblems(boxes)).toEqual([]);
        for (const t of boxes.texts) expect(t.fontPx).toBeGreaterThanOrEqual(6);
        expect((laid.gtlabFontSize as number | undefined) ?? preset.fontSize).toBeGreaterThanOrEqual(9.33);
      });
});

/** The fields of a subtitle ("spec · seed 2009 · 3 of 3 trees; spec2 · …") in order. */
const fieldsOf = (text: string) => text.split(/ · |;(?: |$)/).filter((f) => f !== '');

/**
 * Where the subtitle's fields stand among the drawn texts (legend labels aside): none where it is left
 * out; else every field, in order, each whole on one line of consecutive texts, or the ways it is not.
 */
function subtitleProblems(all: readonly { text: string; cell?: unknown }[], subtext: string): string[] {
  const want = fieldsOf(subtext);
  // the legend keys runs by the same names: not the subtitle
  const texts = all.filter((t) => !t.cell);
  const first = texts.findIndex((t) => t.text.startsWith(`${want[0]} · `));
  if (first < 0) return ['no subtitle'];
  const got: string[] = [];
  for (let i = first; i < texts.length && got.length < want.length; i++) got.push(...fieldsOf(texts[i].text));
  return got.join(' | ') === want.join(' | ') ? [] : [`subtitle read as ${got.join(' | ')}`];
}

describe('the subtitle at 8.5 × 7 cm: kept whole, wrapped onto further lines, wherever an arrangement has room for it', () => {
  const subtextOf = (o: Option) => (o.title as { subtext: string }).subtext;

  test('one run: kept whole (the text a px smaller for it), clear of every other text', () => {
    const fig = column('auto');
    const option = figureOf(1);
    const { laid, boxes } = drawn(option, fig);
    expect(subtitleProblems(boxes.texts, subtextOf(option))).toEqual([]);
    expect(figureProblems(boxes)).toEqual([]);
    expect(laid.gtlabFontSize).toBe(11);
    expect(layoutWarning(option, fig)).toBe(
      'The text is set at 11 px (not 12 px) for the subtitle to fit in 321 × 265 px.',
    );
  });

  for (const [what, n] of CASES.slice(1))
    test(`${what}: at 321 × 265 no arrangement has room (left out, and said so); at the height the note names, kept whole on further lines`, () => {
      const option = figureOf(n);
      const fig = column('auto');
      const { boxes } = drawn(option, fig);
      expect(subtitleProblems(boxes.texts, subtextOf(option))).toEqual(['no subtitle']);
      expect(figureProblems(boxes)).toEqual([]);
      const warning = layoutWarning(option, fig)!;
      expect(warning).toMatch(
        /The subtitle \(each run's spec, seed, trees and version\) does not fit in 321 × 265 px .*: it is left out\./,
      );
      const tall = Number(/It fits whole in a figure (\d+) px high/.exec(warning)![1]);
      // the least height, in 5 px steps, that holds it
      expect(subtitleProblems(drawn(option, { ...fig, height: tall - 5 }).boxes.texts, subtextOf(option))).toEqual([
        'no subtitle',
      ]);
      const at = drawn(option, { ...fig, height: tall });
      expect(subtitleProblems(at.boxes.texts, subtextOf(option))).toEqual([]);
      expect(figureProblems(at.boxes)).toEqual([]);
      const lines = (at.laid.title as { subtext: string }[])[0].subtext.split('\n');
      expect(lines.length).toBeGreaterThan(1);
      for (const l of lines) expect(l.length).toBeGreaterThan(0);
      expect(layoutWarning(option, { ...fig, height: tall })).toMatch(
        /^The text is set at [\d.]+ px \(not 12 px\) for the legend and the subtitle to fit in 321 × \d+ px\.$/,
      );
    });

  test('planted faults fail: a subtitle line missing, a field cut short', () => {
    const option = figureOf(3);
    const at = drawn(option, { ...column('auto'), height: 300 });
    expect(subtitleProblems(at.boxes.texts, subtextOf(option))).toEqual([]);
    const i = at.boxes.texts.findIndex((t) => t.text.startsWith('furtak-buro-fig4 · seed'));
    const lineMissing = at.boxes.texts.filter((_, k) => k !== i + 1);
    expect(subtitleProblems(lineMissing, subtextOf(option))).not.toEqual([]);
    const cut = at.boxes.texts.map((t, k) => (k === i ? { ...t, text: t.text.replace('3 of 3 trees', '3 of 3') } : t));
    expect(subtitleProblems(cut, subtextOf(option))).not.toEqual([]);
  });
});
