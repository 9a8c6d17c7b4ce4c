/**
 * A long solve as the app runs it: the run host starts an Othello solve of a few seconds in a worker
 * process of its own (a Node child process, as the desktop app's utility process), and the progress
 * events reach the host paced by the job's clock (a report once the pace's interval has passed, not once
 * so many nodes were searched), each with nodes, the job's ms and nodes ÷ seconds; the finished event's
 * duration is the kept record's (History's) and the result's own time. That the pace reports at least once
 * a second whatever the node rate is test/util/progress-pace.test.ts's, on a clock of its own: here the
 * machine's load sets the gaps' upper end, so only what holds under any load is checked.
 */
import { describe, expect, test, vi } from 'vitest';
import type { StudyEvent } from '../../shared/api/contract.ts';
import { MemoryRunRecords, RecordRunStore } from '../../shared/host/record-run-store.ts';
import { RunHost } from '../../shared/host/run-host.ts';
import { MemoryStudyStore } from '../../shared/host/study-store.ts';
import { FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';
import { spawnChildProcessWorker } from '../../node/child-process-worker.ts';
import { PROGRESS_EVERY_MS } from '../../shared/util/progress-pace.ts';

describe('a long solve in a worker process', () => {
  test("reports reach the host paced by the job's clock; one duration in the result, the event and the record", async () => {
    const studies = new MemoryStudyStore();
    const events: { at: number; e: StudyEvent }[] = [];
    const host = new RunHost({
      store: new RecordRunStore(new MemoryRunRecords()),
      studies,
      spawn: spawnChildProcessWorker,
      workers: 1,
      emit: () => {},
      emitStudy: (e) => events.push({ at: performance.now(), e }),
    });
    // FForum #16 by alpha-beta in natural order: 7.2 M nodes, ~2.5 s on an idle core.
    const id = host.startStudy({
      kind: 'othello',
      position: FFORUM_1_19[15].position,
      algorithm: 'alphabeta',
      ordering: 'natural',
      weak: false,
    });
    await vi.waitFor(
      () => {
        if (!events.some(({ e }) => e.studyId === id && e.type === 'finished' && e.recordId))
          throw new Error('running');
      },
      { timeout: 60_000, interval: 20 },
    );
    host.close();
    const progress = events.filter(({ e }) => e.type === 'progress');
    const end = events.at(-1)!;
    if (end.e.type !== 'finished' || end.e.result.kind !== 'othello') throw new Error(`no result: ${end.e.type}`);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    // Paced by the job's clock: the reports' own times lie at least the pace's interval apart.
    const times = progress.map(({ e }) => (e.type === 'progress' ? e.progress.ms! : NaN));
    const gaps = [times[0], ...times.slice(1).map((t, k) => t - times[k])];
    expect(Math.min(...gaps), `gaps between the reports' times, ms: ${gaps.join(' ')}`).toBeGreaterThanOrEqual(
      PROGRESS_EVERY_MS,
    );
    for (const { e } of progress) {
      if (e.type !== 'progress') continue;
      expect(e.progress.perSecond).toBe(e.progress.done / (e.progress.ms! / 1000));
      expect(e.progress.ms).toBeLessThanOrEqual(end.e.ms);
    }
    const r = end.e.result.result;
    expect(r.score).toBe(FFORUM_1_19[15].score);
    expect(r.seconds).toBe(end.e.ms / 1000);
    expect(r.nodesPerSecond).toBe(r.nodes / (end.e.ms / 1000));
    const [row] = await host.listStudies();
    expect(row.ms).toBe(end.e.ms);
    expect((await studies.open(end.e.recordId!))!.ms).toBe(end.e.ms);
  }, 90_000);
});
