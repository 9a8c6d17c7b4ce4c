/**
 * Damaged run, shard and sweep folders through `gtlab run --resume`, `plot`, `merge`, `sweep` and
 * `sweep summarize` as real processes: every damaged file is named with what is wrong (exit 2, no stack
 * trace, nothing written); a torn last line is set aside in results.torn so the results equal a clean
 * run's; a merge that fails midway leaves nothing new.
 */
import { expectRefused as refused, snapshot } from '../helpers/cli-refusal.ts';
import { beforeAll, describe, expect, test } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gtlabFolder } from '../helpers/gtlab-process.ts';
import { expandSweep } from '../../shared/experiments/sweep.ts';
import { mergeShardSet } from '../../node/shard-merge.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { sweepFile } from '../helpers/sweep-file.ts';

const { dir, gtlab } = gtlabFolder('gtlab-damaged-');
const at = (...p: string[]) => join(dir, ...p);
const read = (...p: string[]) => readFileSync(at(...p), 'utf8');
const KM = ['knuth-moore-check', '--trees', '3', '--depth', '3'];
const SWEEP = sweepFile('tiny', 'knuth-moore-check', { trees: [2], depth: [2], seed: [1, 2] });
const cells = expandSweep(SWEEP).cells;

const copy = (from: string, to: string) => cpSync(at(from), at(to), { recursive: true });
const cleanLines = () => read('km', 'results.jsonl').split('\n').slice(0, -1);

beforeAll(() => {
  expect(gtlab('run', ...KM, '--workers', '1', '--out', 'km').code).toBe(0);
  for (let i = 0; i < 2; i++)
    expect(gtlab('run', ...KM, '--shard', `${i}/2`, '--workers', '1', '--out', 'set').code).toBe(0);
  writeFileSync(at('tiny.json'), JSON.stringify(SWEEP));
  expect(gtlab('sweep', 'tiny.json', '--out', 'sw', '--workers', '1').code).toBe(0);
}, 120_000);

/** `first` (a result line) with `results` removed: valid JSON, not a result line. */
const withoutResults = (first: string) => {
  const l = JSON.parse(first) as Record<string, unknown>;
  delete l.results;
  return JSON.stringify(l);
};
const DAMAGE: [string, (first: string) => string, RegExp][] = [
  ['null', () => 'null', /line 2: not a result line: null is not an object/],
  ['42', () => '42', /line 2: not a result line: 42 is not an object/],
  ['{}', () => '{}', /line 2: tree: is missing; it must be a non-negative integer/],
  ['no results', withoutResults, /line 2: results: is missing; it must be an array/],
  ['not JSON', () => '{"tree": 1,', /line 2: not valid JSON/],
];

describe('a damaged results.jsonl', () => {
  test.each(DAMAGE)(
    'a line %s: --resume and plot refuse, naming the file and line; nothing written',
    (name, text, message) => {
      const d = `res-${name.replace(/\W+/g, '_')}`;
      copy('km', d);
      const lines = cleanLines();
      writeFileSync(
        at(d, 'results.jsonl'),
        [lines[0], text(lines[0]), ...lines.slice(1)].map((l) => `${l}\n`).join(''),
      );
      const before = snapshot(at(d));
      const r = gtlab('run', '--resume', '--out', d, '--workers', '1');
      refused(r, new RegExp(`${d}/results\\.jsonl ${message.source}`));
      expect(snapshot(at(d))).toEqual(before);
      refused(gtlab('plot', d, '--out', `${d}.svg`), new RegExp(`results\\.jsonl ${message.source}`));
      expect(existsSync(at(`${d}.svg`))).toBe(false);
    },
  );

  test("a torn last line: --resume sets it aside in results.torn, and results.jsonl then equals a clean run's byte for byte", () => {
    const lines = cleanLines();
    const first2 = lines.findIndex((l) => JSON.parse(l).tree === 2);
    const torn = lines[first2].slice(0, 30);
    copy('km', 'torn');
    writeFileSync(
      at('torn', 'results.jsonl'),
      `${lines
        .slice(0, first2)
        .map((l) => `${l}\n`)
        .join('')}${torn}`,
    );
    // plot leaves the torn line out, saying so (the run may be being written)
    const p = gtlab('plot', 'torn', '--out', 'torn.svg');
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toMatch(new RegExp(`torn/results\\.jsonl line ${first2 + 1}: torn last line`));
    const r = gtlab('run', '--resume', '--out', 'torn', '--workers', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`line ${first2 + 1}: torn last line .*set aside in .*torn/results\\.torn`));
    expect(read('torn', 'results.jsonl')).toBe(read('km', 'results.jsonl'));
    expect(read('torn', 'results.torn')).toBe(`${torn}\n`);
    expect(read('torn', 'summary.json')).toBe(read('km', 'summary.json'));
    // A second crash appends its torn line below the first.
    const again = read('torn', 'results.jsonl');
    writeFileSync(at('torn', 'results.jsonl'), `${again}${lines[0].slice(0, 12)}`);
    expect(gtlab('run', '--resume', '--out', 'torn').code).toBe(0);
    expect(read('torn', 'results.torn')).toBe(`${torn}\n${lines[0].slice(0, 12)}\n`);
    expect(read('torn', 'results.jsonl')).toBe(again);
  });

  test('a whole last line without its line end gets one before the resumed run appends', () => {
    copy('km', 'unended');
    const lines = cleanLines();
    const first2 = lines.findIndex((l) => JSON.parse(l).tree === 2);
    writeFileSync(at('unended', 'results.jsonl'), lines.slice(0, first2).join('\n'));
    expect(gtlab('run', '--resume', '--out', 'unended', '--workers', '1').code).toBe(0);
    expect(read('unended', 'results.jsonl')).toBe(read('km', 'results.jsonl'));
    expect(existsSync(at('unended', 'results.torn'))).toBe(false);
  });
});

describe('a damaged run.json or spec.json', () => {
  const CASES: [string, string, RegExp][] = [
    ['run.json', 'null', /run\.json: must be a JSON object/],
    ['run.json', '[1', /run\.json: not valid JSON/],
    ['run.json', '{"format":"gtlab-run","failures":"none"}', /run\.json: failures: must be a list/],
    ['spec.json', 'null', /spec\.json: /],
    ['spec.json', '{"format":', /spec\.json: /],
    ['spec.json', '{}', /spec\.json: /],
  ];
  test.each(CASES)('%s holding %s: --resume and plot name it (exit 2)', (file, text, message) => {
    const d = `bad-${file}-${text.replace(/\W+/g, '_')}`;
    copy('km', d);
    writeFileSync(at(d, file), text);
    const before = snapshot(at(d));
    refused(gtlab('run', '--resume', '--out', d), message);
    expect(snapshot(at(d))).toEqual(before);
    refused(gtlab('plot', d, '--out', `${d}.svg`), message);
  });

  test('a folder holding spec.json alone (killed while being created): --resume completes it; a run of another spec is refused there', () => {
    copy('km', 'half-run');
    for (const f of readdirSync(at('half-run'))) if (f !== 'spec.json') rmSync(at('half-run', f));
    const before = snapshot(at('half-run'));
    refused(
      gtlab('run', ...KM, '--seed', '7', '--out', 'half-run'),
      /holds spec\.json of another spec but no run\.json/,
    );
    expect(snapshot(at('half-run'))).toEqual(before);
    const r = gtlab('run', '--resume', '--out', 'half-run', '--workers', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/held spec\.json but no run\.json .*created anew/);
    expect(read('half-run', 'results.jsonl')).toBe(read('km', 'results.jsonl'));
    expect(JSON.parse(read('half-run', 'run.json')).status).toBe('completed');
  });

  test('plot --figure naming a folder: exit 2 naming the flag', () => {
    refused(gtlab('plot', 'km', '--figure', 'km', '--out', 'fig-dir.svg'), /--figure km: not a regular file/);
  });
});

describe('gtlab merge of a damaged shard set', () => {
  const copySet = (name: string) => {
    mkdirSync(at(name));
    cpSync(at('set', 'spec.json'), at(name, 'spec.json'));
    cpSync(at('set', 'shards'), at(name, 'shards'), { recursive: true });
  };

  test.each(DAMAGE)(
    "a shard line %s: refused naming the shard's file and line, nothing written",
    (name, text, message) => {
      const d = `merge-${name.replace(/\W+/g, '_')}`;
      copySet(d);
      const p = at(d, 'shards', '1-of-2', 'results.jsonl');
      const lines = readFileSync(p, 'utf8').split('\n').slice(0, -1);
      writeFileSync(p, [lines[0], text(lines[0]), ...lines.slice(1)].map((l) => `${l}\n`).join(''));
      const before = snapshot(at(d));
      refused(gtlab('merge', d), new RegExp(`shards/1-of-2/results\\.jsonl ${message.source}`));
      expect(snapshot(at(d))).toEqual(before);
    },
  );

  test("a shard's run.json or the set's spec.json null or not JSON: refused naming it", () => {
    for (const text of ['null', '{']) {
      const d = `merge-run-${text === 'null' ? 'null' : 'json'}`;
      copySet(d);
      writeFileSync(at(d, 'shards', '0-of-2', 'run.json'), text);
      const before = snapshot(at(d));
      refused(gtlab('merge', d), /shards\/0-of-2\/run\.json: (must be a JSON object|not valid JSON)/);
      expect(snapshot(at(d))).toEqual(before);
    }
    for (const [text, message] of [
      ['{', /spec\.json: not valid JSON/],
      ['null', /spec\.json: \(spec\): /],
    ] as const) {
      const d = `merge-spec-${text === 'null' ? 'null' : 'json'}`;
      copySet(d);
      writeFileSync(at(d, 'spec.json'), text);
      const before = snapshot(at(d));
      refused(gtlab('merge', d), new RegExp(`${d}/${message.source}`));
      expect(snapshot(at(d))).toEqual(before);
    }
  });

  test('a merge that fails while writing leaves nothing new in DIR', async () => {
    copySet('merge-crash');
    const before = snapshot(at('merge-crash'));
    const write = RunFolder.prototype.writeSummary;
    RunFolder.prototype.writeSummary = () => {
      throw new Error('disk full (planted)');
    };
    try {
      await expect(mergeShardSet(at('merge-crash'))).rejects.toThrow(/planted/);
    } finally {
      RunFolder.prototype.writeSummary = write;
    }
    expect(snapshot(at('merge-crash'))).toEqual(before);
    expect(readdirSync(at('merge-crash')).sort()).toEqual(['shards', 'spec.json']);
    // and the merge then succeeds, giving what a local run gives
    const r = gtlab('merge', 'merge-crash');
    expect(r.code, r.stderr).toBe(0);
    expect(read('merge-crash', 'summary.json')).toBe(read('km', 'summary.json'));
  });
});

describe('gtlab sweep over damaged folders', () => {
  const cellDir = (sw: string, k: number) => join(sw, 'cells', cells[k].slug);

  test('a corrupt sweep.json: sweep and sweep summarize name it (exit 2)', () => {
    for (const [name, text, message] of [
      ['sj-json', '{"format": "gtlab-sweep-run", ', /sweep\.json: not valid JSON/],
      ['sj-null', 'null', /sweep\.json: must be a JSON object/],
      [
        'sj-cells',
        '{"format": "gtlab-sweep-run", "version": 1, "name": "tiny", "axes": [], "cells": 3}',
        /sweep\.json: cells: /,
      ],
    ] as const) {
      copy('sw', name);
      writeFileSync(at(name, 'sweep.json'), text);
      const before = snapshot(at(name));
      refused(gtlab('sweep', 'tiny.json', '--out', name), new RegExp(`${name}/sweep\\.json`));
      refused(gtlab('sweep', 'summarize', name), message);
      expect(snapshot(at(name))).toEqual(before);
    }
  });

  test('a corrupt cell run.json: sweep and sweep summarize name it (exit 2)', () => {
    copy('sw', 'cell-bad');
    writeFileSync(at(cellDir('cell-bad', 1), 'run.json'), '{"format": "gtlab-run", "status": ');
    refused(
      gtlab('sweep', 'tiny.json', '--out', 'cell-bad'),
      new RegExp(`${cells[1].slug}/run\\.json: not valid JSON`),
    );
    refused(gtlab('sweep', 'summarize', 'cell-bad'), new RegExp(`${cells[1].slug}/run\\.json: not valid JSON`));
  });

  test('a damaged line in a cell: sweep summarize names the file and line (exit 2)', () => {
    copy('sw', 'cell-line');
    const p = at(cellDir('cell-line', 0), 'results.jsonl');
    writeFileSync(p, `${readFileSync(p, 'utf8')}null\n`);
    refused(gtlab('sweep', 'summarize', 'cell-line'), /results\.jsonl line \d+: not a result line: null/);
  });

  test('a cell folder holding spec.json but no run.json (killed while being created): the sweep completes it', () => {
    copy('sw', 'half');
    const c = cellDir('half', 1);
    for (const f of readdirSync(at(c))) if (f !== 'spec.json') rmSync(at(c, f));
    const r = gtlab('sweep', 'tiny.json', '--out', 'half', '--workers', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/spec\.json but no run\.json/);
    expect(read(c, 'results.jsonl')).toBe(read(cellDir('sw', 1), 'results.jsonl'));
    expect(read(c, 'summary.json')).toBe(read(cellDir('sw', 1), 'summary.json'));
    expect(JSON.parse(read(c, 'run.json')).status).toBe('completed');
  });
});
