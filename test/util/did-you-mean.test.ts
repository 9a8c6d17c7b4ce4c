/**
 * "did you mean": every unknown key within two edits of an allowed one is offered it (a swap counts
 * once), a long word within a third of its length, and short words only what is plausibly a typo.
 */
import { describe, expect, test } from 'vitest';
import { closestName } from '../../shared/util/did-you-mean.ts';
import { FigureSpecError, parseFigureSpec } from '../../shared/figures/figure-spec.ts';
import { parseSpec, SpecError } from '../../shared/experiments/spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { refusal } from '../helpers/refusal.ts';

const figure = (more: object) => JSON.stringify({ format: 'gtlab-figure', version: 1, ...more });

describe('did you mean', () => {
  test('"idthw" in a figure\'s size is offered "width" (two edits), not only the list of fields', () => {
    const m = refusal(() => parseFigureSpec(figure({ size: { unit: 'cm', idthw: 8.5, height: 7 } })), FigureSpecError);
    expect(m).toContain('size.idthw: unknown field (did you mean "width"?); allowed fields: unit, width, height');
  });

  test('two edits away, or two swaps, are offered; three edits of a short word are not', () => {
    expect(closestName('idthw', ['unit', 'width', 'height'])).toBe('width');
    expect(closestName('hieghtt', ['unit', 'width', 'height'])).toBe('height');
    expect(closestName('sede', ['trees', 'seed', 'depth'])).toBe('seed');
    expect(closestName('dpteh', ['trees', 'seed', 'depth'])).toBe('depth');
    expect(closestName('wdh', ['unit', 'width', 'height'])).toBeUndefined();
    expect(closestName('colour', ['kind', 'bmin', 'bmax'])).toBeUndefined();
  });

  test('short words: one character is never another, two or three characters one edit at most', () => {
    expect(closestName('n', ['e', 'x'])).toBeUndefined();
    expect(closestName('E', ['e', 'x'])).toBe('e');
    expect(closestName('ab', ['xy', 'abc'])).toBe('abc');
    expect(closestName('ab', ['ba'])).toBe('ba');
    expect(closestName('ab', ['xyz'])).toBeUndefined();
    expect(closestName('kd', ['kind'])).toBeUndefined();
  });

  test('several unknown keys: each is quoted with the key it probably meant', () => {
    const s = structuredClone(presetSpec('furtak-buro-fig4', { trees: 3, depth: 3 })) as unknown as Record<
      string,
      unknown
    >;
    s.tres = 10;
    s.sede = 1;
    expect(refusal(() => parseSpec(s), SpecError)).toMatch(
      /^tres: unknown fields "tres" \(did you mean "trees"\?\), "sede" \(did you mean "seed"\?\); allowed fields: /,
    );
  });
});
