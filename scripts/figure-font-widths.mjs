// Prints the advance widths of shared/figures/text-metrics.ts's characters in the shipped figure font.
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

const font = fontkit.create(readFileSync(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url)));
const src = readFileSync(new URL('../shared/figures/text-metrics.ts', import.meta.url), 'utf8');
const chars = JSON.parse(/const CHARS = (".*");/.exec(src)[1]);
console.log(`unitsPerEm ${font.unitsPerEm}`);
console.log(JSON.stringify([...chars].map((c) => font.glyphForCodePoint(c.codePointAt(0)).advanceWidth)));
