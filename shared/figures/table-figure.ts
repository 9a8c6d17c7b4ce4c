/**
 * A table typeset as a figure, as a printed table is set: its title above, the column heads (a group's
 * head over its sub-columns, ruled under where it spans several), the rows, three rules (over the heads,
 * under them, under the last row) and notes under it. Every text is measured in the figure font
 * (./text-metrics.ts): each column is as wide as its widest text, a group at least as wide as its head,
 * numbers set flush right, so nothing overlaps and nothing is cut. A table wider than its greatest width
 * is set in blocks of column groups one under the other, each repeating the row heads (the stub), as Li's
 * Table 3.3 is printed in three. A marked cell (a computed number that differs from the printed one) is
 * set on a shaded ground across its group. Drawn with ECharts' graphic elements at the size it measures
 * (./own-size.ts), so it is rendered, embedded and exported like every other figure.
 */
import { withOwnSize } from './own-size.ts';
import { lineHeight, type Rect } from './layout-rules.ts';
import { FIGURE_FONT, textWidth, wrapText } from './text-metrics.ts';

export interface TableGroup {
  /** the group's head, one text a line */
  head: string[];
  /** the heads of its sub-columns; [] for a single column headed by `head` */
  sub: string[];
}

export interface TableRow {
  /** the row's heads, one per stub column */
  stub: string[];
  /** per group, its sub-columns' texts (one text for a single column) */
  cells: string[][];
  /** per group, whether the row's cells of that group are marked */
  marked: boolean[];
}

export interface TableSpec {
  title: string;
  /** the heads of the stub columns (the row heads at the left) */
  stub: string[];
  groups: TableGroup[];
  rows: TableRow[];
  /** paragraphs under the table (what the columns and the marks mean) */
  notes: string[];
  /** text size in CSS px */
  fontSize: number;
  /** the widest the table may be (CSS px): wider, it is set in blocks */
  maxWidth: number;
}

/** A column of the laid-out table: its box (the heads to the last row) and where its texts are anchored. */
interface TableColumn extends Rect {
  /** the stub, or the group's index and the sub-column's */
  group: number | 'stub';
  sub: number;
}

/** A block of the table: some of its groups beside the stub, and where its rows and rules are. */
interface TableBlock {
  groups: number[];
  columns: TableColumn[];
  /** each row's top edge (the rows are `rowHeight` high) */
  rowTops: number[];
  /** the rules: over the heads, under them, under the last row */
  rules: { y: number; x1: number; x2: number; weight: number }[];
  /** the texts of the heads, anchored at the middle of their line, each with the box it must stay within */
  heads: (PlacedText & { within: Rect })[];
}

interface PlacedText {
  text: string;
  x: number;
  y: number;
  px: number;
  align: 'left' | 'center' | 'right';
}

export interface TableLayout {
  width: number;
  height: number;
  fontSize: number;
  rowHeight: number;
  /** the cell padding left and right of a text */
  padX: number;
  blocks: TableBlock[];
  /** title and notes */
  texts: PlacedText[];
}

const padding = (fs: number) => Math.round(fs * 0.6) + 4;
const ruleWeight = { outer: 1, inner: 0.6 } as const;

/** The columns' widths of the stub and of each group: the widest text of each, a group's sub-columns widened to its head. */
function columnWidths(t: TableSpec, padX: number): { stub: number[]; groups: number[][] } {
  const fs = t.fontSize;
  const w = (s: string) => textWidth(s, fs) + 2 * padX;
  const stub = t.stub.map((h, k) => Math.max(w(h), ...t.rows.map((r) => w(r.stub[k]))));
  const groups = t.groups.map((g, j) => {
    const n = Math.max(1, g.sub.length);
    const cols = Array.from({ length: n }, (_, s) =>
      Math.max(g.sub.length ? w(g.sub[s]) : 0, ...t.rows.map((r) => w(r.cells[j][s]))),
    );
    const head = Math.max(...g.head.map(w));
    const total = cols.reduce((a, x) => a + x, 0);
    return total >= head ? cols : cols.map((c) => c + (head - total) / n);
  });
  return { stub, groups };
}

/**
 * The groups in blocks: the fewest blocks whose widths (stub included) stay within `maxWidth`, the
 * groups spread over them as evenly as their order allows; a group wider alone stands in a block of its own.
 */
function blocksOf(stubW: number, groupW: number[], maxWidth: number): number[][] {
  let k = 1;
  for (let used = stubW, i = 0; i < groupW.length; i++) {
    if (used > stubW && used + groupW[i] > maxWidth) {
      k++;
      used = stubW;
    }
    used += groupW[i];
  }
  const n = groupW.length;
  const even = Array.from({ length: k }, (_, b) => {
    const from = Math.round((b * n) / k);
    return Array.from({ length: Math.round(((b + 1) * n) / k) - from }, (_, i) => from + i);
  });
  const fits = (g: number[]) => g.length <= 1 || stubW + g.reduce((a, j) => a + groupW[j], 0) <= maxWidth;
  if (even.every(fits)) return even;
  const greedy: number[][] = [[]];
  for (let j = 0; j < n; j++) {
    const cur = greedy[greedy.length - 1];
    if (cur.length && !fits([...cur, j])) greedy.push([j]);
    else cur.push(j);
  }
  return greedy;
}

/** Where everything of the table goes, measured in the figure font. */
export function tableLayout(t: TableSpec): TableLayout {
  for (const r of t.rows)
    if (r.stub.length !== t.stub.length || r.cells.length !== t.groups.length || r.marked.length !== t.groups.length)
      throw new RangeError('table row: one head per stub column and one list of cells per group are needed');
  const fs = t.fontSize;
  const pad = padding(fs);
  const padX = Math.round(fs * 0.5);
  const lh = lineHeight(fs);
  const rowHeight = lh + Math.round(fs * 0.15);
  const tpx = fs + 2;
  const npx = fs - 1;
  const widths = columnWidths(t, padX);
  const stubW = widths.stub.reduce((a, x) => a + x, 0);
  const groupW = widths.groups.map((g) => g.reduce((a, x) => a + x, 0));
  const grouped = blocksOf(stubW, groupW, t.maxWidth);
  const blockW = grouped.map((g) => stubW + g.reduce((a, j) => a + groupW[j], 0));
  const tableW = Math.max(...blockW);
  const contentW = Math.ceil(Math.max(tableW, Math.min(textWidth(t.title, tpx), t.maxWidth)));
  const width = contentW + 2 * pad;
  const texts: PlacedText[] = [];
  let y = pad;
  for (const line of wrapText(t.title, contentW, tpx)) {
    texts.push({ text: line, x: pad + contentW / 2, y: y + lineHeight(tpx) / 2, px: tpx, align: 'center' });
    y += lineHeight(tpx);
  }
  y += Math.round(fs * 0.5);
  const headLines = Math.max(1, ...t.groups.map((g) => g.head.length + (g.sub.length ? 1 : 0)));
  const blocks = grouped.map((groups, b) => {
    if (b > 0) y += rowHeight;
    const x0 = pad + (contentW - blockW[b]) / 2;
    const top = y;
    const columns: TableColumn[] = [];
    const heads: TableBlock['heads'] = [];
    const rules: TableBlock['rules'] = [{ y: top, x1: x0, x2: x0 + blockW[b], weight: ruleWeight.outer }];
    const headsTop = top + Math.round(fs * 0.3);
    const headsBottom = headsTop + headLines * lh;
    const bodyTop = headsBottom + Math.round(fs * 0.3);
    const bottom = bodyTop + t.rows.length * rowHeight;
    let x = x0;
    // The stub's heads and single columns' heads sit on the last line of the heads, as printed tables set them.
    widths.stub.forEach((w, k) => {
      const column = { group: 'stub' as const, sub: k, x, y: headsTop, w, h: bottom - headsTop };
      columns.push(column);
      heads.push({ text: t.stub[k], x: x + w / 2, y: headsBottom - lh / 2, px: fs, align: 'center', within: column });
      x += w;
    });
    for (const j of groups) {
      const g = t.groups[j];
      const gx = x;
      const lines = g.sub.length ? g.head : [];
      const subs = g.sub.length ? g.sub : g.head;
      const firstLine = headsBottom - (subs === g.head ? g.head.length : 1 + lines.length) * lh;
      const box = { x: gx, y: headsTop, w: groupW[j], h: bottom - headsTop };
      lines.forEach((text, i) =>
        heads.push({
          text,
          x: gx + groupW[j] / 2,
          y: firstLine + (i + 0.5) * lh,
          px: fs,
          align: 'center',
          within: box,
        }),
      );
      if (g.sub.length > 1) {
        const ruleY = headsBottom - lh;
        rules.push({ y: ruleY, x1: gx + padX / 2, x2: gx + groupW[j] - padX / 2, weight: ruleWeight.inner });
      }
      widths.groups[j].forEach((w, s) => {
        const column = { group: j, sub: s, x, y: headsTop, w, h: bottom - headsTop };
        columns.push(column);
        if (subs === g.head)
          g.head.forEach((text, i) =>
            heads.push({ text, x: x + w / 2, y: firstLine + (i + 0.5) * lh, px: fs, align: 'center', within: column }),
          );
        else
          heads.push({
            text: g.sub[s],
            x: x + w / 2,
            y: headsBottom - lh / 2,
            px: fs,
            align: 'center',
            within: column,
          });
        x += w;
      });
    }
    rules.push({ y: headsBottom + Math.round(fs * 0.15), x1: x0, x2: x0 + blockW[b], weight: ruleWeight.inner });
    rules.push({ y: bottom + Math.round(fs * 0.15), x1: x0, x2: x0 + blockW[b], weight: ruleWeight.outer });
    const rowTops = t.rows.map((_, i) => bodyTop + i * rowHeight);
    y = bottom + Math.round(fs * 0.15);
    return { groups, columns, rowTops, rules, heads };
  });
  y += Math.round(fs * 0.6);
  for (const note of t.notes)
    for (const line of wrapText(note, contentW, npx)) {
      texts.push({ text: line, x: pad, y: y + lineHeight(npx) / 2, px: npx, align: 'left' });
      y += lineHeight(npx);
    }
  return { width: Math.ceil(width), height: Math.ceil(y + pad), fontSize: fs, rowHeight, padX, blocks, texts };
}

/** The shade of a marked cell: a light grey that prints in greyscale and keeps black text legible. */
const MARK_FILL = '#e2e2e2';

/** The table as an ECharts option at its own size, in `fontFamily` (default the figure font). */
export function tableFigureOption(t: TableSpec, o: { fontFamily?: string } = {}): Record<string, unknown> {
  const fontFamily = o.fontFamily ?? FIGURE_FONT;
  const l = tableLayout(t);
  const text = (p: PlacedText) => ({
    type: 'text',
    silent: true,
    x: p.x,
    y: p.y,
    style: { text: p.text, fill: '#000000', fontFamily, fontSize: p.px, align: p.align, verticalAlign: 'middle' },
  });
  const elements: Record<string, unknown>[] = [];
  for (const b of l.blocks) {
    // Shades first, under the rules and texts.
    t.rows.forEach((r, i) => {
      for (const j of b.groups) {
        if (!r.marked[j]) continue;
        const cols = b.columns.filter((c) => c.group === j);
        const x = cols[0].x;
        const w = cols.reduce((a, c) => a + c.w, 0);
        // A pixel in from each side, so that two shaded groups side by side read as two.
        elements.push({
          type: 'rect',
          silent: true,
          shape: { x: x + 1, y: b.rowTops[i], width: w - 2, height: l.rowHeight },
          style: { fill: MARK_FILL },
        });
      }
    });
    for (const r of b.rules)
      elements.push({
        type: 'line',
        silent: true,
        shape: { x1: r.x1, y1: r.y, x2: r.x2, y2: r.y },
        style: { stroke: '#000000', lineWidth: r.weight },
      });
    elements.push(...b.heads.map(text));
    t.rows.forEach((r, i) => {
      const mid = b.rowTops[i] + l.rowHeight / 2;
      for (const c of b.columns) {
        const s = c.group === 'stub' ? r.stub[c.sub] : r.cells[c.group][c.sub];
        elements.push(text({ text: s, x: c.x + c.w - l.padX, y: mid, px: l.fontSize, align: 'right' }));
      }
    });
  }
  elements.push(...l.texts.map(text));
  return withOwnSize(
    { animation: false, textStyle: { fontFamily }, graphic: { elements } },
    { width: l.width, height: l.height },
  );
}
