/**
 * A chart's text alternative: the numbers of its drawn lines as a table (rows: x values; columns: the
 * lines, confidence bands and legend keys left out), read from the same ECharts option the chart draws,
 * so the table always says what the picture shows. Scatter charts (one point per tree) are summarised
 * elsewhere (the Table tab) and give no table here.
 */
export interface ChartTable {
  caption: string;
  xName: string;
  columns: string[];
  rows: { x: number; cells: (number | null)[] }[];
}

interface SeriesLike {
  name?: string;
  type?: string;
  data?: unknown[];
  silent?: boolean;
}

export function chartTable(option: Record<string, unknown> | null): ChartTable | null {
  if (!option) return null;
  const series = ((option.series ?? []) as SeriesLike[]).filter(
    (s) => s.type === 'line' && !s.silent && (s.data?.length ?? 0) > 0 && typeof s.name === 'string',
  );
  if (series.length === 0) return null;
  const points = series.map(
    (s) => new Map((s.data as [number, number | null][]).filter((p) => Array.isArray(p)).map(([x, y]) => [x, y])),
  );
  const xs = [...new Set(points.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  const title = (option.title ?? {}) as { text?: string };
  const xAxis = (Array.isArray(option.xAxis) ? option.xAxis[0] : (option.xAxis ?? {})) as { name?: string };
  const yAxis = (Array.isArray(option.yAxis) ? option.yAxis[0] : (option.yAxis ?? {})) as { name?: string };
  return {
    caption: [title.text, yAxis.name].filter(Boolean).join(': '),
    xName: xAxis.name ?? 'x',
    columns: series.map((s) => s.name!),
    rows: xs.map((x) => ({ x, cells: points.map((m) => m.get(x) ?? null) })),
  };
}
