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

type Row = [ordering: string, cost: number, baseline: number];
const byAlgorithm = (alphabeta: Row, negascout: Row, mtdf: Row): Record<Fig4Algorithm, TunedEntry> => {
  const entry = ([ordering, cost, baseline]: Row): TunedEntry => ({ ordering, cost, baseline });
  return { alphabeta: entry(alphabeta), negascout: entry(negascout), mtdf: entry(mtdf) };
};

const PROCEDURE =
  `coordinate search over (wR, wS) with wV = 1 on the grid ${DEFAULT_GRID.join(', ')}, starting from ` +
  'the value-only ordering (0, 0), moving to the best grid value of one weight at a time while it strictly lowers the ' +
  'cost, until a round changes nothing (at most 4 rounds); cost = mean cumulative expanded nodes of iterative deepening ' +
  '1..depth over the training trees; the learned variant first learns P_i on the same trees with the value-only ordering';

export const TUNING: Tuning = {
  procedure: PROCEDURE,
  command: 'gtlab tune furtak-buro-fig4 --variant all --trees 40 --depth 8 --seed 4711 --json',
  unexpanded: { fig4: 'random', size: 'random', learned: 'random', static: 'estimate', perfect: 'estimate', exact: 'random' },
  seed: TRAINING_SEED,
  trees: 40,
  depth: 8,
  generator: 'game-tree-lab 0.1.0',
  // One line per variant: alphabeta, negascout, mtdf, each [ordering, cost, baseline].
  variants: {
    fig4: byAlgorithm(['fcf-weighted:1,128,24', 6435.65, 14319.275], ['fcf-weighted:1,128,2', 6946.75, 14414.3], ['fcf-weighted:1,0,12', 4022.85, 9651.725]),
    size: byAlgorithm(['fcf-weighted:1,0,2', 7955.5, 14319.275], ['fcf-weighted:1,0,2', 7799.075, 14414.3], ['fcf-weighted:1,0,12', 4022.85, 9651.725]),
    learned: byAlgorithm(['fcf-weighted:1,128,128;learned:-20:0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0035,0.0109,0.0217,0.0426,0.1107,0.9736,0.9736,0.9862,0.9925,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946,0.9946', 6747.7, 14319.275], ['fcf-weighted:1,0.5,0;learned:-21:0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0022,0.0058,0.0097,0.0195,0.0396,0.7937,0.9056,0.9465,0.9682,0.9853,0.9967,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971,0.9971', 8622.075, 14414.3], ['fcf-weighted:1,0.5,0;learned:-21:0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972,0.9972', 4022.85, 9651.725]),
    static: byAlgorithm(['fcf-weighted:1,256,16', 6771.375, 13011.65], ['fcf-weighted:1,256,0.5', 7235.025, 13366.875], ['fcf-weighted:1,0,256', 4005.125, 9590.15]),
    exact: byAlgorithm(['fcf-weighted:1,128,24', 6435.65, 14319.275], ['fcf-weighted:1,128,2', 6946.75, 14414.3], ['fcf-weighted:1,0,12', 4022.85, 9651.725]),
    perfect: byAlgorithm(['fcf-weighted:1,48,1', 5243.075, 9666.375], ['fcf-weighted:1,48,0.5', 5679.175, 9666.375], ['fcf-weighted:1,128,0.5', 4002.625, 9702.375]),
  },
};
