/**
 * The figure composer in real Chromium (web mode), on two runs written by `gtlab run` and opened from
 * History: a comparison of 2 runs × 6 series exported at a journal's column width (8.5 cm) has its
 * compact legend whole, no entry over the plot or over another entry, a plot area of at least 55 % of
 * the width and half the height, and a colour per algorithm and a dash per ordering (read from the SVG's
 * element boxes and styles); the preset's text is 8 pt (10.67 px); the settings saved from the app make
 * `gtlab plot` draw the same SVG. PDF is disabled in the browser with the reason.
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

describe('figure composer in Chromium', () => {
  test('2 runs × 6 series at 8.5 cm: legend whole and clear of the plot and of itself, plot ≥ 55 % × 50 %, colour = algorithm and dash = ordering; gtlab plot draws the same SVG', async () => {
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

    await app.page.click('[data-test=tab-export]');
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

    // Read the figure back in Chromium: boxes of the legend's texts, the plot's grid, the lines' styles; the
    // text is set in the page's DejaVu Sans (the SVG's own data: font is what the page's CSP refuses).
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
    const m = await app.page.evaluate(
      async ({ svgText, labels, grid, palette }) => {
        if (!document.fonts.check('12px "DejaVu Sans"')) throw new Error('DejaVu Sans is not loaded in the page');
        const host = document.createElement('div');
        host.style.cssText = 'all: initial; position: fixed; left: 0; top: 0; visibility: hidden;';
        host.innerHTML = svgText.replace(/<defs><style>@font-face[^<]*<\/style><\/defs>/, '');
        document.body.appendChild(host);
        const root = host.querySelector('svg')!;
        const origin = root.getBoundingClientRect();
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { x: r.x - origin.x, y: r.y - origin.y, w: r.width, h: r.height };
        };
        const texts = [...root.querySelectorAll('text')];
        const legend = labels.map((l) => {
          const t = texts.find((x) => x.textContent === l);
          return t ? { label: l, ...box(t) } : { label: l, x: NaN, y: NaN, w: 0, h: 0 };
        });
        const gridBoxes = [...root.querySelectorAll(`path[stroke="${grid}"]`)].map(box);
        const plot = {
          x: Math.min(...gridBoxes.map((b) => b.x)),
          y: Math.min(...gridBoxes.map((b) => b.y)),
          r: Math.max(...gridBoxes.map((b) => b.x + b.w)),
          b: Math.max(...gridBoxes.map((b) => b.y + b.h)),
        };
        // Lines drawn with data: unfilled paths in a palette colour, longer than a legend icon.
        const lines = [...root.querySelectorAll('path[fill="none"]')]
          .filter((p) => palette.includes((p.getAttribute('stroke') ?? '').toUpperCase()) && box(p).w > 40)
          .map((p) => `${p.getAttribute('stroke')} ${p.getAttribute('stroke-dasharray') ?? 'solid'}`);
        const height = origin.height;
        host.remove();
        return { legend, plot, lines, height };
      },
      { svgText: svg.text, labels, grid: GRID_LINE, palette: PALETTE },
    );
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
    expect(
      runGtlab(
        [
          'plot',
          'furtak-buro-fig4',
          '--compare',
          'furtak-buro-fig4-static',
          '--figure',
          'fig.json',
          '--out',
          'cli.svg',
        ],
        dir,
      ).code,
    ).toBe(0);
    // Equal once ECharts' generated ids are made canonical (they count the charts and classes made before).
    expect(normaliseSvgIds(readFileSync(join(dir, 'cli.svg'), 'utf8'))).toBe(normaliseSvgIds(svg.text));

    await app.page.screenshot({ path: join(app.out, 'figure-composer.png'), fullPage: true });
    expect(app.errors).toEqual([]);
  }, 240_000);
});
