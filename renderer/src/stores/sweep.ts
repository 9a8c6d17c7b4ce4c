/**
 * The Sweep tab's state: the grid editor's draft, and the cells of the sweep started from it, each run
 * as an ordinary run of the run host (queued one after another, kept in History as "sweep/cell"), so a
 * cell's progress, results and resume are a run's. Rows and figures come from the cells' result lines.
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef } from 'vue';
import type { SweepCell, SweepInput } from '../../../shared/experiments/sweep.ts';
import { sweepAxes, expandSweep } from '../../../shared/experiments/sweep.ts';
import { cellRows, type SweepRow } from '../../../shared/experiments/sweep-summary.ts';
import { planSweep, type SweepDraft } from '../logic/sweep-draft.ts';
import { useRunsStore } from './runs.ts';
import { useSpecStore } from './spec.ts';

export interface SweepCellRun extends SweepCell {
  runId: string | null;
}

export const useSweepStore = defineStore('sweep', () => {
  const runs = useRunsStore();
  const spec = useSpecStore();
  const draft = reactive<SweepDraft>({ name: 'my-sweep', axes: [{ path: 'model.noise.e', values: '0, 2, 4' }] });
  const plan = computed(() => planSweep(draft, spec.validation.spec, runs.appInfo?.defaultWorkers ?? 1));
  /** the sweep started last (its cells and their runs) */
  const started = shallowRef<SweepInput | null>(null);
  const cells = ref<SweepCellRun[]>([]);
  const error = ref<string | null>(null);

  const entry = (c: SweepCellRun) => runs.runs.find((r) => r.id === c.runId) ?? null;
  const done = computed(() => cells.value.filter((c) => entry(c)?.status === 'completed'));
  const axes = computed(() => (started.value ? sweepAxes(expandSweep(started.value).sweep) : []));

  /** Queue every cell as a run; a cell keeps the sweep's spec with the name "sweep/cell". */
  async function start(): Promise<void> {
    error.value = null;
    const p = plan.value;
    if (!p.sweep) return;
    started.value = p.sweep;
    cells.value = p.cells.map((c) => ({ ...c, runId: null }));
    for (const c of cells.value) {
      const id = await runs.start({ ...c.spec, name: `${p.sweep.name}/${c.slug}`.slice(0, 200) });
      if (id === null) {
        error.value = runs.startError ?? 'a cell could not be started';
        return;
      }
      c.runId = id;
    }
  }

  /** One row per finished cell and series (what `gtlab sweep summarize` prints). */
  function rows(): SweepRow[] {
    void runs.version; // recompute as lines arrive
    return done.value.flatMap((c) => cellRows(c, c.spec, runs.linesOf(c.runId)));
  }

  return { draft, plan, started, cells, error, done, axes, entry, start, rows };
});
