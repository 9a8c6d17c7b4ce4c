/**
 * A key written twice in a JSON file gtlab reads: a spec file, a sweep file, and a run folder's
 * results.jsonl, run.json or spec.json, through real `gtlab` processes and the app's folder import.
 * Each is refused (exit 2, no stack trace, nothing written) naming the file, the line and the key,
 * where JSON.parse would have let the last one win.
 */
import { expectRefused as refused, snapshot } from '../helpers/cli-refusal.ts';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { FolderFormatError, readRunFolderFiles, type FolderFile } from '../../shared/host/run-folder-files.ts';
import { gtlabFolder } from '../helpers/gtlab-process.ts';
import { refusal } from '../helpers/refusal.ts';
import { sweepFile } from '../helpers/sweep-file.ts';

const { dir, gtlab } = gtlabFolder('gtlab-dupkeys-');
const at = (...p: string[]) => join(dir, ...p);
const read = (...p: string[]) => readFileSync(at(...p), 'utf8');
const SAY = 'a key may appear once in an object; remove one';

/** `text` with `"key": value,` on a line of its own before the first `"key":` (a pretty-printed text). */
function twice(text: string, key: string, value: string): string {
  const i = text.indexOf(`"${key}":`);
  if (i < 0) throw new Error(`no key ${key} in the text`);
  const indent = text.slice(text.lastIndexOf('\n', i) + 1, i);
  return `${text.slice(0, i)}"${key}": ${value},\n${indent}${text.slice(i)}`;
}

/** The 1-based line of `text` where `needle` is found the `nth` time (1 = first). */
function lineOf(text: string, needle: string, nth = 1): number {
  let i = -1;
  for (let k = 0; k < nth; k++) i = text.indexOf(needle, i + 1);
  return text.slice(0, i).split('\n').length;
}

beforeAll(() => {
  expect(gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '2', '--workers', '1', '--out', 'km').code).toBe(
    0,
  );
}, 60_000);

describe('gtlab refuses a JSON file with a key twice', () => {
  test('a spec file: "trees" twice, exit 2 naming the file, key and line; no run folder made', () => {
    const text = twice(read('km', 'spec.json'), 'trees', '50');
    writeFileSync(at('dup-spec.json'), text);
    const [first, second] = [lineOf(text, '"trees":'), lineOf(text, '"trees":', 2)];
    refused(
      gtlab('run', 'dup-spec.json', '--out', 'from-dup', '--workers', '1'),
      `gtlab: dup-spec.json: duplicate key "trees" at line ${second}, column 3 (first at line ${first}): ${SAY}\n`,
    );
    expect(existsSync(at('from-dup'))).toBe(false);
  });

  test('a sweep file: "grid" twice', () => {
    const text = twice(
      JSON.stringify(sweepFile('dup', 'knuth-moore-check', { trees: [2], depth: [2], seed: [1, 2] }), null, 2),
      'grid',
      '{ "seed": [1] }',
    );
    writeFileSync(at('dup-sweep.json'), text);
    refused(
      gtlab('sweep', 'dup-sweep.json', '--out', 'sw', '--workers', '1'),
      `gtlab: dup-sweep.json: grid: duplicate key "grid" at line ${lineOf(text, '"grid":', 2)}, column 3`,
    );
    expect(existsSync(at('sw'))).toBe(false);
  });

  test('a results.jsonl line: --resume and plot refuse naming the line; nothing written', () => {
    cpSync(at('km'), at('res'), { recursive: true });
    const lines = read('res', 'results.jsonl').split('\n');
    lines[1] = lines[1].replace('"depth":', '"depth":1,"depth":');
    writeFileSync(at('res', 'results.jsonl'), lines.join('\n'));
    const before = snapshot(at('res'));
    const damage = `res/results.jsonl line 2: duplicate key "depth" at column 21 (first at column 11): ${SAY}`;
    refused(gtlab('run', '--resume', '--out', 'res', '--workers', '1'), damage);
    expect(snapshot(at('res'))).toEqual(before);
    refused(gtlab('plot', 'res', '--out', 'res.svg'), 'results.jsonl line 2: duplicate key "depth"');
    expect(existsSync(at('res.svg'))).toBe(false);
  });

  test.each([
    ['run.json', 'status', '"running"'],
    ['spec.json', 'depth', '3'],
  ])("the run folder's %s: --resume refuses naming it and the key", (file, key, value) => {
    const d = `dup-${file.replace('.', '-')}`;
    cpSync(at('km'), at(d), { recursive: true });
    const text = twice(read(d, file), key, value);
    writeFileSync(at(d, file), text);
    const before = snapshot(at(d));
    refused(
      gtlab('run', '--resume', '--out', d, '--workers', '1'),
      new RegExp(
        `${d}/${file.replace('.', '\\.')}: duplicate key "${key}" at line ${lineOf(text, `"${key}":`, 2)}, column \\d+`,
      ),
    );
    expect(snapshot(at(d))).toEqual(before);
  });

  test("the app's folder import refuses a run.json with a key twice, naming it", () => {
    cpSync(at('km'), at('imp'), { recursive: true });
    writeFileSync(at('imp', 'run.json'), twice(read('imp', 'run.json'), 'status', '"running"'));
    const files: FolderFile[] = readdirSync(at('imp'))
      .filter((n) => statSync(at('imp', n)).isFile())
      .map((n) => ({ path: `imp/${n}`, text: read('imp', n) }));
    expect(refusal(() => readRunFolderFiles(files), FolderFormatError)).toMatch(
      /^run\.json: duplicate key "status" at line \d+, column 3 \(first at line \d+\)/,
    );
  });
});
