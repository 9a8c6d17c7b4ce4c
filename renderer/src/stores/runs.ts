/**
 * Runs of this session and the run history: status and progress per run (reactive, small), result
 * lines (kept out of Vue's reactivity in a plain Map: thousands of objects), and a version counter
 * bumped by a batcher at most every LIVE_UPDATE_MS (200 ms), which is what charts and tables watch.
 */
import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import type { AppInfo, RunData, RunEvent, RunListing, RunStatus } from '../../../shared/api/contract.ts';
import type { RunProgress } from '../../../shared/experiments/run-experiment.ts';
import type { ResultLine } from '../../../shared/io/result-line-fields.ts';
import type { ExperimentSpec } from '../../../shared/experiments/spec.ts';
import { summarizeRun, type Counter, type RunSummary } from '../../../shared/experiments/statistics.ts';
import { completeTrees } from '../../../shared/host/run-rules.ts';
import { MAX_RUNS } from '../../../shared/figures/figure-spec.ts';
import { platform } from '../platform/index.ts';
import { Batcher } from '../logic/batcher.ts';
import { estimateRun } from '../logic/estimate.ts';
import { unfinishedRuns } from '../logic/history-view.ts';
import { useSpecStore } from './spec.ts';

export interface RunEntry {
  id: string;
  name: string;
  spec: ExperimentSpec | null;
  status: RunStatus;
  progress: RunProgress | null;
  failures: { tree: number; reason: string }[];
  createdAt: string;
  generator: string;
  workers: number;
  /** true for runs started in this session (shown in the queue) */
  live: boolean;
  error: string | null;
}

const LIVE_UPDATE_MS = 200;

export const useRunsStore = defineStore('runs', () => {
  const runs = ref<RunEntry[]>([]);
  const history = ref<RunListing[]>([]);
  const appInfo = shallowRef<AppInfo | null>(null);
  const selectedId = ref<string | null>(null);
  /** runs overlaid on the selected one (B, C, …), up to MAX_RUNS − 1 */
  const compareIds = ref<string[]>([]);
  const counter = ref<Counter>('visited'); // counted alike with the minimum proof size (leaves included)
  /** bumped when result lines arrive (batched); charts and tables depend on it */
  const version = ref(0);
  const startError = ref<string | null>(null);
  const lines = markRaw(new Map<string, ResultLine[]>());
  let unsubscribe: (() => void) | null = null;

  const batcher = new Batcher<{ runId: string; lines: ResultLine[] }>((batches) => {
    for (const b of batches) {
      const into = lines.get(b.runId);
      if (into) into.push(...b.lines);
      else lines.set(b.runId, [...b.lines]);
    }
    version.value++;
  }, LIVE_UPDATE_MS);

  const byId = (id: string | null) => (id === null ? undefined : runs.value.find((r) => r.id === id));
  const selected = computed(() => byId(selectedId.value) ?? null);
  const compared = computed(() => compareIds.value.map((id) => byId(id)).filter((r): r is RunEntry => r !== undefined));
  const queue = computed(() => runs.value.filter((r) => r.live));

  function linesOf(id: string | null): ResultLine[] {
    return (id !== null && lines.get(id)) || [];
  }

  function summaryOf(id: string | null): RunSummary | null {
    void version.value; // recompute when lines arrive
    const r = byId(id);
    if (!r?.spec) return null;
    return summarizeRun(r.spec, linesOf(id), counter.value);
  }

  const summary = computed(() => summaryOf(selectedId.value));
  const compareSummaries = computed(() =>
    compareIds.value.map((id) => summaryOf(id)).filter((x): x is RunSummary => x !== null),
  );

  function onEvent(e: RunEvent): void {
    let r = byId(e.runId);
    if (!r) {
      // An event before startRun resolved (or of a run started elsewhere): track it, fetch its spec.
      r = addEntry({ id: e.runId, name: e.runId, status: 'running', live: true });
      void platform()
        .openRun(e.runId)
        .then(
          (d) => {
            const x = byId(d.id);
            if (x) Object.assign(x, { spec: d.spec, name: d.spec.name, generator: d.generator });
          },
          () => undefined,
        );
    }
    switch (e.type) {
      case 'lines':
        batcher.push({ runId: e.runId, lines: e.lines });
        return;
      case 'progress':
        r.progress = e.progress;
        if (r.status === 'queued') r.status = 'running';
        return;
      case 'tree-failed':
        r.failures.push({ tree: e.tree, reason: e.reason });
        return;
      case 'finished':
        batcher.flush();
        r.status = e.outcome.status;
        r.progress = e.outcome.progress;
        r.failures = [...e.outcome.failures];
        measureRate(r);
        void refreshHistory();
        return;
    }
  }

  /**
   * Calibrate the estimate from a finished run: the rate (in the estimate's own node units) that would
   * have predicted this run's time, so the next estimate of a similar spec matches this machine.
   */
  function measureRate(r: RunEntry): void {
    const p = r.progress;
    if (!r.spec || !p || p.elapsedMs < 200) return;
    const ran = p.treesDone - p.treesSkipped;
    if (ran <= 0) return;
    const workers = Math.max(1, r.workers || 1);
    const est = estimateRun(r.spec, workers, 1);
    useSpecStore().recordRate((est.totalNodes * (ran / r.spec.trees)) / (p.elapsedMs / 1000) / Math.min(workers, ran));
  }

  /** Add a run to the store; what `e` leaves out is what a run not yet heard of has (no spec, no progress). */
  function addEntry(e: Pick<RunEntry, 'id' | 'name' | 'status' | 'live'> & Partial<RunEntry>): RunEntry {
    runs.value.push({
      spec: null,
      progress: null,
      failures: [],
      createdAt: new Date().toISOString(),
      generator: '',
      workers: 0,
      error: null,
      ...e,
    });
    return runs.value[runs.value.length - 1];
  }

  async function init(): Promise<void> {
    if (unsubscribe) return;
    const api = platform();
    unsubscribe = api.onRunEvent(onEvent);
    appInfo.value = await api.appInfo();
    useSpecStore().workers = appInfo.value.defaultWorkers;
    await refreshHistory();
    await restoreQueue();
  }

  /**
   * When the page opens (after a reload, say), the queue shows again the stored runs that had not ended
   * (unfinishedRuns): a run a reload interrupted is there with Resume, not only in History. The newest is
   * selected and its spec loaded into the form, so the page shows the run the user was working on.
   */
  async function restoreQueue(): Promise<void> {
    const unfinished = unfinishedRuns(history.value);
    for (const h of [...unfinished].reverse()) {
      if (byId(h.id)) continue;
      addEntry({
        id: h.id,
        name: h.name,
        status: h.status,
        // what the store holds: its complete trees (the time it ran is not kept)
        progress: {
          treesTotal: h.trees,
          treesDone: h.treesDone,
          treesFailed: 0,
          treesCancelled: 0,
          treesSkipped: 0,
          elapsedMs: 0,
          etaMs: null,
        },
        createdAt: h.createdAt,
        live: true,
      });
    }
    const newest = unfinished[0];
    if (!newest) return;
    try {
      await select(newest.id);
      const r = byId(newest.id);
      if (r?.spec)
        useSpecStore().loadSpec(
          r.spec,
          `the spec of run “${newest.name}” (${newest.status}, ${newest.treesDone} / ${newest.trees} trees)${r.status === 'interrupted' ? ': Resume it in the run queue' : ''}`,
        );
    } catch (e) {
      startError.value = `Could not reopen run “${newest.name}”: ${(e as Error).message}`;
    }
  }

  /** Take a run that is not running out of the queue (it stays in History). */
  function dismiss(id: string): void {
    const r = byId(id);
    if (r && r.status !== 'running' && r.status !== 'queued') r.live = false;
  }

  async function refreshHistory(): Promise<void> {
    try {
      history.value = await platform().listRuns();
    } catch {
      history.value = [];
    }
  }

  /** Start a run of `spec` on `workers` workers (default: the form's choice, initially the host's default). */
  async function start(spec: ExperimentSpec, workers = useSpecStore().workers): Promise<string | null> {
    startError.value = null;
    try {
      const id = await platform().startRun(spec, { workers });
      const existing = byId(id);
      if (existing) Object.assign(existing, { spec, name: spec.name, workers });
      else addEntry({ id, name: spec.name, spec, status: 'queued', workers, live: true });
      selectedId.value = id;
      void refreshHistory();
      return id;
    } catch (e) {
      startError.value = (e as Error).message;
      return null;
    }
  }

  async function cancel(id: string): Promise<void> {
    try {
      await platform().cancelRun(id);
    } catch (e) {
      const r = byId(id);
      if (r) r.error = (e as Error).message;
    }
  }

  /**
   * Resume a run that stopped: the host keeps the lines of its complete trees and reruns the others,
   * so this store keeps the same lines (the same rule, shared/host/run-rules.ts) before new ones arrive.
   */
  async function resume(id: string): Promise<void> {
    if (!byId(id) || !lines.has(id)) await open(id);
    const r = byId(id)!;
    batcher.flush();
    const done = r.spec ? completeTrees(r.spec, linesOf(id)) : new Set<number>();
    lines.set(
      id,
      linesOf(id).filter((l) => done.has(l.tree)),
    );
    await platform().resumeRun(id);
    Object.assign(r, { status: 'queued', progress: null, live: true, error: null, workers: useSpecStore().workers });
    version.value++;
    selectedId.value = id;
    void refreshHistory();
  }

  /** Load a run (from history) with all its lines into this store; returns it as the host holds it. */
  async function open(id: string): Promise<RunData> {
    const d = await platform().openRun(id);
    batcher.flush();
    lines.set(id, [...d.lines]);
    const existing = byId(id);
    if (existing)
      Object.assign(existing, {
        spec: d.spec,
        name: d.spec.name,
        generator: d.generator,
        status:
          existing.live && (existing.status === 'running' || existing.status === 'queued') ? existing.status : d.status,
        failures: d.failures,
      });
    else
      addEntry({
        id,
        name: d.spec.name,
        spec: d.spec,
        status: d.status,
        failures: d.failures,
        createdAt: d.createdAt,
        generator: d.generator,
        live: false,
      });
    version.value++;
    return d;
  }

  async function select(id: string): Promise<void> {
    if (!byId(id) || !lines.has(id)) await open(id);
    selectedId.value = id;
    compareIds.value = compareIds.value.filter((x) => x !== id);
  }

  /** Compare the selected run with this one only (null: with none). */
  async function compareWith(id: string | null): Promise<void> {
    if (id !== null && (!byId(id) || !lines.has(id))) await open(id);
    compareIds.value = id === null ? [] : [id];
  }

  /** Add a run to the comparison, or take it out if it is in. */
  async function toggleCompare(id: string): Promise<void> {
    if (compareIds.value.includes(id)) {
      compareIds.value = compareIds.value.filter((x) => x !== id);
      return;
    }
    if (compareIds.value.length >= MAX_RUNS - 1)
      throw new RangeError(`A figure compares at most ${MAX_RUNS} runs: take one out of the comparison first.`);
    if (!byId(id) || !lines.has(id)) await open(id);
    compareIds.value = [...compareIds.value, id];
  }

  /** Delete a stored run (History's delete, once its undo has passed) and forget it here. */
  async function remove(id: string): Promise<void> {
    await platform().deleteRun(id);
    runs.value = runs.value.filter((r) => r.id !== id);
    lines.delete(id);
    compareIds.value = compareIds.value.filter((x) => x !== id);
    if (selectedId.value === id) selectedId.value = null;
    version.value++;
    await refreshHistory();
  }

  /** The full record of a run for exports (lines as received so far). */
  async function runData(id: string): Promise<RunData> {
    batcher.flush();
    const d = await platform().openRun(id);
    return d;
  }

  return {
    runs,
    history,
    appInfo,
    selectedId,
    compareIds,
    counter,
    version,
    startError,
    selected,
    compared,
    queue,
    summary,
    compareSummaries,
    linesOf,
    init,
    refreshHistory,
    start,
    cancel,
    resume,
    dismiss,
    open,
    select,
    compareWith,
    toggleCompare,
    remove,
    runData,
    onEvent,
  };
});
