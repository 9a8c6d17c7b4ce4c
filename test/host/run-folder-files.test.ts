/**
 * Results folders written by the CLI, read from their files and kept in a run host's History: a run
 * folder, a sweep folder; the lines equal the folder's, and bad folders are refused by name.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { FolderFormatError, readRunFolderFiles, type FolderFile } from '../../shared/host/run-folder-files.ts';
import { RunHost } from '../../shared/host/run-host.ts';
import { MemoryRunRecords, RecordRunStore } from '../../shared/host/record-run-store.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';
import { refusal as refusalOf } from '../helpers/refusal.ts';
import { sweepFile, writeSweepFile } from '../helpers/sweep-file.ts';

let dir = '';

/** Every file under `root`, as a browser's directory upload gives them: "<folder>/<path>". */
function filesOf(root: string, prefix = root.split('/').pop()!): FolderFile[] {
  const out: FolderFile[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push({ path: `${prefix}/${relative(root, p)}`, text: readFileSync(p, 'utf8') });
    }
  };
  walk(root);
  return out;
}

const refusal = (files: FolderFile[]) => refusalOf(() => readRunFolderFiles(files), FolderFormatError);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gtlab-import-'));
  expect(
    runGtlab(['run', 'knuth-moore-check', '--trees', '3', '--depth', '3', '--workers', '1', '--out', 'km'], dir).code,
  ).toBe(0);
  writeSweepFile(dir, 'sweep.json', sweepFile('tiny', 'knuth-moore-check', { trees: [2], depth: [3], seed: [1, 2] }));
  expect(runGtlab(['sweep', 'sweep.json', '--out', 'sw', '--workers', '1'], dir).code).toBe(0);
}, 120_000);

describe('a results folder in History', () => {
  test('a run folder: its spec, status and lines, kept by the host as a completed run', async () => {
    const files = filesOf(join(dir, 'km'));
    const f = readRunFolderFiles(files);
    const folder = RunFolder.open(join(dir, 'km'));
    expect(f.sweep).toBeNull();
    expect(f.runs).toHaveLength(1);
    expect(f.runs[0].run).toMatchObject({ spec: folder.spec, status: 'completed', generator: folder.record.generator });
    expect(f.runs[0].run.lines).toEqual(folder.lines());
    const host = new RunHost({
      store: new RecordRunStore(new MemoryRunRecords()),
      spawn: spawnInProcessWorker,
      workers: 1,
      emit: () => {},
    });
    const r = await host.importRunFolder(files);
    const opened = await host.openRun(r.runs[0].id);
    expect(opened).toMatchObject({ status: 'completed', spec: folder.spec });
    expect(opened.lines).toEqual(folder.lines());
    expect((await host.listRuns()).find((x) => x.id === r.runs[0].id)).toMatchObject({
      treesDone: 3,
      trees: 3,
      status: 'completed',
    });
    host.close();
  });

  test('a sweep folder: every cell a run, the record names the cells; a torn last line is skipped; a run left running is interrupted', () => {
    const files = filesOf(join(dir, 'sw'));
    const f = readRunFolderFiles(files);
    expect(f.sweep).toMatchObject({ name: 'tiny', axes: ['trees', 'depth', 'seed'] });
    expect(f.sweep!.cells.map((c) => c.slug)).toEqual(['trees=2,depth=3,seed=1', 'trees=2,depth=3,seed=2']);
    expect(f.runs.map((r) => r.at)).toEqual(['cells/trees=2,depth=3,seed=1', 'cells/trees=2,depth=3,seed=2']);
    expect(f.runs[1].run.spec.seed).toBe(2);
    const km = filesOf(join(dir, 'km'), 'km');
    const torn = km.map((x) => (x.path.endsWith('results.jsonl') ? { ...x, text: `${x.text}{"tree":2,"dep` } : x));
    expect(readRunFolderFiles(torn).runs[0].run.lines).toEqual(readRunFolderFiles(km).runs[0].run.lines);
    const running = km.map((x) =>
      x.path.endsWith('run.json') ? { ...x, text: JSON.stringify({ ...JSON.parse(x.text), status: 'running' }) } : x,
    );
    expect(readRunFolderFiles(running).runs[0].run.status).toBe('interrupted');
  });

  test('bad folders are refused by file and line', () => {
    const km = filesOf(join(dir, 'km'), 'km');
    const swap = (name: string, text: string) => km.map((x) => (x.path.endsWith(name) ? { ...x, text } : x));
    expect(refusal([])).toMatch(/the folder is empty/);
    expect(refusal(km.filter((x) => !x.path.endsWith('spec.json')))).toMatch(
      /is not a run folder: it needs spec\.json and run\.json/,
    );
    expect(refusal(swap('spec.json', '{"format":"gtlab-experiment"}'))).toMatch(/^spec\.json: version: /);
    expect(refusal(swap('run.json', '{"format":"other"}'))).toMatch(/^run\.json: format must be "gtlab-run"/);
    const lines = km.find((x) => x.path.endsWith('results.jsonl'))!.text.split('\n');
    const tree7 = JSON.stringify({ ...JSON.parse(lines[0]), tree: 7 });
    expect(refusal(swap('results.jsonl', [lines[0], tree7, ...lines.slice(1)].join('\n')))).toMatch(
      /^results\.jsonl line 2: tree: 7 is not allowed: the spec's trees are 0\.\.2/,
    );
    expect(
      refusal(
        swap('results.jsonl', [lines[0], '{"tree":7,"depth":1,"value":0,"results":[]}', ...lines.slice(1)].join('\n')),
      ),
    ).toMatch(/^results\.jsonl line 2: mpg: is missing; it must be a non-negative integer/);
    expect(refusal(swap('results.jsonl', ['nope', ...lines].join('\n')))).toMatch(
      /^results\.jsonl line 1: not valid JSON/,
    );
    expect(
      refusal([
        {
          path: 'sw/sweep.json',
          text: '{"format":"gtlab-sweep-run","name":"s","axes":[],"cells":[{"slug":"a b","params":{}}]}',
        },
      ]),
    ).toMatch(/^sweep\.json: cells\.0: must be \{"slug", "params"\} with a folder name as slug/);
  });
});
