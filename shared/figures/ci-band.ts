/**
 * A line's 95 % band in an ECharts option: a transparent line at the lower ends and the band's width
 * stacked on it as a filled area, so the fill lies between the two ends. The band's series carry the
 * line's name and " (95% CI)" (the upper one with a trailing space, as ECharts wants distinct names);
 * they take no tooltip or hover. Pure data → series; no DOM.
 */

/** An ECharts value: a number that is not finite is a gap (null). */
export function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/**
 * The two series of the band of the line `name` over `xs`, with lower ends `lo(i)` and upper ends
 * `hi(i)`; `stack` is the line's own stack name and `area` the fill's colour and opacity.
 */
export function ciBandSeries(
  name: string,
  stack: string,
  area: { color: string; opacity: number },
  xs: readonly number[],
  lo: (i: number) => number,
  hi: (i: number) => number,
): Record<string, unknown>[] {
  const common = () => ({ type: 'line', stack, symbol: 'none', lineStyle: { opacity: 0 }, silent: true });
  return [
    { name: `${name} (95% CI)`, ...common(), data: xs.map((x, i) => [x, finite(lo(i))]), tooltip: { show: false } },
    {
      name: `${name} (95% CI) `,
      ...common(),
      areaStyle: area,
      data: xs.map((x, i) => [x, finite(hi(i) - lo(i))]),
      tooltip: { show: false },
    },
  ];
}
