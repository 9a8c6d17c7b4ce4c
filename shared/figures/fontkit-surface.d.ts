/**
 * The part of fontkit that the figure layer uses (./svg-font.ts), as the shared layer's type-check sees
 * it (shared/tsconfig.json maps 'fontkit' here). `@types/fontkit` references Node's types, which would
 * let `node:*` imports type-check anywhere in shared/; the layer runs in the browser too, so it gets
 * this Node-free surface instead. The root type-check still reads the full `@types/fontkit`.
 */
export interface Glyph {
  id: number;
}

export interface Subset {
  includeGlyph(glyph: Glyph): number;
  encode(): Uint8Array;
}

export interface Font {
  createSubset(): Subset;
  glyphForCodePoint(codePoint: number): Glyph;
}

export function create(bytes: Uint8Array, postscriptName?: string): Font;
