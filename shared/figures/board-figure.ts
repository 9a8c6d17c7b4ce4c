/**
 * The ECharts option of a game board as a figure (a solved Othello or Connect-Four position in History's
 * and `gtlab study --figure`'s exports): a grid of squares, a disc on each occupied one, and a label on
 * any square (a principal variation's move numbers), with the file and rank names along the edges and
 * a title and subtitle above. Drawn with ECharts' graphic elements at a fixed square size, centred in
 * the figure; pure data → option, rendered by node/render-figure.ts like every other figure.
 */
import { FIGURE_FONT } from './text-metrics.ts';

type DiscColour = 'dark' | 'light' | 'red' | 'yellow';

export interface BoardSquare {
  /** 0 = the left column */
  col: number;
  /** 0 = the top row */
  row: number;
  disc?: DiscColour;
  /** a short text on the square (a move number) */
  label?: string;
}

export interface BoardFigure {
  title: string;
  subtitle: string;
  cols: number;
  rows: number;
  /** the board's ground (Othello's green, Connect-Four's blue) */
  ground: string;
  /** names along the top and the left edge ("a".."h", "1".."8"), or none */
  colNames?: readonly string[];
  rowNames?: readonly string[];
  squares: readonly BoardSquare[];
}

const SQUARE = 34;
const DISC: Record<DiscColour, { fill: string; stroke: string; text: string }> = {
  dark: { fill: '#1a1a1a', stroke: '#000000', text: '#ffffff' },
  light: { fill: '#f4f4f4', stroke: '#555555', text: '#000000' },
  red: { fill: '#D55E00', stroke: '#8a3d00', text: '#ffffff' },
  yellow: { fill: '#F0E442', stroke: '#a29a1c', text: '#000000' },
};

export function boardFigureOption(b: BoardFigure, o: { fontFamily?: string } = {}): Record<string, unknown> {
  const fontFamily = o.fontFamily ?? FIGURE_FONT;
  const text = (x: number, y: number, s: string, fill = '#333333', size = 12) => ({
    type: 'text',
    x,
    y,
    style: { text: s, fill, fontFamily, fontSize: size, align: 'center', verticalAlign: 'middle' },
  });
  const children: Record<string, unknown>[] = [
    { type: 'rect', shape: { x: 0, y: 0, width: b.cols * SQUARE, height: b.rows * SQUARE }, style: { fill: b.ground } },
  ];
  for (let c = 0; c <= b.cols; c++)
    children.push({
      type: 'line',
      shape: { x1: c * SQUARE, y1: 0, x2: c * SQUARE, y2: b.rows * SQUARE },
      style: { stroke: '#00000066', lineWidth: 1 },
    });
  for (let r = 0; r <= b.rows; r++)
    children.push({
      type: 'line',
      shape: { x1: 0, y1: r * SQUARE, x2: b.cols * SQUARE, y2: r * SQUARE },
      style: { stroke: '#00000066', lineWidth: 1 },
    });
  b.colNames?.forEach((n, c) => children.push(text((c + 0.5) * SQUARE, -10, n)));
  b.rowNames?.forEach((n, r) => children.push(text(-10, (r + 0.5) * SQUARE, n)));
  for (const s of b.squares) {
    const cx = (s.col + 0.5) * SQUARE,
      cy = (s.row + 0.5) * SQUARE;
    if (s.disc)
      children.push({
        type: 'circle',
        shape: { cx, cy, r: SQUARE * 0.4 },
        style: { fill: DISC[s.disc].fill, stroke: DISC[s.disc].stroke, lineWidth: 1 },
      });
    if (s.label) children.push(text(cx, cy, s.label, s.disc ? DISC[s.disc].text : '#ffffff', 13));
  }
  return {
    title: {
      text: b.title,
      subtext: b.subtitle,
      left: 'center',
      top: 8,
      textStyle: { fontFamily, fontSize: 14, fontWeight: 'normal', color: '#333333' },
      subtextStyle: { fontFamily, fontSize: 11, color: '#666666' },
    },
    graphic: { elements: [{ type: 'group', left: 'center', top: 70, children }] },
  };
}
