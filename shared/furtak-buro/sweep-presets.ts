/**
 * Furtak & Buro's named sweeps (`gtlab sweep PRESET`): the paper's claim that "performance results were
 * consistent across the tree generation parameters" (Sec. 8) as a grid over branching ranges, damage and evaluation
 * error, the evaluation-error sweep of the Figure 4 preset, and the matrix of what Figure 4's orderings
 * may know (S_i of which children, the table's stored move first or not, the horizon scored by estimate
 * or exactly).
 */
import { presetSpec } from '../experiments/presets.ts';
import { SWEEP_FORMAT, SWEEP_VERSION, type SweepPreset } from '../experiments/sweep.ts';

export const FURTAK_BURO_SWEEPS: SweepPreset[] = [
  {
    name: 'furtak-buro-sweep',
    title:
      'Furtak & Buro 2009, Sec. 8: "consistent across the tree generation parameters" — branching × damage × error, 100 trees each, depth 8',
    sweep: () => ({
      format: SWEEP_FORMAT,
      version: SWEEP_VERSION,
      name: 'furtak-buro-sweep',
      description:
        'The furtak-buro-fig4 preset (its weights, tuned for branching 4..12, damage 6, error 4) over branching ranges {2..4, 4..12, 8..16} × damage {3, 6, 12} × estimate error {0, 2, 4, 8}; 100 trees per cell, depth 8.',
      base: presetSpec('furtak-buro-fig4', { trees: 100, depth: 8 }),
      grid: {
        'model.bmin,model.bmax': [
          [2, 4],
          [4, 12],
          [8, 16],
        ],
        'model.damage': [3, 6, 12],
        'model.noise.e': [0, 2, 4, 8],
      },
    }),
  },
  {
    name: 'furtak-buro-error-sweep',
    title:
      'The Figure 4 preset with estimate error E ∈ {0, 1, 2, 4, 8} (the horizon scores f + e), 200 trees each, depth 10',
    sweep: () => ({
      format: SWEEP_FORMAT,
      version: SWEEP_VERSION,
      name: 'furtak-buro-error-sweep',
      description:
        'The furtak-buro-fig4 preset (weights tuned at E = 4) with estimate error U[-E..E], E in {0, 1, 2, 4, 8}; 200 trees per cell, depth 10.',
      base: presetSpec('furtak-buro-fig4', { trees: 200 }),
      grid: { 'model.noise.e': [0, 1, 2, 4, 8] },
    }),
  },
  {
    name: 'furtak-buro-information-sweep',
    title:
      'Furtak & Buro 2009, Figure 4 by what the ordering may know: sizeInfo × ttMove × horizon, 500 trees each, depth 10',
    sweep: () => ({
      format: SWEEP_FORMAT,
      version: SWEEP_VERSION,
      name: 'furtak-buro-information-sweep',
      description:
        'The furtak-buro-fig4 preset (value only vs value + FCF for alpha-beta, NegaScout and MTD(f); its weights, tuned for ' +
        'sizeInfo expanded and the estimate horizon) with S_i known for every child, for children an earlier pass searched, or only for ' +
        "children an earlier pass expanded (sizeInfo all | searched | expanded; unknown sizes get the preset's stand-in), the table's " +
        'stored move searched first or ordered like any other (ttMove first | ordered: only MTD(f) searches with a table here, so the ' +
        'alpha-beta and NegaScout cells repeat across ttMove), and the horizon scored by the noisy estimate or exactly (model.horizon); ' +
        '500 trees per cell, depth 10. Draw the whole matrix: gtlab sweep summarize DIR --x sizeInfo --y "ttMove*model.horizon" --out matrix.png',
      base: presetSpec('furtak-buro-fig4'),
      grid: {
        sizeInfo: ['all', 'searched', 'expanded'],
        ttMove: ['first', 'ordered'],
        'model.horizon': ['estimate', 'exact'],
      },
    }),
  },
];
