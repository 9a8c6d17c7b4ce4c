/**
 * The layout of an exported figure at its size, measured rather than guessed: every text's width is the
 * figure font's (./text-metrics.ts), the plot's box is set exactly (ECharts draws the axes where it is
 * told, with the y scale and tick labels chosen here), so the layout knows where each text, each curve
 * and each band is before ECharts draws them.
 *
 * Title and subtitle are wrapped to the width (the subtitle between its fields, whole or not at all); the
 * legend is a grid of whole entries, each column as wide as its widest entry, under, right of or inside
 * the plot; the plot (one, or one panel per algorithm side by side with a shared y axis) gets what
 * remains and keeps 55 % of the width and half the height. Where the entries do not fit, the layout tries
 * fewer columns, the legend beside the plot, the compact legend (a key per algorithm, ordering and run:
 * ./ratio-chart.ts), then a smaller font down to 7 pt; a figure where none of these fits is marked
 * (`gtlabCramped`) and layoutWarning names the font size and width that would fit. A legend inside the
 * plot goes to the corner crossed by no curve and covering the fewest points and band area
 * (matplotlib's `loc="best"`). No label is ever shortened. Pure option → option; no DOM.
 */
import { textWidth, wrapFields, wrapText } from './text-metrics.ts';
import { FIGURE_FONT_SIZE, FIGURE_HEIGHT, FIGURE_WIDTH, type LegendPlace } from './figure-spec.ts';
import { COMPACT_LEGEND, PANELS, SHORT_NAME } from './ratio-chart.ts';

type Option = Record<string, unknown>;

export interface FigureLayout {
  width: number;
  height: number;
  /** px; the title is 2 px larger, the subtitle 1 px smaller */
  fontSize: number;
  legend: LegendPlace;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

type LegendItem = string | { name: string };
const itemName = (x: LegendItem) => (typeof x === 'string' ? x : x.name);

interface Axis {
  name?: string;
  type?: string;
  nameTextStyle?: object;
  axisLabel?: { formatter?: (v: number) => string; [k: string]: unknown };
  min?: number;
  max?: number;
  interval?: number;
  [SHORT_NAME]?: string;
}

/** The plot's least share of the figure's width and height. */
export const MIN_PLOT_SHARE = { width: 0.55, height: 0.5 } as const;
/** The smallest text the layout sets to make a legend fit: 7 pt (at 96 px per inch). */
const MIN_FONT_PX = (7 * 96) / 72;
/** The gap between an axis and its tick labels. */
const LABEL_MARGIN = 5;

const padding = (fs: number) => Math.round(fs * 0.6) + 4;
/** Lines of text at `px`: the height of one line. */
export const lineHeight = (px: number) => Math.ceil(px * 1.2);
/** A legend entry's icon width, the gap between icon and label, and between columns. */
const iconWidth = (fs: number) => Math.round(fs * 2);
const ICON_GAP = 5;
/** ECharts sets an entry by its drawn box, which a line icon's 2 px stroke widens by a pixel on the left. */
const ICON_STROKE = 1;
const columnGap = (fs: number) => Math.round(fs * 1.2);
const rowHeight = (fs: number) => lineHeight(fs) + Math.round(fs * 0.25);
/** An entry's width: its icon, a gap and its whole label. */
const entryWidth = (label: string, fs: number) => ICON_STROKE + iconWidth(fs) + ICON_GAP + textWidth(label, fs);
/** The gap between panels side by side: the last depth's label of one and the first of the next a line's height apart. */
const panelGap = (fs: number, xLabel: number) => Math.round(fs * 1.2 + xLabel);

// ---------------------------------------------------------------- the data on the plot

interface PlotData {
  /** each drawn line's points (data coordinates; null y a gap) and its panel */
  lines: { panel: number; points: [number, number | null][]; joined: boolean }[];
  bands: { panel: number; xs: number[]; lo: (number | null)[]; hi: (number | null)[] }[];
  ys: number[];
  xMin: number;
  xMax: number;
}

type SeriesLike = { type?: string; stack?: string; data?: unknown[]; gtlabPanel?: number };

/** The lines, points and bands the option draws, in data coordinates (bands from their stacked series). */
function plotData(option: Option): PlotData {
  const series = (option.series ?? []) as SeriesLike[];
  const lines: PlotData['lines'] = [];
  const bands: PlotData['bands'] = [];
  const lower = new Map<string, [number, number | null][]>();
  const ys: number[] = [];
  const xs: number[] = [];
  const pairs = (s: SeriesLike) =>
    (s.data ?? []).flatMap((p): [number, number | null][] =>
      Array.isArray(p) && typeof p[0] === 'number'
        ? [[p[0], typeof p[1] === 'number' && Number.isFinite(p[1]) ? p[1] : null]]
        : [],
    );
  for (const s of series) {
    const pts = pairs(s);
    if (pts.length === 0) continue;
    const panel = s.gtlabPanel ?? 0;
    if (s.stack !== undefined) {
      const lo = lower.get(s.stack);
      if (!lo) {
        lower.set(s.stack, pts);
        continue;
      }
      const hi = pts.map(([, w], i) => (w === null || lo[i]?.[1] == null ? null : lo[i][1]! + w));
      bands.push({ panel, xs: lo.map((p) => p[0]), lo: lo.map((p) => p[1]), hi });
      for (const [i, p] of lo.entries()) if (p[1] !== null && hi[i] !== null) ys.push(p[1], hi[i]!);
      continue;
    }
    lines.push({ panel, points: pts, joined: s.type !== 'scatter' });
    for (const [x, y] of pts) {
      xs.push(x);
      if (y !== null) ys.push(y);
    }
  }
  const x = (option.xAxis ?? {}) as Axis;
  const xMin = x.min ?? (xs.length ? Math.min(...xs) : 0);
  const xMax = x.max ?? (xs.length ? Math.max(...xs) : 1);
  return { lines, bands, ys, xMin, xMax: xMax > xMin ? xMax : xMin + 1 };
}

/** The y axis as set: its range, tick interval (linear axes) and the labels of its ticks. */
interface YScale {
  min: number;
  max: number;
  interval?: number;
  log: boolean;
  /** a category axis: its labels are its categories, its range ECharts' */
  category?: boolean;
  format: (v: number) => string;
  labels: string[];
}

/** A log axis's label: the power of ten in full below a million, else as 1e7. */
const logLabel = (v: number) => (v < 1e6 ? String(Math.round(v)) : `1e${Math.round(Math.log10(v))}`);

/**
 * The y scale for values `ys` on a plot `plotH` px high: a linear axis on a step of 1, 2 or 5 × 10^k
 * with ticks at least one and a half lines apart, or (log axes) powers of ten.
 */
function yScale(ys: readonly number[], plotH: number, fs: number, log: boolean, scale: boolean): YScale {
  if (log) {
    const pos = ys.filter((v) => v > 0);
    const a = pos.length ? Math.floor(Math.log10(Math.min(...pos))) : 0;
    let b = pos.length ? Math.ceil(Math.log10(Math.max(...pos))) : 1;
    if (b <= a) b = a + 1;
    const labels = Array.from({ length: b - a + 1 }, (_, k) => logLabel(10 ** (a + k)));
    return { min: 10 ** a, max: 10 ** b, log: true, format: logLabel, labels };
  }
  let lo = ys.length ? Math.min(...ys) : 0;
  let hi = ys.length ? Math.max(...ys) : 1;
  if (!scale) lo = Math.min(0, lo);
  if (hi <= lo) [lo, hi] = [lo - 1, hi + 1];
  const most = Math.max(2, Math.floor(plotH / (lineHeight(fs) * 1.5)));
  let step = 1;
  let dec = 0;
  search: for (let e = Math.floor(Math.log10((hi - lo) / most)) - 1; ; e++)
    for (const m of [1, 2, 5]) {
      step = m * 10 ** e;
      dec = Math.max(0, -e);
      if (Math.ceil(hi / step - 1e-9) - Math.floor(lo / step + 1e-9) <= most) break search;
    }
  const round = (v: number) => Number(v.toFixed(dec));
  const min = round(Math.floor(lo / step + 1e-9) * step);
  const max = round(Math.ceil(hi / step - 1e-9) * step);
  const format = (v: number) => v.toFixed(dec);
  const labels: string[] = [];
  for (let k = 0; min + k * step <= max + step / 2; k++) labels.push(format(round(min + k * step)));
  return { min, max, interval: round(step), log: false, format, labels };
}

/** The depth axis labels every `step`-th depth (1, 2, 5, 10, …) where one label per depth would run together in `plotW` px. */
function depthLabelStep(x: Axis | undefined, plotW: number, fs: number): number {
  if (x?.interval !== 1 || x.min === undefined || x.max === undefined || x.max <= x.min) return 1;
  const spacing = plotW / (x.max - x.min);
  const widest = textWidth(String(Math.max(Math.abs(x.min), Math.abs(x.max))), fs) + fs * 0.6;
  for (const step of [1, 2, 5, 10, 20, 50, 100]) if (spacing * step >= widest) return step;
  return 100;
}

/** The axis with labels at its minimum and every `step`-th tick after it (the ticks and grid lines stay). */
function everyNthLabel(x: Axis, step: number): Axis {
  const lo = x.min ?? 0;
  const label = x.axisLabel?.formatter ?? ((v: number) => String(v));
  return {
    ...x,
    axisLabel: { ...x.axisLabel, formatter: (v: number) => ((v - lo) % step === 0 ? label(v) : '') },
  };
}

// ---------------------------------------------------------------- the legend

/** A legend entry: its name and its cell (icon and label), as wide as its column. */
interface LegendCell {
  name: string;
  x: number;
  y: number;
  /** the cell's width: the icon, its gap and the widest label of the column */
  w: number;
}

interface Block {
  cells: LegendCell[];
  w: number;
  h: number;
}

/** Entries on a grid of `cols` columns (row by row, or column by column), each column as wide as its widest entry; origin (0, 0). */
function legendBlock(labels: readonly string[], cols: number, fs: number, byColumn: boolean): Block {
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

const moved = (b: Block, dx: number, dy: number): LegendCell[] =>
  b.cells.map((c) => ({ ...c, x: Math.round(c.x + dx), y: Math.round(c.y + dy) }));

/** Whether the segment p–q crosses or touches the rectangle. */
export function segmentHitsRect(p: [number, number], q: [number, number], r: Rect): boolean {
  // Liang–Barsky clipping: the segment meets the box where its parameter range stays non-empty.
  let t0 = 0;
  let t1 = 1;
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  for (const [pk, qk] of [
    [-dx, p[0] - r.x],
    [dx, r.x + r.w - p[0]],
    [-dy, p[1] - r.y],
    [dy, r.y + r.h - p[1]],
  ]) {
    if (pk === 0) {
      if (qk < 0) return false;
    } else {
      const t = qk / pk;
      if (pk < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  return t0 <= t1;
}

/** Maps data coordinates to pixels in a panel's box. */
type ToPixel = (panel: number, x: number, y: number) => [number, number];

/** The curves as pixel polylines (gaps split them), and every drawn point. */
function curvesInPixels(data: PlotData, to: ToPixel): { polylines: [number, number][][]; points: [number, number][] } {
  const polylines: [number, number][][] = [];
  const points: [number, number][] = [];
  for (const l of data.lines) {
    let run: [number, number][] = [];
    for (const [x, y] of l.points) {
      if (y === null) {
        if (run.length > 1 && l.joined) polylines.push(run);
        run = [];
        continue;
      }
      const p = to(l.panel, x, y);
      points.push(p);
      run.push(p);
    }
    if (run.length > 1 && l.joined) polylines.push(run);
  }
  return { polylines, points };
}

/** The share of the box under a band (sampled on a 12 × 12 grid). */
function bandCover(box: Rect, data: PlotData, to: ToPixel): number {
  let hit = 0;
  const N = 12;
  const bands = data.bands.map((b) => ({
    lo: b.xs.map((x, i) => (b.lo[i] === null ? null : to(b.panel, x, b.lo[i]!))),
    hi: b.xs.map((x, i) => (b.hi[i] === null ? null : to(b.panel, x, b.hi[i]!))),
  }));
  for (let a = 0; a < N; a++)
    for (let c = 0; c < N; c++) {
      const px = box.x + ((a + 0.5) * box.w) / N;
      const py = box.y + ((c + 0.5) * box.h) / N;
      const under = bands.some(({ lo, hi }) =>
        lo.some((l0, i) => {
          const [l1, h0, h1] = [lo[i + 1], hi[i], hi[i + 1]];
          if (!l0 || !l1 || !h0 || !h1 || px < l0[0] || px > l1[0] || l1[0] === l0[0]) return false;
          const t = (px - l0[0]) / (l1[0] - l0[0]);
          const yl = l0[1] + t * (l1[1] - l0[1]);
          const yh = h0[1] + t * (h1[1] - h0[1]);
          return py <= Math.max(yl, yh) && py >= Math.min(yl, yh);
        }),
      );
      if (under) hit++;
    }
  return hit / (N * N);
}

// ---------------------------------------------------------------- title

/** A title on one line: whole if it fits, else its part before the first ": " ("Furtak & Buro 2009, Figure 4: …" → "Furtak & Buro 2009, Figure 4"), else wrapped. */
function titleHead(text: string, width: number, px: number): string[] {
  const colon = text.indexOf(': ');
  if (textWidth(text, px) > width && colon > 0 && textWidth(text.slice(0, colon), px) <= width)
    return [text.slice(0, colon)];
  return wrapText(text, width, px);
}

/**
 * Title and subtitle wrapped to the width within `budget` px. A subtitle that does not fit is set smaller
 * (down to 6 px), else left out whole (never cut); a title that does not fit takes its head (titleHead).
 */
function fitTitle(
  text: string,
  subtext: string,
  width: number,
  fs: number,
  budget: number,
  /** the title on one line and the subtitle smaller, though more would fit (to leave the plot room) */
  oneLine: boolean,
): { titleLines: string[]; subLines: string[]; spx: number; titleH: number } {
  const tpx = fs + 2;
  let titleLines = text ? wrapText(text, width, tpx) : [];
  if (titleLines.length > 1 && (oneLine || titleLines.length * lineHeight(tpx) > budget))
    titleLines = titleHead(text, width, tpx);
  const height = (sub: string[], px: number) =>
    titleLines.length * lineHeight(tpx) + (sub.length ? 4 + sub.length * lineHeight(px) : 0);
  const wrapSub = (px: number) => (subtext ? subtext.split('\n').flatMap((l) => wrapFields(l, width, px)) : []);
  let spx = Math.max(6, fs - (oneLine ? 3 : 1));
  let subLines = wrapSub(spx);
  while (height(subLines, spx) > budget && spx > 6) subLines = wrapSub(--spx);
  if (height(subLines, spx) > budget) subLines = [];
  return { titleLines, subLines, spx, titleH: height(subLines, spx) };
}

// ---------------------------------------------------------------- the layout

type Place = 'bottom' | 'right' | 'inside';

/** One way of laying the figure out: its font, legend form and place, and what they give. */
interface Arrangement {
  fs: number;
  place: Place | undefined;
  items: LegendItem[];
  cells: LegendCell[];
  legendBox?: Rect;
  titleLines: string[];
  subLines: string[];
  spx: number;
  pad: number;
  /** the plot's box, and its panels' (one where there are no panels) */
  plot: Rect;
  panels: Rect[];
  panelTitleY: number;
  y: YScale;
  yNameLines: string[];
  yNameGap: number;
  xNameGap: number;
  /** whether it meets every rule (plot share, legend within its room) */
  ok: boolean;
}

interface Context {
  option: Option;
  fig: FigureLayout;
  data: PlotData;
  panelTitles: string[];
  forms: LegendItem[][];
}

/** The figure at font size `fs` with the legend `items` in `place` (undefined: no legend). */
function arrange(
  ctx: Context,
  fs: number,
  items: LegendItem[],
  place: Place | undefined,
  oneLine: boolean,
): Arrangement {
  const { option, fig, data, panelTitles } = ctx;
  const pad = padding(fs);
  const lh = lineHeight(fs);
  const labels = items.map(itemName);
  const title = (option.title ?? {}) as { text?: string; subtext?: string };
  const xAxis = (option.xAxis ?? {}) as Axis;
  const yAxis = (option.yAxis ?? {}) as Axis & { scale?: boolean };
  const xNameGap = LABEL_MARGIN + lh;
  const below = xNameGap + (xAxis.name ? lh : 0);
  const panelTitleH = panelTitles.length ? lh + Math.round(fs * 0.3) : 0;
  // The top tick label reaches half a line above the plot; the last depth's label half its width right of it.
  const overTop = Math.ceil(lh / 2);
  const xOver = Math.ceil(textWidth(String(xAxis.max ?? data.xMax), fs) / 2) + 2;
  const avail = fig.width - 2 * pad;
  let bottomRoom = 0;
  let block: Block | undefined;
  let ok = true;
  if (place === 'bottom' && labels.length) {
    // The fewest rows the width holds, filled row by row, else column by column.
    for (let rows = 1; rows <= labels.length && !block; rows++) {
      const cols = Math.ceil(labels.length / rows);
      block = [false, true].map((byColumn) => legendBlock(labels, cols, fs, byColumn)).find((b) => b.w <= avail);
    }
    if (block) bottomRoom = block.h + Math.round(fs / 3);
  }
  // Title and subtitle take what the plot's half of the height and the texts under it leave.
  const budget =
    fig.height * (1 - MIN_PLOT_SHARE.height) -
    below -
    bottomRoom -
    2 * pad -
    panelTitleH -
    overTop -
    Math.round(fs * 0.25);
  const t = fitTitle(title.text ?? '', title.subtext ?? '', avail, fs, budget, oneLine);
  // The top tick label's overhang keeps it apart from the title.
  const top = t.titleH > 0 ? pad + t.titleH + Math.round(fs * 0.25) : pad;
  const panelTitleY = top + Math.round(fs * 0.25);
  const plotTop = top + panelTitleH + overTop;
  let rightRoom = 0;
  const plotH = fig.height - plotTop - pad - bottomRoom - below;
  if (place === 'right' && labels.length) {
    // Columns as high as the plot; the fewest that hold every entry.
    const perCol = Math.max(1, Math.floor((plotH + Math.round(fs * 0.25)) / rowHeight(fs)));
    block = legendBlock(labels, Math.ceil(labels.length / perCol), fs, true);
    rightRoom = block.w + pad;
  }
  if ((place === 'bottom' || place === 'right') && !block) ok = false;
  const categories = (yAxis as { data?: unknown[] }).data;
  const y: YScale =
    yAxis.type === 'category'
      ? { min: 0, max: 1, log: false, category: true, format: String, labels: (categories ?? []).map(String) }
      : yScale(data.ys, plotH, fs, yAxis.type === 'log', yAxis.scale === true);
  const labelW = Math.max(0, ...y.labels.map((l) => textWidth(l, fs)));
  const yNameGap = LABEL_MARGIN + Math.ceil(labelW) + Math.round(fs * 0.4);
  const yNameLines = yAxis.name ? axisTitle(yAxis.name, yAxis[SHORT_NAME], Math.max(40, plotH), fs) : [];
  const plotX = pad + yNameLines.length * lh + yNameGap;
  const plotW = fig.width - plotX - pad - rightRoom - xOver;
  const plot = { x: plotX, y: plotTop, w: plotW, h: plotH };
  const k = Math.max(1, panelTitles.length);
  const gap = panelGap(fs, textWidth(String(xAxis.max ?? data.xMax), fs));
  const pw = (plotW - (k - 1) * gap) / k;
  const panels = Array.from({ length: k }, (_, i) => ({ x: plotX + i * (pw + gap), y: plotTop, w: pw, h: plotH }));
  if (plotW < fig.width * MIN_PLOT_SHARE.width || plotH < fig.height * MIN_PLOT_SHARE.height) ok = false;
  // Panel titles and the x axis's name side by side must fit their panels.
  if (panelTitles.some((p) => textWidth(p, fs) > pw + gap - 2)) ok = false;

  let cells: LegendCell[] = [];
  let legendBox: Rect | undefined;
  if (block && place === 'bottom') cells = moved(block, (fig.width - block.w) / 2, fig.height - pad - block.h);
  if (block && place === 'right') cells = moved(block, fig.width - pad - block.w, plotTop);
  if (place === 'inside' && labels.length && ok) {
    const best = insideLegend(labels, fs, panels, data, y);
    if (best) ({ cells, box: legendBox } = best);
    else ok = false;
  }
  return {
    fs,
    place,
    items,
    cells,
    legendBox,
    ...t,
    pad,
    plot,
    panels,
    panelTitleY,
    y,
    yNameLines,
    yNameGap,
    xNameGap,
    ok,
  };
}

/** The pixel mapping of a panel's data coordinates, given the y scale. */
function pixelMap(panels: readonly Rect[], data: PlotData, y: YScale): ToPixel {
  const f = (v: number) => (y.log ? Math.log10(Math.max(v, 1e-300)) : v);
  const [y0, y1] = [f(y.min), f(y.max)];
  return (panel, x, v) => {
    const r = panels[Math.min(panel, panels.length - 1)];
    return [r.x + (r.w * (x - data.xMin)) / (data.xMax - data.xMin), r.y + r.h * (1 - (f(v) - y0) / (y1 - y0))];
  };
}

/**
 * The legend inside a panel's corner: the corner (and column count) whose box no curve crosses, covering
 * the fewest points, then the least band area; upper right, upper left, lower left, lower right on a tie.
 * Null where every corner is crossed.
 */
function insideLegend(
  labels: readonly string[],
  fs: number,
  panels: readonly Rect[],
  data: PlotData,
  y: YScale,
): { cells: LegendCell[]; box: Rect } | null {
  const to = pixelMap(panels, data, y);
  const { polylines, points } = curvesInPixels(data, to);
  const inset = Math.round(fs * 0.5);
  let best: { cells: LegendCell[]; box: Rect; score: number } | null = null;
  for (let cols = 1; cols <= labels.length; cols++) {
    const b = legendBlock(labels, cols, fs, false);
    const w = b.w + 2 * inset;
    const h = b.h + 2 * inset;
    for (const r of panels) {
      if (w > r.w - 2 || h > r.h - 2) continue;
      const corners: [number, number][] = [
        [r.x + r.w - 1 - w, r.y + 1],
        [r.x + 1, r.y + 1],
        [r.x + 1, r.y + r.h - 1 - h],
        [r.x + r.w - 1 - w, r.y + r.h - 1 - h],
      ];
      for (const [x, yy] of corners) {
        const box = { x: Math.round(x), y: Math.round(yy), w: Math.ceil(w), h: Math.ceil(h) };
        if (polylines.some((pl) => pl.some((p, i) => i > 0 && segmentHitsRect(pl[i - 1], p, box)))) continue;
        const covered = points.filter(
          ([px, py]) => px >= box.x - 3 && px <= box.x + box.w + 3 && py >= box.y - 3 && py <= box.y + box.h + 3,
        ).length;
        const score = covered + bandCover(box, data, to);
        if (!best || score < best.score - 1e-9) best = { cells: moved(b, box.x + inset, box.y + inset), box, score };
      }
    }
  }
  return best && { cells: best.cells, box: best.box };
}

/** An axis title in lines no longer than `wrapTo` px: the name on at most two lines, else its short form. */
function axisTitle(name: string, short: string | undefined, wrapTo: number, fs: number): string[] {
  const lines = wrapText(name, wrapTo, fs);
  if (lines.length <= 2 || !short) return lines;
  return wrapText(short, wrapTo, fs);
}

/** Font sizes from `fs` down to `least` (or `fs` where it is smaller) in 1 px steps, `least` last. */
function fontSteps(fs: number, least: number): number[] {
  const floor = Math.min(fs, least);
  const out: number[] = [];
  for (let px = fs; px >= floor - 0.01; px--) out.push(px);
  if (out[out.length - 1] - floor > 0.01) out.push(Number(floor.toFixed(2)));
  return out;
}

/**
 * The first arrangement that meets every rule, in this order at each font size from the figure's down to
 * 7 pt: the asked place with one entry per series, then the compact legend; then (the place had no room)
 * under or right of the plot; a title on one line where the plot needs its room. Null where none fits.
 */
function chooseArrangement(ctx: Context, fig: FigureLayout, minFont = MIN_FONT_PX): Arrangement | null {
  const asked: Place[] = fig.legend === 'auto' ? ['bottom', 'right'] : fig.legend === 'off' ? [] : [fig.legend];
  const beside: Place[] = ['bottom', 'right'].filter((p) => !asked.includes(p as Place)) as Place[];
  for (const fs of fontSteps(fig.fontSize, minFont)) {
    for (const oneLine of [false, true]) {
      if (asked.length === 0 || ctx.forms[0].length === 0) {
        const a = arrange(ctx, fs, [], undefined, oneLine);
        if (a.ok) return a;
        continue;
      }
      for (const places of [asked, beside])
        for (const form of ctx.forms)
          for (const place of places) {
            const a = arrange(ctx, fs, form, place, oneLine);

            if (a.ok) return a;
          }
    }
  }
  return null;
}

function contextOf(option: Option, fig: FigureLayout): Context {
  const legend = option.legend as { data?: LegendItem[] } | undefined;
  const forms = [
    legend?.data ?? [],
    ...(Array.isArray(option[COMPACT_LEGEND]) ? [option[COMPACT_LEGEND] as LegendItem[]] : []),
  ];
  const panelTitles = Array.isArray(option[PANELS]) ? (option[PANELS] as string[]) : [];
  return { option, fig, data: plotData(option), panelTitles, forms };
}

/**
 * The option laid out for export at `fig`'s size: `gtlabCramped` marks a figure where nothing fits (then
 * laid out at the figure's font with the legend where asked), `gtlabMoved` a legend set elsewhere than
 * asked, `gtlabFontSize` the font size chosen where it is smaller than asked.
 */
export function layoutFigure(option: Option, fig: FigureLayout): Option {
  const ctx = contextOf(option, fig);
  const chosen = chooseArrangement(ctx, fig);
  const asked = fig.legend === 'auto' ? 'bottom' : fig.legend === 'off' ? undefined : fig.legend;
  const a = chosen ?? arrange(ctx, fig.fontSize, asked ? ctx.forms[0] : [], asked, true);
  const fs = a.fs;
  const font = ((option.textStyle ?? {}) as { fontFamily?: string }).fontFamily;
  // Line heights are set so wrapped titles and axis names take the room planned for them.
  const withFont = (o: object | undefined, px: number) => ({
    ...(o ?? {}),
    fontSize: px,
    lineHeight: lineHeight(px),
    ...(font ? { fontFamily: font } : {}),
  });
  const title = (option.title ?? {}) as { text?: string; subtext?: string; textStyle?: object; subtextStyle?: object };
  const legend = option.legend as { selectedMode?: unknown } | undefined;
  const icon = iconWidth(fs);
  const legends = a.cells.map((c, i) => ({
    data: [a.items[i]],
    left: c.x,
    top: c.y,
    width: c.w,
    padding: 0,
    itemWidth: icon,
    itemHeight: Math.round(fs * 0.9),
    itemGap: 0,
    textStyle: withFont(undefined, fs),
    ...(legend?.selectedMode !== undefined ? { selectedMode: legend.selectedMode } : {}),
  }));
  const { [SHORT_NAME]: _short, ...xAxis0 } = (option.xAxis ?? {}) as Axis;
  const { [SHORT_NAME]: _yShort, ...yAxis0 } = (option.yAxis ?? {}) as Axis;
  const k = a.panels.length;
  const step = depthLabelStep(xAxis0, a.panels[0].w, fs);
  const xAxes = a.panels.map((_, i) => {
    const ax: Axis & Record<string, unknown> = {
      ...xAxis0,
      gridIndex: i,
      axisLine: { ...((xAxis0 as { axisLine?: object }).axisLine ?? {}), onZero: false },
      // One x-axis name under the panels' middle (or under the plot).
      name: i === Math.floor(k / 2) && k % 2 === 1 ? xAxis0.name : '',
      nameGap: a.xNameGap,
      nameTextStyle: { ...withFont(xAxis0.nameTextStyle, fs), verticalAlign: 'top' },
      axisLabel: { ...(xAxis0.axisLabel ?? {}), fontSize: fs, margin: LABEL_MARGIN },
    };
    return step > 1 ? everyNthLabel(ax, step) : ax;
  });
  const yAxes = a.panels.map((_, i) => ({
    ...yAxis0,
    gridIndex: i,
    ...(a.y.category ? {} : { min: a.y.min, max: a.y.max }),
    ...(a.y.interval !== undefined ? { interval: a.y.interval } : {}),
    name: i === 0 ? a.yNameLines.join('\n') : '',
    nameGap: a.yNameGap,
    nameTextStyle: { ...withFont(yAxis0.nameTextStyle, fs), verticalAlign: 'bottom' },
    axisLabel: {
      ...(yAxis0.axisLabel ?? {}),
      show: i === 0,
      fontSize: fs,
      margin: LABEL_MARGIN,
      ...(a.y.category ? {} : { formatter: a.y.format }),
    },
  }));
  const titles: Record<string, unknown>[] = [
    {
      ...title,
      text: a.titleLines.join('\n'),
      subtext: a.subLines.join('\n'),
      top: a.pad,
      left: 'center',
      itemGap: 4,
      textStyle: withFont(title.textStyle, fs + 2),
      subtextStyle: withFont(title.subtextStyle, a.spx),
    },
    ...ctx.panelTitles.map((text, i) => ({
      text,
      top: a.panelTitleY,
      left: Math.round(a.panels[i].x + a.panels[i].w / 2),
      textAlign: 'center',
      padding: 0,
      textStyle: withFont({ fontWeight: 'normal' }, fs),
    })),
  ];
  // Where the panels are even, the x axis's name is centred under them all.
  if (k > 1 && k % 2 === 0 && xAxis0.name)
    titles.push({
      text: xAxis0.name,
      top: Math.round(a.plot.y + a.plot.h + a.xNameGap),
      left: Math.round(a.plot.x + a.plot.w / 2),
      textAlign: 'center',
      padding: 0,
      textStyle: withFont({ fontWeight: 'normal', color: '#6E7079' }, fs),
    });
  const series = ((option.series ?? []) as SeriesLike[]).map((s) => {
    const p = Math.min(s.gtlabPanel ?? 0, k - 1);
    const { gtlabPanel: _p, ...rest } = s;
    return k > 1 ? { ...rest, xAxisIndex: p, yAxisIndex: p } : rest;
  });
  const out: Option = {
    ...option,
    textStyle: withFont(option.textStyle as object, fs),
    title: titles,
    legend: legends,
    // The plot's box exactly: the texts around it were measured to fit beside it.
    grid: a.panels.map((r) => ({
      ...(option.grid as object),
      left: Math.round(r.x),
      top: Math.round(r.y),
      width: Math.round(r.w),
      height: Math.round(r.h),
      outerBoundsMode: 'none',
    })),
    xAxis: xAxes,
    yAxis: yAxes,
    series,
  };
  delete out[COMPACT_LEGEND];
  delete out[PANELS];
  if (!chosen) out.gtlabCramped = true;
  if (chosen?.place && fig.legend !== 'auto' && chosen.place !== fig.legend) out.gtlabMoved = chosen.place;
  if (fs !== fig.fontSize) out.gtlabFontSize = fs;
  if (a.legendBox) {
    out.graphic = [
      {
        type: 'rect',
        z: 3,
        shape: { x: a.legendBox.x, y: a.legendBox.y, width: a.legendBox.w, height: a.legendBox.h },
        style: { fill: 'rgba(255,255,255,0.9)', stroke: '#bbbbbb', lineWidth: 1 },
      },
    ];
  }
  return out;
}

/** A figure at the default size and font (the report's and sweeps' figures). */
export const DEFAULT_LAYOUT: FigureLayout = {
  width: FIGURE_WIDTH,
  height: FIGURE_HEIGHT,
  fontSize: FIGURE_FONT_SIZE,
  legend: 'auto',
};

const laidOutHere = (option: Option) =>
  Array.isArray((option.legend as { data?: unknown } | undefined)?.data) && !Array.isArray(option.grid);

/**
 * The option as exported: laid out at the figure's size (line charts: a grid, or panels, with a legend),
 * no animation or tooltip, white ground.
 */
export function exportOption(option: Option, fig: FigureLayout = DEFAULT_LAYOUT): Option {
  const {
    gtlabCramped: _,
    gtlabMoved: __,
    gtlabFontSize: ___,
    ...laidOut
  } = laidOutHere(option) ? layoutFigure(option, fig) : option;
  return { ...laidOut, animation: false, tooltip: { show: false }, backgroundColor: '#ffffff' };
}

/**
 * Why a figure's layout is not as asked and what would make it fit (shown beside the export buttons,
 * printed by `gtlab plot`), or null. A figure where nothing fits (layoutFigure's `gtlabCramped`) is
 * refused: the message names the font size, and the width at the asked font, that would fit.
 */
export function layoutWarning(option: Option, fig: FigureLayout): string | null {
  if (!laidOutHere(option)) return null;
  const ctx = contextOf(option, fig);
  const chosen = chooseArrangement(ctx, fig);
  const size = `in ${fig.width} × ${fig.height} px at ${fig.fontSize} px text`;
  const rule = 'with the plot keeping 55 % of the width and half the height';
  const where = (p: LegendPlace) =>
    p === 'inside' ? 'inside the plot' : p === 'right' ? 'right of the plot' : 'under the plot';
  if (chosen) {
    const notes: string[] = [];
    if (chosen.place && fig.legend !== 'auto' && chosen.place !== fig.legend)
      notes.push(
        `The legend does not fit ${where(fig.legend)} ${size} ${rule}${fig.legend === 'inside' ? ' and clear of the curves' : ''}: it is set ${where(chosen.place)} instead. Choose that place (or auto), a smaller font or a larger figure.`,
      );
    if (chosen.fs !== fig.fontSize)
      notes.push(
        `The text is set at ${chosen.fs} px (not ${fig.fontSize} px) for the legend to fit in ${fig.width} × ${fig.height} px.`,
      );
    return notes.length ? notes.join(' ') : null;
  }
  const remedies: string[] = [];
  for (let px = Math.floor(MIN_FONT_PX); px >= 6; px--)
    if (chooseArrangement(contextOf(option, { ...fig, fontSize: px }), { ...fig, fontSize: px }, px)) {
      remedies.push(`a font size of ${px} px`);
      break;
    }
  for (let w = fig.width + 10; w <= 4000; w += 10)
    if (chooseArrangement(contextOf(option, { ...fig, width: w }), { ...fig, width: w }, fig.fontSize)) {
      remedies.push(`a figure ${w} px wide at ${fig.fontSize} px text`);
      break;
    }
  remedies.push('fewer series or shorter names', 'a larger figure');
  return `The legend does not fit ${size} ${rule}, nor with fewer columns, beside the plot, the compact legend or text down to 7 pt (${Number(MIN_FONT_PX.toFixed(2))} px). It fits with ${remedies.join('; or ')}.`;
}

/** ECharts' legend rows on screen: 12 px text beside a 24 px icon, 14 px apart. */
const LIVE_ROW = 28;

/** Whole labels one after another in rows no wider than `avail`: the number of rows, or null when one label alone is wider. */
function flowRows(labels: readonly string[], avail: number, fs: number): number | null {
  const gap = columnGap(fs);
  let rows = 0;
  let width = Number.POSITIVE_INFINITY;
  for (const l of labels) {
    const w = entryWidth(l, fs);
    if (w > avail) return null;
    if (width + gap + w <= avail) width += gap + w;
    else {
      rows++;
      width = w;
    }
  }
  return rows;
}

/**
 * The live chart's option at `width` px: every legend key at once, never paged. One entry per series
 * (each can be hidden by a click) where they take at most two rows, else the compact legend (algorithm,
 * ordering and run keys) where the option offers one; a plain legend wrapping onto rows under the plot,
 * the grid's bottom grown by a row for each row past the first. Panels stand side by side with one y
 * scale, each titled, the y axis labelled on the first.
 */
export function liveOption(option: Option, width: number): Option {
  const { [COMPACT_LEGEND]: compact, [PANELS]: panels, ...rest } = option;
  const legend = option.legend as { data?: LegendItem[] } | undefined;
  if (!Array.isArray(legend?.data)) return rest;
  const rows = (items: LegendItem[]) => flowRows(items.map(itemName), width - 20, 12) ?? items.length;
  const data = rows(legend.data) > 2 && Array.isArray(compact) ? (compact as LegendItem[]) : legend.data;
  const grid = (option.grid ?? {}) as { left?: number; right?: number; top?: number; bottom?: number };
  const bottom = (grid.bottom ?? 80) + (rows(data) - 1) * LIVE_ROW;
  const series = (option.series ?? []) as SeriesLike[];
  const titles = Array.isArray(panels) ? (panels as string[]) : [];
  if (titles.length === 0)
    return {
      ...rest,
      series: series.map(({ gtlabPanel: _p, ...s }) => s),
      legend: { ...legend, data, type: 'plain', itemGap: 14, itemWidth: 24 },
      grid: { ...grid, bottom },
    };
  const k = titles.length;
  const [left, right, top, gap] = [grid.left ?? 70, grid.right ?? 30, (grid.top ?? 30) + LIVE_ROW, 24];
  const w = Math.max(40, (width - left - right - (k - 1) * gap) / k);
  const yAxis = (option.yAxis ?? {}) as Axis & { scale?: boolean };
  const y = yScale(plotData(option).ys, 300, 12, yAxis.type === 'log', yAxis.scale === true);
  const at = (i: number) => Math.round(left + i * (w + gap));
  return {
    ...rest,
    title: [
      option.title,
      ...titles.map((text, i) => ({
        text,
        top: top - 22,
        left: Math.round(at(i) + w / 2),
        textAlign: 'center',
        textStyle: { fontSize: 12, fontWeight: 'normal' },
      })),
    ],
    series: series.map(({ gtlabPanel: p = 0, ...s }) => ({ ...s, xAxisIndex: p, yAxisIndex: p })),
    legend: { ...legend, data, type: 'plain', itemGap: 14, itemWidth: 24 },
    grid: titles.map((_, i) => ({ left: at(i), width: Math.round(w), top, bottom })),
    xAxis: titles.map((_, i) => ({
      ...(option.xAxis as object),
      gridIndex: i,
      name: i === Math.floor(k / 2) ? (option.xAxis as Axis).name : '',
    })),
    yAxis: titles.map((_, i) => ({
      ...yAxis,
      gridIndex: i,
      min: y.min,
      max: y.max,
      ...(y.interval !== undefined ? { interval: y.interval } : {}),
      name: i === 0 ? yAxis.name : '',
      axisLabel: { ...(yAxis.axisLabel ?? {}), show: i === 0 },
    })),
  };
}
