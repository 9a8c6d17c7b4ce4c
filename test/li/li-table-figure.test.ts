/**
 * Li's tables as figures (shared/li/li-table-figure.ts, typeset by shared/figures/table-figure.ts), read
 * back from the SVG the exports write: every cell of Tables 2.1-4.3 where the thesis prints it — Chapter 3
 * turned to a row per depth d, the rest a row per (f1, f2) — ours beside the thesis's number where the
 * thesis prints one in that column, the pair shaded exactly where the table view marks ours as differing;
 * every text's width the shipped font's own (fontkit), no text over another, past its column or past the
 * figure (shared/figures/figure-check.ts). Planted faults fail: a thesis number changed, a shade
 * dropped, a cell's text widened past its column, every text set at 20 px. `gtlab study li-table
 * --figure` writes the same SVG as the desktop host and the browser host, at the table's own size, and
 * its PNG and PDF at that size too.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as fontkit from 'fontkit';
import { study } from '../../cli/commands/study.ts';
import { FIGURE_FONT, FIGURE_FONT_FILE, renderFigure, renderSvg } from '../../node/render-figure.ts';
import { studyFigureFile } from '../../renderer/src/logic/figures.ts';
import type { StudyRecord } from '../../shared/api/contract.ts';
import { figureProblems, type PlacedText } from '../../shared/figures/figure-check.ts';
import type { Rect } from '../../shared/figures/layout-rules.ts';
import { ownSize } from '../../shared/figures/own-size.ts';
import { readPngDpi } from '../../shared/figures/png-dpi.ts';
import { tableLayout } from '../../shared/figures/table-figure.ts';
import { textWidth } from '../../shared/figures/text-metrics.ts';
import { LI_TABLES, type LiTableId } from '../../shared/li/li-table.ts';
import { liTableFigureOption, liTableSpec } from '../../shared/li/li-table-figure.ts';
import { buildLiTableView, formatNumber, type LiTableView } from '../../shared/li/li-table-view.ts';
import { reproduceLiTable } from '../../shared/li/reproduce.ts';
import { PRINTED_TABLES } from '../../shared/li/thesis-tables.ts';
import { studyFigureOption } from '../../shared/studies/study-exports.ts';
import { normaliseSvgIds, svgWords } from '../helpers/svg-words.ts';
import { runCommand } from '../helpers/run-command.ts';

const font = fontkit.openSync(FIGURE_FONT_FILE) as fontkit.Font;
const views = new Map<LiTableId, LiTableView>(
  LI_TABLES.map((t) => [t, buildLiTableView(reproduceLiTable(t, 'corrected'), reproduceLiTable(t, 'printed'))]),
);
const view = (t: LiTableId) => views.get(t)!;

// ---------------------------------------------------------------- what the thesis prints, cell by cell

type Cell = LiTableView['rows'][number]['cells'][number];
interface Expected {
  /** the row heads */
  stub: string[];
  /** the numbers after them, left to right: ours, then the thesis's where it prints in that column */
  cells: string[];
  /** per entry of `cells`, whether it stands on a shade */
  marked: boolean[];
}

const ours = (c: Cell) => formatNumber(c.corrected, c.digits);
const theirs = (c: Cell) => formatNumber(c.thesis, c.digits);
const shaded = (c: Cell) => typeof c.thesis === 'number' && c.differs;

/**
 * The rows as the thesis prints them. Chapter 3 (one view row per printed column): a row per depth d and
 * then PS, a column pair (ours, thesis) per (f1, f2). The others: a row per (f1, f2), p0 first where it
 * varies, f1 and f2 (which agree with the thesis), then per quantity ours and, where the thesis prints
 * that quantity, its number.
 */
function expectedRows(t: LiTableId): Expected[] {
  const v = view(t);
  if (t.startsWith('3.'))
    return v.columns.slice(2).map((c, q) => ({
      stub: [c.name === 'PS' ? 'PS' : String(q + 1)],
      cells: v.rows.flatMap((r) => [ours(r.cells[2 + q]), theirs(r.cells[2 + q])]),
      marked: v.rows.flatMap((r) => [shaded(r.cells[2 + q]), shaded(r.cells[2 + q])]),
    }));
  const p0s = new Set(v.rows.map((r) => r.p0));
  const printed = v.columns.map((_, j) => v.rows.some((r) => r.cells[j].thesis !== undefined));
  return v.rows.map((r) => ({
    stub: [...(p0s.size > 1 ? [r.p0!.toFixed(3)] : []), ours(r.cells[0]), ours(r.cells[1])],
    cells: r.cells.slice(2).flatMap((c, k) => (printed[k + 2] ? [ours(c), theirs(c)] : [ours(c)])),
    marked: r.cells.slice(2).flatMap((c, k) => (printed[k + 2] ? [shaded(c), shaded(c)] : [shaded(c)])),
  }));
}

// ---------------------------------------------------------------- the SVG read back

interface SvgText {
  text: string;
  x: number;
  y: number;
  px: number;
  anchor: PlacedText['anchor'];
}

const unescapeXml = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Every text of the SVG at its anchor (ECharts places graphic texts by a translate). */
function svgTexts(svg: string): SvgText[] {
  return [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)].map(([, attrs, raw]) => {
    const [x, y] = /transform="translate\(([-\d.]+) ([-\d.]+)\)"/.exec(attrs)!.slice(1).map(Number);
    return {
      text: unescapeXml(raw),
      x,
      y,
      px: Number(/font-size:([\d.]+)px/.exec(attrs)![1]),
      anchor: (/text-anchor="(\w+)"/.exec(attrs)?.[1] ?? 'start') as SvgText['anchor'],
    };
  });
}

/** The shaded boxes (ECharts draws a rect as a path M x y l w 0 l 0 h l -w 0 Z). */
function svgShades(svg: string): Rect[] {
  return [...svg.matchAll(/<path d="M([-\d.]+) ([-\d.]+)l([-\d.]+) 0l0 ([-\d.]+)l[-\d.]+ 0Z" fill="#e2e2e2"/g)].map(
    ([, x, y, w, h]) => ({ x: Number(x), y: Number(y), w: Number(w), h: Number(h) }),
  );
}

/**
 * The table's body as read from the SVG: the right-set texts (numbers) in lines by their height, each
 * line left to right; lines of later blocks continue those of the first (the stub set again), so row i
 * is the stub of its line in the first block and the numbers of its lines in every block.
 */
function readTable(svg: string, stubColumns: number, rows: number): Expected[] {
  const shades = svgShades(svg);
  const body = svgTexts(svg).filter((t) => t.anchor === 'end');
  const lines = [...new Set(body.map((t) => t.y))].sort((a, b) => a - b);
  if (lines.length % rows !== 0) throw new Error(`${lines.length} lines of numbers for ${rows} rows`);
  const out: Expected[] = Array.from({ length: rows }, () => ({ stub: [], cells: [], marked: [] }));
  lines.forEach((y, k) => {
    const line = body.filter((t) => t.y === y).sort((a, b) => a.x - b.x);
    const row = out[k % rows];
    const stub = line.slice(0, stubColumns).map((t) => t.text);
    if (k < rows) row.stub = stub;
    else if (stub.join() !== row.stub.join())
      throw new Error(`block ${Math.floor(k / rows) + 1}, row ${k % rows}: stub ${stub}`);
    for (const t of line.slice(stubColumns)) {
      row.cells.push(t.text);
      // the number's right edge, a little left of its anchor, lies on a shade
      row.marked.push(shades.some((s) => t.x - 2 >= s.x && t.x - 2 <= s.x + s.w && t.y >= s.y && t.y <= s.y + s.h));
    }
  });
  return out;
}

/** Every cell read back that is not what the thesis's layout puts there, in words. */
function readBackProblems(svg: string, t: LiTableId): string[] {
  const want = expectedRows(t);
  const got = readTable(svg, want[0].stub.length, want.length);
  const problems: string[] = [];
  want.forEach((w, i) => {
    if (got[i].stub.join(' | ') !== w.stub.join(' | '))
      problems.push(`row ${i}: heads ${got[i].stub.join(' | ')} where ${w.stub.join(' | ')}`);
    if (got[i].cells.length !== w.cells.length)
      problems.push(`row ${i}: ${got[i].cells.length} numbers where ${w.cells.length}`);
    w.cells.forEach((c, k) => {
      if (got[i].cells[k] !== c) problems.push(`row ${i}, number ${k}: "${got[i].cells[k]}" where "${c}"`);
      if (got[i].marked[k] !== w.marked[k])
        problems.push(
          `row ${i}, number ${k}: ${got[i].marked[k] ? 'shaded' : 'not shaded'} where ${w.marked[k] ? 'shaded' : 'not'}`,
        );
    });
  });
  return problems;
}

/**
 * The SVG's texts as the print check takes them: each number within the column of the layout its anchor
 * lies in, each head within the box the layout gives it (its column, or its group's columns).
 */
function boxesOf(svg: string, t: LiTableId) {
  const width = Number(/^<svg width="(\d+)"/.exec(svg)![1]);
  const height = Number(/^<svg width="\d+" height="(\d+)"/.exec(svg)![1]);
  const l = tableLayout(liTableSpec(view(t)));
  const columns = l.blocks.flatMap((b) => b.columns);
  const heads = l.blocks.flatMap((b) => b.heads);
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  const texts: PlacedText[] = svgTexts(svg).map((s) => {
    const column =
      s.anchor === 'end'
        ? columns.find((c) => s.x > c.x && s.x < c.x + c.w && s.y >= c.y && s.y <= c.y + c.h)
        : heads.find((h) => h.text === s.text && near(h.x, s.x) && near(h.y, s.y))?.within;
    if (s.anchor !== 'start' && !column && !l.texts.some((x) => x.text === s.text))
      throw new Error(`"${s.text}" at (${s.x}, ${s.y}) is no text the layout placed`);
    return { text: s.text, fontPx: s.px, x: s.x, y: s.y, anchor: s.anchor, ...(column ? { column } : {}) };
  });
  return { width, height, texts, curves: [] };
}

const svgOf = (t: LiTableId) => renderSvg(liTableFigureOption(view(t), { fontFamily: FIGURE_FONT }));

describe("Li's tables as figures", () => {
  test.each(LI_TABLES)('Table %s: every cell read back from the SVG, shaded where ours differs', (t) => {
    const option = liTableFigureOption(view(t), { fontFamily: FIGURE_FONT });
    const svg = renderSvg(option);
    const { width, height } = ownSize(option) as { width: number; height: number };
    expect(svg).toMatch(new RegExp(`^<svg width="${width}" height="${height}"`));
    expect(readBackProblems(svg, t)).toEqual([]);
    // under the thesis's title, the heads as it prints them
    const words = svgWords(svg);
    expect(words).toContain(PRINTED_TABLES[t].title);
    if (t === '3.3') expect(words).toContain('f1 = 0.073 f2 = 0.367 ours thesis');
    if (t === '4.2') expect(words).toContain('f1 f2 N_6 ours thesis');
    // as many shades as the view marks ours against a printed number
    expect(svgShades(svg).length).toBe(view(t).rows.flatMap((r) => r.cells.filter(shaded)).length);
    expect(figureProblems(boxesOf(svg, t))).toEqual([]);
  });

  test("every text's width is the shipped font's own (no character measured by a guess)", () => {
    for (const t of LI_TABLES)
      for (const s of svgTexts(svgOf(t))) {
        const units = [...s.text].reduce((w, ch) => w + font.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth, 0);
        expect(textWidth(s.text, s.px), `"${s.text}"`).toBeCloseTo((units * s.px) / font.unitsPerEm, 6);
      }
  });

  test('Table 3.3 is set in three blocks of seven (f1, f2) pairs, as the thesis prints it; each block repeats d', () => {
    const l = tableLayout(liTableSpec(view('3.3')));
    expect(l.blocks.map((b) => b.groups.length)).toEqual([7, 7, 7]);
    expect(l.width).toBeLessThanOrEqual(Math.ceil((17.5 * 96) / 2.54) + 2 * 11);
    const heads = svgTexts(svgOf('3.3')).filter((s) => s.text === 'd');
    expect(heads).toHaveLength(3);
  });

  test('planted faults fail: a thesis number changed, a shade dropped, a cell past its column, 20 px text', () => {
    const svg = svgOf('4.3');
    expect(readBackProblems(svg, '4.3')).toEqual([]);
    // The thesis's N_6 of the first row (442.547) read as 442.574.
    const changed = svg.replace('>442.547<', '>442.574<');
    expect(changed).not.toBe(svg);
    expect(readBackProblems(changed, '4.3')).toEqual(['row 0, number 1: "442.574" where "442.547"']);
    // The first shade dropped.
    const unshaded = svg.replace(/<path d="M[^"]*" fill="#e2e2e2"[^>]*><\/path>/, '');
    expect(readBackProblems(unshaded, '4.3').join('\n')).toMatch(/row 0, number 0: not shaded where shaded/);
    // A number four digits longer: past its column and over its neighbour.
    const wide = svg.replace('>432.810<', '>432.8103574<');
    const wideProblems = figureProblems(boxesOf(wide, '4.3')).join('\n');
    expect(wideProblems).toMatch(/table text "432.8103574" reaches past its column/);
    expect(wideProblems).toMatch(/"0.133" overlaps "432.8103574"|"432.8103574" overlaps/);
    // Every text at 20 px where the layout measured 10.67 px.
    const big = svg.replace(/font-size:[\d.]+px/g, 'font-size:20px');
    expect(figureProblems(boxesOf(big, '4.3')).join('\n')).toMatch(/overlaps|reaches past/);
  });

  test('a table has no plot: the check asks no plot share of it', () => {
    const boxes = boxesOf(svgOf('2.2'), '2.2');
    expect(figureProblems(boxes)).toEqual([]);
    expect(figureProblems({ ...boxes, plot: { x: 0, y: 0, w: 10, h: 10 } }).join('\n')).toMatch(/the plot takes/);
  });
});

describe("a Li table's figure through every export", () => {
  const record = (table: LiTableId): StudyRecord => ({
    format: 'gtlab-study',
    version: 1,
    id: `20260101T000000-li-table`,
    request: { kind: 'li-table', table },
    result: {
      kind: 'li-table',
      corrected: reproduceLiTable(table, 'corrected'),
      printed: reproduceLiTable(table, 'printed'),
    },
    createdAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:00:01Z',
    ms: 0,
    generator: 'g',
  });

  test('gtlab study --figure, the desktop host and the browser host draw one SVG at the table size; PNG and PDF at that size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-li-figure-'));
    const files = ['svg', 'png', 'pdf'].map((ext) => join(dir, `t.${ext}`));
    for (const f of files) {
      const { code } = await runCommand(study, [
        'li-table',
        '--table',
        '3.3',
        '--figure',
        f,
        '--out',
        join(dir, 't.csv'),
      ]);
      expect(code).toBe(0);
    }
    const option = studyFigureOption(record('3.3').result, { fontFamily: FIGURE_FONT })!;
    const { width, height } = ownSize(option) as { width: number; height: number };
    const cli = readFileSync(files[0], 'utf8');
    expect(normaliseSvgIds(cli)).toBe(normaliseSvgIds((await renderFigure(option, 'svg')).toString()));
    expect(readBackProblems(cli, '3.3')).toEqual([]);
    const browser = await studyFigureFile(record('3.3'), 'svg', new Uint8Array(readFileSync(FIGURE_FONT_FILE)));
    expect(normaliseSvgIds(browser.content)).toBe(normaliseSvgIds(cli));
    // PNG: 300 dpi, the table's size at that resolution; PDF: its size in pt (0.75 pt per CSS px).
    const png = new Uint8Array(readFileSync(files[1]));
    expect(readPngDpi(png)).toBeCloseTo(300, 0);
    const dv = new DataView(png.buffer, png.byteOffset);
    expect([dv.getUint32(16), dv.getUint32(20)]).toEqual([width, height].map((x) => Math.round((x * 300) / 96)));
    const pdf = readFileSync(files[2], 'latin1');
    expect(pdf).toMatch(new RegExp(`/MediaBox \\[0 0 ${width * 0.75} ${height * 0.75}\\]`));
  });

  test('Fig. 3.2 keeps its curves', () => {
    const fig = liTableFigureOption;
    expect(() =>
      fig(buildLiTableView(reproduceLiTable('fig3.2', 'corrected'), reproduceLiTable('fig3.2', 'printed'))),
    ).toThrow(/a figure of curves/);
    const curves = studyFigureOption({
      kind: 'li-table',
      corrected: reproduceLiTable('fig3.2', 'corrected'),
      printed: reproduceLiTable('fig3.2', 'printed'),
    })!;
    expect(curves.series).toHaveLength(2);
  });
});
