/**
 * The figure composer in real Chromium (web mode), on two runs written by `gtlab run` and opened from
 * History: a comparison of 2 runs × 6 series exported at a journal's column width (8.5 cm) has its
 * compact legend whole, no entry over the plot or over another entry, a plot area of at least 55 % of
 * the width and half the height, and a colour per algorithm and a dash per ordering (read from the SVG's
 * element boxes and styles); the preset's text is 8 pt (10.67 px); the settings saved from the app make
 * `gtlab plot` draw the same SVG. The same two runs one panel per algorithm: three panels side by side
 * under the titles α-β, NegaScout and MTD(f), each with both runs and both orderings, the same SVG as
 * `gtlab plot … --panels algorithm`. PDF is disabled in the browser with the reason.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useApp } from './harness.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';
import { normaliseSvgIds } from '../helpers/svg-words.ts';
import { GRID_LINE, PALETTE } from '../../shared/figures/figure-style.ts';
import { parseFigureSpec } from '../../shared/figures/figure-spec.ts';

const app = useApp('[data-test=start]');

async function download(selector: string): Promise<{ name: string; text: string }> {
  const [d] = await Promise.all([app.page.waitForEvent('download', { timeout: 30_000 }), app.page.click(selector)]);
  const path = join(app.out, d.suggestedFilename());
  await d.saveAs(path);
  return { name: d.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

const row = (name: string) =>
  app.page.locator('[data-test=history] tr', { has: app.page.locator('b', { hasText: new RegExp(`^${name}$`) }) });

let comparison: Promise<string> | undefined;
/**
 * Two runs written by `gtlab run` (Figure 4 and its static-ordering variant, 3 trees to depth 4), opened
 * from History, the first shown and the second compared with it; done once for the file's tests, which
 * each set the composer as they need it. The folder that holds the runs.
 */
const compareTwoRuns = (): Promise<string> =>
  (comparison ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-e2e-fig-'));
    for (const preset of ['furtak-buro-fig4', 'furtak-buro-fig4-static']) {
      expect(
        runGtlab(['run', preset, '--trees', '3', '--depth', '4', '--workers', '1', '--out', preset], dir).code,
      ).toBe(0);
    }
    await app.page.click('[data-test=tab-history]');
    for (const preset of ['furtak-buro-fig4', 'furtak-buro-fig4-static']) {
      await app.page.setInputFiles('[data-test=history-folder-input]', join(dir, preset));
      await app.page.waitForSelector('[data-test=chart]');
      await app.page.click('[data-test=tab-history]');
      await row(preset).waitFor();
    }
    await row('furtak-buro-fig4').locator('[data-test=history-open]').click();
    await app.page.click('[data-test=tab-history]');
    await row('furtak-buro-fig4-static').locator('[data-test=history-compare]').click();
    expect(await row('furtak-buro-fig4-static').locator('[data-test=history-compare]').textContent()).toBe('Uncompare');
    return dir;
  })());

interface Drawn {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * An exported SVG as Chromium lays it out: every text and every path with its box (relative to the
 * figure) and a path's stroke, dash and fill. The text is set in the page's DejaVu Sans (the SVG's own
 * data: font is what the page's CSP refuses).
 */
async function drawnInPage(svgText: string): Promise<{
  height: number;
  texts: (Drawn & { text: string })[];
  paths: (Drawn & { stroke: string; dash: string; fill: string })[];
}> {
  return app.page.evaluate(async (text) => {
    if (!document.fonts.check('12px "DejaVu Sans"')) throw new Error('DejaVu Sans is not loaded in the page');
    const host = document.createElement('div');
    host.style.cssText = 'all: initial; position: fixed; left: 0; top: 0; visibility: hidden;';
    host.innerHTML = text.replace(/<defs><style>@font-face[^<]*<\/style><\/defs>/, '');
    document.body.appendChild(host);
    const root = host.querySelector('svg')!;
    const origin = root.getBoundingClientRect();
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.x - origin.x, y: r.y - origin.y, w: r.width, h: r.height };
    };
    const texts = [...root.querySelectorAll('text')].map((t) => ({ text: t.textContent ?? '', ...box(t) }));
    const paths = [...root.querySelectorAll('path')].map((p) => ({
      stroke: (p.getAttribute('stroke') ?? '').toUpperCase(),
      dash: p.getAttribute('stroke-dasharray') ?? 'solid',
      fill: p.getAttribute('fill') ?? '',
      ...box(p),
    }));
    const height = origin.height;
    host.remove();
    return { height, texts, paths };
  }, svgText);
}

/** The lines drawn with data: unfilled paths in a palette colour, longer than a legend icon. */
const dataLines = (paths: Awaited<ReturnType<typeof drawnInPage>>['paths']) =>
  paths.filter((p) => p.fill === 'none' && PALETTE.includes(p.stroke) && p.w > 40);
const gridLines = (paths: Awaited<ReturnType<typeof drawnInPage>>['paths']) =>
  paths.filter((p) => p.stroke === GRID_LINE.toUpperCase());

/** `gtlab plot` of the two runs from a figure file (and `flags`): its SVG, ECharts' generated ids made canonical. */
function plotInCli(dir: string, figure: string, flags: string[] = []): string {
  const out = `${figure}.svg`;
  const args = ['plot', 'furtak-buro-fig4', '--compare', 'furtak-buro-fig4-static', '--figure', figure, ...flags];
  expect(runGtlab([...args, '--out', out], dir).code).toBe(0);
  return normaliseSvgIds(readFileSync(join(dir, out), 'utf8'));
}

describe('figure composer in Chromium', () => {
  test('2 runs × 6 series at 8.5 cm: legend whole and clear of the plot and of itself, plot ≥ 55 % × 50 %, colour = algorithm and dash = ordering; gtlab plot draws the same SVG', async () => {
    const dir = await compareTwoRuns();
    await app.page.click('[data-test=tab-export]');
    await app.page.selectOption('[data-test=fig-panels]', 'auto');
    await app.page.selectOption('[data-test=fig-size]', 'column');
    expect(await app.page.inputValue('[data-test=fig-width]')).toBe('8.5');
    // A journal column's text: 8 pt, set as 10.67 px at the 96 px per inch the width in cm is set at.
    expect(await app.page.inputValue('[data-test=fig-font-size]')).toBe('10.67');
    expect(await app.page.textContent('[data-test=fig-font-pt]')).toBe('(8 pt)');
    expect(await app.page.$eval('[data-test=fig-font-size]', (e) => (e as HTMLInputElement).validity.valid)).toBe(true);
    await app.page.waitForSelector('[data-test=fig-preview] svg');
    // Two runs' legend whole under the plot takes text a px smaller, and the composer says so.
    expect(await app.page.textContent('[data-test=fig-warning]')).toContain(
      'The text is set at 9.67 px (not 10.67 px)',
    );
    // PDF: disabled in the browser, with the reason beside it.
    expect(await app.page.isDisabled('[data-test=export-pdf]')).toBe(true);
    expect(await app.page.textContent('[data-test=pdf-reason]')).toContain('PDF needs the desktop app or `gtlab plot');

    const svg = await download('[data-test=export-svg]');
    expect(svg.name).toBe('furtak-buro-fig4-seed2009-ratio-visited-compare2.svg');
    expect(svg.text).toMatch(/^<svg width="321" height="265"/);
    expect(svg.text).toMatch(/@font-face\{font-family:"DejaVu Sans";src:url\(data:font\/ttf;base64,/);

    // The PNG export loads DejaVu Sans into the page (from the font's bytes: the app's CSP allows no data: fonts).
    const png = await download('[data-test=export-png]');
    expect(png.name).toBe('furtak-buro-fig4-seed2009-ratio-visited-compare2.png');

    // Read the figure back in Chromium: boxes of the legend's texts, the plot's grid, the lines' styles.
    // The legend: every series whole (with the text set down to 9.67 px they fit under the plot, so no
    // compact key is needed) and each run keyed by its name.
    const labels = [
      'α-β / value',
      'α-β / value + FCF',
      'NegaScout / value',
      'NegaScout / value + FCF',
      'MTD(f) / value',
      'MTD(f) / value + FCF',
      'furtak-buro-fig4',
      'furtak-buro-fig4-static',
    ];
    const page = await drawnInPage(svg.text);
    const legend = labels.map((l) => {
      const t = page.texts.find((x) => x.text === l);
      return t ? { label: l, ...t } : { label: l, x: Number.NaN, y: Number.NaN, w: 0, h: 0 };
    });
    const grid = gridLines(page.paths);
    const plot = {
      x: Math.min(...grid.map((b) => b.x)),
      y: Math.min(...grid.map((b) => b.y)),
      r: Math.max(...grid.map((b) => b.x + b.w)),
      b: Math.max(...grid.map((b) => b.y + b.h)),
    };
    const m = { legend, plot, lines: dataLines(page.paths).map((p) => `${p.stroke} ${p.dash}`), height: page.height };
    for (const e of m.legend) expect(Number.isNaN(e.x), `legend entry "${e.label}" drawn whole`).toBe(false);
    const apart = (
      a: { x: number; y: number; w: number; h: number },
      b: { x: number; y: number; w: number; h: number },
    ) => a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;
    const plotBox = { x: m.plot.x, y: m.plot.y, w: m.plot.r - m.plot.x, h: m.plot.b - m.plot.y };
    for (const e of m.legend) expect(apart(e, plotBox), `"${e.label}" clear of the plot`).toBe(true);
    for (let i = 0; i < m.legend.length; i++)
      for (let j = i + 1; j < m.legend.length; j++)
        expect(apart(m.legend[i], m.legend[j]), `${m.legend[i].label} / ${m.legend[j].label}`).toBe(true);
    expect(plotBox.h / m.height).toBeGreaterThanOrEqual(0.5);
    expect(plotBox.w / 321).toBeGreaterThanOrEqual(0.55);
    // 2 runs × 6 series: colour = algorithm and dash = ordering tell the 6 series apart, each drawn once per run.
    expect(m.lines.length).toBe(12);
    expect(new Set(m.lines).size).toBe(6);

    // The settings saved from the app make gtlab plot draw the same figure.
    const settings = await download('[data-test=fig-save-spec]');
    const fig = parseFigureSpec(settings.text);
    expect(fig).toMatchObject({
      mode: 'ratio',
      counter: 'visited',
      size: { unit: 'cm', width: 8.5, height: 7 },
      fontSize: 10.67,
    });
    writeFileSync(join(dir, 'fig.json'), settings.text);
    // Equal once ECharts' generated ids are made canonical (they count the charts and classes made before).
    expect(plotInCli(dir, 'fig.json')).toBe(normaliseSvgIds(svg.text));

    await app.page.screenshot({ path: join(app.out, 'figure-composer.png'), fullPage: true });
    expect(app.errors).toEqual([]);
  }, 240_000);

  test('one panel per algorithm: three panels side by side titled α-β, NegaScout, MTD(f), each with both runs and both orderings; gtlab plot --panels algorithm draws the same SVG', async () => {
    const dir = await compareTwoRuns();
    await app.page.click('[data-test=tab-export]');
    await app.page.selectOption('[data-test=fig-size]', 'text');
    await app.page.selectOption('[data-test=fig-panels]', 'algorithm');
    // The preview is redrawn with the panels' titles.
    await app.page.waitForFunction(() =>
      [...document.querySelectorAll('[data-test=fig-preview] svg text')].some((t) => t.textContent === 'NegaScout'),
    );
    const svg = await download('[data-test=export-svg]');
    expect(svg.text).toMatch(/^<svg width="624" height="384"/);

    // Read back in Chromium: the panels are the grid's separate boxes, left to right; each title over its
    // panel; each panel's curves by stroke and dash.
    const page = await drawnInPage(svg.text);
    // grid lines that overlap horizontally belong to one panel
    const panels: { x: number; r: number; y: number; b: number }[] = [];
    for (const b of gridLines(page.paths).sort((p, q) => p.x - q.x)) {
      const last = panels[panels.length - 1];
      if (last && b.x <= last.r + 0.5) {
        last.r = Math.max(last.r, b.x + b.w);
        last.y = Math.min(last.y, b.y);
        last.b = Math.max(last.b, b.y + b.h);
      } else panels.push({ x: b.x, r: b.x + b.w, y: b.y, b: b.y + b.h });
    }
    const m = {
      panels,
      titles: ['α-β', 'NegaScout', 'MTD(f)'].map((name) =>
        page.texts.filter((t) => t.text === name).map((t) => ({ cx: t.x + t.w / 2, bottom: t.y + t.h })),
      ),
      curves: dataLines(page.paths).map((p) => ({ cx: p.x + p.w / 2, style: `${p.stroke} ${p.dash}` })),
      legend: page.texts.map((t) => t.text),
    };
    expect(m.panels).toHaveLength(3);
    for (let i = 1; i < 3; i++) expect(m.panels[i].x).toBeGreaterThan(m.panels[i - 1].r);
    // one y scale: the panels stand on one baseline and are as high as each other
    expect(new Set(m.panels.map((p) => `${Math.round(p.y)}..${Math.round(p.b)}`)).size).toBe(1);
    m.titles.forEach((t, i) => {
      expect(t, ['α-β', 'NegaScout', 'MTD(f)'][i]).toHaveLength(1);
      expect(t[0].cx).toBeGreaterThan(m.panels[i].x);
      expect(t[0].cx).toBeLessThan(m.panels[i].r);
      expect(t[0].bottom).toBeLessThanOrEqual(m.panels[i].y + 1);
    });
    // In each panel its algorithm's 2 runs × 2 orderings: the run told by colour, the ordering by dash.
    for (const p of m.panels) {
      const mine = m.curves.filter((c) => c.cx > p.x && c.cx < p.r).map((c) => c.style);
      expect(mine).toHaveLength(4);
      expect(new Set(mine).size).toBe(4);
    }
    for (const name of ['furtak-buro-fig4', 'furtak-buro-fig4-static', 'value', 'value + FCF'])
      expect(m.legend.filter((t) => t === name)).toHaveLength(1);

    // The settings saved from the app, the panels left out, and --panels algorithm: the same figure.
    const settings = parseFigureSpec((await download('[data-test=fig-save-spec]')).text);
    expect(settings).toMatchObject({ panels: 'algorithm', size: { unit: 'px', width: 624, height: 384 } });
    const { panels: _, ...withoutPanels } = settings;
    writeFileSync(join(dir, 'no-panels.json'), JSON.stringify(withoutPanels));
    expect(plotInCli(dir, 'no-panels.json', ['--panels', 'algorithm'])).toBe(normaliseSvgIds(svg.text));
    await app.page.screenshot({ path: join(app.out, 'figure-composer-panels.png'), fullPage: true });
    expect(app.errors).toEqual([]);
  }, 240_000);
});
