/**
 * The layout of an exported figure at its size: title and subtitle wrapped to the width, the legend laid
 * out entry by entry (one ECharts legend component per entry, so its place does not depend on the
 * renderer) right of, under or inside the plot with as many columns as fit, and the plot area given what
 * remains, with axis labels and names kept inside it (ECharts' outer bounds). The plot area never falls
 * below half the figure's height (and, with the legend at the right, half its width): labels that do not
 * fit are shortened instead. Text widths are the figure font's (./text-metrics.ts), the same in Node and
 * in the browser, so one option gives one SVG. Pure option → option; no DOM.
 */
import { textWidth, truncateText, wrapText } from './text-metrics.ts';
import { FIGURE_FONT_SIZE, FIGURE_HEIGHT, FIGURE_WIDTH, type LegendPlace } from './figure-spec.ts';

type Option = Record<string, unknown>;

export interface FigureLayout {
  width: number;
  height: number;
  /** px; the title is 2 px larger, the subtitle 1 px smaller */
  fontSize: number;
  legend: LegendPlace;
}

/** Lines of text at `px`: the height of one line. */
const lineHeight = (px: number) => Math.ceil(px * 1.3);

interface Placed {
  name: string;
  text: string;
  x: number;
  y: number;
}

interface LegendPlan {
  entries: Placed[];
  /** room taken from the plot's bottom or right side */
  bottom: number;
  right: number;
  /** the box behind a legend inside the plot */
  box?: { x: number; y: number; width: number; height: number };
  /** too many entries for the room: the plot has less than half the height, or entries run off the figure */
  cramped: boolean;
}

/** The legend's geometry for `labels` in `place`, given the plot's outer box. */
function planLegend(
  labels: readonly string[],
  place: Exclude<LegendPlace, 'auto' | 'off'>,
  fig: FigureLayout,
  top: number,
): LegendPlan {
  const fs = fig.fontSize;
  const icon = Math.round(fs * 2);
  const gap = Math.round(fs * 0.8);
  const rowH = lineHeight(fs) + Math.round(fs * 0.4);
  const pad = padding(fs);
  const natural = Math.max(...labels.map((l) => textWidth(l, fs)));
  // No column narrower than "…": a label cut to nothing still takes that much.
  const least = Math.min(natural, textWidth('…', fs));
  const n = labels.length;
  /** Entries on a grid of cells textW wide from (x0, y0); `cell` gives entry i its column and row. */
  const onGrid = (textW: number, x0: number, y0: number, cell: (i: number) => [col: number, row: number]): Placed[] =>
    labels.map((name, i) => {
      const [c, r] = cell(i);
      return {
        name,
        text: truncateText(name, textW, fs),
        x: Math.round(x0 + c * (icon + 5 + textW + gap)),
        y: Math.round(y0 + r * rowH),
      };
    });
  const byRow =
    (cols: number) =>
    (i: number): [number, number] => [i % cols, Math.floor(i / cols)];
  const avail = fig.width - 2 * pad;
  // the plot's height without a legend under it
  const plotH = fig.height - top - axisRoom(fs) - 2 * pad;
  if (place === 'bottom') {
    // As many columns as the widest label allows; fewer rows than half the figure's height leaves.
    const budget = plotH - fig.height / 2;
    let cols = Math.max(1, Math.min(n, Math.floor((avail + gap) / (icon + 5 + natural + gap))));
    let rows = Math.ceil(n / cols);
    const maxRows = Math.max(1, Math.floor(budget / rowH));
    // at most as many columns as labels cut to "…" allow
    const maxCols = Math.max(1, Math.floor((avail + gap) / (icon + 5 + least + gap)));
    if (rows > maxRows) {
      rows = Math.max(maxRows, Math.ceil(n / maxCols));
      cols = Math.ceil(n / rows);
    }
    const textW = Math.max(least, Math.min(natural, (avail + gap) / cols - icon - 5 - gap));
    const blockW = cols * (icon + 5 + textW + gap) - gap;
    const height = rows * rowH;
    const cramped = height > Math.max(rowH, budget) || blockW > avail;
    return {
      entries: onGrid(textW, (fig.width - blockW) / 2, fig.height - pad - height, byRow(cols)),
      bottom: height + pad,
      right: 0,
      cramped,
    };
  }
  if (place === 'right') {
    // Columns of as many rows as the plot is high; together at most 45 % of the width.
    const perCol = Math.max(1, Math.floor(plotH / rowH));
    const cols = Math.ceil(n / perCol);
    const textW = Math.max(least, Math.min(natural, (fig.width * 0.45) / cols - icon - 5 - gap));
    const blockW = cols * (icon + 5 + textW + gap) - gap;
    const x0 = fig.width - pad - blockW;
    const entries = onGrid(textW, x0, top, (i) => [Math.floor(i / perCol), i % perCol]);
    const cramped = perCol * rowH > fig.height - top - pad || blockW > fig.width / 2;
    return { entries, bottom: 0, right: blockW + pad, cramped };
  }
  // Inside the plot's top right corner: at most half its width, rows at most 40 % of its height.
  const maxRows = Math.max(1, Math.floor((plotH * 0.4) / rowH));
  const cols = Math.ceil(n / maxRows);
  const rows = Math.ceil(n / cols);
  const textW = Math.max(least, Math.min(natural, (avail * 0.5) / cols - icon - 5 - gap));
  const blockW = cols * (icon + 5 + textW + gap) - gap;
  const inset = Math.round(fs * 0.5);
  const x0 = fig.width - pad - blockW - inset;
  const y0 = top + inset;
  return {
    entries: onGrid(textW, x0, y0, byRow(cols)),
    bottom: 0,
    right: 0,
    cramped: blockW > avail * 0.6 || rows * rowH > plotH * 0.6,
    box: { x: x0 - inset, y: y0 - inset, width: blockW + 2 * inset, height: rows * rowH + inset },
  };
}

const padding = (fs: number) => Math.round(fs * 0.6) + 4;
/** below the plot: tick labels and the axis name */
const axisRoom = (fs: number) => 2 * lineHeight(fs) + 14;

/**
 * Title and subtitle wrapped to the width, taking at most what leaves half the height to the plot (below
 * it: the axis and a row of legend). A subtitle that does not fit is set smaller (down to 6 px), then cut
 * to the lines that fit, the last ending in "…"; a title that does not fit keeps its first line.
 */
function fitTitle(
  text: string,
  subtext: string,
  fig: FigureLayout,
  pad: number,
): { titleLines: string[]; subLines: string[]; spx: number; titleH: number } {
  const fs = fig.fontSize;
  const tpx = fs + 2;
  const width = fig.width - 2 * pad;
  const budget = fig.height / 2 - axisRoom(fs) - 2 * pad - (lineHeight(fs) + Math.round(fs * 0.4)) - 2 * pad;
  let titleLines = text ? wrapText(text, width, tpx) : [];
  if (titleLines.length > 1 && titleLines.length * lineHeight(tpx) > budget)
    titleLines = [truncateText(titleLines.join(' '), width, tpx)];
  const height = (sub: string[], px: number) =>
    titleLines.length * lineHeight(tpx) + (sub.length ? 4 + sub.length * lineHeight(px) : 0);
  const wrapSub = (px: number) => (subtext ? subtext.split('\n').flatMap((l) => wrapText(l, width, px)) : []);
  let spx = Math.max(6, fs - 1);
  let subLines = wrapSub(spx);
  while (height(subLines, spx) > budget && spx > 6) subLines = wrapSub(--spx);
  if (height(subLines, spx) > budget) {
    const keep = Math.max(0, Math.floor((budget - titleLines.length * lineHeight(tpx) - 4) / lineHeight(spx)));
    subLines =
      keep === 0
        ? []
        : [
            ...subLines.slice(0, keep - 1),
            truncateText(`${subLines[keep - 1]} ${subLines[keep]}`, width, spx).replace(/…?$/, '…'),
          ];
  }
  return { titleLines, subLines, spx, titleH: height(subLines, spx) };
}

/** The option laid out for export at `fig`'s size and font size (`gtlabCramped` marks a legend without room). */
export function layoutFigure(option: Option, fig: FigureLayout): Option {
  const fs = fig.fontSize;
  const pad = padding(fs);
  const font = ((option.textStyle ?? {}) as { fontFamily?: string }).fontFamily;
  // Line heights are set so wrapped titles and axis names take the room planned for them.
  const withFont = (o: object | undefined, px: number) => ({
    ...(o ?? {}),
    fontSize: px,
    lineHeight: lineHeight(px),
    ...(font ? { fontFamily: font } : {}),
  });

  // Title and subtitle, wrapped to the width; the plot starts under them.
  const title = (option.title ?? {}) as { text?: string; subtext?: string; textStyle?: object; subtextStyle?: object };
  const tpx = fs + 2;
  const { titleLines, subLines, spx, titleH } = fitTitle(title.text ?? '', title.subtext ?? '', fig, pad);
  const top = titleH > 0 ? pad + titleH + pad : pad + Math.round(fs / 2);

  // Legend items are names, or {name, icon} where an entry draws another icon than its series'.
  const legend = option.legend as { data?: (string | { name: string })[]; selectedMode?: unknown } | undefined;
  const items = legend?.data ?? [];
  const labels = items.map((x) => (typeof x === 'string' ? x : x.name));
  let place = fig.legend;
  const fits = (p: LegendPlan) => fig.height - top - p.bottom - axisRoom(fs) - 2 * pad >= fig.height / 2;
  let plan: LegendPlan = { entries: [], bottom: 0, right: 0, cramped: false };
  if (labels.length > 0 && place !== 'off') {
    if (place === 'auto') {
      // Under the plot if every label fits whole, else beside it if that has room, else under it shortened.
      const under = planLegend(labels, 'bottom', fig, top);
      const beside = planLegend(labels, 'right', fig, top);
      place = (fits(under) && under.entries.every((e) => e.text === e.name)) || beside.cramped ? 'bottom' : 'right';
    }
    plan = planLegend(labels, place as 'bottom' | 'right' | 'inside', fig, top);
  }
  const bottom = pad + plan.bottom;
  const right = pad + plan.right;
  const plotH = fig.height - top - bottom - axisRoom(fs);

  const icon = Math.round(fs * 2);
  const itemH = Math.round(fs * 0.9);
  const legends = plan.entries.map((e, i) => ({
    data: [items[i]],
    left: e.x,
    top: e.y,
    padding: 0,
    itemWidth: icon,
    itemHeight: itemH,
    itemGap: 0,
    textStyle: withFont(undefined, fs),
    ...(e.text !== e.name ? { formatter: () => e.text } : {}),
    ...(legend?.selectedMode !== undefined ? { selectedMode: legend.selectedMode } : {}),
  }));

  const axis = (a: unknown, wrapTo: number | null) => {
    const ax = (a ?? {}) as { name?: string; nameTextStyle?: object; axisLabel?: object };
    const name = ax.name && wrapTo !== null ? wrapText(ax.name, wrapTo, fs).join('\n') : ax.name;
    return {
      ...ax,
      name,
      nameGap: Math.round(fs * 0.6),
      nameMoveOverlap: true,
      nameTextStyle: withFont(ax.nameTextStyle, fs),
      axisLabel: { ...(ax.axisLabel ?? {}), fontSize: fs },
    };
  };
  const out: Option = {
    ...option,
    textStyle: withFont(option.textStyle as object, fs),
    title: {
      ...title,
      text: titleLines.join('\n'),
      subtext: subLines.join('\n'),
      top: pad,
      left: 'center',
      itemGap: 4,
      textStyle: withFont(title.textStyle, tpx),
      subtextStyle: withFont(title.subtextStyle, spx),
    },
    legend: legends,
    // The grid's box is the outer bound: ECharts shrinks the axes until labels and names fit inside it.
    grid: {
      ...(option.grid as object),
      left: pad,
      right,
      top,
      bottom,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    xAxis: axis(option.xAxis, null),
    // The y-axis name runs along the plot's height: wrapped to it rather than sticking out above and below.
    yAxis: axis(option.yAxis, Math.max(40, plotH * 0.95)),
  };
  if (plan.cramped) out.gtlabCramped = true;
  if (plan.box) {
    out.graphic = [
      {
        type: 'rect',
        z: 3,
        shape: { ...plan.box },
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

/**
 * The option as exported: laid out at the figure's size (line charts: a single grid with a legend),
 * no animation or tooltip, white ground.
 */
export function exportOption(option: Option, fig: FigureLayout = DEFAULT_LAYOUT): Option {
  const legend = option.legend as { data?: unknown } | undefined;
  const { gtlabCramped: _, ...laidOut } =
    Array.isArray(legend?.data) && !Array.isArray(option.grid) ? layoutFigure(option, fig) : option;
  return { ...laidOut, animation: false, tooltip: { show: false }, backgroundColor: '#ffffff' };
}

/** Why a figure's layout falls short at its size (shown beside the export buttons), or null. */
export function layoutWarning(option: Option, fig: FigureLayout): string | null {
  const legend = option.legend as { data?: unknown } | undefined;
  if (!Array.isArray(legend?.data) || Array.isArray(option.grid) || !layoutFigure(option, fig).gtlabCramped)
    return null;
  return `The legend needs more room than ${fig.width} × ${fig.height} px at ${fig.fontSize} px text leaves the plot: show fewer series, shorten their names, choose a smaller font or a larger figure.`;
}
