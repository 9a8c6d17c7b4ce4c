/**
 * The tuned fastest-cut-first weights of the Figure 4 presets (Furtak & Buro 2009, Sec. 8), as data:
 * produced by `gtlab tune furtak-buro-fig4 --variant all --json` (shared/experiments/furtak-buro/
 * tune-weights.ts) on training trees of TRAINING_SEED, never on the evaluation trees.
 */
import type { Fig4Algorithm, Variant } from './variants.ts';
import { TRAINING_SEED } from './variants.ts';
import { DEFAULT_GRID } from './tune-weights.ts';

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
  seed: TRAINING_SEED,
  trees: 40,
  depth: 8,
  generator: 'game-tree-lab 0.1.0',
  variants: {
    fig4: {
      alphabeta: { ordering: 'fcf-weighted:1,256,16', cost: 6771.375, baseline: 13011.65 },
      negascout: { ordering: 'fcf-weighted:1,256,0.5', cost: 7235.025, baseline: 13366.875 },
      mtdf: { ordering: 'fcf-weighted:1,0,256', cost: 4005.125, baseline: 9590.15 },
    },
    size: {
      alphabeta: { ordering: 'fcf-weighted:1,0,12', cost: 9552.525, baseline: 13011.65 },
      negascout: { ordering: 'fcf-weighted:1,0,8', cost: 10562.5, baseline: 13366.875 },
      mtdf: { ordering: 'fcf-weighted:1,0,256', cost: 4005.125, baseline: 9590.15 },
    },
    learned: {
      alphabeta: { ordering: 'fcf-weighted:1,64,256;learned:-29:0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0281,0.0541,0.0918,0.1506,0.3762,0.4665,0.5876,0.7766,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981,0.9981', cost: 7753.725, baseline: 13011.65 },
      negascout: { ordering: 'fcf-weighted:1,24,256;learned:-29:0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.002,0.0109,0.0218,0.0383,0.0742,0.2814,0.3837,0.5312,0.7502,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982,0.9982', cost: 9954.375, baseline: 13366.875 },
      mtdf: { ordering: 'fcf-weighted:1,0,256;learned:-27:0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0017,0.0047,0.0112,0.0193,0.0388,0.6005,0.651,0.7677,0.8806,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985,0.9985', cost: 4005.125, baseline: 9590.15 },
    },
    perfect: {
      alphabeta: { ordering: 'fcf-weighted:1,48,1', cost: 5243.075, baseline: 9666.375 },
      negascout: { ordering: 'fcf-weighted:1,48,0.5', cost: 5679.175, baseline: 9666.375 },
      mtdf: { ordering: 'fcf-weighted:1,128,0.5', cost: 4002.625, baseline: 9702.375 },
    },
  },
};
