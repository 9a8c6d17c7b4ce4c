/**
 * The live chart's option (the run tab's chart, not an export): every legend key shown at once, never
 * paged, in rows under the plot, one entry per series where two rows hold them, else the compact keys;
 * compared runs one panel per algorithm as the export draws them, with one y scale.
 */
import { yScale, type Axis } from './axis-scale.ts';
import type { Option } from './layout-rules.ts';
import { columnGap, entryWidth, itemName, type LegendItem } from './legend-grid.ts';
import { plotData, type SeriesLike } from './plot-data.ts';
import { COMPACT_LEGEND, PANELS } from './ratio-chart.ts';

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
