/**
 * The figure composer's draft (the Export tab) and the gtlab-figure v1 it describes
 * (shared/figures/figure-spec.ts): the run's series in the order and under the names chosen — their
 * display names until renamed, as the figure draws them — which are shown, title, subtitle, size (a
 * paper's presets or custom), font size, legend place, bands, whether compared runs share a plot or
 * are drawn one panel per algorithm, and the runs' names.
 */
import { labelNames } from '../../../shared/experiments/display-names.ts';
import {
  FigureSpecSchema,
  ptToPx,
  type FigureSpec,
  type LegendPlace,
  type PanelMode,
} from '../../../shared/figures/figure-spec.ts';

interface SeriesChoice {
  id: string;
  /** the name the figure gives the series: its display name until renamed */
  label: string;
  /** its display name (../../../shared/experiments/display-names.ts), which the composer's controls read */
  name: string;
  shown: boolean;
}

/**
 * Sizes a paper asks for, each with its text size in pt (the figure's font size is in px at 96 per inch,
 * as its size in cm is): the text width at 9 pt; a journal's column at 8 pt, the size journals ask of a
 * column figure's text; its two columns at 7.5 pt.
 */
export const SIZE_PRESETS = {
  text: { label: '6.5 × 4 in (text width)', size: { unit: 'px', width: 624, height: 384 }, fontSize: ptToPx(9) },
  column: { label: '8.5 cm (one column)', size: { unit: 'cm', width: 8.5, height: 7 }, fontSize: ptToPx(8) },
  double: { label: '17.5 cm (two columns)', size: { unit: 'cm', width: 17.5, height: 9 }, fontSize: ptToPx(7.5) },
} as const;
export type SizePreset = keyof typeof SIZE_PRESETS | 'custom';

export interface FigureDraft {
  series: SeriesChoice[];
  titleShow: boolean;
  titleText: string;
  subtitleShow: boolean;
  preset: SizePreset;
  unit: 'px' | 'cm';
  width: number;
  height: number;
  fontSize: number;
  legend: LegendPlace;
  /** auto: for one run, not for a comparison */
  bands: 'auto' | 'on' | 'off';
  /** compared runs on one plot or one panel per algorithm; auto: panels from PANELS_FROM_RUNS runs on */
  panels: 'auto' | PanelMode;
  runNames: string[];
}

/**
 * The draft of a saved figure for a run whose series are `ids`: each series under the figure's name for
 * it, else its display name ("alphabeta / value" → "α-β / value"), as the figure draws it.
 */
export function draftOf(fig: FigureSpec, ids: readonly string[]): FigureDraft {
  const names = labelNames(ids);
  const nameOf = (id: string) => names[ids.indexOf(id)];
  const chosen: { id: string; label?: string }[] = fig.series ?? ids.map((id) => ({ id }));
  const series = [
    ...chosen
      .filter((s) => ids.includes(s.id))
      .map((s) => ({ id: s.id, label: s.label ?? nameOf(s.id), name: nameOf(s.id), shown: true })),
    ...ids
      .filter((id) => !chosen.some((s) => s.id === id))
      .map((id) => ({ id, label: nameOf(id), name: nameOf(id), shown: false })),
  ];
  const preset =
    (Object.keys(SIZE_PRESETS) as (keyof typeof SIZE_PRESETS)[]).find((k) => {
      const p = SIZE_PRESETS[k];
      return p.size.unit === fig.size.unit && p.size.width === fig.size.width && p.size.height === fig.size.height;
    }) ?? 'custom';
  return {
    series,
    titleShow: fig.title.show,
    titleText: fig.title.text ?? '',
    subtitleShow: fig.subtitle.show,
    preset,
    unit: fig.size.unit,
    width: fig.size.width,
    height: fig.size.height,
    fontSize: fig.fontSize,
    legend: fig.legend,
    bands: fig.bands === undefined ? 'auto' : fig.bands ? 'on' : 'off',
    panels: fig.panels ?? 'auto',
    runNames: fig.runs ? [...fig.runs] : [],
  };
}

/**
 * The figure a draft describes (mode and counter given), or the first problem with it. A series whose
 * name is the one the figure would give it anyway (its display name) is listed without a label, and a
 * figure of every series in the run's order under those names lists none.
 */
export function specOf(
  d: FigureDraft,
  ids: readonly string[],
  mode: FigureSpec['mode'],
  counter: FigureSpec['counter'],
  /** the compared runs' own names, for those the draft leaves unnamed */
  ownNames: readonly string[] = [],
): { figure: FigureSpec } | { error: string } {
  const shown = d.series.filter((s) => s.shown);
  if (shown.length === 0) return { error: 'Show at least one series.' };
  const seriesNames = labelNames(ids);
  const allInOrder =
    shown.length === ids.length && shown.every((s, i) => s.id === ids[i] && s.label.trim() === seriesNames[i]);
  /** the names the figure gives the shown series when they have no label of their own */
  const drawn = labelNames(shown.map((s) => s.id));
  const runNames = d.runNames.map((n) => n.trim());
  const r = FigureSpecSchema.safeParse({
    format: 'gtlab-figure',
    version: 1,
    mode,
    counter,
    ...(allInOrder
      ? {}
      : {
          series: shown.map((s, k) =>
            s.label.trim() && s.label.trim() !== drawn[k] ? { id: s.id, label: s.label.trim() } : { id: s.id },
          ),
        }),
    ...(runNames.some((n) => n) ? { runs: runNames.map((n, j) => n || ownNames[j] || `run ${j + 1}`) } : {}),
    title: { show: d.titleShow, ...(d.titleText.trim() ? { text: d.titleText.trim() } : {}) },
    subtitle: { show: d.subtitleShow },
    size: { unit: d.unit, width: Number(d.width), height: Number(d.height) },
    fontSize: Number(d.fontSize),
    legend: d.legend,
    ...(d.bands === 'auto' ? {} : { bands: d.bands === 'on' }),
    ...(d.panels === 'auto' ? {} : { panels: d.panels }),
  });
  if (!r.success) return { error: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return { figure: r.data };
}
