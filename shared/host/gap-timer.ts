/**
 * The throttle under every stream of host events: work scheduled any number of times is flushed once,
 * `gapMs` after the first scheduling, or at once by `flush()` (a run or study ended). What is pending
 * and how it goes out is the caller's (./run-event-throttle.ts: lines then progress; ./study-runner.ts:
 * the latest progress).
 */
export class GapTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly gapMs: number,
    private readonly onFlush: () => void,
  ) {}

  schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), this.gapMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.onFlush();
  }
}
