/**
 * Colours and line styles of every figure. Where series read "algorithm / ordering" colour names the
 * algorithm, line dash the ordering and marker the run; other series get a colour each, and dash and
 * marker name the run. So 2–6 compared runs stay apart in print and in greyscale. The palette
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

/** Line dashes in order: of the orderings where series split into algorithm and ordering, else of the runs. */
export const LINE_DASHES: readonly LineDash[] = ['solid', 'dashed', 'dotted', [8, 3, 2, 3], [12, 4], [2, 2, 6, 2]];
/** One marker per compared run, in order (run A circles, B squares, …). */
export const RUN_SYMBOLS: readonly string[] = ['circle', 'rect', 'triangle', 'diamond', 'emptyCircle', 'emptyRect'];

/** One per compared run, in order (run A solid with circles, B dashed with squares, …). */
export const RUN_STYLES: readonly RunStyle[] = RUN_SYMBOLS.map((symbol, j) => ({ dash: LINE_DASHES[j], symbol }));

/**
 * Series labels split at their first " / " into an algorithm and the rest ("α-β / value + FCF" → "α-β",
 * "value + FCF"): the series are then drawn colour = algorithm, line style = the rest, and a legend may
 * name the two apart (one key per algorithm plus one per ordering instead of one per series).
 */
export interface SeriesFactors {
  groups: string[];
  variants: string[];
  /** per label, the index of its group and of its variant */
  group: number[];
  variant: number[];
}

/** The labels' factors, or null when a label has no " / ", there are more parts than colours or dashes, or a name is both. */
export function seriesFactors(labels: readonly string[]): SeriesFactors | null {
  const parts = labels.map((l) => {
    const at = l.indexOf(' / ');
    return at < 0 ? null : ([l.slice(0, at), l.slice(at + 3)] as const);
  });
  if (parts.some((p) => p === null)) return null;
  const groups = [...new Set(parts.map((p) => p![0]))];
  const variants = [...new Set(parts.map((p) => p![1]))];
  if (groups.length > PALETTE.length || variants.length > LINE_DASHES.length) return null;
  if (groups.some((g) => variants.includes(g))) return null;
  return {
    groups,
    variants,
    group: parts.map((p) => groups.indexOf(p![0])),
    variant: parts.map((p) => variants.indexOf(p![1])),
  };
}

/** The colour, dash and marker of series k of run j: by algorithm, ordering and run where the series factor, else by series and run. */
export function lineStyle(
  k: number,
  j: number,
  f: SeriesFactors | null,
): { color: string; dash: LineDash; symbol: string } {
  return f
    ? { color: seriesColor(f.group[k]), dash: LINE_DASHES[f.variant[k]], symbol: RUN_SYMBOLS[j] }
    : { color: seriesColor(k), ...RUN_STYLES[j] };
}

/** The colour of the k-th series. */
export const seriesColor = (k: number): string => PALETTE[k % PALETTE.length];

/** The dark grey of the legend's run entries (style without series colour). */
export const RUN_KEY_COLOR = '#404040';

/** Default names of compared runs. */
export const runLetter = (j: number): string => String.fromCharCode(65 + j);

/** The plot's grid lines (also how tests find the plot area in an exported SVG). */
export const GRID_LINE = '#dbdee4';
