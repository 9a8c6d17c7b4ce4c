/**
 * Progress of a long search paced by the clock rather than by a count of nodes. The search's hot loop
 * calls `tick(done)` every PROGRESS_TICK nodes (one AND and one compare per node; a clock reading per
 * tick), and a report goes out once `everyMs` have passed since the last: at the slowest node rates of
 * the solvers (~0.5·10⁶ nodes/s, a tick every ~8 ms) as at the fastest, the reports come ~`everyMs`
 * apart. A report carries the nodes done, the milliseconds of the computation's stopwatch
 * (./stopwatch.ts, so the last report and the result's duration are one clock) and the rate.
 */
import type { Stopwatch } from './stopwatch.ts';

/** Nodes between two ticks of a search (a power of two: loops test `(nodes & (PROGRESS_TICK - 1)) === 0`). */
export const PROGRESS_TICK = 4096;
/** Milliseconds between two reports. */
export const PROGRESS_EVERY_MS = 250;

/** A paced report: nodes done, ms since the start, and done per second. */
export interface PacedProgress {
  done: number;
  ms: number;
  perSecond: number;
}

/** `count` per second over `ms` milliseconds (0 before any time has passed). */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? count / (ms / 1000) : 0;
}

export class ProgressPace {
  private last: number;

  constructor(
    private readonly watch: Stopwatch,
    private readonly emit: (p: PacedProgress) => void,
    private readonly everyMs = PROGRESS_EVERY_MS,
  ) {
    this.last = watch.ms();
  }

  /** A search's tick: report `done` if `everyMs` have passed since the last report (or the start). */
  tick(done: number): void {
    const ms = this.watch.ms();
    if (ms - this.last < this.everyMs) return;
    this.last = ms;
    this.emit({ done, ms, perSecond: perSecond(done, ms) });
  }
}
