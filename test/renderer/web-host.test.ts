/**
 * The browser adapter's host under Node, with in-process workers running the same worker core as
 * the Web Workers: results equal direct runTree calls, runs queue one after another, cancel works
 * for queued and running runs, history survives a reload, and inputs are validated; studies run
 * through the same host, each in a worker of its own.
 */
import { describe, expect, test, vi } from 'vitest';
import { WebHost, type WebHostDeps } from '../../renderer/src/platform/web-host.ts';
import { MemoryRunRecords } from '../../shared/host/record-run-store.ts';
import { MemoryStudyStore } from '../../shared/host/study-store.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { SpecError, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { prefixValueSpec } from '../helpers/prefix-value-spec.ts';
import type { RunEvent, SaveRequest, StudyEvent } from '../../shared/api/contract.ts';
import { runStudyJob } from '../../shared/jobs/study-jobs.ts';
import type { StudyRequest } from '../../shared/studies/registry.ts';

/** A worker in this process: messages cross a setTimeout, as they cross a thread boundary in a browser. */
const inProcess = spawnInProcessWorker;

function host(store = new MemoryRunRecords(), extra: Partial<WebHostDeps> = {}) {
  const saved: SaveRequest[] = [];
  const h = new WebHost({
    spawn: inProcess,
    workers: 2,
    store,
    versions: { test: '1' },
    saveFile: async (r) => {
      saved.push(r);
      return { saved: true, path: r.suggestedName };
    },
    openSpecFile: async () => null,
    renderFigure: async (runs, figure, format) => ({
      suggestedName: `${runs[0].spec.name}.${format}`,
      content: `${figure.mode}/${figure.counter}${runs
        .slice(1)
        .map((r) => ` vs ${r.spec.name}`)
        .join('')}`,
      encoding: 'utf8',
    }),
    renderStudyFigure: async (record, format) => ({
      suggestedName: `${record.id}.${format}`,
      content: `figure of ${record.request.kind}`,
      encoding: 'utf8',
    }),
    ...extra,
  });
  const events: RunEvent[] = [];
  h.onRunEvent((e) => events.push(e));
  return { h, events, saved };
}

function spec(trees: number, depth = 4, name = 'web host test'): ExperimentSpec {
  return prefixValueSpec(name, { bmin: 2, bmax: 5, damage: 6, e: 3 }, { trees, seed: 7, depth }, [
    { algorithm: 'alphabeta', ordering: 'estimate' },
    { algorithm: 'mtdf', ordering: 'fcf-ratio' },
  ]);
}

/** The first event of this run and type, once it has come. */
const first = <T extends RunEvent['type']>(events: RunEvent[], id: string, type: T) =>
  new Promise<RunEvent & { type: T }>((resolve) => {
    const check = () => {
      const f = events.find((e) => e.runId === id && e.type === type);
      if (f) resolve(f as RunEvent & { type: T });
      else setTimeout(check, 5);
    };
    check();
  });
const finished = (events: RunEvent[], id: string) => first(events, id, 'finished');

const key = (l: ResultLine) => `${l.tree}:${l.depth}`;

describe('WebHost', () => {
  test('a run streams the same lines as direct runTree calls, batched, then finishes', async () => {
    const { h, events } = host();
    const s = spec(6);
    const id = await h.startRun(s);
    const f = await finished(events, id);
    expect(f.outcome.status).toBe('completed');
    const streamed = events.flatMap((e) => (e.runId === id && e.type === 'lines' ? e.lines : []));
    const direct: ResultLine[] = [];
    for (let t = 0; t < s.trees; t++) await runTree(s, t, (l) => direct.push(l));
    expect(new Map(streamed.map((l) => [key(l), l]))).toEqual(new Map(direct.map((l) => [key(l), l])));
    expect(streamed.length).toBe(direct.length);
    // batched: fewer line events than lines
    expect(events.filter((e) => e.type === 'lines').length).toBeLessThan(streamed.length);
    const last = events.filter((e) => e.type === 'progress').at(-1)!;
    expect(last.type === 'progress' && last.progress.treesDone).toBe(6);
    const data = await h.openRun(id);
    expect(data.status).toBe('completed');
    expect(data.lines.length).toBe(direct.length);
    expect((await h.listRuns())[0]).toMatchObject({
      id,
      name: 'web host test',
      seed: 7,
      status: 'completed',
      trees: 6,
      treesDone: 6,
    });
    h.close();
  });

  test('runs queue one after another; cancelling a queued run and a running one', async () => {
    const { h, events } = host();
    // far more trees than run before the cancel below: a is still running when it comes
    const a = await h.startRun(spec(2000, 6, 'a'));
    const b = await h.startRun(spec(3, 3, 'b'));
    const c = await h.startRun(spec(3, 3, 'c'));
    expect((await h.openRun(b)).status).toBe('queued');
    await h.cancelRun(c); // queued: cancelled at once, never runs
    expect((await finished(events, c)).outcome.status).toBe('cancelled');
    await first(events, a, 'lines'); // a has finished trees, so it is running
    expect((await h.openRun(a)).status).toBe('running');
    await h.cancelRun(a);
    const fa = await finished(events, a);
    expect(fa.outcome.status).toBe('cancelled');
    expect(fa.outcome.progress.treesDone).toBeLessThan(2000);
    const fb = await finished(events, b); // b runs after a stopped
    expect(fb.outcome.status).toBe('completed');
    const firstB = events.findIndex((e) => e.runId === b && e.type === 'lines');
    const lastA = events.findLastIndex((e) => e.runId === a && e.type === 'lines');
    expect(firstB).toBeGreaterThan(lastA);
    expect(events.some((e) => e.runId === c && e.type === 'lines')).toBe(false);
    h.close();
  });

  test('a reload mid-run keeps every finished tree (lines stored as they arrive); resume ends equal to an uninterrupted run', async () => {
    const store = new MemoryRunRecords();
    const first = host(store);
    const s = spec(40, 5, 'reloaded');
    const id = await first.h.startRun(s, { workers: 1 });
    // Let a few trees finish, then the page goes away mid-run (the old host is never told).
    await vi.waitFor(
      async () =>
        expect((await host(store).h.listRuns()).find((r) => r.id === id)?.treesDone).toBeGreaterThanOrEqual(3),
      { timeout: 20_000, interval: 20 },
    );
    const second = host(store);
    const listed = (await second.h.listRuns()).find((r) => r.id === id)!;
    expect(listed.status).toBe('interrupted');
    expect(listed.treesDone).toBeGreaterThanOrEqual(3);
    expect(listed.treesDone).toBeLessThan(40);
    first.h.close();
    await second.h.resumeRun(id);
    expect((await finished(second.events, id)).outcome.status).toBe('completed');
    // After another reload: one line per tree and depth, each equal to a direct computation.
    const lines = (await host(store).h.openRun(id)).lines;
    expect(lines.length).toBe(40 * 5);
    expect(new Set(lines.map(key)).size).toBe(40 * 5);
    const want = new Map<string, ResultLine>();
    for (let t = 0; t < 40; t++) await runTree(s, t, (l) => want.set(key(l), l));
    for (const l of lines) expect(l).toEqual(want.get(key(l)));
    second.h.close();
  }, 60_000);

  test('run options are validated: workers 1..256', async () => {
    const { h } = host();
    await expect(h.startRun(spec(1), { workers: 0 })).rejects.toThrow(/run options: workers: /);
    await expect(h.startRun(spec(1), { workers: 2.5 })).rejects.toThrow(/run options: workers: /);
    await expect(h.startRun(spec(1), { workers: 2, extra: 1 } as { workers: number })).rejects.toThrow(/run options: /);
    const id = await h.startRun(spec(2), { workers: 3 });
    expect((await h.listRuns()).find((r) => r.id === id)).toBeTruthy();
    h.close();
  });

  test('history survives a reload; a run that was running comes back as interrupted', async () => {
    const store = new MemoryRunRecords();
    const first = host(store);
    const done = await first.h.startRun(spec(2, 3, 'done'));
    await finished(first.events, done);
    const running = await first.h.startRun(spec(200, 6, 'running'));
    await new Promise((r) => setTimeout(r, 100));
    // the page goes away without the run finishing: a second host reads the same store
    const second = host(store);
    const list = await second.h.listRuns();
    expect(list.find((r) => r.id === done)?.status).toBe('completed');
    expect(list.find((r) => r.id === running)?.status).toBe('interrupted');
    expect((await second.h.openRun(done)).lines.length).toBe(2 * 3);
    first.h.close();
  });

  test('bad inputs are refused with the field named', async () => {
    const { h, saved } = host();
    await expect(h.startRun({ ...spec(2), depth: 0 })).rejects.toThrow(SpecError);
    await expect(h.startRun({ ...spec(2), depth: 0 })).rejects.toThrow(/depth/);
    await expect(h.cancelRun('nope')).rejects.toThrow(/run "nope"/);
    await expect(h.openRun('nope')).rejects.toThrow(/does not exist/);
    await expect(h.saveFile({ suggestedName: '../x.csv', content: 'x', encoding: 'utf8' })).rejects.toThrow(
      /suggestedName/,
    );
    await expect(h.saveFile({ suggestedName: 'x.csv', content: 'x', encoding: 'latin1' as 'utf8' })).rejects.toThrow(
      /encoding/,
    );
    const fig = (mode: 'ratio' | 'absolute' | 'scatter', counter: 'expanded' | 'visited') => ({
      format: 'gtlab-figure' as const,
      version: 1 as const,
      mode,
      counter,
    });
    await expect(
      h.exportFigure({ runId: 'x', format: 'eps' as 'svg', figure: fig('ratio', 'expanded') }),
    ).rejects.toThrow(/format/);
    await expect(
      h.exportFigure({ runId: 'x', format: 'svg', figure: { ...fig('ratio', 'expanded'), fontSize: 99 } }),
    ).rejects.toThrow(/figure\.fontSize/);
    const id = await h.startRun(spec(1, 2, 'fig'));
    expect(await h.exportFigure({ runId: id, format: 'svg', figure: fig('absolute', 'visited') })).toEqual({
      saved: true,
      path: 'fig.svg',
    });
    expect(saved.at(-1)?.content).toBe('absolute/visited');
    await h.exportFigure({ runId: id, format: 'svg', figure: fig('ratio', 'expanded'), compareRunIds: [id, id] });
    expect(saved.at(-1)?.content).toBe('ratio/expanded vs fig vs fig');
    await expect(
      h.exportFigure({ runId: id, format: 'svg', figure: fig('ratio', 'expanded'), compareRunIds: ['nope'] }),
    ).rejects.toThrow(/does not exist/);
    await expect(
      h.exportFigure({ runId: id, format: 'svg', figure: fig('scatter', 'expanded'), compareRunIds: [id] }),
    ).rejects.toThrow(/compareRunIds/);
    await expect(
      h.exportFigure({
        runId: id,
        format: 'svg',
        figure: fig('ratio', 'expanded'),
        compareRunIds: [id, id, id, id, id, id],
      }),
    ).rejects.toThrow(/compareRunIds/);
    expect(await h.appInfo()).toMatchObject({ host: 'web', defaultWorkers: 2 });
    h.close();
  });
});

describe("WebHost studies (the host's second job kind)", () => {
  const studyDone = (events: StudyEvent[], id: string) =>
    vi.waitFor(
      () => {
        const e = events.find((x) => x.studyId === id && x.type !== 'progress');
        if (!e) throw new Error('not yet');
        return e;
      },
      { timeout: 20_000 },
    );

  test('a study runs in its own worker: progress, then the result runStudyJob gives', async () => {
    const { h } = host();
    const events: StudyEvent[] = [];
    h.onStudyEvent((e) => events.push(e));
    const req: StudyRequest = {
      kind: 'pathology',
      spec: { model: { kind: 'uniform', degree: 2, height: 4 }, noise: { kind: 'flip', e: 0.1 }, trees: 30, seed: 3 },
    };
    const id = await h.startStudy(req);
    const end = await studyDone(events, id);
    let want: unknown = null;
    runStudyJob(req, (m) => {
      if (m.type === 'result') want = m.result;
    });
    expect(end).toEqual({
      studyId: id,
      type: 'finished',
      result: want,
      ms: expect.any(Number),
      recordId: expect.any(String),
    });
    expect(events.some((e) => e.studyId === id && e.type === 'progress')).toBe(true);
    h.close();
  });

  test("a completed study is kept (listed when its finished event arrives, after a reload too); its figure goes through the page's renderer; delete", async () => {
    const studies = new MemoryStudyStore();
    const { h, saved } = host(new MemoryRunRecords(), { studies });
    const listedAtFinish: string[][] = [];
    h.onStudyEvent((e) => {
      if (e.type === 'finished') void h.listStudies().then((l) => listedAtFinish.push(l.map((x) => x.id)));
    });
    const events: StudyEvent[] = [];
    h.onStudyEvent((e) => events.push(e));
    const req: StudyRequest = {
      kind: 'pathology',
      spec: { model: { kind: 'uniform', degree: 2, height: 3 }, noise: { kind: 'flip', e: 0.2 }, trees: 20, seed: 5 },
    };
    const end = await studyDone(events, await h.startStudy(req));
    if (end.type !== 'finished' || !end.recordId) throw new Error(`not kept: ${JSON.stringify(end)}`);
    await vi.waitFor(() => expect(listedAtFinish).toEqual([[end.recordId]]));
    // After a reload (a new host over the same store) the study is still there, request and result as run.
    const again = host(new MemoryRunRecords(), { studies });
    const [row] = await again.h.listStudies();
    expect(row).toMatchObject({
      id: end.recordId,
      kind: 'pathology',
      summary: 'uniform trees, degree 2, height 3, flip noise 0.2, 20 trees, seed 5',
      figure: true,
    });
    const kept = await again.h.openStudy(end.recordId);
    expect(kept).toMatchObject({ format: 'gtlab-study', version: 1, request: req, result: end.result });
    expect(await again.h.exportStudyFigure({ id: end.recordId, format: 'svg' })).toEqual({
      saved: true,
      path: `${end.recordId}.svg`,
    });
    expect(again.saved.at(-1)?.content).toBe('figure of pathology');
    await expect(again.h.exportStudyFigure({ id: end.recordId, format: 'gif' as 'svg' })).rejects.toThrow(
      /exportStudyFigure: format/,
    );
    await expect(again.h.exportStudyFigure({ id: '../x', format: 'svg' })).rejects.toThrow(/exportStudyFigure: id/);
    await again.h.deleteStudy(end.recordId);
    expect(await h.listStudies()).toEqual([]);
    await expect(again.h.openStudy(end.recordId)).rejects.toThrow(/does not exist/);
    await expect(again.h.deleteStudy(end.recordId)).rejects.toThrow(/does not exist/);
    expect(saved).toEqual([]);
    h.close();
    again.h.close();
  });

  test('cancel ends a study at once; bad and out-of-range requests are refused with the field named, an unplayable position fails as a range error', async () => {
    const { h } = host();
    const events: StudyEvent[] = [];
    h.onStudyEvent((e) => events.push(e));
    const id = await h.startStudy({ kind: 'c4', moves: '', step: 'minimax', weak: false }); // the empty board: hours
    await h.cancelStudy(id);
    expect(events.filter((e) => e.studyId === id)).toEqual([{ studyId: id, type: 'cancelled' }]);
    await expect(h.startStudy({ kind: 'c4', moves: 4455, step: 'final', weak: false })).rejects.toThrow(
      /study request: moves/,
    );
    await expect(h.startStudy({ kind: 'nope' })).rejects.toThrow(/study request: kind/);
    await expect(h.startStudy({ kind: 'match', limit: { kind: 'moves', n: 0 }, plies: 1, seed: 1 })).rejects.toThrow(
      'study request: limit.n: 0 is not allowed: it must be an integer ≥ 1',
    );
    const bad = await h.startStudy({ kind: 'c4', moves: '4x', step: 'final', weak: false }); // the solver refuses it
    expect(await studyDone(events, bad)).toMatchObject({ type: 'failed', range: true });
    h.close();
  });
});
