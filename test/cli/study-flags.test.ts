/**
 * The flags the older commands (`gtlab pathology`, `c4`, `othello`, `match`, `reproduce`, `montecarlo`)
 * take from their studies' fields (cli/study-flags.ts): each help shows the line its study's field
 * gives, a value is read within the field's range in the words args.ts uses, a flag not given takes the
 * field's default, and pathology's per-model flags are refused with a model that has no such field.
 * The nested fields' flags: a union's kind, a switch that turns a field off, a list of a union's values.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { c4 } from '../../cli/commands/c4.ts';
import { match } from '../../cli/commands/match.ts';
import { montecarlo } from '../../cli/commands/montecarlo.ts';
import { othello } from '../../cli/commands/othello.ts';
import { pathology } from '../../cli/commands/pathology.ts';
import { reproduce } from '../../cli/commands/reproduce.ts';
import { study } from '../../cli/commands/study.ts';
import { parse } from '../../cli/args.ts';
import {
  fieldFlag,
  flagValue,
  negatedFlag,
  requestFlag,
  requestFromFlags,
  studyFlags,
  variantFlags,
  variantFlagsHelp,
  variantKindFlag,
  variantList,
  variantListFlag,
} from '../../cli/study-flags.ts';
import { c4Study } from '../../shared/connect4/c4-study.ts';
import { McParamsSchema, liMcStudy } from '../../shared/li/li-mc-study.ts';
import { li5Study } from '../../shared/li/li5-study.ts';
import { matchStudy } from '../../shared/rivest/match-study.ts';
import { othelloStudy } from '../../shared/othello/othello-study.ts';
import { PathologySpecSchema } from '../../shared/althofer/pathology-study.ts';
import { intField, numberField, probabilityField } from '../../shared/util/fields.ts';
import { runCommand } from '../helpers/run-command.ts';

const help = async (cmd: (a: string[]) => Promise<number>) => (await runCommand(cmd, ['--help'])).stdout;
const run = (cmd: (a: string[]) => Promise<number>, ...argv: string[]) => runCommand(cmd, argv, { quietStderr: true });

describe('a field as a flag', () => {
  const schema = z.object({
    kind: z.literal('x'),
    trees: intField(2, 50, 'Trees per cell', { flagDefault: 10 }),
    p: probabilityField('Leaf probability').optional(),
    step: z.enum(['a', 'b']).meta({ label: 'Step', allowed: 'one of a, b', flagDefault: 'b' }),
    weak: z.boolean().meta({ label: 'Weak solve', allowed: 'given or not' }),
  });
  const flags = Object.fromEntries(studyFlags(schema).map((f) => [f.name, f]));
  const read = (name: string, ...argv: string[]) =>
    flagValue(
      flags[name],
      parse(argv, { [name]: { type: flags[name].type === 'boolean' ? 'boolean' : 'string' } }, '').flags,
    );

  test('its help line: label, range, default', () => {
    expect(flags.trees.help).toBe('--trees T              Trees per cell: an integer in [2..50] (default 10)');
    expect(flags.p.help).toBe('--p P                  Leaf probability: a probability in [0..1] (optional)');
    expect(flags.step.help).toBe('--step S               Step: one of a, b (default b)');
    expect(requestFlag(schema, 'trees', 'cells').help).toMatch(/^--cells T {14}Trees per cell/);
  });

  test("a value within the field's range, its default when not given; out of range, the flag is named", () => {
    expect(read('trees', '--trees', '7')).toBe(7);
    expect(read('trees')).toBe(10);
    expect(() => read('trees', '--trees', '51')).toThrow('--trees 51 is not allowed: it must be an integer in [2..50]');
    expect(() => read('trees', '--trees', '2.5')).toThrow('--trees 2.5 is not allowed');
    expect(read('p')).toBeUndefined();
    expect(read('p', '--p', '0.25')).toBe(0.25);
    expect(() => read('p', '--p', '1.5')).toThrow('--p 1.5 is not allowed: it must be a number in [0, 1]');
    expect(read('step')).toBe('b');
    expect(() => read('step', '--step', 'c')).toThrow('--step c is not allowed: use one of a, b');
    expect(read('weak')).toBe(false);
    expect(read('weak', '--weak')).toBe(true);
  });

  test("a union's variants: one line where they agree, a line per wording led by its kinds", () => {
    const union = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), n: intField(1, 9, 'Size'), q: probabilityField('Q of a') }),
      z.object({ kind: z.literal('b'), n: intField(1, 9, 'Size'), q: probabilityField('Q of b') }),
      z.object({ kind: z.literal('c'), n: intField(1, 9, 'Size') }),
    ]);
    expect(variantFlagsHelp(variantFlags(union))).toBe(
      [
        '  --n N                  Size: an integer in [1..9]',
        '  --q Q                  a: Q of a: a probability in [0..1]',
        '                         b: Q of b: a probability in [0..1]',
        '',
      ].join('\n'),
    );
    expect(fieldFlag('n', z.array(z.number()))).toBeNull();
  });
});

describe('nested fields as flags', () => {
  const union = z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), n: intField(1, 9, 'Size', { initial: 3 }) }),
      z.object({ kind: z.literal('b'), ms: numberField(0.5, 10, 'Time') }),
    ])
    .meta({ label: 'Shape', allowed: 'a or b' });

  test("a union's kind: one of its kinds", () => {
    const f = variantKindFlag('shape', union);
    expect(f.help).toBe('--shape S              Shape: one of a, b');
    expect(flagValue(f, { shape: 'b' })).toBe('b');
    expect(() => flagValue(f, { shape: 'c' })).toThrow('--shape c is not allowed: use one of a, b');
    expect(() => flagValue(f, {})).toThrow('--shape is required: one of a, b');
  });

  test('a switch that turns off a field that is on unless told', () => {
    const exact = z.boolean().meta({ label: 'Exact', allowed: 'given or not', initial: true }).optional();
    const f = negatedFlag('exact', exact, 'inexact', 'drop exactness');
    expect(f.help).toBe('--inexact              drop exactness');
    expect(flagValue(f, {})).toBe(true);
    expect(flagValue(f, { inexact: true })).toBe(false);
    const schema = z.object({ kind: z.literal('x'), exact });
    expect(requestFromFlags('x', schema, [f], { inexact: true }, {})).toEqual({ kind: 'x', exact: false });
    expect(requestFromFlags('x', schema, [f], {}, {})).toEqual({ kind: 'x' });
    expect(() =>
      negatedFlag('weak', z.boolean().meta({ label: 'Weak', allowed: 'given or not' }), 'strong', ''),
    ).toThrow(TypeError);
  });

  test("a list of a union's values, KIND:VALUE, each within its variant's field", () => {
    const f = variantListFlag('shape', union, 'shapes', 'shapes to try');
    expect(f.help).toBe('--shapes S[,S…]        shapes to try');
    expect(f.allowed).toBe('a:N or b:MS, comma-separated');
    expect(variantList(f, { shapes: 'a:2, b:0.5' })).toEqual([
      { kind: 'a', n: 2 },
      { kind: 'b', ms: 0.5 },
    ]);
    expect(variantList(f, {})).toBeUndefined();
    expect(() => variantList(f, { shapes: 'b:0.1' })).toThrow(
      '--shapes b:0.1 is not allowed: MS must be a number in [0.5..10]',
    );
    expect(() => variantList(f, { shapes: 'c:1' })).toThrow(
      '--shapes c:1 is not allowed: write a:N or b:MS (e.g. a:3,b:1)',
    );
    expect(() => flagValue(f, { shapes: 'a:1' })).toThrow(TypeError);
    expect(() => requestFromFlags('x', z.object({ kind: z.literal('x'), shape: union }), [f], {}, {})).toThrow(
      TypeError,
    );
  });
});

describe("the older commands' help shows their studies' fields", () => {
  test.each([
    ['c4', c4, [requestFlag(c4Study.schema, 'step'), requestFlag(c4Study.schema, 'weak')]],
    ['othello', othello, ['algorithm', 'ordering', 'weak'].map((f) => requestFlag(othelloStudy.schema, f))],
    [
      'match',
      match,
      [
        requestFlag(matchStudy.schema, 'plies', 'openings'),
        requestFlag(matchStudy.schema, 'count'),
        requestFlag(matchStudy.schema, 'seed'),
      ],
    ],
    ['reproduce', reproduce, ['trees', 'seed'].map((f) => requestFlag(li5Study.schema, f))],
    [
      'montecarlo',
      montecarlo,
      [
        ...['trees', 'seed'].map((f) => requestFlag(liMcStudy.schema, f)),
        ...studyFlags(McParamsSchema).map((f) => ({ help: f.help.replace(' (optional)', '') })),
      ],
    ],
    ['pathology', pathology, [...['trees', 'seed'].map((f) => requestFlag(PathologySpecSchema, f))]],
  ] as const)('%s', async (_name, cmd, flags) => {
    const text = await help(cmd);
    for (const f of flags) expect(text).toContain(f.help);
  });

  test("pathology: each model's fields, and its noise's size as --noise", async () => {
    const text = await help(pathology);
    for (const fs of Object.values(variantFlags(PathologySpecSchema.shape.model)))
      for (const f of fs) expect(text).toContain(f.text);
    for (const fs of Object.values(variantFlags(PathologySpecSchema.shape.noise))) {
      expect(fs.map((f) => f.field)).toEqual(['e']);
      expect(text).toContain(fs[0].text);
    }
    expect(text).toMatch(/^ {2}--noise E {14}uniform, li: Flip probability/m);
    expect(text).toMatch(/^ {25}prefix: Integer noise bound: an integer in \[0\.\.1000000\] \(default 4\)$/m);
  });
});

describe('gtlab pathology reads its spec from the fields', () => {
  const spec = async (...argv: string[]) =>
    JSON.parse((await run(pathology, ...argv, '--height', '3', '--trees', '5', '--json')).stdout).spec;

  test("the defaults of each model's fields, in the spec's order", async () => {
    expect(JSON.stringify(await spec('--model', 'uniform'))).toBe(
      '{"model":{"kind":"uniform","degree":2,"height":3},"noise":{"kind":"flip","e":0.1},"trees":5,"seed":1,"exactLeaves":true}',
    );
    expect(JSON.stringify(await spec('--model', 'li'))).toBe(
      '{"model":{"kind":"li","height":3,"p0":0.5,"f1":0.9,"f2":0.9},"noise":{"kind":"flip","e":0.1},"trees":5,"seed":1,"exactLeaves":true}',
    );
    expect(JSON.stringify(await spec('--model', 'prefix', '--noisy-leaves'))).toBe(
      '{"model":{"kind":"prefix","degree":2,"height":3,"damage":6},"noise":{"kind":"uniform","e":4},"trees":5,"seed":1,"exactLeaves":false}',
    );
    expect(await spec('--model', 'uniform', '--p0', '0.3', '--noise', '0.2', '--seed', '-4')).toMatchObject({
      model: { p0: 0.3 },
      noise: { e: 0.2 },
      seed: -4,
    });
  });

  test('a flag of another model is refused, not ignored', async () => {
    await expect(run(pathology, '--model', 'uniform', '--damage', '3')).rejects.toThrow(
      '--damage is not allowed with --model uniform: it applies to prefix trees',
    );
    await expect(run(pathology, '--model', 'prefix', '--p0', '0.5')).rejects.toThrow(
      '--p0 is not allowed with --model prefix: it applies to uniform and li trees',
    );
    await expect(run(pathology, '--model', 'li', '--degree', '3')).rejects.toThrow(
      "--degree is not allowed with --model li: Li's trees are binary",
    );
    await expect(run(pathology, '--model', 'prefix', '--noise', '0.5')).rejects.toThrow(
      '--noise 0.5 is not allowed: it must be an integer in [0..1000000]',
    );
  });
});

test("gtlab study takes a field's default for a flag not given", async () => {
  const r = await run(study, 'c4', '--moves', '4455443', '--json');
  expect(JSON.parse(r.stdout).request).toEqual({ kind: 'c4', moves: '4455443', step: 'final', weak: false });
});
