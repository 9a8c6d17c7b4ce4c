/**
 * The SVG figure font (shared/figures/svg-font.ts): the subset is a valid standalone TrueType font (table and
 * whole-file checksums, a cmap that maps every character of the text to a glyph with the original's
 * advance and outline, read back by fontkit), Chromium's font sanitizer accepts it and lays text out
 * with the original's metrics, and `gtlab`'s SVG figures carry it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import * as fontkit from 'fontkit';
import type { Browser } from 'playwright-core';
import { cmapFormat4, embedFont, readTables, subsetFont, svgText } from '../../shared/figures/svg-font.ts';
import { FIGURE_FONT, FIGURE_FONT_FILE, renderFigure } from '../../node/render-figure.ts';
import { runFigureOption } from '../../shared/figures/run-figure.ts';
import { defaultFigure } from '../../shared/figures/figure-spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { summarize } from '../../shared/experiments/statistics.ts';
import { seriesLabel, specDepths } from '../../shared/experiments/spec.ts';
import { launchChromium } from '../e2e/harness.ts';

const TEXT = 'search depth 0123456789 · nodes ÷ MPG (α–β) µ≥≤ A/B: alphabeta / value+FCF';
const original = fontkit.openSync(FIGURE_FONT_FILE) as fontkit.Font;
const fontBytes = new Uint8Array(readFileSync(FIGURE_FONT_FILE));

function sum32(data: Uint8Array): number {
  const p = new Uint8Array((data.length + 3) & ~3);
  p.set(data);
  const v = new DataView(p.buffer);
  let s = 0;
  for (let i = 0; i < p.length; i += 4) s = (s + v.getUint32(i)) >>> 0;
  return s;
}

describe('font subset', () => {
  const bytes = subsetFont(fontBytes, TEXT);

  test('every table checksum is right and the file sums to 0xB1B0AFBA', () => {
    const v = new DataView(bytes.buffer, bytes.byteOffset);
    const n = v.getUint16(4);
    const tags: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = 12 + 16 * i;
      const tag = String.fromCharCode(...bytes.subarray(r, r + 4));
      tags.push(tag);
      const data = Uint8Array.from(bytes.subarray(v.getUint32(r + 8), v.getUint32(r + 8) + v.getUint32(r + 12)));
      if (tag === 'head') new DataView(data.buffer).setUint32(8, 0);
      expect(v.getUint32(r + 4), tag).toBe(sum32(data));
    }
    expect(tags).toEqual([...tags].sort());
    expect([...readTables(bytes).keys()]).toEqual(tags);
    for (const t of ['cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'name', 'OS/2', 'post'])
      expect(tags).toContain(t);
    expect(sum32(bytes)).toBe(0xb1b0afba);
    expect(bytes.length).toBeLessThan(statSync(FIGURE_FONT_FILE).size / 10);
  });

  test('each character maps to a glyph with the original advance and outline', () => {
    const sub = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
    expect(sub.unitsPerEm).toBe(original.unitsPerEm);
    for (const ch of new Set(TEXT)) {
      const a = original.glyphForCodePoint(ch.codePointAt(0)!);
      const b = sub.glyphForCodePoint(ch.codePointAt(0)!);
      expect(b.id, ch).not.toBe(0);
      expect(b.advanceWidth, ch).toBe(a.advanceWidth);
      expect(b.path.toSVG(), ch).toBe(a.path.toSVG());
    }
    expect(sub.glyphForCodePoint('Z'.codePointAt(0)!).id).toBe(0); // not in the text: .notdef
  });

  test('cmap format 4 maps exactly the given code points', () => {
    const map = new Map([
      [65, 3],
      [0x2264, 1],
      [32, 7],
    ]);
    const cmap = cmapFormat4(map);
    const v = new DataView(cmap.buffer);
    expect([v.getUint16(0), v.getUint16(2), v.getUint16(4), v.getUint16(6), v.getUint32(8)]).toEqual([0, 1, 3, 1, 12]);
    const f = 12;
    expect(v.getUint16(f)).toBe(4);
    const segX2 = v.getUint16(f + 6);
    const seg = segX2 / 2;
    expect(seg).toBe(4); // three code points and the required 0xFFFF end
    const at = (base: number, i: number) => v.getUint16(f + base + 2 * i);
    // Lookup as a font renderer does: the segment whose end ≥ cp, then start ≤ cp, glyph = cp + idDelta.
    const lookup = (cp: number) => {
      for (let i = 0; i < seg; i++) {
        if (at(14, i) >= cp) return at(16 + segX2, i) <= cp ? (cp + at(16 + 2 * segX2, i)) & 0xffff : 0;
      }
      return 0;
    };
    for (const [cp, gid] of map) expect(lookup(cp)).toBe(gid);
    for (const cp of [0, 33, 66, 0x2265, 0xfffe]) expect(lookup(cp)).toBe(0);
    expect(v.getUint16(f + 2)).toBe(cmap.length - 12); // subtable length
  });

  test('svgText decodes entities of every <text>', () => {
    expect(svgText('<svg><text x="1">a &amp; b</text><g><text>&#215;&#x3b1;&lt;</text></g></svg>')).toBe('a & b×α<');
  });
});

describe('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 30_000);
  afterAll(async () => browser?.close());

  test('the sanitizer accepts the subset and text gets the original advances', async () => {
    const b64 = Buffer.from(subsetFont(fontBytes, TEXT)).toString('base64');
    const page = await browser.newPage();
    const r = await page.evaluate(async (data) => {
      const face = new FontFace('GtlabSubset', `url(data:font/ttf;base64,${data})`);
      await face.load().catch(() => undefined);
      (document.fonts as unknown as { add(f: FontFace): void }).add(face);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = '100px GtlabSubset, monospace';
      return { status: face.status, width: ctx.measureText('search depth').width };
    }, b64);
    expect(r.status).toBe('loaded');
    const want =
      ([...'search depth'].reduce((w, ch) => w + original.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth, 0) *
        100) /
      original.unitsPerEm;
    expect(r.width).toBeCloseTo(want, 0);
  }, 30_000);
});

describe('figures', () => {
  test('SVG figures embed the font subset of their own text', async () => {
    const spec = presetSpec('knuth-moore-check', { trees: 2, depth: 3 });
    const lines: ResultLine[] = [];
    for (let t = 0; t < 2; t++) await runTree(spec, t, (l) => lines.push(l));
    const summary = summarize(lines, spec.series.map(seriesLabel), specDepths(spec), 'expanded');
    const option = runFigureOption([{ name: spec.name, spec, summary, lines }], defaultFigure(), {
      fontFamily: FIGURE_FONT,
    });
    const svg = (await renderFigure(option, 'svg')).toString();
    expect(svg).toMatch(
      /^<svg[^>]*><defs><style>@font-face\{font-family:"DejaVu Sans";src:url\(data:font\/ttf;base64,/,
    );
    const b64 = /base64,([A-Za-z0-9+/=]+)\)/.exec(svg)![1];
    const sub = fontkit.create(Buffer.from(b64, 'base64')) as fontkit.Font;
    for (const ch of new Set(svgText(svg).replace(/\s/g, '')))
      expect(sub.glyphForCodePoint(ch.codePointAt(0)!).id, ch).not.toBe(0);
    expect(() => embedFont('<html></html>', 'X', fontBytes)).toThrow(/not an SVG/);
  });
});
