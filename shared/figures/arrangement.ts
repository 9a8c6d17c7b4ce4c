/**
 * One way of laying a figure out (an arrangement): at a font size, with a legend form in a place, the
 * title block at the top, the plot's box (one, or one panel per algorithm side by side with a shared y
 * axis and their titles above) and the axes' labels and names around it, each text measured in the
 * figure font. It says whether it keeps the print rules: the plot's share of the figure, the legend in
 * its room, the panel titles within their panels. Which arrangement a figure gets is ./layout-fallbacks.ts.
 */
import { textWidth } from './text-metrics.ts';
import { axisTitle, yScale, type Axis, type YScale } from './axis-scale.ts';
import { LABEL_MARGIN, lineHeight, MIN_PLOT_SHARE, type FigureLayout, type Option, type Rect } from './layout-rules.ts';
import {
  itemName,
  legendBlock,
  moved,
  rowHeight,
  type Block,
  type LegendCell,
  type LegendItem,
} from './legend-grid.ts';
import { insideLegend } from './legend-inside.ts';
import { plotData, type PlotData } from './plot-data.ts';
import { COMPACT_LEGEND, PANELS, SHORT_NAME } from './ratio-chart.ts';
import { fitTitle } from './title-fit.ts';

const padding = (fs: number) => Math.round(fs * 0.6) + 4;
/** The gap between panels side by side: the last depth's label of one and the first of the next a line's height apart. */
const panelGap = (fs: number, xLabel: number) => Math.round(fs * 1.2 + xLabel);

export type Place = 'bottom' | 'right' | 'inside';

/** One way of laying the figure out: its font, legend form and place, and what they give. */
export interface Arrangement {
  fs: number;
  place: Place | undefined;
  items: LegendItem[];
  cells: LegendCell[];
  legendBox?: Rect;
  titleLines: string[];
  subLines: string[];
  spx: number;
  /** the subtitle left out, as no room is left for it even wrapped and set at 6 px */
  subDropped: boolean;
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

export interface Context {
  option: Option;
  fig: FigureLayout;
  data: PlotData;
  panelTitles: string[];
  forms: LegendItem[][];
}

/** The figure at font size `fs` with the legend `items` in `place` (undefined: no legend). */
export function arrange(
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

export function contextOf(option: Option, fig: FigureLayout): Context {
  const legend = option.legend as { data?: LegendItem[] } | undefined;
  const forms = [
    legend?.data ?? [],
    ...(Array.isArray(option[COMPACT_LEGEND]) ? [option[COMPACT_LEGEND] as LegendItem[]] : []),
  ];
  const panelTitles = Array.isArray(option[PANELS]) ? (option[PANELS] as string[]) : [];
  return { option, fig, data: plotData(option), panelTitles, forms };
}
