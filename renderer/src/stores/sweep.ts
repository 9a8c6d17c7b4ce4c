/**
 * The Sweep tab's state: the grid editor's draft, and the cells of the sweep started from it (or opened
 * from a folder `gtlab sweep` wrote, perhaps on a cluster), each an ordinary run of the run host (queued
 * one after another, kept in History as "sweep/cell"), so a cell's progress, results and resume are a
 * run's. Rows and figures come from the cells' result lines.
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef } from 'vue';
import type { ImportResult } from '../../../shared/api/contract.ts';
import { expandSweep, figureAxes as figureAxesOf, sweepAxes } from '../../../shared/experiments/sweep.ts';
import { cellRows, type SweepRow } from '../../../shared/furtak-buro/sweep-summary.ts';
import { planSweep, type SweepDraft } from '../logic/sweep-draft.ts';
import { useRunsStore } from './runs.ts';
import { useSpecStore } from './spec.ts';

export interface SweepCellRun {
  slug: string;
  params: Record<string, unknown>;
  runId: string | null;
}

export const useSweepStore = defineStore('sweep', () => {
  const runs = useRunsStore();
  const spec = useSpecStore();
  const draft = reactive<SweepDraft>({ name: 'my-sweep', axes: [{ path: 'model.noise.e', values: '0, 2, 4' }] });
  const plan = computed(() => planSweep(draft, spec.validation.spec, runs.appInfo?.defaultWorkers ?? 1));
  /** the sweep shown: started here or opened from a folder */
  const started = shallowRef<{ name: string; axes: string[]; figureAxes: string[] } | null>(null);
  const cells = ref<SweepCellRun[]>([]);
  const error = ref<string | null>(null);

  const entry = (c: SweepCellRun) => runs.runs.find((r) => r.id === c.runId) ?? null;
  const done = computed(() => cells.value.filter((c) => entry(c)?.status === 'completed'));
  const axes = computed(() => started.value?.axes ?? []);
  const figureAxes = computed(() => started.value?.figureAxes ?? []);

  /** Queue every cell as a run; a cell keeps the sweep's spec with the name "sweep/cell". */
  async function start(): Promise<void> {
    error.value = null;
    const p = plan.value;
    if (!p.sweep) return;
    const parsed = expandSweep(p.sweep).sweep;
    started.value = { name: p.sweep.name, axes: sweepAxes(parsed), figureAxes: figureAxesOf(parsed) };
    cells.value = p.cells.map((c) => ({ slug: c.slug, params: c.params, runId: null }));
    for (const [k, c] of cells.value.entries()) {
      const id = await runs.start({ ...p.cells[k].spec, name: `${p.sweep.name}/${c.slug}`.slice(0, 200) });
      if (id === null) {
        error.value = runs.startError ?? 'a cell could not be started';
        return;
      }
      c.runId = id;
    }
  }

  /** Show a sweep folder the host imported (its cells' runs are loaded with their lines). */
  async function showImported(r: ImportResult): Promise<void> {
    if (!r.sweep) return;
    const ids = new Map(r.runs.map((x) => [x.at, x.id]));
    started.value = { name: r.sweep.name, axes: r.sweep.axes, figureAxes: r.sweep.figureAxes };
    cells.value = r.sweep.cells.map((c) => ({
      slug: c.slug,
      params: c.params,
      runId: ids.get(`cells/${c.slug}`) ?? null,
    }));
    for (const c of cells.value) if (c.runId) await runs.open(c.runId);
  }

  /** One row per finished cell and series (what `gtlab sweep summarize` prints). */
  function rows(): SweepRow[] {
    void runs.version; // recompute as lines arrive
    return done.value.flatMap((c) => {
      const s = entry(c)?.spec;
      return s ? cellRows(c, s, runs.linesOf(c.runId)) : [];
    });
  }

  return { draft, plan, started, cells, error, done, axes, figureAxes, entry, start, showImported, rows };
});
