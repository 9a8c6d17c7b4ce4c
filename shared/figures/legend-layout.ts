/**
 * Room for the legend under a figure of a known width: ECharts wraps a long legend (six series of
 * Furtak & Buro Fig. 4 need two rows at 6.5 in), and the wrapped rows would cover the x-axis name.
 * Estimates the rows from the labels' lengths and moves the plot area up to make room. Pure option
 * → option; no DOM, no font metrics (a conservative average glyph width instead).
 */
const FONT_PX = 12;
/** average advance of a sans-serif glyph at 12 px, a little generous so estimates err towards more room */
const GLYPH_PX = 6.8;
const ICON_PX = 25 + 5; // itemWidth + gap to the text
const ITEM_GAP_PX = 10;
const ROW_PX = FONT_PX + 12;

export function legendRows(labels: readonly string[], width: number, sidePadding = 10, itemGap = ITEM_GAP_PX): number {
  const avail = Math.max(1, width - 2 * sidePadding);
  let rows = 1;
  let x = 0;
  for (const l of labels) {
    const w = ICON_PX + l.length * GLYPH_PX + itemGap;
    if (x > 0 && x + w > avail) {
      rows++;
      x = 0;
    }
    x += w;
  }
  return rows;
}

/** The option with grid.bottom raised to fit the legend's rows under the x-axis name. */
export function fitLegend(option: Record<string, unknown>, width: number): Record<string, unknown> {
  const legend = option.legend as { data?: unknown[]; itemGap?: number } | undefined;
  const labels = (legend?.data ?? []).map((x) => (typeof x === 'string' ? x : String((x as { name?: unknown }).name ?? '')));
  if (labels.length === 0) return option;
  const rows = legendRows(labels, width, 10, legend?.itemGap ?? ITEM_GAP_PX);
  const grid = (option.grid ?? {}) as Record<string, unknown>;
  // x-axis labels and name take about 50 px below the plot; then the legend rows; then a margin.
  return { ...option, legend: { ...legend, bottom: 4 }, grid: { ...grid, bottom: 50 + rows * ROW_PX + 6 } };
}
