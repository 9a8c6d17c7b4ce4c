/**
 * Text widths of the figure font (DejaVu Sans, shipped in assets/fonts) from its advance widths, so
 * that a figure is laid out the same in Node (`gtlab plot`, the desktop host) and in the browser: ECharts
 * measures every label through this function (installFigureTextMeasure), and the legend and title layout
 * (./legend-grid.ts, ./title-fit.ts) measures and wraps with it. Without it Node estimates widths and the
 * browser asks its canvas, and the two SVGs of one figure differ.
 *
 * Advance widths in font units (2048 per em) of the characters figures use; regenerate with
 * `node scripts/figure-font-widths.mjs` if the font changes. Other characters count as the mean width.
 */
export const FIGURE_FONT = 'DejaVu Sans';
const UNITS_PER_EM = 2048;
const CHARS =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~÷·–—×±≤≥…°µαβγδεΔΣ′″∞→←≈≠√²³¹½¼¾€é';
const WIDTHS = [
  651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303, 1303, 1303, 1303,
  1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540,
  604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690,
  799, 1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300,
  1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716, 1716, 651, 1024, 2048, 1716, 1716,
  1716, 1716, 2048, 1024, 1303, 1350, 1307, 1212, 1253, 1107, 1401, 1294, 465, 765, 1706, 1716, 1716, 1716, 1716, 1305,
  821, 821, 821, 1985, 1985, 1985, 1303, 1260,
];
const MEAN = 1270;
const ADVANCE = new Map<number, number>([...CHARS].map((c, i) => [c.codePointAt(0)!, WIDTHS[i]]));

/** Width in px of one line of `text` set in the figure font at `fontPx`. */
export function textWidth(text: string, fontPx: number): number {
  let units = 0;
  for (const ch of text) units += ADVANCE.get(ch.codePointAt(0)!) ?? MEAN;
  return (units * fontPx) / UNITS_PER_EM;
}

/** The font size in px of a CSS font shorthand ("bold 14px \"DejaVu Sans\""), 12 if none is given. */
export function fontPxOf(font: string): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 12;
}

/**
 * Words of `text` in lines no wider than `maxPx` (greedy); a word longer than a line stands alone.
 * Breaks after spaces only, so the result joined by ' ' is the text again.
 */
export function wrapText(text: string, maxPx: number, fontPx: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && textWidth(next, fontPx) > maxPx) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/**
 * A line of fields separated by " · " or "; " (a figure's subtitle) in lines no wider than `maxPx`:
 * lines break between fields, never leaving a separator alone at a line's end or start (a "; " at a
 * break stays as ";"); a field wider than a line is wrapped by words.
 */
export function wrapFields(text: string, maxPx: number, fontPx: number): string[] {
  const parts = text.split(/( · |; )/);
  const lines: string[] = [];
  let line = '';
  const start = (field: string) => {
    const words = wrapText(field, maxPx, fontPx);
    lines.push(...words.slice(0, -1));
    line = words[words.length - 1];
  };
  start(parts[0]);
  for (let i = 1; i < parts.length; i += 2) {
    const [sep, field] = [parts[i], parts[i + 1]];
    if (textWidth(line + sep + field, fontPx) <= maxPx) line += sep + field;
    else {
      lines.push(sep === '; ' ? `${line};` : line);
      start(field);
    }
  }
  lines.push(line);
  return lines;
}

type MeasureText = (text: string, font?: string) => { width: number };

/**
 * ECharts' text measurement: the figure font's widths for text set in it, `fallback` (the browser's
 * canvas) for anything else; without a fallback every font is measured as the figure font.
 */
export function figureTextMeasure(fallback?: MeasureText): MeasureText {
  return (text, font = '') =>
    fallback && !font.includes(FIGURE_FONT) ? fallback(text, font) : { width: textWidth(text, fontPxOf(font)) };
}
