/** The parameter form → spec translation and its validation messages (the field by its label, the allowed range). */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  defaultForm,
  formToSpec,
  modelFields,
  setField,
  specToForm,
  validateForm,
} from '../../renderer/src/logic/spec-form.ts';
import { PRESETS } from '../../shared/experiments/presets.ts';
import { parseSpec } from '../../shared/experiments/spec.ts';

describe('form ↔ spec', () => {
  test('the default form is a valid spec', () => {
    const v = validateForm(defaultForm());
    expect(v.issues).toEqual([]);
    expect(v.spec?.model).toEqual({
      kind: 'prefix-value',
      bmin: 4,
      bmax: 12,
      damage: 6,
      noise: { kind: 'uniform', e: 4 },
    });
  });

  test.each(PRESETS.map((p) => [p.name, p] as const))('preset %s survives spec → form → spec unchanged', (_, p) => {
    const spec = parseSpec(p.spec());
    const v = validateForm(specToForm(spec));
    expect(v.issues).toEqual([]);
    expect(v.spec).toEqual(spec);
  });

  test('every model kind round-trips', () => {
    const models = [
      { kind: 'incremental', bmin: 2, bmax: 3, damage: 5, noise: { kind: 'gaussian', c: 1.5 }, rootValue: -3 },
      { kind: 'prefix-value', bmin: 2, bmax: 2, damage: 0 },
      { kind: 'uniform', degree: 3, leaves: { kind: 'bivalued', p0: 0.38 } },
      { kind: 'uniform', degree: 2, leaves: { kind: 'range', lo: -5, hi: 5 } },
      { kind: 'uniform', degree: 2, leaves: { kind: 'distinct' } },
      { kind: 'li', p0: 0.4, f1: 0.1, f2: 0.2, z1: 0.3 },
    ];
    for (const model of models) {
      const spec = parseSpec({
        format: 'gtlab-experiment',
        version: 1,
        name: `m-${model.kind}`,
        model,
        trees: 3,
        seed: -7,
        depth: 4,
        iterative: model.kind !== 'uniform',
        series: [{ algorithm: 'mtdf', ordering: 'random:3', label: 'x' }],
      });
      expect(validateForm(specToForm(spec)).spec).toEqual(spec);
    }
  });
});

describe('validation messages', () => {
  type Form = ReturnType<typeof defaultForm>;
  /** The message at `path` once `edit` is made to the default form (which then gives no spec). */
  const msg = (edit: (f: Form) => void, path: string) => {
    const f = defaultForm();
    edit(f);
    const v = validateForm(f);
    expect(v.spec).toBeNull();
    return v.byPath[path];
  };

  test('out of range, missing, not a number', () => {
    const exact: [edit: (f: Form) => void, path: string, message: string][] = [
      [
        (f) => (f.model.bmax = '99'),
        'model.bmax',
        'Max branching: 99 is not allowed: it must be an integer in [1..64], ≥ min branching',
      ],
      [
        (f) => (f.model.bmax = ''),
        'model.bmax',
        'Max branching is required: it must be an integer in [1..64], ≥ min branching',
      ],
      [
        (f) => {
          f.model.bmin = '5';
          f.model.bmax = '4';
        },
        'model.bmax',
        'Min branching must be ≤ Max branching',
      ],
      [(f) => (f.depth = '31'), 'depth', 'Depth: 31 is not allowed: it must be an integer in [1..30]'],
      [(f) => (f.trees = '2.5'), 'trees', 'Trees: 2.5 is not allowed: it must be an integer in [1..100000]'],
      [(f) => (f.seed = 'abc'), 'seed', 'Seed: not a number is not allowed: it must be a safe integer'],
      [
        (f) => {
          setField(f, 'model.kind', 'li');
          f.model.f2 = '1.5';
        },
        'model.f2',
        'f₂: 1.5 is not allowed: it must be a probability in [0..1]',
      ],
    ];
    for (const [edit, path, message] of exact) expect(msg(edit, path)).toBe(message);
    const uniform = (f: Form) => {
      setField(f, 'model.kind', 'uniform');
      f.model.degree = '0';
      f.iterative = false;
    };
    expect(msg(uniform, 'model.degree')).toContain('[1..64]');
  });

  test('a refused cross-field rule names both fields by the labels the form shows, in the form and in the spec', () => {
    const branching = (f: Form) => {
      f.model.bmin = '9';
      f.model.bmax = '4';
    };
    const labels = modelFields('prefix-value').map((x) => x.meta.label);
    expect(labels).toEqual(expect.arrayContaining(['Min branching', 'Max branching']));
    expect(msg(branching, 'model.bmax')).toBe('Min branching must be ≤ Max branching');
    const li = (f: Form) => {
      setField(f, 'model.kind', 'li');
      f.model.f1 = '0.6';
      f.model.z1 = '0.5';
    };
    expect(msg(li, 'model.z1')).toBe('z₁ = 0.5 is not allowed with f₁ = 0.6: f₁ + z₁ must be ≤ 1');
    const leaves = (f: Form) => {
      setField(f, 'model.kind', 'uniform');
      f.iterative = false;
      Object.assign(f.model.leaves as Record<string, string>, { kind: 'range', lo: '100', hi: '0' });
    };
    expect(msg(leaves, 'model.leaves.hi')).toBe('Leaf values from must be ≤ Leaf values to');
    // The spec file's reader puts the path in front, as it does for every field; the words are the same.
    const spec = {
      ...parseSpec(formToSpec(defaultForm())),
      model: { kind: 'prefix-value', bmin: 9, bmax: 4, damage: 6 },
    };
    expect(() => parseSpec(spec)).toThrow(
      'model.bmax: Min branching must be ≤ Max branching (in a prefix-value model)',
    );
  });

  test('orderings, duplicate series and model-specific rules carry the engine message', () => {
    const containing: [edit: (f: Form) => void, path: string, part: string][] = [
      [(f) => (f.series[1].ordering = 'fcf-weighted:1,2'), 'series.1.ordering', 'fcf-weighted needs 3 numbers'],
      [(f) => (f.series[1].ordering = f.series[0].ordering), 'series.1', 'duplicate series'],
      [(f) => setField(f, 'model.kind', 'uniform'), 'iterative', 'turn Iterative deepening off'],
      [
        (f) => (f.series[0].deepening = 'plain'),
        'series.0.deepening',
        "take the spec's Iterative deepening: leave Deepening empty",
      ],
      [(f) => (f.series = []), 'series', 'Series: '],
    ];
    for (const [edit, path, part] of containing) expect(msg(edit, path)).toContain(part);
  });

  test('trees is valid exactly on [1..100000], and the message names the field', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 200_000 }), (n) => {
        const f = defaultForm();
        f.trees = String(n);
        const v = validateForm(f);
        if (n >= 1 && n <= 100_000) expect(v.spec?.trees).toBe(n);
        else expect(v.byPath.trees).toBe(`Trees: ${n} is not allowed: it must be an integer in [1..100000]`);
      }),
      { numRuns: 200 },
    );
  });

  test('formToSpec keeps what was typed for the schema to judge', () => {
    const f = defaultForm();
    f.model.rootValue = ' 5 ';
    setField(f, 'model.noise.kind', 'none');
    const s = formToSpec(f);
    expect(s.model).toEqual({ kind: 'prefix-value', bmin: 4, bmax: 12, damage: 6, rootValue: 5 });
  });
});
