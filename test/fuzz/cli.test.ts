/**
 * The CLI's entry points under mutated input files (./mutate.ts), as real processes: `run` with a spec
 * file, `sweep`, `plot --figure`, `search`, `validate` and `merge`. Each input is one that the format's
 * own parser refuses (checked in process first); the command must exit 2 with the same field named on
 * stderr, print no stack trace, and write nothing where --out points. One input per command (a new
 * sample each run), three processes at a time, so the suite stays within about half a minute.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGtlab } from '../helpers/gtlab-process.ts';
import { mutatedText } from './mutate.ts';
import { parseSpec, SpecError } from '../../shared/experiments/spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { expandSweep, SweepError } from '../../shared/experiments/sweep.ts';
import { FigureSpecError, parseFigureSpec } from '../../shared/figures/figure-spec.ts';
import { checkResultLine } from '../../shared/experiments/result-line-schema.ts';
import { FormatError } from '../../shared/io/format-error.ts';
import { parseGraphFile, serializeGraph } from '../../shared/io/graph-file.ts';
import { parseProofFile, serializeProof } from '../../shared/io/proof-file.ts';
import { parseJsonText } from '../../shared/io/json-text.ts';
import { runLines } from '../helpers/run-lines.ts';
import { sweepFile } from '../helpers/sweep-file.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { openShard } from '../../node/shard-set.ts';
import { smallTree, SMALL_PROOF } from '../io/graph-fixtures.ts';

/** Inputs per command, each one process (FUZZ_CLI_RUNS=5 for a longer search; FUZZ_SEED repeats a run). */
const PER_COMMAND = Number(process.env.FUZZ_CLI_RUNS ?? 1);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

const dir = mkdtempSync(join(tmpdir(), 'gtlab-fuzz-cli-'));
const spec = presetSpec('knuth-moore-check', { trees: 2, depth: 3 });
const lines = await runLines(spec);

beforeAll(() => {
  // a finished run folder for plot, written as `gtlab run` writes it
  const run = RunFolder.create(join(dir, 'run'), spec, 1);
  for (const l of lines) run.append(l);
  run.writeSummary(run.summary());
  run.update({ status: 'completed', finishedAt: new Date().toISOString() });
  writeFileSync(join(dir, 'graph.json'), serializeGraph(smallTree(true)));
});

interface Case {
  /** the file's text */
  text: string;
  /** the field the format's parser names for it */
  field: string;
}

/** Mutations of `valid` that `field` (the parser, in process) refuses, with the field it names. */
function refusedInputs(valid: unknown, field: (text: string) => string | null, k: number): Case[] {
  const arb = mutatedText(valid)
    .map((text) => ({ text, field: field(text) }))
    .filter((c): c is Case => c.field !== null);
  return fc.sample(arb, { numRuns: PER_COMMAND, seed: SEED + k });
}

/** The field `parse` names when it refuses `text` with an error of `kind` (as `named` reads it), or null when it accepts it. */
const fieldOf =
  <E extends Error>(
    parse: (text: string) => unknown,
    kind: abstract new (...args: any[]) => E,
    named: (e: E) => string,
  ) =>
  (text: string): string | null => {
    try {
      parse(text);
      return null;
    } catch (e) {
      if (e instanceof kind) return named(e);
      throw e;
    }
  };
const formatField = (parse: (text: string) => unknown) => fieldOf(parse, FormatError, (e) => e.field);

/** A command that reads one file, and the mutated files it must refuse. */
interface FileCommand {
  /** the files' names: `<name>-<k>.json` */
  name: string;
  /** the file before mutation */
  valid: unknown;
  /** the field the format's parser names, or null for a file it accepts */
  field: (text: string) => string | null;
  /** the field to look for when the parser names the document itself ('') */
  whole?: string;
  /** the command line that reads `file` */
  argv: (file: string, k: number) => string[];
  /** where the command would write, which must stay absent */
  out?: (k: number) => string;
}

const FILE_COMMANDS: FileCommand[] = [
  {
    name: 'spec',
    valid: JSON.parse(JSON.stringify(spec)),
    field: fieldOf(parseSpec, SpecError, (e) => e.issues[0].path),
    whole: '(spec)',
    argv: (file, k) => ['run', file, '--workers', '1', '--out', `out-run-${k}`],
    out: (k) => `out-run-${k}`,
  },
  {
    name: 'sweep',
    valid: sweepFile('fuzz', 'knuth-moore-check', { depth: [2, 3], trees: [1, 2] }),
    field: fieldOf(expandSweep, SweepError, (e) => e.issues[0].path.replace(/ \(cell .*\)$/, '')),
    whole: '(sweep)',
    argv: (file, k) => ['sweep', file, '--workers', '1', '--out', `out-sweep-${k}`],
    out: (k) => `out-sweep-${k}`,
  },
  {
    name: 'figure',
    valid: {
      format: 'gtlab-figure',
      version: 1,
      mode: 'ratio',
      series: [{ id: 'alphabeta / perfect', label: 'perfect' }],
      title: { text: 'KM' },
      size: { unit: 'cm', width: 8.5, height: 7 },
      legend: 'bottom',
    },
    field: fieldOf(parseFigureSpec, FigureSpecError, (e) =>
      /^figure: not JSON/.test(e.message) ? 'not JSON' : e.message.replace(/^figure: /, '').split(': ')[0],
    ),
    argv: (file, k) => ['plot', 'run', '--figure', file, '--out', `plot-${k}.svg`],
    out: (k) => `plot-${k}.svg`,
  },
  {
    name: 'graph',
    valid: JSON.parse(serializeGraph(smallTree(true))),
    field: formatField((t) => parseGraphFile(t)),
    argv: (file) => ['search', file, '--algorithm', 'alphabeta', '--json'],
  },
  {
    name: 'proof',
    valid: JSON.parse(
      serializeProof({ type: 'minimax', value: 4, size: SMALL_PROOF.length, nodes: [...SMALL_PROOF], meta: {} }),
    ),
    field: formatField((t) => parseProofFile(t)),
    argv: (file) => ['validate', 'graph.json', file],
  },
];

/** `gtlab ...args` in the test folder, stdin not a terminal. */
const gtlab = (args: string[]) => startGtlab(args, dir);

/**
 * The command refused the input: exit 2, the field named on stderr, no stack trace. A fault in the whole
 * document (the parser's "(spec)", text that is not JSON) is named by the file it is in, `file`.
 */
function expectRefused(r: { code: number; stderr: string }, field: string, command: string, file?: string): void {
  const what = `${command} (to repeat: FUZZ_SEED=${SEED})`;
  expect(r.code, `${what}: ${r.stderr}`).toBe(2);
  expect(r.stderr, what).toMatch(/^gtlab: /);
  expect(r.stderr, what).not.toMatch(/\n\s+at /);
  expect(r.stderr, what).not.toMatch(/internal error/);
  // the field as the parser names it (its last segment: the CLI may prefix the file or a line number)
  const last = field.split(/[.[]/).filter(Boolean).pop() ?? field;
  if (file !== undefined && /^\(.*\)$/.test(last) && r.stderr.includes(`${file}: not valid JSON`)) return;
  expect(r.stderr, `${what}: field ${field}`).toContain(last.replace(/]$/, ''));
}

describe('fuzz: CLI entry points under mutated files', () => {
  test('run SPEC, sweep SWEEP, plot --figure, search, validate and merge: exit 2 naming the field, nothing written', async () => {
    const jobs: (() => Promise<void>)[] = [];
    let n = 0;

    FILE_COMMANDS.forEach((command, i) => {
      for (const c of refusedInputs(command.valid, command.field, i + 1)) {
        const k = n++;
        const file = `${command.name}-${k}.json`;
        writeFileSync(join(dir, file), c.text);
        const argv = command.argv(file, k);
        jobs.push(async () => {
          expectRefused(await gtlab(argv), c.field || (command.whole ?? c.field), argv.join(' '), file);
          if (command.out) expect(existsSync(join(dir, command.out(k)))).toBe(false);
        });
      }
    });

    const line = JSON.parse(JSON.stringify(lines[1]));
    // (a line that is not JSON at all is a torn line, which merge reports rather than refuses)
    const lineField = formatField((t) => checkResultLine(parseJsonText(t), parseSpec(spec)));
    refusedInputs(line, (t) => (lineField(t) === '(json)' ? null : lineField(t)), 6).forEach((c) => {
      const k = n++;
      const set = join(dir, `set-${k}`);
      mkdirSync(set);
      const shard = openShard(set, spec, { index: 0, count: 1 }, 1);
      lines.forEach((l, i) =>
        i === 1 ? writeFileSync(shard.resultsPath, `${c.text.replace(/\n/g, ' ')}\n`, { flag: 'a' }) : shard.append(l),
      );
      shard.update({ status: 'completed' });
      const before = readdirSync(set).sort();
      jobs.push(async () => {
        const r = await gtlab(['merge', `set-${k}`]);
        expectRefused(r, c.field, `merge set-${k}`);
        expect(r.stderr).toMatch(/line 2/);
        expect(readdirSync(set).sort()).toEqual(before);
        expect(readFileSync(join(set, 'spec.json'), 'utf8')).toContain('knuth-moore-check');
      });
    });

    // three processes at a time
    const running = new Set<Promise<void>>();
    const failures: unknown[] = [];
    for (const job of jobs) {
      const p = job()
        .catch((e) => void failures.push(e))
        .finally(() => running.delete(p));
      running.add(p);
      if (running.size >= 3) await Promise.race(running);
    }
    await Promise.all(running);
    if (failures.length > 0) throw failures[0];
    expect(jobs.length).toBe(6 * PER_COMMAND);
  }, 120_000);
});
