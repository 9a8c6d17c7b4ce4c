/**
 * Named sweeps (`gtlab sweep PRESET`): Furtak & Buro's claim that "performance results were consistent
 * across the tree generation parameters" (Sec. 8) as a grid over branching ranges, damage and evaluation
 * error, and issue 11's evaluation-error sweep of the Figure 4 preset.
 */
import { presetSpec } from './presets.ts';
import { SWEEP_FORMAT, SWEEP_VERSION, type SweepInput } from './sweep.ts';

export interface SweepPreset {
  name: string;
  title: string;
  sweep(): SweepInput;
}

export const SWEEP_PRESETS: SweepPreset[] = [
  {
    name: 'furtak-buro-sweep',
    title: 'Furtak & Buro 2009, Sec. 8: "consistent across the tree generation parameters" — branching × damage × error, 100 trees each, depth 8',
    sweep: () => ({
      format: SWEEP_FORMAT, version: SWEEP_VERSION, name: 'furtak-buro-sweep',
      description: 'The furtak-buro-fig4 preset (its weights, tuned for branching 4..12, damage 6, error 4) over branching ranges {2..4, 4..12, 8..16} × damage {3, 6, 12} × estimate error {0, 2, 4, 8}; 100 trees per cell, depth 8.',
      base: presetSpec('furtak-buro-fig4', { trees: 100, depth: 8 }),
      grid: { 'model.bmin,model.bmax': [[2, 4], [4, 12], [8, 16]], 'model.damage': [3, 6, 12], 'model.noise.e': [0, 2, 4, 8] },
    }),
  },
  {
    name: 'furtak-buro-error-sweep',
    title: 'Issue 11: the Figure 4 preset with estimate error E ∈ {0, 1, 2, 4, 8} (the horizon scores f + e), 200 trees each, depth 10',
    sweep: () => ({
      format: SWEEP_FORMAT, version: SWEEP_VERSION, name: 'furtak-buro-error-sweep',
      description: 'The furtak-buro-fig4 preset (weights tuned at E = 4) with estimate error U[-E..E], E in {0, 1, 2, 4, 8}; 200 trees per cell, depth 10.',
      base: presetSpec('furtak-buro-fig4', { trees: 200 }),
      grid: { 'model.noise.e': [0, 1, 2, 4, 8] },
    }),
  },
];

export function sweepPresetNames(): string[] {
  return SWEEP_PRESETS.map((p) => p.name);
}
