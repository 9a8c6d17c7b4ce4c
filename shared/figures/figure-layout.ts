/**
 * The layout of an exported figure at its size: title and subtitle wrapped to the width (the subtitle
 * between its fields), the legend laid out entry by entry (one ECharts legend component per entry, so its
 * place does not depend on the renderer) under, right of or inside the plot, and the plot area given what
 * remains, with axis labels and names kept inside it (ECharts' outer bounds). The plot keeps 55 % of the
 * width and half the height. The legend is one entry per series where those fit whole, else the option's
 * compact legend (a key per algorithm, ordering and run: ./ratio-chart.ts), else labels cut but never to
 * a lone "…" nor to two alike; a figure where nothing fits is marked, and layoutWarning says what would.
 * Text widths are the figure font's (./text-metrics.ts), the same in Node and in the browser, so one
 * option gives one SVG. The live chart's legend (every key in view) is laid out here too. Pure option →
 * option; no DOM.
 */
import { textWidth, truncateText, wrapFields, wrapText } from './text-metrics.ts';
import { FIGURE_FONT_SIZE, FIGURE_HEIGHT, FIGURE_WIDTH, type LegendPlace } from './figure-spec.ts';
import { COMPACT_LEGEND, SHORT_NAME } from './ratio-chart.ts';

type Option = Record<string, unknown>;

export interface FigureLayout {
  width: number;
  height: number;
  /** px; the title is 2 px larger, the subtitle 1 px smaller */
  fontSize: number;
  legend: LegendPlace;
}

type LegendItem = string | { name: string };
const itemName = (x: LegendItem) => (typeof x === 'string' ? x : x.name);

interface Axis {
  name?: string;
  nameTextStyle?: object;
  axisLabel?: { formatter?: (v: number) => string };
  min?: number;
  max?: number;
  interval?: number;
  [SHORT_NAME]?: string;
}

/** The plot's least share of the figure's width (its height's is one half). */
const MIN_PLOT_WIDTH = 0.55;

/** Every entry names its series: none cut to a lone "…", no two entries reading the same. */
function readable(entries: readonly Placed[]): boolean {
  const texts = entries.map((e) => e.text);
  return (
    new Set(texts).size === texts.length &&
    entries.every((e) => e.text === e.name || e.text.replace(/…$/, '').trim() !== '')
  );
}

/** An axis title on at most two lines at `wrapTo` px: the name, else its short form, else that cut on its second line. */
function axisTitle(name: string, short: string | undefined, wrapTo: number, fs: number): string {
  const lines = wrapText(name, wrapTo, fs);
  if (lines.length <= 2) return lines.join('\n');
  const shorter = short ? wrapText(short, wrapTo, fs) : lines;
  if (shorter.length <= 2) return shorter.join('\n');
  return [shorter[0], truncateText(shorter.slice(1).join(' '), wrapTo, fs)].join('\n');
}

/**
 * Width the y axis takes left of the plot: its title (one line, or two where it is longer than half the
 * figure's height) and tick labels as wide as the data's largest value with two decimals (one from 10).
 */
function yAxisRoom(option: Option, fig: FigureLayout): number {
  const fs = fig.fontSize;
  const y = (option.yAxis ?? {}) as Axis;
  const series = (option.series ?? []) as { data?: unknown[] }[];
  let top = 0;
  for (const s of series)
    for (const p of s.data ?? []) {
      const v = Array.isArray(p) ? p[1] : p;
      if (typeof v === 'number' && Number.isFinite(v)) top = Math.max(top, Math.abs(v));
    }
  const digits = String(Math.round(top)).length;
  const label = textWidth(`${'0'.repeat(digits)}${top < 10 ? '.00' : '.0'}`, fs);
  const titleLines = y.name ? (textWidth(y.name, fs) > fig.height / 2 ? 2 : 1) : 0;
  // ECharts keeps about a line's width of margin around the title beside the labels.
  return titleLines * lineHeight(fs) + Math.round(fs * 0.6) + label + 8 + fs;
}

/**
 * The depth axis labels every `step`-th depth (1, 2, 5, 10, …) when one label per depth would run
 * together in `plotW` px; 1 for other axes.
 */
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

/** An entry's width: its icon, a gap and its whole label. */
const entryWidth = (label: string, fs: number) => Math.round(fs * 2) + 5 + textWidth(label, fs);

/** Whole labels one after another in rows no wider than `avail`, or null when one label alone is wider. */
function flowRows(labels: readonly string[], avail: number, fs: number): { items: number[]; width: number }[] | null {
  const gap = Math.round(fs * 1.2);
  const rows: { items: number[]; width: number }[] = [];
  for (let i = 0; i < labels.length; i++) {
    const w = entryWidth(labels[i], fs);
    if (w > avail) return null;
    const row = rows[rows.length - 1];
    if (row && row.width + gap + w <= avail) {
      row.items.push(i);
      row.width += gap + w;
    } else rows.push({ items: [i], width: w });
  }
  return rows;
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
  /** the widest a legend right of the plot may be (default 45 % of the width) */
  rightMax = fig.width * 0.45,
): LegendPlan {
  const fs = fig.fontSize;
  const icon = Math.round(fs * 2);
  const gap = Math.round(fs * 1.2);
  const rowH = lineHeight(fs) + Math.round(fs * 0.4);
  const pad = padding(fs);
  const natural = Math.max(...labels.map((l) => textWidth(l, fs)));
  // No column narrower than a label cut to its first three characters: a lone "…" names nothing.
  const least = Math.min(natural, textWidth(LEAST_LABEL, fs));
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
  const plotH = fig.height - top - axisRoom(fs) - pad - overhang(fs).top;
  // rows of entries, without the spacing under the last; a legend under the plot leaves half a line above it
  const rowsH = (rows: number) => rows * rowH - Math.round(fs * 0.4);
  const above = Math.round(fs / 2);
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
    const height = rowsH(rows);
    const cramped = height > Math.max(rowH, budget) || blockW > avail;
    // Entries of unequal widths (short keys beside long ones) may take fewer rows, or keep their whole
    // labels, set one after another.
    const flow = flowRows(labels, avail, fs);
    if (
      flow &&
      (flow.length < rows || (flow.length === rows && textW < natural)) &&
      rowsH(flow.length) <= Math.max(rowH, budget)
    ) {
      const y0 = fig.height - pad - rowsH(flow.length);
      const entries = flow.flatMap((row, r) => {
        let x = (fig.width - row.width) / 2;
        return row.items.map((i) => {
          const e = { name: labels[i], text: labels[i], x: Math.round(x), y: Math.round(y0 + r * rowH) };
          x += entryWidth(labels[i], fs) + gap;
          return e;
        });
      });
      return { entries, bottom: rowsH(flow.length) + above, right: 0, cramped: false };
    }
    return {
      entries: onGrid(textW, (fig.width - blockW) / 2, fig.height - pad - height, byRow(cols)),
      bottom: height + above,
      right: 0,
      cramped,
    };
  }
  if (place === 'right') {
    // Columns of as many rows as the plot is high; together at most rightMax wide.
    const perCol = Math.max(1, Math.floor(plotH / rowH));
    const cols = Math.ceil(n / perCol);
    const textW = Math.max(least, Math.min(natural, (rightMax + gap) / cols - icon - 5 - gap));
    const blockW = cols * (icon + 5 + textW + gap) - gap;
    const x0 = fig.width - pad - blockW;
    const entries = onGrid(textW, x0, top, (i) => [Math.floor(i / perCol), i % perCol]);
    const cramped = perCol * rowH > fig.height - top - pad || blockW > rightMax + 0.5;
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
/** the shortest a label is cut to: three characters and "…" */
const LEAST_LABEL = 'mmm…';
/** how far the end ticks' labels reach past the plot (above it, and right of it for a two-digit depth): the grid's box holds them */
const overhang = (fs: number) => ({ top: Math.ceil(fs / 2), right: Math.ceil(fs * 0.7) });
/** below the plot: tick labels and the axis name */
const axisRoom = (fs: number) => 2 * lineHeight(fs) + 14;

/**
 * A title on one line: whole if it fits, else its part before the first ": " ("Furtak & Buro 2009,
 * Figure 4: nodes visited …" → "Furtak & Buro 2009, Figure 4"), else cut with "…".
 */
function titleHead(text: string, width: number, px: number): string {
  const colon = text.indexOf(': ');
  if (textWidth(text, px) > width && colon > 0 && textWidth(text.slice(0, colon), px) <= width)
    return text.slice(0, colon);
  return truncateText(text, width, px);
}

/**
 * Title and subtitle wrapped to the width, taking at most what leaves half the height to the plot (below
 * it: the axis and a row of legend). A subtitle that does not fit is set smaller (down to 6 px), then cut
 * to the lines that fit, the last ending in "…"; a title that does not fit, or would leave the subtitle
 * no room, takes one line (titleHead).
 */
function fitTitle(
  text: string,
  subtext: string,
  fig: FigureLayout,
  pad: number,
  /** the title on one line and the subtitle smaller, though more would fit (to leave the legend room) */
  oneLine = false,
): { titleLines: string[]; subLines: string[]; spx: number; titleH: number } {
  const fs = fig.fontSize;
  const tpx = fs + 2;
  const width = fig.width - 2 * pad;
  const budget = fig.height / 2 - axisRoom(fs) - 2 * pad - (lineHeight(fs) + Math.round(fs * 0.4)) - 2 * pad;
  let titleLines = text ? wrapText(text, width, tpx) : [];
  if (titleLines.length > 1 && (oneLine || titleLines.length * lineHeight(tpx) > budget))
    titleLines = [titleHead(text, width, tpx)];
  const height = (sub: string[], px: number) =>
    titleLines.length * lineHeight(tpx) + (sub.length ? 4 + sub.length * lineHeight(px) : 0);
  const wrapSub = (px: number) => (subtext ? subtext.split('\n').flatMap((l) => wrapFields(l, width, px)) : []);
  let spx = Math.max(6, fs - (oneLine ? 3 : 1));
  let subLines = wrapSub(spx);
  while (height(subLines, spx) > budget && spx > 6) subLines = wrapSub(--spx);
  // The subtitle records the runs: the title gives way to it first.
  if (height(subLines, spx) > budget && !oneLine && titleLines.length > 1)
    return fitTitle(text, subtext, fig, pad, true);
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

  // Legend items are names, or {name, icon} where an entry draws another icon than its series'. The
  // option may offer a compact legend too (one key per algorithm, ordering and run: ./ratio-chart.ts).
  const legend = option.legend as { data?: LegendItem[]; selectedMode?: unknown } | undefined;
  const forms = [
    legend?.data ?? [],
    ...(Array.isArray(option[COMPACT_LEGEND]) ? [option[COMPACT_LEGEND] as LegendItem[]] : []),
  ];
  const yRoom = yAxisRoom(option, fig);
  // A legend right of the plot (and its margin) leaves the plot (less the y axis's labels and name) 55 % of the width.
  const rightMax = Math.max(0, fig.width * (1 - MIN_PLOT_WIDTH) - 3 * pad - yRoom - overhang(fs).right);
  type Place = 'bottom' | 'right' | 'inside';
  const AUTO: Place[] = ['bottom', 'right'];
  const places: Place[] = fig.legend === 'auto' ? AUTO : fig.legend === 'off' ? [] : [fig.legend];

  /**
   * Title and subtitle wrapped to the width (the plot starts under them), and the legend: whole labels
   * in the first of `places` and form that has them, else readable cut ones. Nothing readable: the first
   * candidate, and the layout is cramped.
   */
  const arrange = (oneLine: boolean, places: readonly Place[]) => {
    const t = fitTitle(title.text ?? '', title.subtext ?? '', fig, pad, oneLine);
    const top = t.titleH > 0 ? pad + t.titleH + Math.round(fs * 0.75) : pad + Math.round(fs / 2);
    const fits = (p: LegendPlan) =>
      fig.height - top - pad - p.bottom - axisRoom(fs) - overhang(fs).top >= fig.height / 2 &&
      fig.width - 2 * pad - p.right - yRoom - overhang(fs).right >= fig.width * MIN_PLOT_WIDTH;
    const candidates =
      forms[0].length === 0
        ? []
        : forms.flatMap((form) =>
            places.map((place) => ({
              place,
              items: form,
              plan: planLegend(form.map(itemName), place, fig, top, rightMax),
            })),
          );
    const sound = (c: (typeof candidates)[number]) => !c.plan.cramped && fits(c.plan) && readable(c.plan.entries);
    // Nothing fits: the first readable candidate, else the shortest form.
    const chosen = candidates.find((c) => sound(c) && c.plan.entries.every((e) => e.text === e.name)) ??
      candidates.find(sound) ??
      candidates.find((c) => readable(c.plan.entries)) ??
      candidates[candidates.length - places.length] ?? {
        place: undefined,
        items: [],
        plan: { entries: [], bottom: 0, right: 0, cramped: false },
      };
    return { ...t, top, ...chosen, cramped: candidates.length > 0 && !sound(chosen) };
  };
  // A title on one line, then (where the place was chosen and has no room) a place that has.
  const tries: [boolean, readonly Place[]][] = [
    [true, places],
    ...(fig.legend === 'auto' || fig.legend === 'off'
      ? []
      : ([
          [false, AUTO],
          [true, AUTO],
        ] as [boolean, Place[]][])),
  ];
  let laid = arrange(false, places);
  for (const [oneLine, where] of tries) {
    if (!laid.cramped) break;
    const next = arrange(oneLine, where);
    if (!next.cramped) laid = next;
  }
  const moved = laid.place !== undefined && !places.includes(laid.place) ? laid.place : undefined;
  const { titleLines, subLines, spx, top, items, plan, cramped } = laid;
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
    const { [SHORT_NAME]: short, ...ax } = (a ?? {}) as Axis;
    return {
      ...ax,
      ...(ax.name && wrapTo !== null ? { name: axisTitle(ax.name, short, wrapTo, fs) } : {}),
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
  delete out[COMPACT_LEGEND];
  const xStep = depthLabelStep(option.xAxis as Axis | undefined, fig.width - pad - right - yRoom, fs);
  if (xStep > 1) out.xAxis = everyNthLabel(out.xAxis as Axis, xStep);
  if (cramped) out.gtlabCramped = true;
  if (moved) out.gtlabMoved = moved;
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
  const {
    gtlabCramped: _,
    gtlabMoved: __,
    ...laidOut
  } = Array.isArray(legend?.data) && !Array.isArray(option.grid) ? layoutFigure(option, fig) : option;
  return { ...laidOut, animation: false, tooltip: { show: false }, backgroundColor: '#ffffff' };
}

/**
 * Why a figure's layout falls short at its size and what would make it fit (shown beside the export
 * buttons, printed by `gtlab plot`), or null: the legend has no room anywhere, or not where it was asked.
 */
export function layoutWarning(option: Option, fig: FigureLayout): string | null {
  const legend = option.legend as { data?: unknown } | undefined;
  if (!Array.isArray(legend?.data) || Array.isArray(option.grid)) return null;
  const laid = layoutFigure(option, fig);
  const size = `in ${fig.width} × ${fig.height} px at ${fig.fontSize} px text`;
  if (laid.gtlabMoved)
    return `The legend does not fit ${fig.legend === 'inside' ? 'inside the plot' : `${fig.legend === 'right' ? 'right of' : 'under'} the plot`} ${size} with the plot keeping 55 % of the width and half the height: it is set ${laid.gtlabMoved === 'right' ? 'right of' : 'under'} the plot instead. Choose that place (or auto), a smaller font or a larger figure.`;
  const cramped = (f: FigureLayout) => layoutFigure(option, f).gtlabCramped === true;
  if (laid.gtlabCramped !== true) return null;
  const remedies: string[] = [];
  let px = fig.fontSize - 1;
  while (px >= 6 && cramped({ ...fig, fontSize: px })) px--;
  if (px >= 6) remedies.push(`a font size of ${px} px`);
  remedies.push('fewer series or shorter names', 'a larger figure');
  return `The legend does not fit ${size} with the plot keeping 55 % of the width and half the height, so labels are cut or the plot is small. It fits with ${remedies.join('; or ')}.`;
}

/** ECharts' legend rows on screen: 12 px text beside a 24 px icon, 14 px apart. */
const LIVE_ROW = 28;

/**
 * The live chart's option at `width` px: every legend key at once, never paged. One entry per series
 * (each can be hidden by a click) where they take at most two rows, else the compact legend (algorithm,
 * ordering and run keys) where the option offers one; a plain legend wrapping onto rows under the plot,
 * the grid's bottom grown by a row for each row past the first.
 */
export function liveOption(option: Option, width: number): Option {
  const { [COMPACT_LEGEND]: compact, ...rest } = option;
  const legend = option.legend as { data?: LegendItem[] } | undefined;
  if (!Array.isArray(legend?.data)) return rest;
  const rows = (items: LegendItem[]) => flowRows(items.map(itemName), width - 20, 12)?.length ?? items.length;
  const data = rows(legend.data) > 2 && Array.isArray(compact) ? (compact as LegendItem[]) : legend.data;
  const grid = (option.grid ?? {}) as { bottom?: number };
  return {
    ...rest,
    legend: { ...legend, data, type: 'plain', itemGap: 14, itemWidth: 24 },
    grid: { ...grid, bottom: (grid.bottom ?? 80) + (rows(data) - 1) * LIVE_ROW },
  };
}
