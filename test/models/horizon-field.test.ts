/** The models' optional `horizon` field: the spec, its round trip through the form, and its absence by default. */
import { describe, expect, test } from 'vitest';
import { parseSpec, SpecError } from '../../shared/experiments/spec.ts';
import { presetNames, presetSpec } from '../../shared/experiments/presets.ts';
import { HORIZON_DESCRIPTION } from '../../shared/game/game.ts';
import { kindsWithField, makeGame } from '../../shared/models/registry.ts';
import { formToSpec, modelFields, setField, specToForm } from '../../renderer/src/logic/spec-form.ts';

const base = presetSpec('knuth-moore-check');
const noisy = { ...base, model: { ...base.model, noise: { kind: 'uniform', e: 4 } } };
const withHorizon = (horizon: unknown) => ({ ...noisy, model: { ...noisy.model, horizon } });

describe('spec', () => {
  test('the prefix value and incremental models have the field, the others not', () => {
    expect(kindsWithField('horizon')).toEqual(['prefix-value', 'incremental']);
  });

  test('without horizon a spec parses as before: no key, the same JSON; the Fig. 4 presets name theirs', () => {
    expect(JSON.stringify(parseSpec(JSON.stringify(base)))).toBe(JSON.stringify(base));
    expect(base.model).not.toHaveProperty('horizon');
    for (const n of presetNames().filter((x) => x.startsWith('furtak-buro-fig4'))) {
      expect(presetSpec(n).model).toHaveProperty(
        'horizon',
        n === 'furtak-buro-fig4-exact-horizon' ? 'exact' : 'estimate',
      );
    }
  });

  test('with horizon estimate or exact it parses and reaches the tree', () => {
    for (const h of ['estimate', 'exact'] as const)
      expect(parseSpec(withHorizon(h)).model).toMatchObject({ horizon: h });
    const est = makeGame(parseSpec(withHorizon('estimate')).model, 3, 1, 0);
    const exact = makeGame(parseSpec(noisy).model, 3, 1, 0);
    est.descend(0);
    exact.descend(0);
    expect(est.evaluate()).not.toBe(exact.evaluate()); // seed 1, tree 0: the first child's estimate is off by the noise
  });

  test('any other value is refused, naming the field', () => {
    expect(() => parseSpec(withHorizon('noisy'))).toThrow(SpecError);
    expect(() => parseSpec(withHorizon('noisy'))).toThrow(
      /model\.horizon: noisy is not allowed: it must be empty \(exact\) or one of estimate, exact/,
    );
  });
});

describe('form', () => {
  test('the field is a choice, empty by default, with its one-line description', () => {
    const field = modelFields('prefix-value').find((f) => f.path === 'model.horizon');
    expect(field?.options?.map((o) => o.value)).toEqual(['', 'estimate', 'exact']);
    expect(field?.meta.description).toBe(HORIZON_DESCRIPTION);
    expect(modelFields('uniform').some((f) => f.path === 'model.horizon')).toBe(false);
  });

  test('empty leaves the spec without the key; a choice round-trips', () => {
    const f = specToForm(base);
    expect(formToSpec(f).model).not.toHaveProperty('horizon');
    setField(f, 'model.horizon', 'estimate');
    expect(parseSpec(formToSpec(f)).model).toMatchObject({ horizon: 'estimate' });
    expect(specToForm(parseSpec(withHorizon('estimate'))).model).toMatchObject({ horizon: 'estimate' });
  });
});
