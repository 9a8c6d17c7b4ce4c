/**
 * A solve run as a study (`useStudy()`) with a clock: the seconds since the solve started, counted four
 * times a second while it runs, stopped when it ends or is cancelled (or the component unmounts), and
 * `clock` saying so in words with the nodes visited and their rate once the solver reports them
 * (`fmtCount` writes those counts); `result` is the last solve's result, null from the start of a solve
 * until it finishes. For the position solvers' panels (Connect-Four, Othello), which differ only in
 * their request and their board.
 */
import { computed, onBeforeUnmount, ref, shallowRef } from 'vue';
import type { StudyKind, StudyRequest, StudyResult } from '../../../shared/studies/registry.ts';
import { useStudy } from './study-run.ts';

/** A count as shown while solving: ·10⁹ and ·10⁶ from a million up, else the whole number. */
export const fmtCount = (x: number): string =>
  x >= 1e9 ? `${(x / 1e9).toFixed(2)}·10⁹` : x >= 1e6 ? `${(x / 1e6).toFixed(1)}·10⁶` : String(Math.round(x));

/** A study whose outcome is one `result` (the solvers'), of kind K. */
type Solved<K extends StudyKind> = Extract<StudyResult, { kind: K; result: unknown }>;

export function useTimedSolve<K extends Solved<StudyKind>['kind']>() {
  const study = useStudy();
  const result = shallowRef<Solved<K>['result'] | null>(null);
  const elapsed = ref(0);
  let timer: ReturnType<typeof setInterval> | null = null;
  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  /** Run `req` with the clock restarted; its result lands in `result`. */
  async function solve(req: Extract<StudyRequest, { kind: K }>): Promise<void> {
    result.value = null;
    stopTimer();
    const t0 = performance.now();
    elapsed.value = 0;
    timer = setInterval(() => (elapsed.value = (performance.now() - t0) / 1000), 250);
    const r = await study.run(req);
    if (r) result.value = (r as Solved<K>).result;
    if (!study.running.value) stopTimer(); // else a newer solve owns the timer
  }

  /** Cancel the solve and stop the clock. */
  function stop(): void {
    study.cancel();
    stopTimer();
  }

  /** "solving… 2.5 s · 3.1·10⁶ nodes · 1.2·10⁶ nodes/s" */
  const clock = computed(() => {
    const p = study.progress.value;
    const ms = p?.ms;
    const head = `solving… ${elapsed.value.toFixed(1)} s`;
    return p && ms !== undefined
      ? `${head} · ${fmtCount(p.done)} nodes · ${fmtCount(ms > 0 ? p.done / (ms / 1000) : 0)} nodes/s`
      : head;
  });

  onBeforeUnmount(stopTimer);
  const { running, progress, error } = study;
  return { solve, stop, result, clock, running, progress, error };
}
