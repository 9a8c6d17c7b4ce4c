/**
 * The exported legend as a grid of whole entries: each entry an icon, a gap and its label in full, each
 * column as wide as its widest entry, filled row by row or column by column; its cells are placed
 * under, beside or inside the plot by the arrangement (./arrangement.ts). No label is shortened.
 */
import { textWidth } from './text-metrics.ts';
import { lineHeight } from './layout-rules.ts';

export type LegendItem = string | { name: string };
export const itemName = (x: LegendItem) => (typeof x === 'string' ? x : x.name);

/** A legend entry's icon width, the gap between icon and label, and between columns. */
export const iconWidth = (fs: number) => Math.round(fs * 2);
const ICON_GAP = 5;
/** ECharts sets an entry by its drawn box, which a line icon's 2 px stroke widens by a pixel on the left. */
const ICON_STROKE = 1;
export const columnGap = (fs: number) => Math.round(fs * 1.2);
export const rowHeight = (fs: number) => lineHeight(fs) + Math.round(fs * 0.25);
/** An entry's width: its icon, a gap and its whole label. */
export const entryWidth = (label: string, fs: number) => ICON_STROKE + iconWidth(fs) + ICON_GAP + textWidth(label, fs);

/** A legend entry: its name and its cell (icon and label), as wide as its column. */
export interface LegendCell {
  name: string;
  x: number;
  y: number;
  /** the cell's width: the icon, its gap and the widest label of the column */
  w: number;
}

export interface Block {
  cells: LegendCell[];
  w: number;
  h: number;
}

/** Entries on a grid of `cols` columns (row by row, or column by column), each column as wide as its widest entry; origin (0, 0). */
export function legendBlock(labels: readonly string[], cols: number, fs: number, byColumn: boolean): Block {
  const n = labels.length;
  const rows = Math.ceil(n / cols);
  const at = (i: number): [number, number] =>
    byColumn ? [Math.floor(i / rows), i % rows] : [i % cols, Math.floor(i / cols)];
  const colW = Array.from({ length: cols }, () => 0);
  labels.forEach((l, i) => {
    const c = at(i)[0];
    colW[c] = Math.max(colW[c], entryWidth(l, fs));
  });
  const used = colW.filter((w) => w > 0);
  const colX = colW.map((_, c) => colW.slice(0, c).reduce((a, w) => a + w + columnGap(fs), 0));
  const cells = labels.map((name, i) => {
    const [c, r] = at(i);
    return { name, x: colX[c], y: r * rowHeight(fs), w: colW[c] };
  });
  const w = used.reduce((a, x) => a + x, 0) + columnGap(fs) * (used.length - 1);
  return { cells, w, h: rows * rowHeight(fs) - Math.round(fs * 0.25) };
}

export const moved = (b: Block, dx: number, dy: number): LegendCell[] =>
  b.cells.map((c) => ({ ...c, x: Math.round(c.x + dx), y: Math.round(c.y + dy) }));
