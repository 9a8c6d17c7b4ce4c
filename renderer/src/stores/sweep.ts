/**
 * The Sweep tab's state: the grid editor's draft, and the cells of the sweep started from it (or opened
 * from a folder `gtlab sweep` wrote, perhaps on a cluster), each an ordinary run of the run host (queued
 * one after another, kept in History as "sweep/cell"), so a cell's progress, results and resume are a
 * run's. Rows and figures come from the cells' result lines. Every sweep shown is kept
 * (../logic/kept-sweeps.ts): History lists it, and after a reload the Sweep tab shows the newest again.
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef } from 'vue';
import type { ImportResult } from '../../../shared/api/contract.ts';
import { expandSweep, figureAxes as figureAxesOf, sweepAxes } from '../../../shared/experiments/sweep.ts';
import { cellRows, type SweepRow } from '../../../shared/furtak-buro/sweep-summary.ts';
import { forgetSweep, type KeptSweep, type KeptSweepCell, keepSweep, readKeptSweeps } from '../logic/kept-sweeps.ts';
import { planSweep, type SweepDraft } from '../logic/sweep-draft.ts';
import { useRunsStore } from './runs.ts';
import { useSpecStore } from './spec.ts';

/** A cell of the sweep shown: its slug, swept parameters and run (null until queued). */
export type SweepCellRun = KeptSweepCell;

/** The renderer's storage, where it has one (the tests' Node has none). */
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const useSweepStore = defineStore('sweep', () => {
  const runs = useRunsStore();
  const spec = useSpecStore();
  const draft = reactive<SweepDraft>({ name: 'my-sweep', axes: [{ path: 'model.noise.e', values: '0, 2, 4' }] });
  const plan = computed(() => planSweep(draft, spec.validation.spec, runs.appInfo?.defaultWorkers ?? 1));
  /** the sweep shown: started here or opened from a folder */
  const started = shallowRef<{ name: string; axes: string[]; figureAxes: string[] } | null>(null);
  const cells = ref<SweepCellRun[]>([]);
  const error = ref<string | null>(null);
  /** the kept sweeps, newest first, and the id of the one shown */
  const kept = ref<KeptSweep[]>(readStored());
  const keptId = ref<string | null>(null);
  const keptAt = ref('');

  function readStored(): KeptSweep[] {
    const s = storage();
    return s ? readKeptSweeps(s) : [];
  }

  /** Keep the sweep shown as it now is (its cells' runs as far as they are started). */
  function keepShown(): void {
    const s = storage();
    if (!s || !started.value || !keptId.value) return;
    try {
      kept.value = keepSweep(s, {
        id: keptId.value,
        name: started.value.name,
        at: keptAt.value,
        axes: started.value.axes,
        figureAxes: started.value.figureAxes,
        cells: cells.value.map((c) => ({ ...c })),
      });
    } catch (e) {
      error.value = `The sweep is not kept for after a reload: the browser's storage refused it (${(e as Error).message}). Its cells are runs in History.`;
    }
  }

  /** Begin showing a sweep: it is kept from now on under a new id. */
  function begin(s: { name: string; axes: string[]; figureAxes: string[] }, cellsOf: SweepCellRun[]): void {
    started.value = s;
    cells.value = cellsOf;
    keptAt.value = new Date().toISOString();
    keptId.value = `${keptAt.value} ${s.name}`;
    keepShown();
  }

  /** Show a kept sweep again, its cells' runs loaded with their lines (a run no longer stored is left out). */
  async function showKept(k: KeptSweep): Promise<void> {
    error.value = null;
    started.value = { name: k.name, axes: k.axes, figureAxes: k.figureAxes };
    keptId.value = k.id;
    keptAt.value = k.at;
    cells.value = k.cells.map((c) => ({ ...c }));
    for (const c of cells.value)
      if (c.runId)
        await runs.open(c.runId).catch(() => {
          c.runId = null;
        });
  }

  /** After a reload: the newest kept sweep, unless one is shown already. */
  async function restoreNewest(): Promise<void> {
    if (!started.value && kept.value.length > 0) await showKept(kept.value[0]);
  }

  /** Let a kept sweep go (its cells stay in History as runs); the Sweep tab keeps showing it until another. */
  function forget(id: string): void {
    const s = storage();
    if (s) kept.value = forgetSweep(s, id);
    if (keptId.value === id) keptId.value = null;
  }

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
    begin(
      { name: p.sweep.name, axes: sweepAxes(parsed), figureAxes: figureAxesOf(parsed) },
      p.cells.map((c) => ({ slug: c.slug, params: c.params, runId: null })),
    );
    for (const [k, c] of cells.value.entries()) {
      const id = await runs.start({ ...p.cells[k].spec, name: `${p.sweep.name}/${c.slug}`.slice(0, 200) });
      if (id === null) {
        error.value = runs.startError ?? 'a cell could not be started';
        return;
      }
      c.runId = id;
      keepShown();
    }
  }

  /** Show a sweep folder the host imported (its cells' runs are loaded with their lines). */
  async function showImported(r: ImportResult): Promise<void> {
    if (!r.sweep) return;
    const ids = new Map(r.runs.map((x) => [x.at, x.id]));
    begin(
      { name: r.sweep.name, axes: r.sweep.axes, figureAxes: r.sweep.figureAxes },
      r.sweep.cells.map((c) => ({ slug: c.slug, params: c.params, runId: ids.get(`cells/${c.slug}`) ?? null })),
    );
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

  return {
    draft,
    plan,
    started,
    cells,
    error,
    done,
    axes,
    figureAxes,
    kept,
    keptId,
    entry,
    start,
    showImported,
    showKept,
    restoreNewest,
    forget,
    rows,
  };
});
