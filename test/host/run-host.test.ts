/**
 * The shared run host over both of its stores, with the same rules: run folders on disk (the desktop
 * app) and whole records (the browser). "Trees done" counts trees with a line at every depth; a run
 * that stopped resumes with only its missing trees and ends with the lines of an uninterrupted run;
 * a stored run that was running when its host went away is interrupted.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunEvent } from '../../shared/api/contract.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import type { ExperimentSpec } from '../../shared/experiments/spec.ts';
import { prefixValueSpec } from '../helpers/prefix-value-spec.ts';
import { MemoryRunRecords, RecordRunStore } from '../../shared/host/record-run-store.ts';
import { RunHost } from '../../shared/host/run-host.ts';
import { RUN_ID_PATTERN } from '../../shared/api/ipc-schemas.ts';
import {
  completeTrees,
  MAX_SPEC_FILE_BYTES,
  runIdCandidate,
  shownStatus,
  specFileTooLarge,
} from '../../shared/host/run-rules.ts';
import type { RunStore } from '../../shared/host/run-store.ts';
import { FolderRunStore } from '../../node/run-folder-store.ts';
import { OneRunFolderStore } from '../../node/one-run-folder-store.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';

function spec(trees: number, depth: number): ExperimentSpec {
  return prefixValueSpec('host test', { bmin: 2, bmax: 4, damage: 6, e: 3 }, { trees, seed: 11, depth }, [
    { algorithm: 'alphabeta', ordering: 'estimate' },
    { algorithm: 'negascout', ordering: 'natural' },
  ]);
}

const stores: [string, () => RunStore][] = [
  ['run folders', () => new FolderRunStore(join(mkdtempSync(join(tmpdir(), 'gtlab-host-')), 'runs'))],
  ['records', () => new RecordRunStore(new MemoryRunRecords())],
];

function host(store: RunStore) {
  const events: RunEvent[] = [];
  const h = new RunHost({ store, spawn: spawnInProcessWorker, workers: 2, emit: (e) => events.push(e) });
  const finished = (id: string, after = 0) =>
    new Promise<RunEvent & { type: 'finished' }>((resolve) => {
      const check = () => {
        const f = events.slice(after).find((e) => e.runId === id && e.type === 'finished');
        if (f) resolve(f as RunEvent & { type: 'finished' });
        else setTimeout(check, 5);
      };
      check();
    });
  return { h, events, finished };
}

const key = (l: ResultLine) => `${l.tree}:${l.depth}`;

describe.each(stores)('run host over %s', (_, makeStore) => {
  test('notes (title, tags, notes) are kept and listed with the columns; delete removes a stopped run, refuses a live one', async () => {
    const store = makeStore();
    const { h, finished } = host(store);
    const a = await h.startRun(spec(2, 3));
    await finished(a);
    await h.annotateRun(a, { title: 'baseline', tags: ['fig4', 'paper'], notes: 'first try\nsecond line' });
    const [row] = (await h.listRuns()).filter((r) => r.id === a);
    expect(row).toMatchObject({
      model: 'prefix-value',
      depth: 3,
      trees: 2,
      treesDone: 2,
      series: ['alphabeta / estimate', 'negascout / natural'],
      notes: { title: 'baseline', tags: ['fig4', 'paper'], notes: 'first try\nsecond line' },
    });
    expect(Date.parse(row.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(row.createdAt));
    expect((await h.openRun(a)).notes).toMatchObject({ title: 'baseline' });
    await expect(h.annotateRun(a, { tags: ['a,b'] })).rejects.toThrow(/run notes: tags\.0: a tag without commas/);
    await expect(h.annotateRun(a, { title: 'x'.repeat(201) })).rejects.toThrow(/run notes: title: /);
    await expect(h.annotateRun(a, { colour: 'red' })).rejects.toThrow(/run notes: /);
    await expect(h.annotateRun('nope', {})).rejects.toThrow(/run "nope"/);
    // A live run can be annotated but not deleted.
    const b = await h.startRun(spec(200, 6));
    await h.annotateRun(b, { title: 'long one' });
    expect((await h.listRuns()).find((r) => r.id === b)?.notes.title).toBe('long one');
    await expect(h.deleteRun(b)).rejects.toThrow(/cancel it before deleting it/);
    await h.cancelRun(b);
    await finished(b);
    expect((await h.listRuns()).find((r) => r.id === b)?.notes.title).toBe('long one'); // kept through the run's own updates
    await h.deleteRun(a);
    expect((await h.listRuns()).map((r) => r.id)).toEqual([b]);
    await expect(h.openRun(a)).rejects.toThrow(/does not exist/);
    await expect(h.deleteRun(a)).rejects.toThrow(/run "/);
    h.close();
  }, 60_000);

  test('cancel, "trees done" = complete trees, resume runs only the missing trees, numbers as uninterrupted', async () => {
    const store = makeStore();
    const { h, events, finished } = host(store);
    const s = spec(40, 4); // enough trees that the cancel lands mid-run on a loaded machine
    const id = await h.startRun(s);
    expect(id).toMatch(RUN_ID_PATTERN);
    // cancel once three trees are done
    await new Promise<void>((resolve) => {
      const poll = () => {
        const p = events.filter((e) => e.runId === id && e.type === 'progress').at(-1);
        if (p?.type === 'progress' && p.progress.treesDone >= 3) resolve();
        else setTimeout(poll, 2);
      };
      poll();
    });
    await h.cancelRun(id);
    expect((await finished(id)).outcome.status).toBe('cancelled');
    const stopped = await h.openRun(id);
    const done = completeTrees(s, stopped.lines);
    expect(done.size).toBeGreaterThanOrEqual(3);
    expect(done.size).toBeLessThan(40);
    const listed = (await h.listRuns()).find((r) => r.id === id)!;
    expect(listed).toMatchObject({ status: 'cancelled', treesDone: done.size, trees: 40 });

    const mark = events.length;
    const twice = h.resumeRun(id); // a second resume while the first is under way is refused
    await expect(h.resumeRun(id)).rejects.toThrow(/is being resumed already|is queued: only a run that stopped/);
    await twice;
    const f = await finished(id, mark);
    expect(f.outcome.status).toBe('completed');
    expect(f.outcome.progress.treesSkipped).toBe(done.size);
    const resumedTrees = new Set(
      events.slice(mark).flatMap((e) => (e.runId === id && e.type === 'lines' ? e.lines.map((l) => l.tree) : [])),
    );
    for (const t of done) expect(resumedTrees.has(t)).toBe(false);
    const direct: ResultLine[] = [];
    for (let t = 0; t < s.trees; t++) await runTree(s, t, (l) => direct.push(l));
    const final = await h.openRun(id);
    expect(new Map(final.lines.map((l) => [key(l), l]))).toEqual(new Map(direct.map((l) => [key(l), l])));
    expect(final.status).toBe('completed');
    expect((await h.listRuns()).find((r) => r.id === id)).toMatchObject({ status: 'completed', treesDone: 40 });
    await expect(h.resumeRun(id)).rejects.toThrow(/completed: nothing to resume/);
    await expect(h.resumeRun('nope')).rejects.toThrow(/run "nope" does not exist/);
    h.close();
  });

  test('a run that was running when its host went away is listed and opened as interrupted', async () => {
    const store = makeStore();
    const first = host(store);
    const id = await first.h.startRun(spec(200, 6));
    await new Promise((r) => setTimeout(r, 100));
    // a second host over the same store, the first never finishing (its page closed, its app crashed)
    const second = host(store);
    expect((await second.h.listRuns()).find((r) => r.id === id)?.status).toBe('interrupted');
    expect((await second.h.openRun(id)).status).toBe('interrupted');
    expect((await first.h.listRuns()).find((r) => r.id === id)?.status).toBe('running');
    first.h.close();
  });
});

describe('run folders: the app resumes a run whose last line a crash tore', () => {
  test('the torn line is set aside in results.torn before the resumed run appends; the results equal an uninterrupted run', async () => {
    const where = join(mkdtempSync(join(tmpdir(), 'gtlab-host-')), 'runs');
    const store = new FolderRunStore(where);
    const { h, finished } = host(store);
    const s = spec(4, 3);
    const id = await h.startRun(s);
    await finished(id);
    // The crash: tree 3's lines replaced by half of one of them, no line end; the run left running.
    const file = join(where, id, 'results.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const kept = lines.filter((l) => (JSON.parse(l) as ResultLine).tree !== 3);
    const torn = lines.find((l) => (JSON.parse(l) as ResultLine).tree === 3)!;
    writeFileSync(file, `${kept.join('\n')}\n${torn.slice(0, torn.length >> 1)}`);
    const record = JSON.parse(readFileSync(join(where, id, 'run.json'), 'utf8'));
    writeFileSync(join(where, id, 'run.json'), JSON.stringify({ ...record, status: 'running' }));
    const { h: again, finished: done } = host(new FolderRunStore(where));
    await again.resumeRun(id);
    expect((await done(id)).outcome.status).toBe('completed');
    const after = readFileSync(file, 'utf8').trim().split('\n');
    expect(readFileSync(join(where, id, 'results.torn'), 'utf8')).toBe(`${torn.slice(0, torn.length >> 1)}\n`);
    expect(after.slice(0, kept.length)).toEqual(kept);
    const direct: ResultLine[] = [];
    for (let t = 0; t < s.trees; t++) await runTree(s, t, (l) => direct.push(l));
    const whole = after.map((l) => JSON.parse(l) as ResultLine);
    expect(new Map(whole.map((l) => [key(l), l]))).toEqual(new Map(direct.map((l) => [key(l), l])));
    h.close();
    again.close();
  });
});

describe("a run its caller opened (gtlab run's one folder)", () => {
  test('runOpened skips the trees given, writes the folder as the app does; a stop by the scheduler is recorded as interrupted', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'gtlab-host-')), 'run');
    const s = spec(6, 3);
    const folder = RunFolder.create(dir, s, 2);
    const store = new OneRunFolderStore('cli-run', folder, 2);
    const events: RunEvent[] = [];
    const h = new RunHost({
      store,
      spawn: spawnInProcessWorker,
      workers: 2,
      keepLines: false,
      emit: (e) => events.push(e),
    });
    const finished = () =>
      new Promise<RunEvent & { type: 'finished' }>((resolve) => {
        const check = () => {
          const f = events.find((e) => e.type === 'finished');
          if (f) resolve(f as RunEvent & { type: 'finished' });
          else setTimeout(check, 5);
        };
        check();
      });
    await h.runOpened('cli-run', new Set([1, 3, 5])); // a shard's skip set: the other shard's trees
    const f = await finished();
    expect(f.outcome).toMatchObject({ status: 'completed', failures: [] });
    expect(f.outcome.progress).toMatchObject({ treesTotal: 6, treesDone: 6, treesSkipped: 3 });
    expect([...new Set(folder.lines().map((l) => l.tree))]).toEqual([0, 2, 4]);
    expect((await h.openRun('cli-run')).lines).toEqual(folder.lines()); // ended: read from the folder
    const record = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    expect(record).toMatchObject({ status: 'completed', workers: 2, failures: [] });
    expect(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'))).toMatchObject(
      JSON.parse(JSON.stringify(store.summary)),
    );
    expect(readFileSync(join(dir, 'results.csv'), 'utf8')).toMatch(/^#/);
    await expect(h.runOpened('other', new Set())).rejects.toThrow(/run "other" does not exist/);
    h.close();

    const dir2 = join(mkdtempSync(join(tmpdir(), 'gtlab-host-')), 'run');
    const store2 = new OneRunFolderStore('cli-run', RunFolder.create(dir2, spec(200, 6), 1), 1);
    const events2: RunEvent[] = [];
    const h2 = new RunHost({
      store: store2,
      spawn: spawnInProcessWorker,
      workers: 1,
      keepLines: false,
      emit: (e) => events2.push(e),
    });
    await h2.runOpened('cli-run', new Set());
    await new Promise<void>((resolve) => {
      const check = () => (events2.some((e) => e.type === 'lines') ? resolve() : setTimeout(check, 2));
      check();
    });
    expect((await h2.openRun('cli-run')).lines).toEqual([]); // live, keepLines false: the lines are in the folder only
    await h2.cancelRun('cli-run', 'interrupted');
    await new Promise<void>((resolve) => {
      const check = () => (events2.some((e) => e.type === 'finished') ? resolve() : setTimeout(check, 5));
      check();
    });
    expect(JSON.parse(readFileSync(join(dir2, 'run.json'), 'utf8')).status).toBe('interrupted');
    h2.close();
  }, 60_000);
});

describe('run rules', () => {
  test('one spec-file limit, one id pattern, one interrupted rule', () => {
    expect(MAX_SPEC_FILE_BYTES).toBe(1024 * 1024);
    expect(specFileTooLarge('a.json', MAX_SPEC_FILE_BYTES)).toBeNull();
    expect(specFileTooLarge('a.json', MAX_SPEC_FILE_BYTES + 1)).toMatch(
      /spec file "a.json" is 1048577 bytes; a spec file is at most 1048576 bytes/,
    );
    const id = runIdCandidate('Fig. 4 / test', new Date('2026-01-02T03:04:05.678Z'), 2);
    expect(id).toBe('20260102T030405-fig-4-test-2');
    expect(id).toMatch(RUN_ID_PATTERN);
    expect(RUN_ID_PATTERN.test('../x')).toBe(false);
    expect(shownStatus('running', false)).toBe('interrupted');
    expect(shownStatus('queued', false)).toBe('interrupted');
    expect(shownStatus('running', true)).toBe('running');
    expect(shownStatus('cancelled', false)).toBe('cancelled');
  });
});

describe('a store that refuses the run (a full disk)', () => {
  /** A record store whose append throws, as a run folder's does when its disk is full, after `keep` lines. */
  function refusingStore(keep: number): RunStore {
    const store = new RecordRunStore(new MemoryRunRecords());
    let kept = 0;
    const append = store.append.bind(store);
    store.append = (id, line) => {
      if (kept++ >= keep) throw new Error('/runs/x/results.jsonl: no space left on the device (ENOSPC)');
      append(id, line);
    };
    return store;
  }

  test.each([0, 3])(
    'after %i lines: the run stops, ends failed with the reason, and keeps what was stored',
    async (keep) => {
      const store = refusingStore(keep);
      const { h, finished } = host(store);
      const id = await h.startRun(spec(6, 3));
      const end = await finished(id);
      expect(end.outcome.status).toBe('failed');
      expect(end.outcome.failures.filter((f) => f.tree === -1).map((f) => f.reason)).toEqual([
        'the run stopped because its results could not be stored: /runs/x/results.jsonl: no space left on the device (ENOSPC)',
      ]);
      const stored = await store.open(id);
      expect(stored?.status).toBe('failed');
      expect(stored?.lines.length).toBe(keep);
      h.close();
    },
  );
});
