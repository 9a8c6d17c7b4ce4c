/**
 * View state shared by panels: the active tab (and Studies sub-view), the chart mode, the tree picked for
 * the viewer and exports, and a notice every tab shows until it is dismissed (what opening a results
 * folder left out).
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ChartMode } from '../../../shared/figures/run-figure.ts';

export type Tab = 'chart' | 'table' | 'tree' | 'history' | 'export' | 'sweep' | 'studies';
/** a wing's own view (its `tab` id), or the kind of a registered study shown by the form derived from its schema */
export type StudyView = string;
export type { ChartMode };

export const useUiStore = defineStore('ui', () => {
  const tab = ref<Tab>('chart');
  const chartMode = ref<ChartMode>('ratio');
  const treeIndex = ref(0);
  const treeDepth = ref(3);
  /** the run whose own depth treeDepth was last set to, when it was selected (a depth chosen since is kept) */
  const treeDepthRun = ref<string | null>(null);
  const traceSeries = ref(0);
  /** the tree viewer's second series, in its difference mode */
  const traceSeriesB = ref(1);
  const studyView = ref<StudyView>('li');
  /** sentences the user should read whichever tab shows (the app switches tabs after an import) */
  const notices = ref<string[]>([]);
  return { tab, chartMode, treeIndex, treeDepth, treeDepthRun, traceSeries, traceSeriesB, studyView, notices };
});
