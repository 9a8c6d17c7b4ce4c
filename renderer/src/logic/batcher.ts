/**
 * Batching of live updates: items (result lines) pile up and are handed over together at most once
 * per interval, so a burst of events costs one chart/summary update instead of one each. The timer is
 * injectable for tests.
 */
export interface Scheduler {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const timerScheduler: Scheduler = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class Batcher<T> {
  private items: T[] = [];
  private handle: unknown = null;

  constructor(
    private readonly flushFn: (items: T[]) => void,
    private readonly intervalMs: number,
    private readonly scheduler: Scheduler = timerScheduler,
  ) {}

  push(...items: T[]): void {
    this.items.push(...items);
    if (this.handle === null) this.handle = this.scheduler.set(() => this.flush(), this.intervalMs);
  }

  /** Hand over everything pending now (a run finished, the user switched views). */
  flush(): void {
    if (this.handle !== null) this.scheduler.clear(this.handle);
    this.handle = null;
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.flushFn(items);
  }

  get pending(): number {
    return this.items.length;
  }

  dispose(): void {
    if (this.handle !== null) this.scheduler.clear(this.handle);
    this.handle = null;
    this.items = [];
  }
}
