/**
 * `gtlab othello solve`: in process (the command function) and as a real child process, on FForum
 * problems with their file answers, a file with one answer altered on purpose, and bad input.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OTHELLO_HELP, othello } from '../../cli/commands/othello.ts';
import { runCommand } from '../helpers/run-command.ts';
import { type BadInput, testBadInputs } from '../helpers/usage-errors.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { ENDGAME_OFF, ENDGAME_ON, ENDGAME_WEAK } from '../../shared/othello/endgame-solver.ts';

const FFORUM = new URL('./data/fforum-1-19.obf', import.meta.url); // a copy of ../shared/data/othello's file
let dir = '';
let file = '';
let lines: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gtlab-othello-'));
  lines = readFileSync(FFORUM, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  file = join(dir, 'two.obf');
  // problems 5 and 7 (the quickest), a blank line between; the second line's best score is altered on purpose (+8 → +6)
  writeFileSync(file, `${lines[4]}\n\n${lines[6].replace('A6:+8', 'A6:+6')}\n`);
});

const run = (...argv: string[]) => runCommand(othello, argv, { quietStderr: true });

describe('gtlab othello solve (in process)', () => {
  test("a file line with --json: the file's score and move, counts and speed", async () => {
    const r = await run('solve', FFORUM.pathname, '--line', '5', '--json');
    expect(r.code).toBe(0);
    const [p, s] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(p).toMatchObject({
      kind: 'problem',
      line: 5,
      score: 32,
      bestMoveName: 'G8',
      expected: 32,
      correct: true,
      empties: 14,
      algorithm: 'mtdf',
      ordering: 'fastest-first',
      weak: false,
    });
    expect(p.nodes).toBeGreaterThan(1000);
    expect(p.nodesPerSecond).toBeGreaterThan(0);
    expect(s).toMatchObject({ kind: 'summary', problems: 1, checked: 1, wrong: 0, ttBits: 22 });
  });

  test('a quoted position, other searches and orderings, weak', async () => {
    const pos = lines[4].split(';')[0];
    for (const [algorithm, ordering] of [
      ['negascout', 'value'],
      ['mtdf', 'fcf'],
      ['sss', 'natural'],
      ['alphabeta', 'fcf-weighted:1,0,8'],
    ]) {
      const j = JSON.parse(
        (await run('solve', pos, '--algorithm', algorithm, '--ordering', ordering, '--json')).stdout.split('\n')[0],
      );
      expect(j).toMatchObject({ score: 32, bestMoveName: 'G8', algorithm, expected: null, correct: null });
    }
    const w = JSON.parse((await run('solve', pos, '--weak', '--json')).stdout.split('\n')[0]);
    expect(w).toMatchObject({ score: 1, weak: true });
  });

  test('an answer that differs from the file is reported and exits 1', async () => {
    const r = await run('solve', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/problem 1 \(14 empties\): \+32, best G8; file \+32 \(G8\) ok;/);
    expect(r.stdout).toMatch(/problem 2 \(14 empties\): \+8, best A6; file \+6 \(A6\) WRONG;/);
    expect(r.stdout).toMatch(/2 problems, 1\/2 correct;/);
  });

  test('--help', async () => {
    expect(await run('--help')).toEqual({ code: 0, stdout: OTHELLO_HELP });
  });

  const bad: BadInput[] = [
    ['no subcommand', [], /othello needs the subcommand solve/],
    ['short board', ['solve', `${'-'.repeat(62)}X X`], /the board has 63 squares: it must have 64/],
    ['bad square', ['solve', `Z${'-'.repeat(63)} X`], /square A1 is "Z"/],
    ['bad side', ['solve', `${'-'.repeat(64)} W`], /side to move is "W"/],
    [
      'unknown ordering',
      ['solve', `${'-'.repeat(64)} X`, '--ordering', 'fast'],
      /ordering "fast" is not allowed: use natural, value, fastest-first, fcf/,
    ],
    [
      'unknown algorithm',
      ['solve', `${'-'.repeat(64)} X`, '--algorithm', 'pvs'],
      /--algorithm pvs is not allowed: use one of minimax, alphabeta/,
    ],
    [
      'weak minimax',
      ['solve', `${'-'.repeat(64)} X`, '--algorithm', 'minimax', '--weak'],
      /--weak is not allowed with --algorithm minimax/,
    ],
    ['line of a position', ['solve', `${'-'.repeat(64)} X`, '--line', '1'], /--line applies to a FILE/],
    ['line out of range', ['solve', FFORUM.pathname, '--line', '20'], /--line 20 is not allowed: .*1\.\.19/],
    ['missing file', ['solve', 'no-such-file.obf'], /no-such-file\.obf: no such file/],
    [
      'node limit',
      ['solve', FFORUM.pathname, '--line', '1', '--max-nodes', '100'],
      /search stopped after visiting 100 nodes/,
    ],
  ];
  testBadInputs(run, bad);

  test('bad input: a malformed line names the file and line', async () => {
    const f = join(dir, 'bad.obf');
    writeFileSync(f, `${lines[0]}\n${lines[1].slice(0, 60)} X\n`);
    await expect(run('solve', f)).rejects.toThrow(/bad\.obf line 2: the board has 60 squares: it must have 64/);
  });
});

describe('gtlab othello as a process', () => {
  test('one problem solved with JSON lines; bad input exits 2 naming the problem', () => {
    const s = runGtlab(['othello', 'solve', FFORUM.pathname, '--line', '7', '--json'], dir);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout.split('\n')[0])).toMatchObject({ score: 8, bestMoveName: 'A6', correct: true });
    const e = runGtlab(['othello', 'solve', `${'-'.repeat(64)} W`], dir);
    expect(e.code).toBe(2);
    expect(e.stderr).toMatch(/side to move is "W"/);
    expect(e.stdout).toBe('');
  });
  test('a board with no discs, given or in a file, is refused with exit 2 naming the board and the line', () => {
    const empty = `${'-'.repeat(64)} X`;
    const given = runGtlab(['othello', 'solve', empty], dir);
    expect(given.code).toBe(2);
    expect(given.stderr).toMatch(/the board has no discs: .*D4, E4, D5, E5.*write its discs as X and O/);
    expect(given.stdout).toBe('');
    const f = join(dir, 'empty.obf');
    writeFileSync(f, `${lines[4]}\n${empty}; A1:+0\n`);
    const inFile = runGtlab(['othello', 'solve', f], dir);
    expect(inFile.code).toBe(2);
    expect(inFile.stderr).toMatch(/empty\.obf line 2: the board has no discs/);
    expect(inFile.stdout).toBe('');
  });
});

describe('gtlab othello solve --solve-mode (in process)', () => {
  test("every part on, every part off: the file's score and move; the switches in the summary", async () => {
    for (const parts of [
      [],
      [
        '--shallow',
        '0',
        '--no-etc',
        '--one-slot',
        '--no-tt-move',
        '--no-stability',
        '--no-rich-key',
        '--sort-search',
        '0',
      ],
    ]) {
      const r = await run('solve', FFORUM.pathname, '--line', '7', '--solve-mode', ...parts, '--json');
      expect(r.code).toBe(0);
      const [p, s] = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(p).toMatchObject({ kind: 'problem', score: 8, bestMoveName: 'A6', correct: true });
      expect(s.endgame).toEqual(parts.length === 0 ? ENDGAME_ON : ENDGAME_OFF);
    }
  });

  test('--weak: the win/draw/loss parts by default (rich key and sort search off), a part flag still switching one off', async () => {
    for (const [parts, want] of [
      [[], ENDGAME_WEAK],
      [['--no-stability'], { ...ENDGAME_WEAK, stability: false }],
      [['--sort-search', '16'], { ...ENDGAME_WEAK, sortSearch: 16 }],
    ] as const) {
      const r = await run('solve', FFORUM.pathname, '--line', '7', '--solve-mode', '--weak', ...parts, '--json');
      expect(r.code).toBe(0);
      const [p, s] = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(p).toMatchObject({ kind: 'problem', score: 1, correct: true });
      expect(s.endgame).toEqual(want);
    }
    expect(ENDGAME_WEAK).toMatchObject({ richKey: false, sortSearch: 0 });
  });

  test('a part flag without --solve-mode, a search or ordering the mode does not run: a usage error naming it', async () => {
    for (const [argv, message] of [
      [['--no-etc'], /--no-etc applies to the solve mode/],
      [['--no-stability'], /--no-stability applies to the solve mode/],
      [['--no-rich-key'], /--no-rich-key applies to the solve mode/],
      [['--sort-search', '10'], /--sort-search applies to the solve mode/],
      [['--solve-mode', '--sort-search', '61'], /sort-search/],
      [['--solve-mode', '--algorithm', 'sss'], /the solve mode runs mtdf, alphabeta, negascout/],
      [['--solve-mode', '--ordering', 'value'], /the solve mode orders fastest-first/],
      [['--solve-mode', '--shallow', '13'], /shallow/],
    ] as const) {
      await expect(othello(['solve', FFORUM.pathname, '--line', '7', ...argv]), argv.join(' ')).rejects.toThrow(
        UsageError,
      );
      await expect(othello(['solve', FFORUM.pathname, '--line', '7', ...argv]), argv.join(' ')).rejects.toThrow(
        message,
      );
    }
  });
});
