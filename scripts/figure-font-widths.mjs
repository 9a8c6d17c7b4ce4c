// Prints the advance widths (font units) of shared/figures/text-metrics.ts's characters in the shipped
// figure font: the WIDTHS table there, to paste when the font changes. With --json, the characters and
// their widths as JSON (test/figures/text-metrics.test.ts holds the table to the font with it).
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

const font = fontkit.create(readFileSync(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url)));
const src = readFileSync(new URL('../shared/figures/text-metrics.ts', import.meta.url), 'utf8');
const literal = /const CHARS =\s*('(?:[^'\\]|\\.)*');/.exec(src);
if (literal === null)
  throw new Error("shared/figures/text-metrics.ts: no `const CHARS = '…';` to read the characters from");
// the source's own single-quoted string literal, read as JavaScript reads it
const chars = new Function(`return ${literal[1]};`)();
const widths = [...chars].map((c) => font.glyphForCodePoint(c.codePointAt(0)).advanceWidth);
if (process.argv.includes('--json')) console.log(JSON.stringify({ unitsPerEm: font.unitsPerEm, chars, widths }));
else {
  console.log(`unitsPerEm ${font.unitsPerEm}`);
  console.log(JSON.stringify(widths));
}
