/**
 * The axes of an exported figure, set by the layout rather than by ECharts: the y scale (a linear step
 * of 1, 2 or 5 × 10^k with ticks at least one and a half lines apart, or powers of ten on a log axis) and
 * its tick labels, measured before the plot's box is placed; the depth axis labelled every n-th depth
 * where one label per depth would run together; an axis name on at most two lines, else its short form.
 */
import { textWidth, wrapText } from './text-metrics.ts';
import { lineHeight } from './layout-rules.ts';
import { SHORT_NAME } from './ratio-chart.ts';

export interface Axis {
  name?: string;
  type?: string;
  nameTextStyle?: object;
  axisLabel?: { formatter?: (v: number) => string; [k: string]: unknown };
  min?: number;
  max?: number;
  interval?: number;
  [SHORT_NAME]?: string;
}

/** The y axis as set: its range, tick interval (linear axes) and the labels of its ticks. */
export interface YScale {
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
export function yScale(ys: readonly number[], plotH: number, fs: number, log: boolean, scale: boolean): YScale {
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
export function depthLabelStep(x: Axis | undefined, plotW: number, fs: number): number {
  if (x?.interval !== 1 || x.min === undefined || x.max === undefined || x.max <= x.min) return 1;
  const spacing = plotW / (x.max - x.min);
  const widest = textWidth(String(Math.max(Math.abs(x.min), Math.abs(x.max))), fs) + fs * 0.6;
  for (const step of [1, 2, 5, 10, 20, 50, 100]) if (spacing * step >= widest) return step;
  return 100;
}

/** The axis with labels at its minimum and every `step`-th tick after it (the ticks and grid lines stay). */
export function everyNthLabel(x: Axis, step: number): Axis {
  const lo = x.min ?? 0;
  const label = x.axisLabel?.formatter ?? ((v: number) => String(v));
  return {
    ...x,
    axisLabel: { ...x.axisLabel, formatter: (v: number) => ((v - lo) % step === 0 ? label(v) : '') },
  };
}

/** An axis title in lines no longer than `wrapTo` px: the name on at most two lines, else its short form. */
export function axisTitle(name: string, short: string | undefined, wrapTo: number, fs: number): string[] {
  const lines = wrapText(name, wrapTo, fs);
  if (lines.length <= 2 || !short) return lines;
  return wrapText(short, wrapTo, fs);
}
