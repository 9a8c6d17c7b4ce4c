/**
 * One range, one message: the core's checker (shared/util/range.ts), the spec (gtlab run, the browser),
 * the app's form and the CLI's flags refuse the same value with the same words, each naming the field
 * its own way ("trees = 0", "trees:", "Trees:", "--trees 0"): the form by the label it shows.
 */
import { describe, expect, test } from 'vitest';
import { parseSpec } from '../../shared/experiments/spec.ts';
import { checkUniformParams } from '../../shared/models/uniform.ts';
import { checkInt, EXPERIMENT_MAX_DEPTH } from '../../shared/util/range.ts';
import { defaultForm, setField, validateForm } from '../../renderer/src/logic/spec-form.ts';
import { int } from '../../cli/args.ts';

const base = {
  format: 'gtlab-experiment',
  version: 1,
  name: 't',
  trees: 2,
  seed: 5,
  depth: 5,
  series: [{ algorithm: 'alphabeta', ordering: 'estimate' }],
};
const model = { kind: 'prefix-value', bmin: 4, bmax: 12, damage: 6 };

const message = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('range messages', () => {
  test.each([
    ['trees', 0, 1, 100_000],
    ['depth', EXPERIMENT_MAX_DEPTH + 1, 1, EXPERIMENT_MAX_DEPTH],
  ] as const)('%s = %d: core, spec, form and flag say the same', (name, v, lo, hi) => {
    const words = `${v} is not allowed: it must be an integer in [${lo}..${hi}]`;
    expect(message(() => checkInt(name, v, lo, hi))).toBe(`${name} = ${words}`);
    expect(message(() => parseSpec({ ...base, model, [name]: v }))).toBe(`${name}: ${words}`);
    const f = defaultForm();
    f[name] = String(v);
    expect(validateForm(f).byPath[name]).toBe(`${name[0].toUpperCase()}${name.slice(1)}: ${words}`);
    expect(message(() => int({ [name]: String(v) }, name, lo, hi))).toBe(`--${name} ${words}`);
  });

  test('a model field: the core generator, the spec and the form', () => {
    const words = '65 is not allowed: it must be an integer in [1..64]';
    expect(message(() => checkUniformParams({ degree: 65, height: 3, leaves: { kind: 'distinct' }, seed: 1 }))).toBe(
      `degree = ${words}`,
    );
    expect(
      message(() =>
        parseSpec({ ...base, iterative: false, model: { kind: 'uniform', degree: 65, leaves: { kind: 'distinct' } } }),
      ),
    ).toBe(`model.degree: ${words} (in a uniform model)`);
    const f = defaultForm();
    setField(f, 'model.kind', 'uniform');
    f.model.degree = '65';
    f.iterative = false;
    expect(validateForm(f).byPath['model.degree']).toBe(`Degree: ${words}`);
  });
});
