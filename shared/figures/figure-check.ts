/**
 * The print rules of a laid-out figure, checked on measured boxes: each text's box is its width in the
 * figure font (./text-metrics.ts) at its size, placed by its anchor and transform. No text is cut ("…"),
 * none reaches past the figure or over another, a legend label stays within its column, no legend label
 * reads twice, no curve crosses a legend entry or the box of a legend inside the plot, and the plot keeps
 * its share of the width and height (./layout-rules.ts); a table's cell stays within its column
 * (./table-figure.ts: a table has no plot). A pure function of the boxes, so a test can feed
 * it a figure as drawn and the same figure with a fault planted.
 */
import { MIN_PLOT_SHARE, type Rect } from './layout-rules.ts';
import { segmentHitsRect } from './plot-data.ts';
import { textWidth } from './text-metrics.ts';

/** A text as drawn: its anchor point (the middle of its line's height) before the transform. */
export interface PlacedText {
  text: string;
  fontPx: number;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** SVG matrix [a, b, c, d, e, f] (rotated axis names); default none */
  matrix?: readonly number[];
  /** a legend label: the column cell it must stay within */
  cell?: Rect;
  /** a table's cell or head: the column it must stay within */
  column?: Rect;
}

export interface FigureBoxes {
  width: number;
  height: number;
  /** the plot's box (all panels); none for a table */
  plot?: Rect;
  texts: PlacedText[];
  /** the drawn lines as pixel polylines */
  curves: [number, number][][];
  /** the box behind a legend inside the plot */
  legendBox?: Rect;
}

/** The box a text covers: its measured width by its line's height, through its transform. */
function textBox(t: PlacedText): Rect {
  const w = textWidth(t.text, t.fontPx);
  const x0 = t.x - (t.anchor === 'middle' ? w / 2 : t.anchor === 'end' ? w : 0);
  const y0 = t.y - t.fontPx / 2;
  const [a, b, c, d, e, f] = t.matrix ?? [1, 0, 0, 1, 0, 0];
  const corners = [
    [x0, y0],
    [x0 + w, y0],
    [x0, y0 + t.fontPx],
    [x0 + w, y0 + t.fontPx],
  ].map(([x, y]) => [a * x + c * y + e, b * x + d * y + f]);
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return {
    x: Math.min(...xs),
    y: Math.min(...ys),
    w: Math.max(...xs) - Math.min(...xs),
    h: Math.max(...ys) - Math.min(...ys),
  };
}

/** Whether two boxes overlap by more than half a pixel. */
const overlap = (p: Rect, q: Rect) =>
  p.x < q.x + q.w - 0.5 && q.x < p.x + p.w - 0.5 && p.y < q.y + q.h - 0.5 && q.y < p.y + p.h - 0.5;

const crossedBy = (curves: FigureBoxes['curves'], r: Rect) =>
  curves.some((pl) => pl.some((p, i) => i > 0 && segmentHitsRect(pl[i - 1], p, r)));

/** Every way the figure breaks the print rules, in words; empty where it keeps them all. */
export function figureProblems(f: FigureBoxes): string[] {
  const problems: string[] = [];
  const boxes = f.texts.map(textBox);
  f.texts.forEach((t, i) => {
    const b = boxes[i];
    if (t.text.includes('…')) problems.push(`"${t.text}" is cut`);
    if (b.x < -0.5 || b.y < -0.5 || b.x + b.w > f.width + 0.5 || b.y + b.h > f.height + 0.5)
      problems.push(`"${t.text}" reaches past the figure`);
    if (t.cell && b.x + b.w > t.cell.x + t.cell.w + 0.5)
      problems.push(
        `legend label "${t.text}" is ${(b.x + b.w - t.cell.x - t.cell.w).toFixed(1)} px wider than its column`,
      );
    if (t.cell && crossedBy(f.curves, b)) problems.push(`a curve crosses legend label "${t.text}"`);
    if (t.column && (b.x < t.column.x - 0.5 || b.x + b.w > t.column.x + t.column.w + 0.5))
      problems.push(`table text "${t.text}" reaches past its column at x = ${t.column.x.toFixed(1)}`);
    for (let j = i + 1; j < f.texts.length; j++)
      if (overlap(b, boxes[j])) problems.push(`"${t.text}" overlaps "${f.texts[j].text}"`);
  });
  const legend = f.texts.filter((t) => t.cell).map((t) => t.text);
  for (const [i, l] of legend.entries())
    if (legend.indexOf(l) !== i) problems.push(`legend label "${l}" appears twice`);
  if (f.legendBox && crossedBy(f.curves, f.legendBox)) problems.push('a curve crosses the legend inside the plot');
  if (f.plot && f.plot.w < f.width * MIN_PLOT_SHARE.width - 0.5)
    problems.push(`the plot takes ${((100 * f.plot.w) / f.width).toFixed(0)} % of the width`);
  if (f.plot && f.plot.h < f.height * MIN_PLOT_SHARE.height - 0.5)
    problems.push(`the plot takes ${((100 * f.plot.h) / f.height).toFixed(0)} % of the height`);
  return problems;
}
