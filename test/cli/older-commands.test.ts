/**
 * The commands that predate `gtlab study` (`reproduce`, `montecarlo`, `c4`, `othello`, `match`,
 * `pathology`) against their studies' descriptors: each parses exactly its declared flags, those its
 * studies give and its own, none of them declared twice (cli/command-flags.ts, with faults planted to see
 * the check catch them); and each computes what `gtlab study KIND` computes for the same request, compared
 * as JSON bytes without the timings.
 */
import { describe, expect, test } from 'vitest';
import { C4_FLAGS, c4 } from '../../cli/commands/c4.ts';
import { MATCH_FLAGS, match } from '../../cli/commands/match.ts';
import { MONTECARLO_FLAGS, montecarlo } from '../../cli/commands/montecarlo.ts';
import { OTHELLO_FLAGS, othello } from '../../cli/commands/othello.ts';
import { PATHOLOGY_FLAGS, pathology } from '../../cli/commands/pathology.ts';
import { REPRODUCE_FLAGS, reproduce } from '../../cli/commands/reproduce.ts';
import { study } from '../../cli/commands/study.ts';
import { type CommandFlags, commandFlagNames, commandFlagOptions, declaredTwice } from '../../cli/command-flags.ts';
import { fieldFlag, requestFlag, variantList } from '../../cli/study-flags.ts';
import { parse } from '../../cli/args.ts';
import { li5Study } from '../../shared/li/li5-study.ts';
import { matchStudy } from '../../shared/rivest/match-study.ts';
import { fieldMeta, schemaDef, seedField } from '../../shared/util/fields.ts';
import { runCommand } from '../helpers/run-command.ts';

type Command = (argv: string[]) => Promise<number>;

const run = async (cmd: Command, ...argv: string[]) => {
  const r = await runCommand(cmd, argv, { quietStderr: true });
  expect(r.code).toBe(0);
  return r.stdout;
};
const help = async (cmd: Command) => (await runCommand(cmd, ['--help'])).stdout;

/** The flags a help text documents: its lines that start with "  --NAME". */
const documented = (text: string) => [...new Set([...text.matchAll(/^ {2}--([a-z0-9-]+)/gm)].map((m) => m[1]))].sort();

const COMMANDS: [string, Command, CommandFlags][] = [
  ['reproduce', reproduce, REPRODUCE_FLAGS],
  ['montecarlo', montecarlo, MONTECARLO_FLAGS],
  ['c4', c4, C4_FLAGS],
  ['othello', othello, OTHELLO_FLAGS],
  ['match', match, MATCH_FLAGS],
  ['pathology', pathology, PATHOLOGY_FLAGS],
];

describe("each older command's flags: its studies' and its own, none declared twice", () => {
  test.each(COMMANDS)('%s', async (_name, cmd, flags) => {
    expect(declaredTwice(flags)).toEqual([]);
    // The help documents exactly the flags parsed: the descriptor's and the command's own.
    expect(documented(await help(cmd))).toEqual(commandFlagNames(flags));
    expect(Object.keys(commandFlagOptions(flags)).sort()).toEqual(commandFlagNames(flags));
    expect(flags.study.length).toBeGreaterThan(0);
  });

  test('a flag declared by hand where the descriptor gives it is caught', () => {
    const trees = requestFlag(li5Study.schema, 'trees');
    const seed = requestFlag(li5Study.schema, 'seed');
    // an own flag with the name of a request's field
    expect(declaredTwice({ ...REPRODUCE_FLAGS, study: [trees], values: [...REPRODUCE_FLAGS.values, 'seed'] })).toEqual([
      "--seed is declared by the command, but seed is a field of its study's request",
    ]);
    // a nested field: pathology's spec.model.degree, match's limit
    expect(declaredTwice({ ...PATHOLOGY_FLAGS, values: [...PATHOLOGY_FLAGS.values, 'damage'] })).toEqual([
      "--damage is declared by the command, but spec.model.damage is a field of its study's request",
      "--damage is both a study flag and the command's own",
    ]);
    expect(
      declaredTwice({ ...MATCH_FLAGS, study: MATCH_FLAGS.study.filter((f) => f.name !== 'limit'), values: ['limit'] }),
    ).toEqual(["--limit is declared by the command, but limit is a field of its study's request"]);
    // a study flag written by hand: the same name and range, but not the descriptor's field
    const handSeed = fieldFlag('seed', seedField('Seed', { flagDefault: 1 }))!;
    expect(handSeed.help).toBe(seed.help);
    expect(declaredTwice({ ...REPRODUCE_FLAGS, study: [trees, handSeed] })).toEqual([
      "--seed fills seed, a field of no request of the command's studies",
    ]);
    // a study flag that says it fills another field than the one it is derived from
    expect(declaredTwice({ ...REPRODUCE_FLAGS, study: [trees, { ...seed, field: 'trees' }] })).toEqual([
      '--seed says it fills trees, but its schema is the field seed',
    ]);
  });

  test("match's --limit list takes the ranges of the study's limit variants", () => {
    const limit = MATCH_FLAGS.study.find((f) => f.name === 'limit')!;
    const read = (s: string) => variantList(limit, parse(['--limit', s], commandFlagOptions(MATCH_FLAGS), '').flags);
    expect(read('moves:2000,time:50')).toEqual([
      { kind: 'moves', n: 2000 },
      { kind: 'time', ms: 50 },
    ]);
    for (const o of schemaDef(schemaDef(matchStudy.schema).shape!.limit).options!) {
      const { kind, ...rest } = schemaDef(o).shape!;
      const [field, s] = Object.entries(rest)[0];
      const name = String(schemaDef(kind).values![0]);
      expect(() => read(`${name}:0`)).toThrow(
        `--limit ${name}:0 is not allowed: ${field.toUpperCase()} must be ${fieldMeta(s)!.allowed}`,
      );
    }
    expect(() => read('moves:x')).toThrow('--limit moves:x is not allowed: write moves:N or time:MS');
    expect(() => read('depth:3')).toThrow('--limit depth:3 is not allowed: write moves:N or time:MS');
  });
});

/** A JSON value without its timings (wall-clock milliseconds and seconds, rates per second). */
function untimed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(untimed);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k]) => !['ms', 'seconds', 'nodesPerSecond', 'positionsPerSecond'].includes(k))
      .map(([k, x]) => [k, untimed(x)]),
  );
}

/** `keys` of `o`, in that order, as JSON bytes without the timings. */
const bytes = (o: Record<string, unknown>, keys: readonly string[]) =>
  JSON.stringify(untimed(Object.fromEntries(keys.map((k) => [k, o[k]]))));

/** What `gtlab study KIND` prints with --json: the request it ran and the result. */
async function studied(kind: string, request: object, ...flags: string[]) {
  const out = JSON.parse(await run(study, kind, '--request', JSON.stringify(request), ...flags, '--json'));
  expect(out.request).toMatchObject(request);
  return out.result;
}

describe('each older command computes what gtlab study computes for the same request', () => {
  test('reproduce li-5 = study li5', async () => {
    const { mode, ...older } = JSON.parse(await run(reproduce, 'li-5', '--trees', '2', '--seed', '3', '--json'));
    expect(mode).toBe('corrected');
    const r = await studied('li5', { trees: 2, seed: 3 });
    expect(JSON.stringify(older)).toBe(JSON.stringify(r.result));
  });

  test('reproduce li-T --mode M = study li-table, that mode', async () => {
    for (const mode of ['corrected', 'printed']) {
      const { comparison, ...older } = JSON.parse(await run(reproduce, 'li-4.2', '--mode', mode, '--json'));
      expect(comparison.compared).toBeGreaterThan(0);
      const r = await studied('li-table', { table: '4.2' });
      expect(JSON.stringify(older)).toBe(JSON.stringify(r[mode]));
    }
  });

  test('montecarlo li-4 = study li-mc of that cell', async () => {
    const older = JSON.parse(
      await run(
        montecarlo,
        'li-4',
        '--p0',
        '0.5',
        '--f1',
        '0.3',
        '--f2',
        '0.4',
        '--k',
        '2',
        '--trees',
        '200',
        '--seed',
        '4',
        '--json',
      ),
    );
    const target = {
      experiment: 'li-4',
      params: { p0: 0.5, f1: 0.3, f2: 0.4, k: 2 },
      quantity: older.quantity,
      corrected: older.exact.corrected,
      printed: older.exact.printed,
      thesis: null,
      digits: 3,
    };
    const { result: r } = await studied('li-mc', { target, trees: 200, seed: 4 });
    const keys = ['trees', 'seed', 'mean', 'se', 'lo', 'hi', 'half95'];
    expect(bytes(older, keys)).toBe(bytes(r, keys));
    expect(older.params).toEqual(r.target.params);
    expect(older.inInterval).toEqual({ corrected: r.inInterval.corrected, printed: r.inInterval.printed });
  });

  test('c4 solve MOVES = study c4', async () => {
    for (const argv of [
      ['--step', 'order'],
      ['--step', 'final', '--weak'],
    ]) {
      const older = JSON.parse(await run(c4, 'solve', '4455443', ...argv, '--json'));
      const step = argv[1];
      const { result: r } = await studied('c4', { moves: '4455443', step, weak: argv.includes('--weak') });
      const keys = ['score', 'visited', 'step', 'weak', 'stones'];
      expect(bytes(older, keys)).toBe(bytes(r, keys));
    }
  });

  test('othello solve "BOARD SIDE" = study othello (the table the study uses: 2^21 entries)', async () => {
    const position = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X';
    const out = await run(
      othello,
      'solve',
      position,
      '--algorithm',
      'alphabeta',
      '--ordering',
      'value',
      '--tt-bits',
      '21',
      '--json',
    );
    const older = JSON.parse(out.split('\n')[0]);
    const { result: r } = await studied('othello', {
      position,
      algorithm: 'alphabeta',
      ordering: 'value',
      weak: false,
    });
    const keys = [
      'position',
      'score',
      'bestMove',
      'bestMoveName',
      'nodes',
      'moveNodes',
      'empties',
      'algorithm',
      'ordering',
      'weak',
      'expected',
    ];
    expect(bytes(older, keys)).toBe(bytes(r, keys));
  });

  test('match --limit L = study match with that limit', async () => {
    const older = JSON.parse(
      await run(match, '--limit', 'moves:60', '--openings', '1', '--count', '1', '--seed', '2', '--json'),
    );
    expect(older.matches).toHaveLength(1);
    const { limitName, ...tally } = older.matches[0];
    expect(limitName).toBe('moves:60');
    const { result: r } = await studied('match', { limit: { kind: 'moves', n: 60 }, plies: 1, count: 1, seed: 2 });
    expect(JSON.stringify(untimed(tally))).toBe(JSON.stringify(untimed(r.tally)));
    expect(older.openings).toBe(r.openings.length);
  });

  test('pathology --model M = study pathology of that spec', async () => {
    const older = JSON.parse(
      await run(
        pathology,
        '--model',
        'prefix',
        '--height',
        '4',
        '--noise',
        '2',
        '--trees',
        '30',
        '--seed',
        '5',
        '--noisy-leaves',
        '--json',
      ),
    );
    const spec = {
      model: { kind: 'prefix', degree: 2, height: 4, damage: 6 },
      noise: { kind: 'uniform', e: 2 },
      trees: 30,
      seed: 5,
      exactLeaves: false,
    };
    expect(older.spec).toEqual(spec);
    const { result: r } = await studied('pathology', { spec });
    const keys = ['depths', 'decisive', 'trees', 'series', 'spec'];
    expect(bytes(older, keys)).toBe(bytes(r, keys));
  });
});
