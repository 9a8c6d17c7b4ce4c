/**
 * Embedding the figure font in an SVG (every exported figure carries its font): a TrueType subset with
 * just the glyphs of the figure's text, as a base64 @font-face in the SVG's own <style>, so the file
 * looks the same on a machine without DejaVu Sans (a LaTeX pipeline, a journal's converter).
 *
 * fontkit subsets the glyph outlines (head, hhea, maxp, loca, glyf, hmtx, cvt, fpgm, prep: the tables a
 * PDF needs) but writes no character map; a standalone font also needs cmap, OS/2, name and post. Those
 * are added here: a format-4 cmap from the text's code points to the subset's glyph ids, OS/2 and name
 * copied from the original font, and a version-3 post (no glyph names). The sfnt is then reassembled
 * with its table directory and checksums (OpenType spec, "Font file" and "cmap" chapters).
 *
 * Runs in Node (`gtlab plot`, the desktop host) and in the browser (the app's SVG export) from the
 * font's bytes, so both embed the same subset.
 */
import * as fontkit from 'fontkit';

interface Table {
  tag: string;
  data: Uint8Array;
}

/** The tables of an sfnt (TrueType) file by tag. */
export function readTables(font: Uint8Array): Map<string, Uint8Array> {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const n = v.getUint16(4);
  const out = new Map<string, Uint8Array>();
  for (let i = 0; i < n; i++) {
    const r = 12 + 16 * i;
    const tag = String.fromCharCode(font[r], font[r + 1], font[r + 2], font[r + 3]);
    const offset = v.getUint32(r + 8);
    const length = v.getUint32(r + 12);
    if (offset + length > font.byteLength) throw new RangeError(`font table ${tag} runs past the end of the file`);
    out.set(tag, font.subarray(offset, offset + length));
  }
  return out;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded = new Uint8Array((data.length + 3) & ~3);
  padded.set(data);
  const v = new DataView(padded.buffer);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** An sfnt file from its tables (sorted by tag, 4-byte aligned, head.checkSumAdjustment set). */
function writeSfnt(tables: Table[]): Uint8Array {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const n = sorted.length;
  const pow = 2 ** Math.floor(Math.log2(n));
  let size = 12 + 16 * n;
  for (const t of sorted) size += (t.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x00010000);
  v.setUint16(4, n);
  v.setUint16(6, pow * 16);
  v.setUint16(8, Math.log2(pow));
  v.setUint16(10, n * 16 - pow * 16);
  let offset = 12 + 16 * n;
  let headOffset = -1;
  sorted.forEach((t, i) => {
    const r = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[r + k] = t.tag.charCodeAt(k);
    const data = t.tag === 'head' ? Uint8Array.from(t.data) : t.data;
    if (t.tag === 'head') {
      new DataView(data.buffer).setUint32(8, 0); // checkSumAdjustment is computed over the whole file
      headOffset = offset;
    }
    v.setUint32(r + 4, checksum(data));
    v.setUint32(r + 8, offset);
    v.setUint32(r + 12, data.length);
    out.set(data, offset);
    offset += (data.length + 3) & ~3;
  });
  if (headOffset < 0) throw new RangeError('font subset has no head table');
  v.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}

/** A format-4 cmap (platform 3, encoding 1: Unicode BMP) mapping each code point to its glyph id. */
export function cmapFormat4(map: Map<number, number>): Uint8Array {
  const cps = [...map.keys()].filter((c) => c < 0xffff).sort((a, b) => a - b);
  // One segment per code point (the figures use a few dozen characters), then the required 0xFFFF end.
  const segs = [
    ...cps.map((c) => ({ start: c, end: c, delta: (map.get(c)! - c) & 0xffff })),
    { start: 0xffff, end: 0xffff, delta: 1 },
  ];
  const segX2 = segs.length * 2;
  const pow = 2 ** Math.floor(Math.log2(segs.length));
  const sub = new Uint8Array(16 + 4 * segX2);
  const s = new DataView(sub.buffer);
  s.setUint16(0, 4);
  s.setUint16(2, sub.length);
  s.setUint16(4, 0);
  s.setUint16(6, segX2);
  s.setUint16(8, pow * 2);
  s.setUint16(10, Math.log2(pow));
  s.setUint16(12, segX2 - pow * 2);
  segs.forEach((g, i) => {
    s.setUint16(14 + 2 * i, g.end);
    s.setUint16(16 + segX2 + 2 * i, g.start); // after the reserved pad
    s.setUint16(16 + 2 * segX2 + 2 * i, g.delta);
    s.setUint16(16 + 3 * segX2 + 2 * i, 0); // idRangeOffset: glyph = code point + delta
  });
  const out = new Uint8Array(12 + sub.length);
  const v = new DataView(out.buffer);
  v.setUint16(0, 0);
  v.setUint16(2, 1);
  v.setUint16(4, 3);
  v.setUint16(6, 1);
  v.setUint32(8, 12);
  out.set(sub, 12);
  return out;
}

/** A standalone TrueType font with the glyphs of `text` (and .notdef) from the font file's bytes. */
export function subsetFont(original: Uint8Array, text: string): Uint8Array {
  const font = fontkit.create(original as Parameters<typeof fontkit.create>[0]) as fontkit.Font;
  const subset = font.createSubset();
  const map = new Map<number, number>();
  for (const ch of new Set(text)) {
    const cp = ch.codePointAt(0)!;
    const glyph = font.glyphForCodePoint(cp);
    if (glyph.id !== 0) map.set(cp, subset.includeGlyph(glyph) as unknown as number); // the subset's glyph id
  }
  const tables = readTables(subset.encode());
  const from = readTables(original);
  for (const tag of ['OS/2', 'name', 'post'])
    if (!from.has(tag)) throw new RangeError(`the figure font has no ${tag} table`);
  const post = Uint8Array.from(from.get('post')!.subarray(0, 32));
  new DataView(post.buffer).setUint32(0, 0x00030000); // version 3: no glyph names (ids changed)
  tables.set('cmap', cmapFormat4(map));
  tables.set('OS/2', from.get('OS/2')!);
  tables.set('name', from.get('name')!);
  tables.set('post', post);
  return writeSfnt([...tables].map(([tag, data]) => ({ tag, data })));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The characters of an SVG's text content (entities decoded). */
export function svgText(svg: string): string {
  let text = '';
  for (const m of svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)) {
    text += m[1].replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (e, body: string) =>
      body[0] === '#'
        ? String.fromCodePoint(body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1)))
        : (ENTITIES[body] ?? e),
    );
  }
  return text;
}

/** Base64 of bytes without Node's Buffer (btoa is in browsers and Node ≥ 16). */
export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The SVG with `family` embedded (the subset of its text's glyphs) as a @font-face in its own <style>. */
export function embedFont(svg: string, family: string, fontBytes: Uint8Array): string {
  const font = subsetFont(fontBytes, svgText(svg));
  const css = `@font-face{font-family:"${family}";src:url(data:font/ttf;base64,${bytesToBase64(font)}) format("truetype");}`;
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) throw new RangeError('not an SVG document');
  const at = open.index + open[0].length;
  return `${svg.slice(0, at)}<defs><style>${css}</style></defs>${svg.slice(at)}`;
}
