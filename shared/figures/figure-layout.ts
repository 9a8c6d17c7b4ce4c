/**
 * The layout of an exported figure at its size, measured rather than guessed: every text's width is the
 * figure font's (./text-metrics.ts), the plot's box is set exactly (ECharts draws the axes where it is
 * told, with the y scale and tick labels chosen here: ./axis-scale.ts), so the layout knows where each
 * text, each curve and each band is before ECharts draws them.
 *
 * The parts: title and subtitle wrapped to the width (./title-fit.ts); the legend a grid of whole
 * entries (./legend-grid.ts) under, right of or inside the plot (./legend-inside.ts); the plot, one or
 * one panel per algorithm, with what remains (./arrangement.ts), keeping 55 % of the width and half the
 * height (./layout-rules.ts); the order of fallbacks where the entries do not fit (./layout-fallbacks.ts);
 * what the author is told (./layout-warning.ts). This file turns the arrangement chosen into the
 * ECharts option: one grid and axis pair per panel, one legend component per entry at its measured
 * place, the title block and panel titles, the texts' sizes and line heights. No label is ever shortened.
 * Pure option → option; no DOM.
 */
import { FIGURE_FONT_SIZE, FIGURE_HEIGHT, FIGURE_WIDTH } from './figure-spec.ts';
import { depthLabelStep, everyNthLabel, type Axis } from './axis-scale.ts';
import { arrange, contextOf } from './arrangement.ts';
import { chooseArrangement } from './layout-fallbacks.ts';
import { LABEL_MARGIN, lineHeight, type FigureLayout, type Option } from './layout-rules.ts';
import { iconWidth } from './legend-grid.ts';
import { OWN_SIZE } from './own-size.ts';
import type { SeriesLike } from './plot-data.ts';
import { COMPACT_LEGEND, PANELS, SHORT_NAME } from './ratio-chart.ts';

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

export const laidOutHere = (option: Option) =>
  Array.isArray((option.legend as { data?: unknown } | undefined)?.data) && !Array.isArray(option.grid);

/**
 * The option as exported: laid out at the figure's size (line charts: a grid, or panels, with a legend),
 * no animation or tooltip, white ground; a figure's own size (./own-size.ts) is the renderer's to read.
 */
export function exportOption(option: Option, fig: FigureLayout = DEFAULT_LAYOUT): Option {
  const {
    gtlabCramped: _,
    gtlabMoved: __,
    gtlabFontSize: ___,
    [OWN_SIZE]: ____,
    ...laidOut
  } = laidOutHere(option) ? layoutFigure(option, fig) : option;
  return { ...laidOut, animation: false, tooltip: { show: false }, backgroundColor: '#ffffff' };
}
