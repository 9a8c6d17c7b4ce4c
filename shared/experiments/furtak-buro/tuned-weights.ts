/**
 * The tuned fastest-cut-first weights of the Figure 4 presets (Furtak & Buro 2009, Sec. 8), as data:
 * produced by `gtlab tune furtak-buro-fig4 --variant all --json` (shared/experiments/furtak-buro/
 * tune-weights.ts) on training trees of TRAINING_SEED, never on the evaluation trees.
 */
import type { Fig4Algorithm, Variant } from './variants.ts';
import { TRAINING_SEED } from './variants.ts';
import { DEFAULT_GRID, type Unexpanded } from './tune-weights.ts';

export interface TunedEntry {
  /** the ordering string run by the preset (weights and P_i part) */
  ordering: string;
  /** mean cumulative expanded nodes at the tuning depth on the training trees: tuned, and value-only */
  cost: number;
  baseline: number;
}

export interface Tuning {
  procedure: string;
  command: string;
  seed: number;
  trees: number;
  depth: number;
  /** per variant, V_i of never-searched children while tuning: its preset runs with the same */
  unexpanded: Record<Variant, Unexpanded>;
  generator: string;
  variants: Record<Variant, Record<Fig4Algorithm, TunedEntry>>;
}

const PROCEDURE =
  `coordinate search over (wR, wS) with wV = 1 on the grid ${DEFAULT_GRID.join(', ')}, starting from ` +
  'the value-only ordering (0, 0), moving to the best grid value of one weight at a time while it strictly lowers the ' +
  'cost, until a round changes nothing (at most 4 rounds); cost = mean cumulative expanded nodes of iterative deepening ' +
  '1..depth over the training trees; the learned variant first learns P_i on the same trees with the value-only ordering';

export const TUNING: Tuning = {
  procedure: PROCEDURE,
  command: 'gtlab tune furtak-buro-fig4 --variant all --trees 40 --depth 8 --seed 4711 --json',
  unexpanded: { fig4: 'random', size: 'random', learned: 'random', static: 'estimate', perfect: 'estimate' },
  seed: TRAINING_SEED,
  trees: 40,
  depth: 8,
  generator: 'game-tree-lab 0.1.0',
  variants: {
    fig4: {
      alphabeta: { ordering: 'fcf-weighted:1,128,24', cost: 6435.65, baseline: 14319.275 },
      negascout: { ordering: 'fcf-weighted:1,128,2', cost: 6946.75, baseline: 14414.3 },
      mtdf: { ordering: 'fcf-weighted:1,0,12', cost: 4022.85, baseline: 9651.725 },
    },
    size: {
      alphabeta: { ordering: 'fcf-weighted:1,0,2', cost: 7955.5, baseline: 14319.275 },
      negascout: { ordering: 'fcf-weighted:1,0,2', cost: 7799.075, baseline: 14414.3 },
      mtdf: { ordering: 'fcf-weighted:1,0,12', cost: 4022.85, baseline: 9651.725 },
    },
    learned: {
      alphabeta: { ordering: 'fcf-weighted:1,128,128;learned:-20:0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0109,0.0217,0.0426,0.1107,0.9736,0.9736,0.9862,0.9925,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946', cost: 6747.7, baseline: 14319.275 },
      negascout: { ordering: 'fcf-weighted:1,0.5,0;learned:-21:0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0022,0.0058,0.0097,0.0195,0.0396,0.7937,0.9056,0.9465,0.9682,0.9853,0.9967,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971', cost: 8622.075, baseline: 14414.3 },
      mtdf: { ordering: 'fcf-weighted:1,0.5,0;learned:-21:0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972', cost: 4022.85, baseline: 9651.725 },
    },
    static: {
      alphabeta: { ordering: 'fcf-weighted:1,256,16', cost: 6771.375, baseline: 13011.65 },
      negascout: { ordering: 'fcf-weighted:1,256,0.5', cost: 7235.025, baseline: 13366.875 },
      mtdf: { ordering: 'fcf-weighted:1,0,256', cost: 4005.125, baseline: 9590.15 },
    },
    perfect: {
      alphabeta: { ordering: 'fcf-weighted:1,48,1', cost: 5243.075, baseline: 9666.375 },
      negascout: { ordering: 'fcf-weighted:1,48,0.5', cost: 5679.175, baseline: 9666.375 },
      mtdf: { ordering: 'fcf-weighted:1,128,0.5', cost: 4002.625, baseline: 9702.375 },
    },
  },
};
