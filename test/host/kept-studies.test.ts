/**
 * Studies kept by the run host, over both of its study stores (as run-host.test.ts runs the host over
 * both run stores): files `studies/<id>.json` beside the run folders (the desktop app) and records
 * (the browser's IndexedDB, here memory). A completed study is stored before its `finished` event goes
 * out and that event names it; cancelled and failed ones are not kept; the list is the latest finished
 * first; a Li table replaces its own older record; delete; a second host over the same store sees them.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import type { StudyEvent, StudyRecord } from '../../shared/api/contract.ts';
import { parseSpec } from '../../shared/experiments/spec.ts';
import { MemoryRunRecords, RecordRunStore } from '../../shared/host/record-run-store.ts';
import { RunHost } from '../../shared/host/run-host.ts';
import {
  MemoryStudyStore,
  parseStudyRecord,
  STUDY_RECORD_ID_PATTERN,
  type StudyStore,
} from '../../shared/host/study-store.ts';
import { runStudyJob } from '../../shared/jobs/study-jobs.ts';
import type { StudyRequest, StudyResult } from '../../shared/studies/registry.ts';
import { GENERATOR } from '../../shared/version.ts';
import { FolderStudyStore } from '../../node/study-folder-store.ts';
import { RunManager } from '../../node/run-manager.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';

const stores: [string, () => { store: StudyStore; reopen: () => StudyStore; file?: (id: string) => string }][] = [
  [
    'study files',
    () => {
      const where = join(mkdtempSync(join(tmpdir(), 'gtlab-studies-')), 'runs', 'studies');
      return {
        store: new FolderStudyStore(where),
        reopen: () => new FolderStudyStore(where),
        file: (id) => join(where, `${id}.json`),
      };
    },
  ],
  [
    'records',
    () => {
      const store = new MemoryStudyStore();
      return { store, reopen: () => store };
    },
  ],
];

function host(studies: StudyStore, onFinished?: (e: StudyEvent & { type: 'finished' }) => void) {
  const events: StudyEvent[] = [];
  const h = new RunHost({
    store: new RecordRunStore(new MemoryRunRecords()),
    studies,
    spawn: spawnInProcessWorker,
    workers: 1,
    emit: () => {},
    emitStudy: (e) => {
      if (e.type === 'finished') onFinished?.(e);
      events.push(e);
    },
  });
  const end = (id: string) =>
    vi.waitFor(
      () => {
        const e = events.find((x) => x.studyId === id && x.type !== 'progress');
        if (!e) throw new Error(`study ${id} has not ended`);
        return e;
      },
      { timeout: 30_000, interval: 5 },
    );
  /** run a request to its end; the kept record's id */
  const run = async (req: StudyRequest) => {
    const e = await end(h.startStudy(req));
    if (e.type !== 'finished' || e.recordId === undefined)
      throw new Error(`not kept: ${JSON.stringify(e).slice(0, 200)}`);
    return { recordId: e.recordId, result: e.result, ms: e.ms };
  };
  return { h, events, end, run };
}

function direct(req: StudyRequest): StudyResult {
  let out: StudyResult | null = null;
  runStudyJob(req, (m) => {
    if (m.type === 'result') out = m.result;
  });
  return out!;
}

const pathology: StudyRequest = {
  kind: 'pathology',
  spec: { model: { kind: 'uniform', degree: 2, height: 3 }, noise: { kind: 'flip', e: 0.1 }, trees: 20, seed: 2 },
};
const c4: StudyRequest = { kind: 'c4', moves: '4455443', step: 'final', weak: false };
const match: StudyRequest = { kind: 'match', limit: { kind: 'moves', n: 60 }, plies: 1, count: 1, seed: 1 };

describe.each(stores)('studies kept over %s', (_, make) => {
  test('a completed study is stored before its finished event, which names it; the record holds request, result, times, generator', async () => {
    const { store, file } = make();
    const atFinish: Promise<StudyRecord | null>[] = [];
    const onDisk: boolean[] = [];
    const { h, run } = host(store, (e) => {
      atFinish.push(store.open(e.recordId!)); // asked the moment the window would hear of it
      if (file) onDisk.push(existsSync(file(e.recordId!)));
    });
    const before = Date.now();
    const { recordId, result, ms } = await run(pathology);
    expect(recordId).toMatch(STUDY_RECORD_ID_PATTERN);
    expect(recordId).toMatch(/^\d{8}T\d{6}-pathology$/);
    const kept = await atFinish[0];
    expect(kept).not.toBeNull();
    if (file) expect(onDisk).toEqual([true]);
    expect(kept).toEqual({
      format: 'gtlab-study',
      version: 1,
      id: recordId,
      request: pathology,
      result: direct(pathology),
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
      ms: expect.any(Number),
      generator: GENERATOR,
    });
    expect(result).toEqual(kept!.result);
    const [t0, t1] = [Date.parse(kept!.createdAt), Date.parse(kept!.finishedAt)];
    expect(t0).toBeGreaterThanOrEqual(before - 1000);
    expect(t1).toBeGreaterThanOrEqual(t0);
    expect(kept!.ms).toBe(ms); // the job's measure of the work, as the finished event carried it
    expect(kept!.ms).toBeGreaterThan(0);
    expect(kept!.ms).toBeLessThanOrEqual(Date.now() - before + 5);
    if (file)
      expect(parseStudyRecord(JSON.parse(readFileSync(file(recordId), 'utf8')), 'file', recordId)).toEqual(kept);
    h.close();
  });

  test('list: the latest finished first, with kind, parameters and figure; delete; cancelled and failed studies are not kept', async () => {
    const { store, reopen } = make();
    const { h, run, end } = host(store);
    const a = await run(c4);
    const b = await run(match);
    const c = await run(pathology);
    const slow = h.startStudy({ kind: 'c4', moves: '', step: 'minimax', weak: false });
    h.cancelStudy(slow);
    expect((await end(slow)).type).toBe('cancelled');
    const bad = h.startStudy({ kind: 'c4', moves: '4x', step: 'final', weak: false }); // the solver refuses it
    expect(await end(bad)).toMatchObject({ type: 'failed', range: true });
    const list = await h.listStudies();
    expect(list.map((s) => s.id)).toEqual([c.recordId, b.recordId, a.recordId]);
    expect(list.map((s) => [s.kind, s.summary, s.figure])).toEqual([
      ['pathology', 'uniform trees, degree 2, height 3, flip noise 0.1, 20 trees, seed 2', true],
      ['match', '60 move calls per move, 1 opening ply, 1 opening, seed 1', true],
      ['c4', 'moves 4455443, step final', true],
    ]);
    for (let i = 1; i < list.length; i++) expect(list[i - 1].finishedAt >= list[i].finishedAt).toBe(true);
    // One duration: the job's, as the finished event carried it, in History's row and in the result where
    // it holds one (the solve's and the match's ms).
    for (const x of [a, b, c]) expect(list.find((s) => s.id === x.recordId)!.ms).toBe(x.ms);
    for (const x of [a, b]) expect((x.result as { result: { ms: number } }).result.ms).toBe(x.ms);
    // A second host over the same store (the app restarted, the page reloaded) lists the same studies.
    const again = host(reopen());
    expect((await again.h.listStudies()).map((s) => s.id)).toEqual([c.recordId, b.recordId, a.recordId]);
    const keptMatch = (await again.h.openStudy(b.recordId)).result;
    const wantMatch = direct(match);
    if (keptMatch.kind !== 'match' || wantMatch.kind !== 'match') throw new Error('not a match');
    const counts = (r: typeof keptMatch.result) => ({
      openings: r.openings,
      games: r.tally.games,
      mm: r.tally.mmWins,
      ab: r.tally.abWins,
      draws: r.tally.draws,
      calls: [r.tally.mm.moveCalls, r.tally.ab.moveCalls],
    });
    expect(counts(keptMatch.result)).toEqual(counts(wantMatch.result)); // times aside
    await again.h.deleteStudy(b.recordId);
    expect((await h.listStudies()).map((s) => s.id)).toEqual([c.recordId, a.recordId]);
    await expect(h.openStudy(b.recordId)).rejects.toThrow(`study "${b.recordId}" does not exist`);
    await expect(h.deleteStudy(b.recordId)).rejects.toThrow(/does not exist/);
    await expect(h.openStudy('../etc/passwd')).rejects.toThrow(/does not exist/);
    await expect(h.deleteStudy('')).rejects.toThrow(/does not exist/);
    h.close();
    again.h.close();
  }, 60_000);

  test('a Li table replaces its own older record (it is computed whenever the tab shows it); other tables and kinds are kept beside it', async () => {
    const { store } = make();
    const { h, run } = host(store);
    const first = await run({ kind: 'li-table', table: '2.1' });
    const other = await run({ kind: 'li-table', table: '2.2' });
    await new Promise((r) => setTimeout(r, 1100)); // a new second: a new id
    const second = await run({ kind: 'li-table', table: '2.1' });
    expect(second.recordId).not.toBe(first.recordId);
    const list = await h.listStudies();
    expect(list.map((s) => [s.id, s.summary])).toEqual([
      [second.recordId, 'Table 2.1'],
      [other.recordId, 'Table 2.2'],
    ]);
    expect(await store.open(first.recordId)).toBeNull();
    h.close();
  });

  test('two studies of one kind started in the same second get two ids', async () => {
    const { store } = make();
    const { h, run } = host(store);
    const [x, y] = await Promise.all([run(c4), run(c4)]);
    expect(x.recordId).not.toBe(y.recordId);
    expect((await h.listStudies()).length).toBe(2);
    h.close();
  });
});

describe('study files beside the run folders', () => {
  test('the run folders are listed without the studies folder; a damaged study file is left out and named when opened', async () => {
    const runsDir = join(mkdtempSync(join(tmpdir(), 'gtlab-studies-')), 'runs');
    const events: StudyEvent[] = [];
    const m = new RunManager({
      runsDir,
      spawn: spawnInProcessWorker,
      workers: 1,
      emit: () => {},
      emitStudy: (e) => events.push(e),
    });
    const id = m.startStudy(c4);
    await vi.waitFor(() => expect(events.some((e) => e.studyId === id && e.type === 'finished')).toBe(true), {
      timeout: 30_000,
    });
    const [kept] = await m.listStudies();
    expect(existsSync(join(runsDir, 'studies', `${kept.id}.json`))).toBe(true);
    const spec = parseSpec({
      format: 'gtlab-experiment',
      version: 1,
      name: 'beside',
      model: { kind: 'prefix-value', bmin: 2, bmax: 3, damage: 6, noise: { kind: 'uniform', e: 3 } },
      trees: 1,
      seed: 1,
      depth: 2,
      series: [{ algorithm: 'alphabeta', ordering: 'natural' }],
    });
    const run = await m.startRun(spec);
    expect((await m.listRuns()).map((r) => r.id)).toEqual([run]);
    await vi.waitFor(async () => expect((await m.listRuns())[0].status).toBe('completed'), { timeout: 30_000 });
    // A hand-edited file: not listed, and open names the file and the field.
    mkdirSync(join(runsDir, 'studies'), { recursive: true });
    writeFileSync(
      join(runsDir, 'studies', 'broken.json'),
      JSON.stringify({
        ...JSON.parse(readFileSync(join(runsDir, 'studies', `${kept.id}.json`), 'utf8')),
        id: 'broken',
        request: { kind: 'c4', moves: 7 },
      }),
    );
    writeFileSync(join(runsDir, 'studies', 'notes.txt'), 'not a study');
    expect((await m.listStudies()).map((s) => s.id)).toEqual([kept.id]);
    await expect(m.openStudy('broken')).rejects.toThrow(/broken\.json: request: moves: /);
    writeFileSync(join(runsDir, 'studies', 'torn.json'), '{"format":"gtlab-st');
    await expect(m.openStudy('torn')).rejects.toThrow(/torn\.json: not valid JSON/);
    await m.deleteStudy('torn');
    expect(existsSync(join(runsDir, 'studies', 'torn.json'))).toBe(false);
    m.close();
  }, 60_000);
});
