/**
 * Each (tree, depth) stored once by every store of a run: RunFolder.append (the CLI's and the app's run
 * folders, shards included) and the browser's record store skip a line they hold already and refuse
 * one with other numbers, naming the fields; a run whose store refuses a line fails that tree and
 * goes on with the others; a run resumed by the app over either store, one tree having some of its
 * depths, ends holding exactly the lines of an uninterrupted run.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunData, RunEvent } from '../../shared/api/contract.ts';
import { ExperimentRun, type JobCallbacks, type TreeJobs } from '../../shared/experiments/run-experiment.ts';
import type { ExperimentSpec } from '../../shared/experiments/spec.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { MemoryRunRecords, RecordRunStore } from '../../shared/host/record-run-store.ts';
import { RunHost } from '../../shared/host/run-host.ts';
import type { RunStore } from '../../shared/host/run-store.ts';
import { FolderRunStore } from '../../node/run-folder-store.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { GENERATOR } from '../../shared/version.ts';
import { prefixValueSpec } from '../helpers/prefix-value-spec.ts';
import { runLines } from '../helpers/run-lines.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';

const spec = (trees: number, depth: number): ExperimentSpec =>
  prefixValueSpec('stored once', { bmin: 2, bmax: 4, damage: 6, e: 3 }, { trees, seed: 5, depth }, [
    { algorithm: 'alphabeta', ordering: 'estimate' },
    { algorithm: 'negascout', ordering: 'natural' },
  ]);
const sorted = (lines: readonly ResultLine[]) => lines.map((l) => JSON.stringify(l)).sort();
const fileLines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean).sort();
const newDir = () => mkdtempSync(join(tmpdir(), 'gtlab-stored-'));
/** The line with its fields in another order (as a line read back from a file may have them). */
const reordered = (l: ResultLine): ResultLine => {
  const { results, tree, ...rest } = l;
  return { results: results.map((r) => ({ ...r })), ...rest, tree } as ResultLine;
};
const changed = (l: ResultLine): ResultLine => ({
  ...l,
  results: l.results.map((r, i) => (i === 1 ? { ...r, visited: r.visited + 1 } : r)),
});

describe('RunFolder.append', () => {
  test('a (tree, depth) it holds is not written again; one with other numbers is refused, naming the fields', async () => {
    const s = spec(2, 3);
    const lines = await runLines(s);
    const folder = RunFolder.create(join(newDir(), 'run'), s, 1);
    for (const l of lines.slice(0, 4)) folder.append(l);
    folder.append(lines[1]);
    folder.append(reordered(lines[2]));
    expect(fileLines(folder.resultsPath)).toEqual(sorted(lines.slice(0, 4)));
    const before = readFileSync(folder.resultsPath, 'utf8');
    expect(() => folder.append(changed(lines[1]))).toThrow(
      new RegExp(
        `results\\.jsonl holds tree ${lines[1].tree} depth ${lines[1].depth} already, and this run computed it with other numbers \\(results\\[1\\]\\.visited ${lines[1].results[1].visited} stored, ${lines[1].results[1].visited + 1} now\\): the stored line is kept`,
      ),
    );
    expect(readFileSync(folder.resultsPath, 'utf8')).toBe(before);
    // A folder opened again (resumed, or opened to be appended to) knows the lines its file holds.
    for (const again of [RunFolder.resume(folder.dir), RunFolder.open(folder.dir)]) {
      for (const l of lines) again.append(l);
      expect(fileLines(folder.resultsPath)).toEqual(sorted(lines));
    }
  });

  test('after a torn last line is set aside, the tree it cut is completed in place', async () => {
    const s = spec(2, 3);
    const lines = await runLines(s);
    const folder = RunFolder.create(join(newDir(), 'run'), s, 1);
    for (const l of lines.slice(0, 4)) folder.append(l);
    writeFileSync(
      folder.resultsPath,
      `${readFileSync(folder.resultsPath, 'utf8')}${JSON.stringify(lines[4]).slice(0, 20)}`,
    );
    const resumed = RunFolder.resume(folder.dir);
    for (const l of lines.filter((l) => !resumed.completeTrees().has(l.tree))) resumed.append(l);
    expect(readFileSync(folder.resultsPath, 'utf8')).toBe(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  });
});

describe("the browser's record store", () => {
  test('a line it holds is not stored again; one with other numbers is refused', async () => {
    const s = spec(1, 3);
    const lines = await runLines(s);
    const records = new MemoryRunRecords();
    const store = new RecordRunStore(records);
    const run: RunData = {
      id: 'r1',
      spec: s,
      status: 'queued',
      createdAt: new Date().toISOString(),
      finishedAt: null,
      generator: GENERATOR,
      lines: [],
      failures: [],
      notes: {},
    };
    await store.create(run);
    for (const l of [...lines, lines[0], reordered(lines[2])]) store.append('r1', l);
    expect(() => store.append('r1', changed(lines[1]))).toThrow(/run r1 in this browser holds tree 0 depth 2 already/);
    const [kept] = await records.loadAll();
    expect(sorted(kept.lines)).toEqual(sorted(lines));
  });
});

describe('a line its store refuses', () => {
  test('fails its tree with the reason; no later line of that tree is stored; the other trees run', async () => {
    const s = spec(3, 3);
    const all = await runLines(s);
    // A pool running each job at once, line by line.
    const jobs: TreeJobs = {
      submit: (_, tree, cb: JobCallbacks) => {
        setTimeout(() => {
          for (const l of all.filter((l) => l.tree === tree)) cb.onLine(l);
          cb.onDone();
        }, 0);
        return tree;
      },
      cancel: () => {},
    };
    const stored: ResultLine[] = [];
    const failed: string[] = [];
    const outcome = await new ExperimentRun(jobs, s, {
      onLine: (l) => {
        if (l.tree === 1 && l.depth === 2) throw new Error('tree 1 depth 2: other numbers (planted)');
        stored.push(l);
      },
      onTreeFailed: (tree, reason) => failed.push(`${tree}: ${reason}`),
    }).start();
    expect(outcome.status).toBe('failed');
    expect(outcome.failures).toEqual([{ tree: 1, reason: 'tree 1 depth 2: other numbers (planted)' }]);
    expect(failed).toEqual(['1: tree 1 depth 2: other numbers (planted)']);
    expect(outcome.progress).toMatchObject({ treesDone: 2, treesFailed: 1 });
    expect(sorted(stored)).toEqual(sorted(all.filter((l) => l.tree !== 1 || l.depth < 2)));
  }, 10_000);
});

/** A store, and every line it keeps for run `id` as a new store over the same place would read them. */
type Kept = { store: RunStore; kept: (id: string) => Promise<ResultLine[]> };
const folderStore = (): Kept => {
  const where = join(newDir(), 'runs');
  return {
    store: new FolderRunStore(where),
    kept: async (id) => fileLines(join(where, id, 'results.jsonl')).map((l) => JSON.parse(l) as ResultLine),
  };
};
const recordStore = (): Kept => {
  const records = new MemoryRunRecords();
  return {
    store: new RecordRunStore(records),
    kept: async (id) => (await records.loadAll()).find((r) => r.id === id)!.lines,
  };
};

describe.each([
  ['run folders', folderStore],
  ['records', recordStore],
] as [string, () => Kept][])('the app resumes a run over %s with a tree partly stored', (_, makeStore) => {
  test('its stored depths are kept, the rest appended: the lines of an uninterrupted run, each once', async () => {
    const s = spec(4, 4);
    const all = await runLines(s);
    const { store, kept } = makeStore();
    const events: RunEvent[] = [];
    const h = new RunHost({ store, spawn: spawnInProcessWorker, workers: 2, emit: (e) => events.push(e) });
    // What a stopped run left: trees 0 and 1 whole, tree 2's depths 1 and 2.
    const id = await h.importRun({
      spec: s,
      status: 'cancelled',
      createdAt: new Date().toISOString(),
      finishedAt: null,
      generator: GENERATOR,
      lines: all.filter((l) => l.tree < 2 || (l.tree === 2 && l.depth <= 2)),
      failures: [],
      notes: {},
    });
    await h.resumeRun(id);
    while (!events.some((e) => e.runId === id && e.type === 'finished')) await new Promise((r) => setTimeout(r, 5));
    const finished = events.find((e) => e.runId === id && e.type === 'finished');
    expect(finished?.type === 'finished' && finished.outcome.status).toBe('completed');
    expect(sorted(await kept(id))).toEqual(sorted(all));
    expect(sorted((await store.open(id))!.lines)).toEqual(sorted(all));
    h.close();
  });
});
