/**
 * The figure being composed in the Export tab (gtlab-figure v1, shared/figures/figure-spec.ts): the
 * selected run's series in the order and under the names chosen, which are shown, title, subtitle, size,
 * font size, legend place, bands and whether compared runs share a plot or are drawn one panel per
 * algorithm; the chart mode and counter are the chart's (ui and runs stores).
 * Kept per run in the browser's local storage, so a run's figure is as it was left; the desktop host
 * also writes it into the run folder on export, where `gtlab plot RUN_DIR` reads it.
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { seriesLabel } from '../../../shared/experiments/spec.ts';
import { readJsonText } from '../../../shared/io/json-text.ts';
import {
  defaultFigure,
  FigureSpecSchema,
  type FigureSpec,
  type LegendPlace,
  type PanelMode,
} from '../../../shared/figures/figure-spec.ts';
import { useRunsStore } from './runs.ts';
import { useUiStore } from './ui.ts';

interface SeriesChoice {
  id: string;
  label: string;
  shown: boolean;
}

/** Sizes a paper asks for: the text width, a journal's column and its two columns. */
export const SIZE_PRESETS = {
  text: { label: '6.5 × 4 in (text width)', size: { unit: 'px', width: 624, height: 384 }, fontSize: 12 },
  column: { label: '8.5 cm (one column)', size: { unit: 'cm', width: 8.5, height: 7 }, fontSize: 8 },
  double: { label: '17.5 cm (two columns)', size: { unit: 'cm', width: 17.5, height: 9 }, fontSize: 10 },
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

const storageKey = (runId: string) => `gtlab-figure:${runId}`;

/** The draft of a saved figure for a run whose series are `ids`. */
function draftOf(fig: FigureSpec, ids: readonly string[]): FigureDraft {
  const chosen: { id: string; label?: string }[] = fig.series ?? ids.map((id) => ({ id }));
  const series = [
    ...chosen.filter((s) => ids.includes(s.id)).map((s) => ({ id: s.id, label: s.label ?? s.id, shown: true })),
    ...ids.filter((id) => !chosen.some((s) => s.id === id)).map((id) => ({ id, label: id, shown: false })),
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

/** The figure a draft describes (mode and counter given), or the first problem with it. */
function specOf(
  d: FigureDraft,
  ids: readonly string[],
  mode: FigureSpec['mode'],
  counter: FigureSpec['counter'],
  /** the compared runs' own names, for those the draft leaves unnamed */
  ownNames: readonly string[],
): { figure: FigureSpec } | { error: string } {
  const shown = d.series.filter((s) => s.shown);
  if (shown.length === 0) return { error: 'Show at least one series.' };
  const allInOrder = shown.length === ids.length && shown.every((s, i) => s.id === ids[i] && s.label === s.id);
  const names = d.runNames.map((n) => n.trim());
  const r = FigureSpecSchema.safeParse({
    format: 'gtlab-figure',
    version: 1,
    mode,
    counter,
    ...(allInOrder
      ? {}
      : {
          series: shown.map((s) =>
            s.label.trim() && s.label.trim() !== s.id ? { id: s.id, label: s.label.trim() } : { id: s.id },
          ),
        }),
    ...(names.some((n) => n) ? { runs: names.map((n, j) => n || ownNames[j] || `run ${j + 1}`) } : {}),
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

export const useFigureStore = defineStore('figure', () => {
  const runs = useRunsStore();
  const ui = useUiStore();
  const draft = ref<FigureDraft>(draftOf(defaultFigure(), []));
  const ids = computed(() => runs.selected?.spec?.series.map(seriesLabel) ?? []);

  function load(runId: string | null): void {
    let saved = defaultFigure();
    const text = runId && typeof localStorage !== 'undefined' ? localStorage.getItem(storageKey(runId)) : null;
    if (text) {
      // settings stored by another version or damaged (not JSON, a key twice): the defaults instead
      const json = readJsonText(text);
      const r = FigureSpecSchema.safeParse(json.ok ? json.value : null);
      if (r.success) saved = r.data;
    }
    draft.value = draftOf(saved, ids.value);
  }
  watch(
    () => [runs.selectedId, ids.value.join('|')] as const,
    ([id]) => load(id),
    { immediate: true },
  );

  const result = computed(() =>
    specOf(
      draft.value,
      ids.value,
      ui.chartMode,
      runs.counter,
      [runs.selected, ...runs.compared].map((r) => r?.name ?? ''),
    ),
  );
  const figure = computed<FigureSpec | null>(() => ('figure' in result.value ? result.value.figure : null));
  const error = computed(() => ('error' in result.value ? result.value.error : null));
  watch(figure, (f) => {
    if (f && runs.selectedId && typeof localStorage !== 'undefined')
      localStorage.setItem(storageKey(runs.selectedId), JSON.stringify(f));
  });

  function usePreset(p: SizePreset): void {
    draft.value.preset = p;
    if (p === 'custom') return;
    const s = SIZE_PRESETS[p];
    Object.assign(draft.value, { unit: s.size.unit, width: s.size.width, height: s.size.height, fontSize: s.fontSize });
  }
  function move(i: number, by: -1 | 1): void {
    const s = draft.value.series;
    const j = i + by;
    if (j < 0 || j >= s.length) return;
    [s[i], s[j]] = [s[j], s[i]];
  }
  /** Take a gtlab-figure file's settings (mode and counter go to the chart). */
  function adopt(fig: FigureSpec): void {
    draft.value = draftOf(fig, ids.value);
    ui.chartMode = fig.mode;
    if (fig.counter) runs.counter = fig.counter;
  }
  return { draft, figure, error, usePreset, move, adopt };
});
