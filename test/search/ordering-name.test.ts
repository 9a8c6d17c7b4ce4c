/** Orderings named for people in the spec form (orderingName, shared/experiments/display-names.ts), for every ordering the presets use. */
import { describe, expect, test } from 'vitest';
import { orderingName } from '../../shared/experiments/display-names.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { PRESETS, presetSpec } from '../../shared/experiments/presets.ts';

describe('orderingName', () => {
  test('each kind, its parameters and its P_i', () => {
    expect(orderingName('estimate')).toBe('value');
    expect(orderingName('natural')).toBe('natural order');
    expect(orderingName('fastest-first')).toBe('fastest-first');
    expect(orderingName('random:7')).toBe('random · seed 7');
    expect(orderingName('fcf-linear:1')).toBe('value + FCF, linear · C = 1');
    expect(orderingName('fcf-threshold:2')).toBe('value + FCF, threshold · C = 2');
    expect(orderingName('fcf-ratio;hard')).toBe('value + FCF, ratio · hard P');
    expect(orderingName('fcf-weighted:1,0,8')).toBe('value + FCF · weights 1, 0, 8');
    expect(orderingName('fcf-weighted:1,16,256;learned:-21:0.0026,0.5,0.99')).toBe(
      'value + FCF · weights 1, 16, 256 · learned P',
    );
    // not an ordering: shown as typed (the form's validation says what is wrong)
    expect(orderingName('fcf-we')).toBe('fcf-we');
  });

  test('every preset ordering has a short name (the learned tables run to hundreds of characters)', () => {
    for (const p of PRESETS)
      for (const s of presetSpec(p.name).series) {
        expect(() => parseOrdering(s.ordering)).not.toThrow();
        expect(orderingName(s.ordering).length).toBeLessThanOrEqual(48);
      }
  });
});
