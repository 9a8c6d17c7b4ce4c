/**
 * Throttling of one run's events: result lines are batched and the latest progress replaces the
 * previous one; both go out together at most once per `gapMs` (lines first, so a progress event never
 * counts lines not yet sent). `flush()` sends what is pending at once (the run ended).
 */
import type { RunEvent } from '../api/contract.ts';
import type { RunProgress } from '../experiments/run-experiment.ts';
import type { ResultLine } from '../experiments/run-tree.ts';

export class RunEventThrottle {
  private lines: ResultLine[] = [];
  private progress: RunProgress | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly runId: string, private readonly gapMs: number, private readonly emit: (e: RunEvent) => void) {}

  line(line: ResultLine): void {
    this.lines.push(line);
    this.schedule();
  }

  setProgress(p: RunProgress): void {
    this.progress = p;
    this.schedule();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length > 0) {
      const lines = this.lines;
      this.lines = [];
      this.emit({ runId: this.runId, type: 'lines', lines });
    }
    if (this.progress) {
      const progress = this.progress;
      this.progress = null;
      this.emit({ runId: this.runId, type: 'progress', progress });
    }
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.flush(), this.gapMs);
  }
}
