/**
 * Colours and line styles of every figure. Colour names the series (algorithm × ordering), line dash and
 * marker name the run, so 2–6 compared runs stay apart in colour, in print and in greyscale. The palette
 * is Okabe & Ito's (2008), distinguishable under the common colour-vision deficiencies; its yellow is
 * last because it is faint on white.
 */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];

export type LineDash = 'solid' | 'dashed' | 'dotted' | number[];

export interface RunStyle {
  dash: LineDash;
  /** ECharts symbol of the run's points */
  symbol: string;
}

/** One per compared run, in order (run A solid with circles, B dashed with squares, …). */
export const RUN_STYLES: readonly RunStyle[] = [
  { dash: 'solid', symbol: 'circle' },
  { dash: 'dashed', symbol: 'rect' },
  { dash: 'dotted', symbol: 'triangle' },
  { dash: [8, 3, 2, 3], symbol: 'diamond' },
  { dash: [12, 4], symbol: 'emptyCircle' },
  { dash: [2, 2, 6, 2], symbol: 'emptyRect' },
];

/** The colour of the k-th series. */
export const seriesColor = (k: number): string => PALETTE[k % PALETTE.length];

/** The dark grey of the legend's run entries (style without series colour). */
export const RUN_KEY_COLOR = '#404040';

/** Default names of compared runs. */
export const runLetter = (j: number): string => String.fromCharCode(65 + j);

/** The plot's grid lines (also how tests find the plot area in an exported SVG). */
export const GRID_LINE = '#dbdee4';
