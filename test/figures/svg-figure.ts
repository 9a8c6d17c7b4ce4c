/**
 * A figure as ECharts drew it, read back from its SVG for the print check (shared/figures/figure-check.ts):
 * every <text> with its size, anchor and transform; the plot as the extent of the grid lines; the curves
 * as the drawn lines (2 px strokes placed without a transform; markers and legend icons carry one). The
 * legend's columns and its box inside the plot come from the laid-out option (figure-layout.ts), and each
 * legend label is matched to its column's cell by name and place.
 */
import type { FigureBoxes, PlacedText } from '../../shared/figures/figure-check.ts';
import { lineHeight, type Rect } from '../../shared/figures/layout-rules.ts';
import { GRID_LINE } from '../../shared/figures/figure-style.ts';

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** An SVG transform (matrix or translate) as the matrix [a, b, c, d, e, f]. */
function transformOf(t: string): number[] {
  const m = /matrix\(([^)]*)\)/.exec(t);
  if (m) return m[1].split(/[ ,]+/).map(Number);
  const tr = /translate\(([^)]*)\)/.exec(t);
  if (!tr) return [1, 0, 0, 1, 0, 0];
  const [e, f = 0] = tr[1].split(/[ ,]+/).map(Number);
  return [1, 0, 0, 1, e, f];
}

interface LegendComponent {
  data: (string | { name: string })[];
  left: number;
  top: number;
  width: number;
  textStyle: { fontSize: number };
}

/** The legend cells of a laid-out option: one per legend component, a line high. */
function legendCells(laid: Record<string, unknown>): (Rect & { name: string })[] {
  return ((laid.legend ?? []) as LegendComponent[]).map((l) => {
    const item = l.data[0];
    return {
      name: typeof item === 'string' ? item : item.name,
      x: l.left,
      y: l.top,
      w: l.width,
      h: lineHeight(l.textStyle.fontSize),
    };
  });
}

/** The figure's boxes from its SVG and its laid-out option. */
export function svgFigure(svg: string, laid: Record<string, unknown>): FigureBoxes & { plot: Rect } {
  const width = Number(/^<svg width="(\d+)"/.exec(svg)![1]);
  const height = Number(/^<svg width="\d+" height="(\d+)"/.exec(svg)![1]);
  const cells = legendCells(laid);
  const texts: PlacedText[] = [...svg.matchAll(/(<text\b[^>]*>)([^<]*)<\/text>/g)]
    .map(([, tag, raw]) => {
      const text = unescapeXml(raw);
      const anchor = (attr(tag, 'text-anchor') ?? 'start') as PlacedText['anchor'];
      const matrix = transformOf(attr(tag, 'transform') ?? '');
      const x = Number(attr(tag, 'x') ?? 0);
      const y = Number(attr(tag, 'y') ?? 0);
      const at = [matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5]];
      const cell =
        anchor === 'start'
          ? cells.find(
              (c) => c.name === text && at[0] >= c.x && at[0] <= c.x + c.w && at[1] >= c.y && at[1] <= c.y + c.h,
            )
          : undefined;
      return {
        text,
        fontPx: Number(/font-size:([\d.]+)px/.exec(tag)![1]),
        x,
        y,
        anchor,
        matrix,
        ...(cell ? { cell: { x: cell.x, y: cell.y, w: cell.w, h: cell.h } } : {}),
      };
    })
    .filter((t) => t.text.trim() !== '');
  const xs: number[] = [];
  const ys: number[] = [];
  const curves: [number, number][][] = [];
  for (const [tag] of svg.matchAll(/<path\b[^>]*>/g)) {
    const nums = (attr(tag, 'd') ?? '').match(/-?[\d.]+/g)?.map(Number) ?? [];
    if (attr(tag, 'stroke') === GRID_LINE) {
      for (let i = 0; i + 1 < nums.length; i += 2) {
        xs.push(nums[i]);
        ys.push(nums[i + 1]);
      }
      continue;
    }
    const line =
      attr(tag, 'stroke-width') === '2' &&
      attr(tag, 'fill') === 'none' &&
      attr(tag, 'stroke-opacity') !== '0' &&
      attr(tag, 'transform') === undefined &&
      /^M[\d.\s-]+(L[\d.\s-]+)+$/.test(attr(tag, 'd') ?? '');
    if (line) {
      const pts: [number, number][] = [];
      for (let i = 0; i + 1 < nums.length; i += 2) pts.push([nums[i], nums[i + 1]]);
      // a legend entry's icon lies within its cell
      const icon = cells.some((c) =>
        pts.every(([x, y]) => x >= c.x - 1 && x <= c.x + c.w && y >= c.y - 1 && y <= c.y + c.h + 1),
      );
      if (!icon) curves.push(pts);
    }
  }
  const plot = {
    x: Math.min(...xs),
    y: Math.min(...ys),
    w: Math.max(...xs) - Math.min(...xs),
    h: Math.max(...ys) - Math.min(...ys),
  };
  const box = ((laid.graphic ?? []) as { shape: { x: number; y: number; width: number; height: number } }[])[0]?.shape;
  return {
    width,
    height,
    plot,
    texts,
    curves,
    ...(box ? { legendBox: { x: box.x, y: box.y, w: box.width, h: box.height } } : {}),
  };
}
