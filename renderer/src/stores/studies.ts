/**
 * The studies the host kept (History's Studies section): the list, refreshed when History opens and
 * whenever a study completes (the host keeps it before it says so), and what a row offers: its CSV
 * (shared/studies/study-exports.ts, made here from the kept record), its figure (rendered by the host), delete.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { StudyListing } from '../../../shared/api/contract.ts';
import { studyCsv, studyFileName } from '../../../shared/studies/study-exports.ts';
import { platform } from '../platform/index.ts';

export const useStudiesStore = defineStore('studies', () => {
  const list = ref<StudyListing[]>([]);
  const error = ref<string | null>(null);
  /** the last export's "Saved …" line */
  const message = ref<string | null>(null);
  let subscribed = false;

  async function act(fn: () => Promise<void>): Promise<void> {
    error.value = null;
    message.value = null;
    try {
      await fn();
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
  }

  async function refresh(): Promise<void> {
    await act(async () => {
      list.value = await platform().listStudies();
    });
  }

  /** Follow the host's completed studies, then list the kept ones. */
  function init(): Promise<void> {
    if (!subscribed) {
      subscribed = true;
      platform().onStudyEvent((e) => {
        if (e.type === 'finished' && e.recordId) void refresh();
      });
    }
    return refresh();
  }

  const saved = (r: { saved: boolean; path?: string }, name: string) => {
    if (r.saved) message.value = `Saved ${r.path ?? name}`;
  };

  const exportCsv = (id: string) =>
    act(async () => {
      const record = await platform().openStudy(id);
      const name = studyFileName(record, 'csv');
      saved(await platform().saveFile({ suggestedName: name, content: studyCsv(record), encoding: 'utf8' }), name);
    });

  const exportFigure = (id: string) =>
    act(async () => {
      saved(await platform().exportStudyFigure({ id, format: 'svg' }), `${id}.svg`);
    });

  /** Delete a kept study (History's delete, once its undo has passed). */
  const remove = (id: string) =>
    act(async () => {
      await platform().deleteStudy(id);
      list.value = await platform().listStudies();
    });

  return { list, error, message, init, refresh, exportCsv, exportFigure, remove };
});
