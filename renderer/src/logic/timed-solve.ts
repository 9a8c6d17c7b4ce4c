/**
 * A solve run as a study (`useStudy()`) and the clock it shows: while it runs, the solver's own paced
 * reports (shared/util/progress-pace.ts) in words, the seconds on the job's stopwatch with the nodes
 * visited and their rate (`solvingText`); once it has completed, its duration as the job measured it,
 * the number and the words History shows for it (`duration`). `result` is the last solve's result,
 * null from the start of a solve until it finishes. For the position solvers' panels (Connect-Four,
 * Othello), which differ only in their request and their board.
 */
import { computed, shallowRef } from 'vue';
import type { StudyKind, StudyRequest, StudyResult } from '../../../shared/studies/registry.ts';
import type { StudyProgress } from '../../../shared/studies/study-descriptor.ts';
import { formatDuration } from './estimate.ts';
import { useStudy } from './study-run.ts';

/** A count as shown while solving: ·10⁹ and ·10⁶ from a million up, else the whole number. */
export const fmtCount = (x: number): string =>
  x >= 1e9 ? `${(x / 1e9).toFixed(2)}·10⁹` : x >= 1e6 ? `${(x / 1e6).toFixed(1)}·10⁶` : String(Math.round(x));

/** "solving… 2.5 s · 3.1·10⁶ nodes · 1.2·10⁶ nodes/s" from the latest report; "solving…" before the first. */
export function solvingText(p: StudyProgress | null): string {
  if (p === null || p.ms === undefined || p.perSecond === undefined) return 'solving…';
  return `solving… ${(p.ms / 1000).toFixed(1)} s · ${fmtCount(p.done)} nodes · ${fmtCount(p.perSecond)} nodes/s`;
}

/** A study whose outcome is one `result` (the solvers'), of kind K. */
type Solved<K extends StudyKind> = Extract<StudyResult, { kind: K; result: unknown }>;

export function useTimedSolve<K extends Solved<StudyKind>['kind']>() {
  const study = useStudy();
  const result = shallowRef<Solved<K>['result'] | null>(null);

  /** Run `req`; its result lands in `result`. */
  async function solve(req: Extract<StudyRequest, { kind: K }>): Promise<void> {
    result.value = null;
    const r = await study.run(req);
    if (r) result.value = (r as Solved<K>).result;
  }

  const clock = computed(() => solvingText(study.progress.value));
  /** the completed solve's duration in History's words for the same number ("850 ms", "12 s"); "–" before */
  const duration = computed(() => formatDuration(study.ms.value));
  const { running, progress, error, cancel: stop } = study;
  return { solve, stop, result, clock, duration, running, progress, error };
}
