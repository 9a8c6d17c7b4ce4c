/**
 * A run on a disk that fills up (node/storage.ts, cli/commands/run.ts): small tmpfs mounts as `--out`,
 * each sized from an uninterrupted run's files so that the disk fills while the results are appended,
 * while results.csv is written, and while the figure is written. Each stop must be exit 2 naming the
 * file and ENOSPC, with no stack, no temporary file left, no torn line, no "completed" run.json; and a
 * resume once the disk has room must leave exactly the uninterrupted run's files: results.jsonl line
 * for line (sorted), every output whole, run.json "completed". A read-only mount is refused the same
 * way. Mounting a tmpfs needs root, as CI and the development machines run; elsewhere the suite is
 * skipped (the odd-path and write-layer tests beside it need no root).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGtlab } from '../helpers/gtlab-process.ts';
import { expectRefused } from '../helpers/cli-refusal.ts';
import { sortedLinesAsWritten } from '../helpers/results-jsonl.ts';

const PAGE = 4096;
const root = mkdtempSync(join(tmpdir(), 'gtlab-full-disk-'));
const mounts: string[] = [];

/** A tmpfs of `bytes` (rounded to pages) mounted at a new folder under the test's folder, or null. */
function tmpfs(name: string, bytes: number, readOnly = false): string | null {
  const at = join(root, name);
  mkdirSync(at);
  const size = Math.ceil(bytes / PAGE) * PAGE;
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${readOnly ? ',ro' : ''}`, 'tmpfs', at]);
  if (r.status !== 0) return null;
  mounts.push(at);
  return at;
}

const grow = (at: string, bytes: number) =>
  spawnSync('mount', ['-o', `remount,size=${Math.ceil(bytes / PAGE) * PAGE}`, at]).status === 0;

const canMount = process.getuid?.() === 0 && tmpfs('probe', PAGE) !== null;

afterAll(() => {
  for (const m of mounts.reverse()) spawnSync('umount', [m]);
});

const RUN = ['run', 'furtak-buro-fig4', '--trees', '8', '--depth', '6', '--workers', '1', '--yes'];
const reference = join(root, 'reference');
const pages = (f: string) => Math.ceil(statSync(join(reference, f)).size / PAGE);
const results = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8');
/** The run's lines sorted, every one kept; the file ends its last line. */
function sortedLines(dir: string): string[] {
  expect(results(dir).endsWith('\n')).toBe(true);
  return sortedLinesAsWritten(results(dir));
}

/** Every file of a finished run folder is whole: JSON parses, the PNG has its end chunk, the PDF its trailer. */
function expectWhole(dir: string): void {
  for (const f of ['run.json', 'spec.json', 'summary.json', 'fig4-summary.json'])
    expect(() => JSON.parse(readFileSync(join(dir, f), 'utf8')), f).not.toThrow();
  const png = readFileSync(join(dir, 'figure.png'));
  expect(png.subarray(png.length - 8).toString('latin1')).toContain('IEND');
  expect(readFileSync(join(dir, 'figure.pdf'), 'latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  expect(readFileSync(join(dir, 'figure.svg'), 'utf8').trimEnd().endsWith('</svg>')).toBe(true);
  expect(readFileSync(join(dir, 'results.csv'), 'utf8')).toEqual(readFileSync(join(reference, 'results.csv'), 'utf8'));
}

describe.skipIf(!canMount)('a disk that fills during a run (tmpfs mounts: needs root)', () => {
  beforeAll(() => {
    const r = runGtlab([...RUN, '--out', reference]);
    expect(r.code, r.stderr).toBe(0);
  });

  // Pages each phase needs: spec.json and run.json, then results.jsonl, summary.json, results.csv, then
  // the Figure 4 extras in the order they are written; the disk is cut half-way through the named file.
  const phases = [
    { file: 'results.jsonl', before: () => 2, half: () => pages('results.jsonl') },
    {
      file: 'results.csv',
      before: () => 2 + pages('results.jsonl') + pages('summary.json'),
      half: () => pages('results.csv'),
    },
    {
      file: 'figure.png',
      before: () =>
        2 +
        ['results.jsonl', 'summary.json', 'results.csv', 'fig4-summary.json', 'report.md', 'figure.svg', 'figure.pdf']
          .map(pages)
          .reduce((a, b) => a + b, 0),
      half: () => pages('figure.png'),
    },
  ];

  test.each(phases)(
    'full while writing $file: exit 2, nothing torn or claimed; a resume with room gives the uninterrupted run',
    ({ file, before, half }) => {
      const disk = tmpfs(`full-${file}`, (before() + Math.floor(half() / 2)) * PAGE);
      expect(disk).not.toBeNull();
      const out = join(disk!, 'run');
      const r = runGtlab([...RUN, '--out', out]);
      expectRefused(r, `${join(out, file)}: no space left on the device (ENOSPC)`);
      expect(r.stderr).toContain(`gtlab run --resume --out ${out}`);
      const names = readdirSync(out);
      expect(names.filter((n) => n.includes('.tmp-') || n.startsWith('.outputs-tmp'))).toEqual([]);
      if (file !== 'results.jsonl') expect(names).not.toContain(file); // written whole or not at all
      const record = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as {
        status: string;
        failures: { reason: string }[];
      };
      expect(record.status).not.toBe('completed');
      if (record.status === 'failed') expect(record.failures.map((f) => f.reason).join()).toContain('ENOSPC');
      const results = readFileSync(join(out, 'results.jsonl'), 'utf8');
      expect(results === '' || results.endsWith('\n')).toBe(true);
      for (const line of results.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();

      // A resume on the same full disk is refused the same way, and changes nothing it cannot finish.
      const again = runGtlab(['run', '--resume', '--out', out, '--workers', '1', '--yes']);
      expectRefused(again, 'no space left on the device (ENOSPC)');

      expect(grow(disk!, 4 * 1024 * 1024)).toBe(true);
      const resumed = runGtlab(['run', '--resume', '--out', out, '--workers', '1', '--yes']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')).status).toBe('completed');
      expect(sortedLines(out)).toEqual(sortedLines(reference));
      expectWhole(out);
      expect(readdirSync(out).sort()).toEqual(readdirSync(reference).sort());
    },
  );

  test('a read-only disk: run, plot and merge refuse with exit 2 naming the path, and write nothing', () => {
    const ro = tmpfs('read-only', 64 * 1024, true);
    expect(ro).not.toBeNull();
    const cases = [
      { args: [...RUN, '--out', join(ro!, 'run')], path: ro! },
      { args: ['plot', reference, '--out', join(ro!, 'f.svg')], path: join(ro!, 'f.svg') },
      { args: ['merge', ro!], path: ro! },
    ];
    for (const c of cases) {
      const r = runGtlab(c.args);
      expectRefused(r, 'read-only (EROFS)');
      expect(r.stderr).toContain(c.path);
    }
    expect(readdirSync(ro!)).toEqual([]);
  });

  test('a disk full before the folder is made: exit 2, and the same command with room creates the run', () => {
    const disk = tmpfs('full-early', 2 * PAGE);
    expect(disk).not.toBeNull();
    const out = join(disk!, 'run');
    const r = runGtlab([...RUN, '--out', out]);
    expectRefused(r, 'no space left on the device (ENOSPC)');
    expect(existsSync(join(out, 'run.json'))).toBe(false);
    expect(grow(disk!, 4 * 1024 * 1024)).toBe(true);
    const again = runGtlab([...RUN, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(sortedLines(out)).toEqual(sortedLines(reference));
  });
});
