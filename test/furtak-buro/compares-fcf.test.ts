/**
 * Which specs get Figure 4's reductions, report and figure (shared/furtak-buro/fig4-summary.ts,
 * comparesFastestCutFirst): decided by the series, not the name. Every Figure 4 preset and the Othello
 * endgame preset compare a value-only series with a fastest-cut-first partner; a copy renamed still
 * does; the Knuth–Moore check (value against natural order) does not, nor a spec whose FCF series sits
 * in another algorithm than its value-only one.
 */
import { describe, expect, test } from 'vitest';
import { comparesFastestCutFirst } from '../../shared/furtak-buro/fig4-summary.ts';
import { FIG4_PRESETS } from '../../shared/furtak-buro/fig4-presets.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { parseSpec, type ExperimentSpec } from '../../shared/experiments/spec.ts';

const withSeries = (spec: ExperimentSpec, series: ExperimentSpec['series']) => parseSpec({ ...spec, series });

describe('comparesFastestCutFirst', () => {
  test.each([...FIG4_PRESETS.map((p) => p.name), 'othello-endgame-fcf'])('%s compares FCF', (name) => {
    expect(comparesFastestCutFirst(presetSpec(name))).toBe(true);
  });

  test('a preset renamed keeps its outputs; one without an FCF partner has none', () => {
    const fig4 = presetSpec('furtak-buro-fig4');
    expect(comparesFastestCutFirst(parseSpec({ ...fig4, name: 'my-reading' }))).toBe(true);
    expect(comparesFastestCutFirst(presetSpec('knuth-moore-check'))).toBe(false);
    const fcf = fig4.series.find((s) => s.algorithm === 'negascout' && s.ordering !== 'estimate')!;
    const value = fig4.series.find((s) => s.algorithm === 'alphabeta' && s.ordering === 'estimate')!;
    expect(comparesFastestCutFirst(withSeries(fig4, [value, fcf]))).toBe(false);
    expect(
      comparesFastestCutFirst(withSeries(fig4, [value, { ...fcf, algorithm: 'alphabeta', label: 'a-b FCF' }])),
    ).toBe(true);
    expect(
      comparesFastestCutFirst(withSeries(fig4, [value, { ...value, ordering: 'fastest-first', label: 'a-b sizes' }])),
    ).toBe(false);
  });
});
