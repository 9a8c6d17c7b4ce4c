/**
 * The tuned fastest-cut-first weights of the Figure 4 presets (Furtak & Buro 2009, Sec. 8), as data:
 * produced by `gtlab tune furtak-buro-fig4 --variant … --json` (shared/furtak-buro/
 * tune-weights.ts) on training trees of TRAINING_SEED, never on the evaluation trees. Each variant
 * records what its orderings knew while tuning (`sizeInfo`), the stored move's place (`ttMove`) and how far
 * its training trees reached beyond the tuning depth (`beyond`); the commands that produced the rows are
 * `commands`, and `command` reproduces them all in one run. READINGS holds the weights of every cell of
 * the reading matrix (./sweep-presets.ts), each tuned for its own reading.
 */
import type { Fig4Algorithm, Variant } from './variants.ts';
import { TRAINING_SEED } from './variants.ts';
import { DEFAULT_GRID, type Unexpanded } from './tune-weights.ts';
import type { SizeInfo } from '../experiments/spec.ts';
import type { TtMove } from '../search/search-context.ts';

interface TunedEntry {
  /** the ordering string run by the preset (weights and P_i part) */
  ordering: string;
  /** mean cumulative visited nodes at the tuning depth on the training trees: tuned, and value-only */
  cost: number;
  baseline: number;
  /** the next cheapest grid point's ordering, and the chosen point's paired reduction against it [reduction, 95 % low, high] */
  runnerUp: string;
  margin: [number, number, number];
}

export interface Tuning {
  procedure: string;
  /** reproduces every row in one run */
  command: string;
  /** the commands that produced the rows kept here (one variant at a time, so each finished one was kept) */
  commands: string[];
  seed: number;
  trees: number;
  depth: number;
  /** per variant, V_i of never-searched children while tuning: its preset runs with the same */
  unexpanded: Record<Variant, Unexpanded>;
  /** per variant, for which children the orderings knew S_i while tuning (as its preset runs; a run that differs is told so by its report) */
  sizeInfo: Record<Variant, SizeInfo>;
  /** per variant, the stored move's place while tuning (only MTD(f) searches with a table) */
  ttMove: Record<Variant, TtMove>;
  /** per variant, how many levels the training trees reached beyond the tuning depth (height = depth + beyond) */
  beyond: Record<Variant, number>;
  generator: string;
  variants: Record<Variant, Record<Fig4Algorithm, TunedEntry>>;
}

/** A reading of Figure 4's text: never-searched children, the trees' height at the evaluation depth 10, MTD(f)'s stored move. */
export interface Reading {
  unexpanded: Unexpanded;
  height: number;
  ttMove: TtMove;
}

export interface ReadingTuning {
  reading: Reading;
  /** the commands that produced its rows */
  commands: string[];
  weights: Record<Fig4Algorithm, TunedEntry>;
}

type Row = [ordering: string, cost: number, baseline: number, runnerUp: string, margin: [number, number, number]];
const entry = ([ordering, cost, baseline, runnerUp, margin]: Row): TunedEntry => ({
  ordering,
  cost,
  baseline,
  runnerUp,
  margin,
});
const byAlgorithm = (alphabeta: Row, negascout: Row, mtdf: Row): Record<Fig4Algorithm, TunedEntry> => ({
  alphabeta: entry(alphabeta),
  negascout: entry(negascout),
  mtdf: entry(mtdf),
});

const PROCEDURE =
  `every point (wR, wS) of the grid {${DEFAULT_GRID.join(', ')}}² with wV = 1 (wR = 0 alone for the S_i-only variant) ` +
  'evaluated, the cheapest chosen (ties: the first in grid order), the runner-up and the paired margin recorded; cost = mean ' +
  "cumulative visited nodes (the figure's counter) of iterative deepening 1..depth over the training trees, each variant's trees " +
  'scored at the horizon and ordered with the knowledge (sizeInfo, stand-in, stored move) its preset uses; the learned variant ' +
  'first learns P_i on the same trees with the value-only ordering';

/** The options every tuning command shares (the seed, trees and depth of TUNING). */
const TUNE = 'gtlab tune furtak-buro-fig4 --trees 40 --depth 8 --seed 4711 --workers 2 --json';

/**
 * Rows tuned on training trees taller than the search (height 18 at depth 8: ten levels beyond, as trees of
 * height 20 lie beyond the evaluation depth 10), the stored move first.
 */
const TALL_COMMAND = `${TUNE} --variant fig4,static --height 18`;
const TALL: Record<'fig4' | 'static', Record<Fig4Algorithm, TunedEntry>> = {
  fig4: byAlgorithm(
    ['fcf-weighted:1,32,8', 71186.875, 85580.275, 'fcf-weighted:1,48,8', [0.0034, -0.0024, 0.0091]],
    ['fcf-weighted:1,48,2', 62898.975, 72305.875, 'fcf-weighted:1,0,4', [0.0004, -0.0794, 0.0802]],
    ['fcf-weighted:1,0,4', 47561.35, 48796.95, 'fcf-weighted:1,0,2', [0.0051, -0.0041, 0.0142]],
  ),
  static: byAlgorithm(
    ['fcf-weighted:1,24,8', 42766.525, 53309.075, 'fcf-weighted:1,24,16', [0.0011, -0.0418, 0.044]],
    ['fcf-weighted:1,24,8', 42064.9, 52494.6, 'fcf-weighted:1,24,16', [0.0064, -0.0437, 0.0565]],
    ['fcf-weighted:1,0,4', 28104.275, 28437.65, 'fcf-weighted:1,0,12', [0.0001, -0.0099, 0.0101]],
  ),
};

/**
 * MTD(f)'s rows with the stored move given no priority (ttMove ordered), on trees of the depth's height and
 * ten levels taller. Alpha-beta and NegaScout search without a table: their costs do not depend on ttMove.
 */
const ORDERED_COMMAND = `${TUNE} --variant fig4,static --tt-move ordered --algorithm mtdf`;
const ORDERED_TALL_COMMAND = `${ORDERED_COMMAND} --height 18`;
const MTDF_ORDERED: Record<'fig4' | 'static', TunedEntry> = {
  fig4: entry(['fcf-weighted:1,48,2', 44783.225, 49384.975, 'fcf-weighted:1,64,2', [0.0012, -0.0008, 0.0031]]),
  static: entry(['fcf-weighted:1,0,32', 28547.425, 37336.7, 'fcf-weighted:1,0,24', [0.0071, -0.0111, 0.0253]]),
};
const MTDF_ORDERED_TALL: Record<'fig4' | 'static', TunedEntry> = {
  fig4: entry(['fcf-weighted:1,0,8', 59731.85, 66913.175, 'fcf-weighted:1,0,12', [0.008, -0.0081, 0.024]]),
  static: entry(['fcf-weighted:1,0,32', 32286.375, 40924.725, 'fcf-weighted:1,0,24', [0.0041, -0.0162, 0.0243]]),
};

export const TUNING: Tuning = {
  procedure: PROCEDURE,
  command: 'gtlab tune furtak-buro-fig4 --variant all --trees 40 --depth 8 --seed 4711 --workers 2 --json',
  commands: [
    'gtlab tune furtak-buro-fig4 --variant fig4,size --trees 40 --depth 8 --seed 4711 --workers 2 --json',
    'gtlab tune furtak-buro-fig4 --variant static --trees 40 --depth 8 --seed 4711 --workers 2 --json',
    'gtlab tune furtak-buro-fig4 --variant perfect --trees 40 --depth 8 --seed 4711 --workers 2 --json',
    'gtlab tune furtak-buro-fig4 --variant exact --trees 40 --depth 8 --seed 4711 --workers 2 --json',
    'gtlab tune furtak-buro-fig4 --variant learned --trees 40 --depth 8 --seed 4711 --workers 2 --json',
    'gtlab tune furtak-buro-fig4 --variant all-sizes --trees 40 --depth 8 --seed 4711 --workers 2 --json',
    TALL_COMMAND,
    ORDERED_TALL_COMMAND,
  ],
  unexpanded: {
    fig4: 'random',
    size: 'random',
    learned: 'random',
    static: 'estimate',
    perfect: 'random',
    exact: 'random',
    'all-sizes': 'random',
    paper: 'random',
  },
  sizeInfo: {
    fig4: 'expanded',
    size: 'expanded',
    learned: 'expanded',
    static: 'expanded',
    perfect: 'expanded',
    exact: 'expanded',
    'all-sizes': 'all',
    paper: 'expanded',
  },
  ttMove: {
    fig4: 'first',
    size: 'first',
    learned: 'first',
    static: 'first',
    perfect: 'first',
    exact: 'first',
    'all-sizes': 'first',
    paper: 'ordered',
  },
  beyond: { fig4: 0, size: 0, learned: 0, static: 0, perfect: 0, exact: 0, 'all-sizes': 0, paper: 10 },
  seed: TRAINING_SEED,
  trees: 40,
  depth: 8,
  generator: 'game-tree-lab 0.1.0',
  // One line per variant: alphabeta, negascout, mtdf, each [ordering, cost, baseline, runner-up, margin].
  variants: {
    fig4: byAlgorithm(
      ['fcf-weighted:1,0,8', 58763.7, 70956.925, 'fcf-weighted:1,0,12', [0.0144, -0.0312, 0.06]],
      ['fcf-weighted:1,0,4', 53869.25, 60194.325, 'fcf-weighted:1,48,2', [0.0022, -0.0785, 0.0828]],
      ['fcf-weighted:1,0,2', 35731.575, 36541.95, 'fcf-weighted:1,0,4', [0.0003, -0.0052, 0.0057]],
    ),
    size: byAlgorithm(
      ['fcf-weighted:1,0,8', 58763.7, 70956.925, 'fcf-weighted:1,0,12', [0.0144, -0.0312, 0.06]],
      ['fcf-weighted:1,0,4', 53869.25, 60194.325, 'fcf-weighted:1,0,2', [0.0134, -0.0575, 0.0843]],
      ['fcf-weighted:1,0,2', 35731.575, 36541.95, 'fcf-weighted:1,0,4', [0.0003, -0.0052, 0.0057]],
    ),
    learned: byAlgorithm(
      [
        'fcf-weighted:1,16,256;learned:-21:0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0061,0.017,0.0509,0.1076,0.2359,0.3833,0.5006,0.6152,0.7365,0.8055,0.8834,0.9109,0.947,0.9764,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943',
        57781.65,
        70956.925,
        'fcf-weighted:1,2,64;learned:-21:0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0026,0.0061,0.017,0.0509,0.1076,0.2359,0.3833,0.5006,0.6152,0.7365,0.8055,0.8834,0.9109,0.947,0.9764,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943,0.9943',
        [0.0017, -0.014, 0.0175],
      ],
      [
        'fcf-weighted:1,0,4;learned:-24:0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0041,0.009,0.0233,0.0468,0.1058,0.1836,0.475,0.6456,0.7745,0.8442,0.906,0.9351,0.9654,0.9867,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954',
        53869.25,
        60194.325,
        'fcf-weighted:1,0,2;learned:-24:0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0027,0.0041,0.009,0.0233,0.0468,0.1058,0.1836,0.475,0.6456,0.7745,0.8442,0.906,0.9351,0.9654,0.9867,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954,0.9954',
        [0.0134, -0.0575, 0.0843],
      ],
      [
        'fcf-weighted:1,2,8;learned:-24:0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0023,0.0044,0.0104,0.018,0.0246,0.2219,0.2219,0.7845,0.8237,0.865,0.9075,0.9264,0.9586,0.9837,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964',
        35725.35,
        36541.95,
        'fcf-weighted:1,4,8;learned:-24:0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0016,0.0023,0.0044,0.0104,0.018,0.0246,0.2219,0.2219,0.7845,0.8237,0.865,0.9075,0.9264,0.9586,0.9837,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964,0.9964',
        [0.0, -0.0008, 0.0008],
      ],
    ),
    static: byAlgorithm(
      ['fcf-weighted:1,0,8', 39489.6, 47567.55, 'fcf-weighted:1,0,16', [0.0078, -0.0303, 0.0458]],
      ['fcf-weighted:1,32,2', 38445.125, 47179.025, 'fcf-weighted:1,24,2', [0.0027, -0.0084, 0.0138]],
      ['fcf-weighted:1,0,12', 26034.025, 26539.95, 'fcf-weighted:1,16,4', [0.0025, -0.004, 0.0091]],
    ),
    perfect: byAlgorithm(
      ['fcf-weighted:1,48,16', 35026.9, 42021.675, 'fcf-weighted:1,64,16', [0, 0, 0]],
      ['fcf-weighted:1,12,0.5', 32732.1, 40697.55, 'fcf-weighted:1,12,1', [0, 0, 0]],
      ['fcf-weighted:1,0,0.5', 26629.45, 26630.775, 'fcf-weighted:1,0,1', [0, 0, 0]],
    ),
    exact: byAlgorithm(
      ['fcf-weighted:1,48,16', 35026.9, 42021.675, 'fcf-weighted:1,64,16', [0, 0, 0]],
      ['fcf-weighted:1,12,0.5', 32732.1, 40697.55, 'fcf-weighted:1,12,1', [0, 0, 0]],
      ['fcf-weighted:1,0,0.5', 26629.45, 26630.775, 'fcf-weighted:1,0,1', [0, 0, 0]],
    ),
    'all-sizes': byAlgorithm(
      ['fcf-weighted:1,0,8', 34689.525, 70956.925, 'fcf-weighted:1,0,4', [0.0241, -0.0328, 0.081]],
      ['fcf-weighted:1,2,4', 32295.1, 60194.325, 'fcf-weighted:1,4,4', [0.0006, -0.0151, 0.0164]],
      ['fcf-weighted:1,16,12', 19152.375, 36541.95, 'fcf-weighted:1,24,12', [0, 0, 0]],
    ),
    // α-β and NegaScout from the tall rows (no table: the stored move's place changes nothing), MTD(f) tuned with it ordered.
    paper: { ...TALL.fig4, mtdf: MTDF_ORDERED_TALL.fig4 },
  },
};

const reading = (
  unexpanded: Unexpanded,
  height: number,
  ttMove: TtMove,
  commands: string[],
  weights: Record<Fig4Algorithm, TunedEntry>,
): ReadingTuning => ({ reading: { unexpanded, height, ttMove }, commands, weights });

/**
 * The reading matrix's weights: never-searched children random (the fig4 variant's trees) or by estimate
 * (static) × height 10 or 20 × the stored move first or ordered, each tuned for its reading.
 */
export const READINGS: ReadingTuning[] = [
  reading('random', 10, 'first', [TUNING.commands[0]], TUNING.variants.fig4),
  reading('estimate', 10, 'first', [TUNING.commands[1]], TUNING.variants.static),
  reading('random', 10, 'ordered', [TUNING.commands[0], ORDERED_COMMAND], {
    ...TUNING.variants.fig4,
    mtdf: MTDF_ORDERED.fig4,
  }),
  reading('estimate', 10, 'ordered', [TUNING.commands[1], ORDERED_COMMAND], {
    ...TUNING.variants.static,
    mtdf: MTDF_ORDERED.static,
  }),
  reading('random', 20, 'first', [TALL_COMMAND], TALL.fig4),
  reading('estimate', 20, 'first', [TALL_COMMAND], TALL.static),
  reading('random', 20, 'ordered', [TALL_COMMAND, ORDERED_TALL_COMMAND], TUNING.variants.paper),
  reading('estimate', 20, 'ordered', [TALL_COMMAND, ORDERED_TALL_COMMAND], {
    ...TALL.static,
    mtdf: MTDF_ORDERED_TALL.static,
  }),
];

/** The weights tuned for a reading; throws naming the reading when none were. */
export function readingWeights(r: Reading): ReadingTuning {
  const found = READINGS.find(
    (x) => x.reading.unexpanded === r.unexpanded && x.reading.height === r.height && x.reading.ttMove === r.ttMove,
  );
  if (found === undefined)
    throw new RangeError(
      `no weights were tuned for never-searched children ${r.unexpanded}, height ${r.height}, stored move ${r.ttMove}`,
    );
  return found;
}
