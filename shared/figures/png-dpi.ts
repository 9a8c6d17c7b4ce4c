/**
 * Mark a PNG with its physical resolution (the pHYs chunk, PNG spec 11.3.5.3), so a 300 dpi figure
 * rendered at 3.125× the CSS pixel size is placed at its intended size by LaTeX and word processors.
 * Pure byte manipulation: inserts (or replaces) pHYs right after IHDR, with its CRC-32.
 */
const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function u32(b: Uint8Array, i: number): number {
  return ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
}

function put32(b: Uint8Array, i: number, x: number): void {
  b[i] = x >>> 24;
  b[i + 1] = (x >>> 16) & 0xff;
  b[i + 2] = (x >>> 8) & 0xff;
  b[i + 3] = x & 0xff;
}

/** Pixels per metre for a resolution in dots per inch (300 dpi → 11811). */
function dpiToPpm(dpi: number): number {
  return Math.round(dpi / 0.0254);
}

export function setPngDpi(png: Uint8Array, dpi: number): Uint8Array {
  if (!(dpi > 0 && dpi < 100_000))
    throw new RangeError(`dpi = ${dpi} is not allowed: it must be a number in (0..100000)`);
  for (let i = 0; i < 8; i++) if (png[i] !== SIGNATURE[i]) throw new RangeError('not a PNG file (bad signature)');
  if (String.fromCharCode(...png.subarray(12, 16)) !== 'IHDR')
    throw new RangeError('not a PNG file (IHDR is not the first chunk)');
  const afterIhdr = 8 + 12 + u32(png, 8);
  // Drop an existing pHYs (it must come before IDAT; scan the chunks up to it).
  const parts: Uint8Array[] = [png.subarray(0, afterIhdr)];
  let i = afterIhdr;
  while (i + 8 <= png.length) {
    const len = u32(png, i);
    const type = String.fromCharCode(...png.subarray(i + 4, i + 8));
    const end = i + 12 + len;
    if (end > png.length) throw new RangeError(`PNG chunk ${type} at byte ${i} runs past the end of the file`);
    if (type !== 'pHYs') parts.push(png.subarray(i, end));
    i = end;
  }
  const phys = new Uint8Array(21);
  put32(phys, 0, 9);
  phys.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
  const ppm = dpiToPpm(dpi);
  put32(phys, 8, ppm);
  put32(phys, 12, ppm);
  phys[16] = 1; // unit: metre
  put32(phys, 17, crc32(phys, 4, 17));
  parts.splice(1, 0, phys);
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** The resolution recorded in a PNG's pHYs chunk, in dpi, or null if it has none (or not in metres). */
export function readPngDpi(png: Uint8Array): number | null {
  let i = 8;
  while (i + 8 <= png.length) {
    const len = u32(png, i);
    const type = String.fromCharCode(...png.subarray(i + 4, i + 8));
    if (type === 'pHYs') return png[i + 16] === 1 ? u32(png, i + 8) * 0.0254 : null;
    if (type === 'IDAT') return null;
    i += 12 + len;
  }
  return null;
}
