/**
 * The run host's study job kind with fake workers (no processes): a study gets a worker of its own,
 * its request goes out once the worker is ready, progress is throttled (the latest wins, sent before
 * the end), the result goes out with the duration its worker measured, the worker is killed when the study settles or is cancelled, a worker that dies fails its
 * study with the reason, and the number of studies at once is bounded.
 */
import { describe, expect, test } from 'vitest';
import type { StudyEvent } from '../../shared/api/contract.ts';
import { PROTOCOL_VERSION } from '../../shared/jobs/protocol.ts';
import { MAX_STUDIES, StudyRunner } from '../../shared/host/study-runner.ts';
import { fakeWorkers } from '../helpers/fake-worker.ts';

function runner(gapMs = 20) {
  const { spawn, workers } = fakeWorkers();
  const events: StudyEvent[] = [];
  const r = new StudyRunner(spawn, (e) => events.push(e), gapMs);
  return { r, workers, events };
}

const c4 = { kind: 'c4', moves: '4455', step: 'final', weak: false } as const;

describe('study runner', () => {
  test('request after ready, throttled progress, result, worker killed', async () => {
    const { r, workers, events } = runner();
    const id = r.start(c4);
    expect(workers).toHaveLength(1);
    expect(workers[0].sent).toEqual([]);
    workers[0].ready();
    expect(workers[0].sent).toEqual([{ v: PROTOCOL_VERSION, type: 'run-study', jobId: 1, request: c4 }]);
    for (let k = 1; k <= 5; k++) workers[0].send({ type: 'study-progress', progress: { done: k, total: 10 } });
    expect(events).toEqual([]); // coalesced
    await new Promise((res) => setTimeout(res, 40));
    expect(events).toEqual([{ studyId: id, type: 'progress', progress: { done: 5, total: 10 } }]);
    workers[0].send({ type: 'study-progress', progress: { done: 9, total: 10 } });
    const result = {
      kind: 'c4',
      result: { moves: '4455', stones: 4, score: 1, visited: 2, step: 'final', weak: false, ms: 1 },
    };
    workers[0].send({ type: 'study-result', result, ms: 1 });
    expect(events.slice(1)).toEqual([
      { studyId: id, type: 'progress', progress: { done: 9, total: 10 } }, // pending progress before the end
      { studyId: id, type: 'finished', result, ms: 1 }, // the worker's measure of the work, passed on as it came
    ]);
    expect(workers[0].killed).toBe(true);
    await Promise.resolve(); // the kill's exit arrives: not a failure
    expect(events).toHaveLength(3);
  });

  test('errors, a dying worker and cancel each end a study once', () => {
    const { r, workers, events } = runner();
    const a = r.start(c4);
    workers[0].send({ type: 'error', message: 'moves: 8 is not a column', range: true });
    const b = r.start(c4);
    workers[1].crash(139);
    const c = r.start(c4);
    r.cancel(c);
    r.cancel(c);
    workers[2].send({ type: 'study-result', result: {} }); // too late: ignored
    expect(events).toEqual([
      { studyId: a, type: 'failed', message: 'moves: 8 is not a column', range: true },
      { studyId: b, type: 'failed', message: 'the study worker exited (code 139)', range: false },
      { studyId: c, type: 'cancelled' },
    ]);
    expect(workers.map((w) => w.killed)).toEqual([true, true, true]);
  });

  test(`at most ${MAX_STUDIES} studies at once; close cancels them all`, () => {
    const { r, workers, events } = runner();
    for (let k = 0; k < MAX_STUDIES; k++) r.start(c4);
    expect(() => r.start(c4)).toThrow(new RegExp(`${MAX_STUDIES} studies are running`));
    r.close();
    expect(events.map((e) => e.type)).toEqual(Array(MAX_STUDIES).fill('cancelled'));
    expect(workers.every((w) => w.killed)).toBe(true);
    r.start(c4); // room again
    expect(workers).toHaveLength(MAX_STUDIES + 1);
  });
});
