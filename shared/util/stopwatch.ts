/**
 * The one measurement of a computation's duration: started where the work starts, stopped once where it
 * ends. Every reading after the stop is that same number, so the progress reports on the way
 * (./progress-pace.ts), the result, the kept record and the view that shows them all carry one duration.
 * The clock is injectable (tests run it on a fake one).
 */
export class Stopwatch {
  private readonly t0: number;
  private stopped: number | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.t0 = now();
  }

  /** Milliseconds since the start; once stopped, the duration. */
  ms(): number {
    return this.stopped ?? this.now() - this.t0;
  }

  /** Stop at the first call and return the duration in ms; later calls return the same. */
  stop(): number {
    this.stopped ??= this.now() - this.t0;
    return this.stopped;
  }
}
