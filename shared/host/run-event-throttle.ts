/**
 * Throttling of one run's events: result lines are batched and the latest progress replaces the
 * previous one; both go out together at most once per `gapMs` (lines first, so a progress event never
 * counts lines not yet sent). `flush()` sends what is pending at once (the run ended).
 */
import type { RunEvent } from '../api/contract.ts';
import type { RunProgress } from '../experiments/run-experiment.ts';
import type { ResultLine } from '../io/result-line-fields.ts';
import { GapTimer } from './gap-timer.ts';

export class RunEventThrottle {
  private lines: ResultLine[] = [];
  private progress: RunProgress | null = null;
  private readonly gap: GapTimer;

  constructor(
    private readonly runId: string,
    gapMs: number,
    private readonly emit: (e: RunEvent) => void,
  ) {
    this.gap = new GapTimer(gapMs, () => this.send());
  }

  line(line: ResultLine): void {
    this.lines.push(line);
    this.gap.schedule();
  }

  setProgress(p: RunProgress): void {
    this.progress = p;
    this.gap.schedule();
  }

  flush(): void {
    this.gap.flush();
  }

  private send(): void {
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
}
