/**
 * The figure being composed in the Export tab (gtlab-figure v1, shared/figures/figure-spec.ts): the
 * selected run's draft (../logic/figure-draft.ts); the chart mode and counter are the chart's (ui and
 * runs stores).
 * Kept per run in the browser's local storage, so a run's figure is as it was left; the desktop host
 * also writes it into the run folder on export, where `gtlab plot RUN_DIR` reads it.
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { seriesLabel } from '../../../shared/experiments/spec.ts';
import { readJsonText } from '../../../shared/io/json-text.ts';
import { defaultFigure, FigureSpecSchema, type FigureSpec } from '../../../shared/figures/figure-spec.ts';
import { draftOf, SIZE_PRESETS, specOf, type FigureDraft, type SizePreset } from '../logic/figure-draft.ts';
import { useRunsStore } from './runs.ts';
import { useUiStore } from './ui.ts';

const storageKey = (runId: string) => `gtlab-figure:${runId}`;

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
