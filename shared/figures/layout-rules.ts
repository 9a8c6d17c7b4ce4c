/**
 * The terms every part of the export layout shares: the settings a figure is laid out at (size, font
 * size, legend place), a box on it, the plot's least share of the figure (a print rule the layout keeps
 * and ./figure-check.ts checks), a line's height at a font size and the gap between an axis and its
 * tick labels.
 */
import type { LegendPlace } from './figure-spec.ts';

/** An ECharts option, as the layout reads and writes it. */
export type Option = Record<string, unknown>;

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

/** The plot's least share of the figure's width and height. */
export const MIN_PLOT_SHARE = { width: 0.55, height: 0.5 } as const;
/** The gap between an axis and its tick labels. */
export const LABEL_MARGIN = 5;

/** Lines of text at `px`: the height of one line. */
export const lineHeight = (px: number) => Math.ceil(px * 1.2);
