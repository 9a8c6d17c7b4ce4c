/**
 * The Electron main process's IPC layer with `electron` mocked: every handler refuses untrusted
 * senders and invalid payloads, and valid requests reach a real RunManager (real worker processes),
 * runs and studies alike.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { svgWords } from '../helpers/svg-words.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
vi.mock('electron', () => ({
  ipcMain: { handle: (ch: string, fn: (event: unknown, ...args: unknown[]) => unknown) => handlers.set(ch, fn) },
  app: { getVersion: () => '0.1.0', getPath: () => tmpdir() },
  dialog: {
    showSaveDialog: vi.fn(async () => ({ canceled: true })),
    showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
  },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
}));

const { CHANNELS } = await import('../../shared/api/contract.ts');
const { registerAppHandlers } = await import('../../electron/main/ipc-app.ts');
const { registerRunHandlers } = await import('../../electron/main/ipc-runs.ts');
const { registerFileHandlers } = await import('../../electron/main/ipc-files.ts');
const { registerStudyHandlers } = await import('../../electron/main/ipc-studies.ts');
const { RunManager } = await import('../../node/run-manager.ts');
const { spawnChildProcessWorker } = await import('../../node/child-process-worker.ts');
const { presetSpec } = await import('../../shared/experiments/presets.ts');

const TRUSTED = { sender: { id: 7 }, senderFrame: { url: 'file:///app/out/renderer/index.html' } };
const STRANGER = { sender: { id: 8 }, senderFrame: { url: 'file:///app/out/renderer/index.html' } };
const FOREIGN_PAGE = { sender: { id: 7 }, senderFrame: { url: 'https://example.org/' } };

const runsDir = join(mkdtempSync(join(tmpdir(), 'gtlab-main-')), 'runs');
const events: { runId: string; type: string }[] = [];
const studyEvents: { studyId: string; type: string; result?: unknown; recordId?: string }[] = [];
let runs: InstanceType<typeof RunManager>;

beforeAll(() => {
  runs = new RunManager({
    runsDir,
    spawn: spawnChildProcessWorker,
    workers: 2,
    emit: (e) => events.push(e),
    emitStudy: (e) => studyEvents.push(e),
  });
  const trust = { ids: new Set([7]) };
  registerAppHandlers(trust);
  registerRunHandlers(trust, runs);
  registerFileHandlers(trust, runsDir);
  registerStudyHandlers(trust, runs);
});
afterAll(() => runs.close());

const call = (event: unknown, ch: string, ...args: unknown[]) =>
  Promise.resolve().then(() => handlers.get(ch)!(event, ...args));

describe('IPC handlers', () => {
  test('every channel of the contract has a handler, and only those', () => {
    const expected = Object.entries(CHANNELS)
      .filter(([k]) => k !== 'runEvent')
      .map(([, v]) => v)
      .sort();
    expect([...handlers.keys()].sort()).toEqual(expected);
  });

  test('untrusted senders and foreign pages are refused on every channel', async () => {
    for (const ch of handlers.keys()) {
      await expect(call(STRANGER, ch)).rejects.toThrow(/not a Game Tree Lab window/);
      await expect(call(FOREIGN_PAGE, ch)).rejects.toThrow(/not a Game Tree Lab window/);
    }
  });

  test('bad payloads are rejected with the field named', async () => {
    await expect(call(TRUSTED, CHANNELS.startRun, { format: 'gtlab-experiment' })).rejects.toThrow(/spec: .*version/);
    const spec = presetSpec('knuth-moore-check', { trees: 2, depth: 3 });
    await expect(call(TRUSTED, CHANNELS.startRun, { ...spec, trees: -1 })).rejects.toThrow(/spec: trees: /);
    await expect(call(TRUSTED, CHANNELS.cancelRun, '../../etc')).rejects.toThrow(/run id/);
    await expect(call(TRUSTED, CHANNELS.openRun, 42)).rejects.toThrow(/run id/);
    await expect(call(TRUSTED, CHANNELS.openRun, 'no-such-run')).rejects.toThrow(/is not a run/);
    await expect(call(TRUSTED, CHANNELS.importRunFolder, 'spec.json')).rejects.toThrow(/folder files/);
    await expect(call(TRUSTED, CHANNELS.importRunFolder, [{ path: 'spec.json', text: '{}' }])).rejects.toThrow(
      /results folder: the folder is not a run folder|results folder: /,
    );
    await expect(
      call(TRUSTED, CHANNELS.saveFile, { suggestedName: '../x', content: '', encoding: 'utf8' }),
    ).rejects.toThrow(/suggestedName/);
    await expect(
      call(TRUSTED, CHANNELS.saveFile, { suggestedName: 'a.csv', content: 'x', encoding: 'utf16' }),
    ).rejects.toThrow(/encoding/);
    await expect(
      call(TRUSTED, CHANNELS.exportFigure, { runId: 'x', format: 'gif', mode: 'ratio', counter: 'expanded' }),
    ).rejects.toThrow(/format/);
  });

  test('a results folder whose results.jsonl a crash tore is imported without that line, and the answer says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-torn-'));
    expect(runGtlab(['run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--out', 'km'], dir).code).toBe(0);
    const files = ['spec.json', 'run.json', 'results.jsonl'].map((n) => ({
      path: `km/${n}`,
      text: readFileSync(join(dir, 'km', n), 'utf8') + (n === 'results.jsonl' ? '{"tree":1,"dep' : ''),
    }));
    const whole = files[2].text.split('\n').length - 1;
    const r = (await call(TRUSTED, CHANNELS.importRunFolder, files)) as { runs: { id: string }[]; notices: string[] };
    expect(r.runs).toHaveLength(1);
    expect(r.notices).toEqual([
      `results.jsonl line ${whole + 1}: torn last line (no line end, not JSON): a write cut short; it was left out, so its tree counts as not finished (resume the run to compute it again)`,
    ]);
    const clean = files.map((f) =>
      f.path.endsWith('results.jsonl') ? { ...f, text: f.text.slice(0, f.text.lastIndexOf('\n') + 1) } : f,
    );
    expect(((await call(TRUSTED, CHANNELS.importRunFolder, clean)) as { notices: string[] }).notices).toEqual([]);
  }, 60_000);

  test('a valid run starts, streams throttled events, lands on disk and is listed and reopened', async () => {
    const info = (await call(TRUSTED, CHANNELS.appInfo)) as { host: string; defaultWorkers: number };
    expect(info.host).toBe('electron');
    const spec = presetSpec('knuth-moore-check', { trees: 4, depth: 4 });
    const id = (await call(TRUSTED, CHANNELS.startRun, JSON.parse(JSON.stringify(spec)))) as string;
    await vi.waitFor(() => expect(events.some((e) => e.runId === id && e.type === 'finished')).toBe(true), {
      timeout: 30_000,
    });
    const lines = events.filter((e) => e.runId === id && e.type === 'lines') as unknown as { lines: unknown[] }[];
    expect(lines.reduce((n, e) => n + e.lines.length, 0)).toBe(4 * 4);
    const list = (await call(TRUSTED, CHANNELS.listRuns)) as { id: string; status: string; treesDone: number }[];
    expect(list.find((r) => r.id === id)).toMatchObject({ status: 'completed', treesDone: 4 });
    const data = (await call(TRUSTED, CHANNELS.openRun, id)) as { lines: unknown[]; spec: { name: string } };
    expect(data.lines).toHaveLength(16);
    expect(data.spec.name).toBe('knuth-moore-check');
    // Worker counts, notes and deletion go through main's validation and the host's.
    await expect(call(TRUSTED, CHANNELS.startRun, JSON.parse(JSON.stringify(spec)), { workers: 0 })).rejects.toThrow(
      /run options: workers: /,
    );
    await expect(call(TRUSTED, CHANNELS.annotateRun, '../x', {})).rejects.toThrow(/run id/);
    await expect(call(TRUSTED, CHANNELS.annotateRun, id, { tags: 'x' })).rejects.toThrow(/run notes: tags: /);
    await call(TRUSTED, CHANNELS.annotateRun, id, { title: 'kept', tags: ['t'] });
    expect(JSON.parse(readFileSync(join(runsDir, id, 'run.json'), 'utf8')).notes).toEqual({
      title: 'kept',
      tags: ['t'],
    });
    await expect(call(TRUSTED, CHANNELS.deleteRun, 42)).rejects.toThrow(/run id/);

    // Figures of every view are rendered by the host as `gtlab plot` renders them, and saved where the dialog says.
    const { dialog } = await import('electron');
    const save = vi.mocked(dialog.showSaveDialog);
    const out = mkdtempSync(join(tmpdir(), 'gtlab-fig-'));
    const fig = (mode: string, over: Record<string, unknown> = {}) => ({
      format: 'gtlab-figure',
      version: 1,
      mode,
      counter: 'expanded',
      ...over,
    });
    const figure = async (req: Record<string, unknown>, file: string) => {
      save.mockResolvedValueOnce({ canceled: false, filePath: join(out, file) } as never);
      expect(await call(TRUSTED, CHANNELS.exportFigure, { runId: id, ...req })).toEqual({
        saved: true,
        path: join(out, file),
      });
      return readFileSync(join(out, file));
    };
    const scatter = (
      await figure(
        { format: 'svg', figure: fig('scatter', { legend: 'bottom', size: { unit: 'px', width: 1000, height: 500 } }) },
        's.svg',
      )
    ).toString();
    expect(svgWords(scatter)).toContain('cumulative expanded nodes ÷ seen minimum proof size (per tree)');
    const compare = (
      await figure({ format: 'svg', figure: fig('ratio', { runs: ['first', 'second'] }), compareRunIds: [id] }, 'c.svg')
    ).toString();
    expect(compare).toContain('first: knuth-moore-check · seed 1975');
    expect(compare).toContain('second: knuth-moore-check');
    // The settings stay with the run: gtlab plot RUN_DIR draws them again.
    expect(JSON.parse(readFileSync(join(runsDir, id, 'figure.json'), 'utf8'))).toMatchObject({
      format: 'gtlab-figure',
      runs: ['first', 'second'],
    });
    const pdf = await figure({ format: 'pdf', figure: fig('scatter') }, 's.pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(
      call(TRUSTED, CHANNELS.exportFigure, { runId: id, format: 'svg', figure: fig('scatter'), compareRunIds: [id] }),
    ).rejects.toThrow(/compareRunIds: /);
    await expect(
      call(TRUSTED, CHANNELS.exportFigure, { runId: id, format: 'svg', figure: fig('ratio'), compareRunIds: ['../x'] }),
    ).rejects.toThrow(/compareRunIds\.0: .*run id/);
    await expect(
      call(TRUSTED, CHANNELS.exportFigure, { runId: id, format: 'svg', figure: fig('ratio', { legend: 'top' }) }),
    ).rejects.toThrow(/figure\.legend: /);
  });
});

describe('studies over IPC', () => {
  test('a study runs in a worker process of its own and reports its result; bad requests and ids are refused', async () => {
    await expect(call(TRUSTED, CHANNELS.startStudy, { kind: 'li-table', table: '9.9' })).rejects.toThrow(
      /study request: table/,
    );
    await expect(
      call(TRUSTED, CHANNELS.startStudy, { kind: 'c4', moves: '44', step: 'final', weak: false, extra: 1 }),
    ).rejects.toThrow(/study request/);
    await expect(call(TRUSTED, CHANNELS.cancelStudy, '../x')).rejects.toThrow(/study id/);
    const { runStudyJob } = await import('../../shared/jobs/study-jobs.ts');
    const req = { kind: 'c4', moves: '4455443', step: 'final', weak: false } as const;
    const id = (await call(TRUSTED, CHANNELS.startStudy, req)) as string;
    await vi.waitFor(() => expect(studyEvents.some((e) => e.studyId === id && e.type === 'finished')).toBe(true), {
      timeout: 30_000,
    });
    let want: { result: { score: number; visited: number } } | null = null;
    runStudyJob(req, (m) => {
      if (m.type === 'result') want = m.result as never;
    });
    const got = studyEvents.find((e) => e.studyId === id && e.type === 'finished')!.result as {
      result: { score: number; visited: number };
    };
    expect({ score: got.result.score, visited: got.result.visited }).toEqual({
      score: want!.result.score,
      visited: want!.result.visited,
    });
    const slow = (await call(TRUSTED, CHANNELS.startStudy, {
      kind: 'c4',
      moves: '',
      step: 'minimax',
      weak: false,
    })) as string;
    await call(TRUSTED, CHANNELS.cancelStudy, slow);
    expect(studyEvents.filter((e) => e.studyId === slow).map((e) => e.type)).toEqual(['cancelled']);
  });

  test("completed studies are kept in the runs folder's studies/, listed, opened, drawn and deleted through IPC", async () => {
    const { dialog } = await import('electron');
    const save = vi.mocked(dialog.showSaveDialog);
    const until = async (id: string) => {
      await vi.waitFor(() => expect(studyEvents.some((e) => e.studyId === id && e.type === 'finished')).toBe(true), {
        timeout: 30_000,
      });
      return studyEvents.find((e) => e.studyId === id && e.type === 'finished')!.recordId!;
    };
    // a Li table: its figure is the table typeset; Tables 5.1-5.3 by simulation: a study without a figure
    const t42 = await until((await call(TRUSTED, CHANNELS.startStudy, { kind: 'li-table', table: '4.2' })) as string);
    const li5 = await until((await call(TRUSTED, CHANNELS.startStudy, { kind: 'li5', trees: 2, seed: 1 })) as string);
    const c4 = await until(
      (await call(TRUSTED, CHANNELS.startStudy, { kind: 'c4', moves: '4455443', step: 'final', weak: true })) as string,
    );
    const pathologyRequest = {
      kind: 'pathology',
      spec: { model: { kind: 'uniform', degree: 2, height: 4 }, noise: { kind: 'flip', e: 0.1 }, trees: 40, seed: 1 },
    };
    const path = await until((await call(TRUSTED, CHANNELS.startStudy, pathologyRequest)) as string);
    expect(existsSync(join(runsDir, 'studies', `${path}.json`))).toBe(true);
    const list = (await call(TRUSTED, CHANNELS.listStudies)) as {
      id: string;
      kind: string;
      summary: string;
      figure: boolean;
    }[];
    expect(list.slice(0, 4)).toMatchObject([
      {
        id: path,
        kind: 'pathology',
        summary: 'uniform trees, degree 2, height 4, flip noise 0.1, 40 trees, seed 1',
        figure: true,
      },
      { id: c4, kind: 'c4', summary: 'moves 4455443, step final, weak', figure: true },
      { id: li5, kind: 'li5', figure: false },
      { id: t42, kind: 'li-table', figure: true },
    ]);
    // The runs are listed as before: the studies folder is not a run.
    expect(((await call(TRUSTED, CHANNELS.listRuns)) as { id: string }[]).some((r) => r.id === 'studies')).toBe(false);
    const record = (await call(TRUSTED, CHANNELS.openStudy, path)) as {
      format: string;
      request: unknown;
      result: { kind: string; result: { decisive: number } };
    };
    expect(record).toMatchObject({
      format: 'gtlab-study',
      version: 1,
      request: pathologyRequest,
      result: { kind: 'pathology' },
    });
    const { runPathology } = await import('../../shared/althofer/pathology.ts');
    expect(record.result.result).toEqual(runPathology(pathologyRequest.spec as never));

    // The figure, rendered by main as a run's figure is: SVG with the font, PDF; a kind without a figure is refused.
    const out = mkdtempSync(join(tmpdir(), 'gtlab-study-fig-'));
    save.mockResolvedValueOnce({ canceled: false, filePath: join(out, 'p.svg') } as never);
    expect(await call(TRUSTED, CHANNELS.exportStudyFigure, { id: path, format: 'svg' })).toEqual({
      saved: true,
      path: join(out, 'p.svg'),
    });
    expect(save).toHaveBeenLastCalledWith({ defaultPath: `${path}.svg` });
    const svg = readFileSync(join(out, 'p.svg'), 'utf8');
    expect(svgWords(svg)).toContain('Probability of a correct move vs. search depth');
    expect(svg).toContain('@font-face');
    save.mockResolvedValueOnce({ canceled: false, filePath: join(out, 'p.pdf') } as never);
    await call(TRUSTED, CHANNELS.exportStudyFigure, { id: path, format: 'pdf' });
    expect(readFileSync(join(out, 'p.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    // The Li table typeset at its own size, not the default 624 × 384.
    save.mockResolvedValueOnce({ canceled: false, filePath: join(out, 't.svg') } as never);
    await call(TRUSTED, CHANNELS.exportStudyFigure, { id: t42, format: 'svg' });
    const table = readFileSync(join(out, 't.svg'), 'utf8');
    expect(svgWords(table)).toContain('Table 4.2 The Numbers of Visited Terminal Nodes (P_k = p0 = 0.5)');
    expect(table).not.toMatch(/^<svg width="624" height="384"/);
    await expect(call(TRUSTED, CHANNELS.exportStudyFigure, { id: li5, format: 'svg' })).rejects.toThrow(
      /\(li5\) has no figure: export its CSV/,
    );

    // Every input validated in main.
    await expect(call(TRUSTED, CHANNELS.openStudy, '../../etc/passwd')).rejects.toThrow(/kept study id/);
    await expect(call(TRUSTED, CHANNELS.openStudy, 42)).rejects.toThrow(/kept study id/);
    await expect(call(TRUSTED, CHANNELS.deleteStudy, '')).rejects.toThrow(/kept study id/);
    await expect(call(TRUSTED, CHANNELS.openStudy, 'no-such-study')).rejects.toThrow(
      /study "no-such-study" does not exist/,
    );
    await expect(call(TRUSTED, CHANNELS.exportStudyFigure, { id: path, format: 'gif' })).rejects.toThrow(
      /study figure request: format/,
    );
    await expect(call(TRUSTED, CHANNELS.exportStudyFigure, { id: '../x', format: 'svg' })).rejects.toThrow(
      /study figure request: id/,
    );
    await expect(call(TRUSTED, CHANNELS.exportStudyFigure, { id: path, format: 'svg', width: 10 })).rejects.toThrow(
      /study figure request/,
    );

    await call(TRUSTED, CHANNELS.deleteStudy, c4);
    expect(existsSync(join(runsDir, 'studies', `${c4}.json`))).toBe(false);
    expect(((await call(TRUSTED, CHANNELS.listStudies)) as { id: string }[]).map((s) => s.id)).not.toContain(c4);
    await expect(call(TRUSTED, CHANNELS.deleteStudy, c4)).rejects.toThrow(/does not exist/);
  }, 60_000);
});

describe('preload', () => {
  test('exposes exactly the contract under window.gtlab, each call on its channel', async () => {
    const exposed: Record<string, Record<string, (...a: unknown[]) => unknown>> = {};
    const invoke = vi.fn(async (..._args: unknown[]) => 'ok');
    vi.doMock('electron', () => ({
      contextBridge: {
        exposeInMainWorld: (k: string, v: Record<string, (...a: unknown[]) => unknown>) => {
          exposed[k] = v;
        },
      },
      ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() },
    }));
    vi.resetModules();
    await import('../../electron/preload/index.ts');
    expect(Object.keys(exposed)).toEqual(['gtlab']);
    const api = exposed.gtlab;
    expect(Object.keys(api).sort()).toEqual([
      'annotateRun',
      'appInfo',
      'cancelRun',
      'cancelStudy',
      'deleteRun',
      'deleteStudy',
      'exportFigure',
      'exportStudyFigure',
      'importRunFolder',
      'listRuns',
      'listStudies',
      'onRunEvent',
      'onStudyEvent',
      'openRun',
      'openSpecFile',
      'openStudy',
      'resumeRun',
      'saveFile',
      'startRun',
      'startStudy',
    ]);
    await api.startRun({ x: 1 }, { workers: 2 });
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.startRun, { x: 1 }, { workers: 2 });
    await api.annotateRun('r1', { title: 't' });
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.annotateRun, 'r1', { title: 't' });
    await api.deleteRun('r1');
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.deleteRun, 'r1');
    await api.openRun('r1');
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.openRun, 'r1');
    await api.importRunFolder([{ path: 'spec.json', text: '{}' }]);
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.importRunFolder, [{ path: 'spec.json', text: '{}' }]);
    await api.listStudies();
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.listStudies);
    await api.openStudy('20260101T000000-c4');
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.openStudy, '20260101T000000-c4');
    await api.deleteStudy('20260101T000000-c4');
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.deleteStudy, '20260101T000000-c4');
    await api.exportStudyFigure({ id: '20260101T000000-pathology', format: 'svg' });
    expect(invoke).toHaveBeenLastCalledWith(CHANNELS.exportStudyFigure, {
      id: '20260101T000000-pathology',
      format: 'svg',
    });
    const off = api.onRunEvent(() => {}) as () => void;
    expect(typeof off).toBe('function');
  });
});
