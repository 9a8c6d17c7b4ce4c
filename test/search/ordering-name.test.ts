/** Orderings named for people in the spec form (orderingName, shared/experiments/display-names.ts) with the figures' words, for every ordering the presets use. */
import { describe, expect, test } from 'vitest';
import { orderingName } from '../../shared/experiments/display-names.ts';
import { orderingDisplayName, parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { PRESETS, presetSpec } from '../../shared/experiments/presets.ts';

describe('orderingName', () => {
  test.each([
    ['estimate', 'value'],
    ['natural', 'natural'],
    ['fastest-first', 'fastest-first'],
    ['random:7', 'random · seed 7'],
    ['fcf-linear:1', 'FCF linear · C = 1'],
    ['fcf-threshold:2', 'FCF threshold · C = 2'],
    ['fcf-ratio;hard', 'FCF S/P · hard P'],
    ['fcf-weighted:1,0,8', 'value + FCF · weights 1, 0, 8'],
    ['fcf-weighted:1,16,256;learned:-21:0.0026,0.5,0.99', 'value + FCF · weights 1, 16, 256 · learned P'],
    // not an ordering: shown as typed (the form's validation says what is wrong)
    ['fcf-we', 'fcf-we'],
  ])('each kind, its parameters and its P_i: %s is named "%s"', (ordering, name) => {
    expect(orderingName(ordering)).toBe(name);
  });

  test('the form names every preset ordering with the word figures use for it (one word per ordering)', () => {
    for (const p of PRESETS)
      for (const s of presetSpec(p.name).series) {
        const word = orderingDisplayName(s.ordering);
        expect(word).toBeDefined();
        expect(orderingName(s.ordering).split(' · ')[0]).toBe(word);
      }
  });

  test('every preset ordering has a short name (the learned tables run to hundreds of characters)', () => {
    for (const p of PRESETS)
      for (const s of presetSpec(p.name).series) {
        expect(() => parseOrdering(s.ordering)).not.toThrow();
        expect(orderingName(s.ordering).length).toBeLessThanOrEqual(48);
      }
  });
});
