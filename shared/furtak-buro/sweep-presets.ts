/**
 * Furtak & Buro's named sweeps (`gtlab sweep PRESET`): the paper's claim that "performance results were
 * consistent across the tree generation parameters" (Sec. 8) as a grid over branching ranges, damage and evaluation
 * error, the evaluation-error sweep of the Figure 4 preset, the matrix of what Figure 4's orderings
 * may know (S_i of which children, the table's stored move first or not, the horizon scored by estimate
 * or exactly), and the matrix of readings of Sec. 8's text, each cell with the weights tuned for it, with the
 * height curve of the paper's reading.
 */
import { presetSpec } from '../experiments/presets.ts';
import { SWEEP_FORMAT, SWEEP_VERSION, type SweepPreset } from '../experiments/sweep.ts';
import { readingWeights, READINGS, TUNING, type Reading } from './tuned-weights.ts';
import { FIG4_ALGORITHMS, variantBeyond, variantTtMove, variantUnexpanded, type Fig4Algorithm } from './variants.ts';
import { VALUE_ONLY } from './fig4-summary.ts';

/** The Figure 4 preset's spec paths of each algorithm's value + FCF ordering ("series.1.ordering"). */
function fcfPaths(): Record<Fig4Algorithm, string> {
  const series = presetSpec('furtak-buro-fig4').series;
  return Object.fromEntries(
    FIG4_ALGORITHMS.map((a) => [
      a,
      `series.${series.findIndex((s) => s.algorithm === a && s.ordering !== VALUE_ONLY)}.ordering`,
    ]),
  ) as Record<Fig4Algorithm, string>;
}

/** A cell of the reading matrix: the reading's fields, S_i known as `sizeInfo` says, and the orderings tuned for it. */
function readingCell(
  paths: Record<Fig4Algorithm, string>,
  r: Reading,
  sizeInfo: 'expanded' | 'all',
  weights: Record<Fig4Algorithm, { ordering: string }>,
): Record<string, string | number> {
  return {
    sizeInfo,
    unexpanded: r.unexpanded,
    height: r.height,
    ttMove: r.ttMove,
    ...orderingParams(paths, weights),
  };
}

/** The cell parameters that set each algorithm's value + FCF ordering to `weights`' ordering. */
function orderingParams(
  paths: Record<Fig4Algorithm, string>,
  weights: Record<Fig4Algorithm, { ordering: string }>,
): Record<string, string> {
  return Object.fromEntries(FIG4_ALGORITHMS.map((a) => [paths[a], weights[a].ordering]));
}

/** The paper's reading: the furtak-buro-fig4-paper preset's, at the evaluation depth 10. */
const PAPER: Reading = {
  unexpanded: variantUnexpanded('paper'),
  height: 10 + variantBeyond('paper'),
  ttMove: variantTtMove('paper'),
};

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
  {
    name: 'furtak-buro-paper-reading-sweep',
    title:
      'Furtak & Buro 2009, Figure 4 under every reading of Sec. 8: never-searched children × tree height × stored move, each cell tuned, 500 trees, depth 10',
    sweep: () => {
      const paths = fcfPaths();
      return {
        format: SWEEP_FORMAT,
        version: SWEEP_VERSION,
        name: 'furtak-buro-paper-reading-sweep',
        description:
          'The furtak-buro-fig4 trees and series (value only vs value + FCF for alpha-beta, NegaScout and MTD(f)), S_i known only for ' +
          'children an earlier pass expanded, under each reading of the text: never-searched children random or by their static ' +
          'estimates (unexpanded), trees of height 10 (the last pass reaches terminal nodes) or 20 (every horizon scores the estimate; ' +
          "any height above 10 gives the same counts), and MTD(f)'s stored move searched first or ordered like any child (ttMove); " +
          `each cell runs the weights grid-tuned for its own reading on ${TUNING.trees} training trees of seed ${TUNING.seed}. The bracket: ` +
          'S_i known for every child (sizeInfo all) with the furtak-buro-fig4-all-sizes weights. 500 trees per cell, depth 10. Draw it: ' +
          'gtlab sweep summarize DIR --x unexpanded --y "sizeInfo*height*ttMove" --out matrix.png',
        base: presetSpec('furtak-buro-fig4'),
        cells: [
          ...READINGS.map((r) => readingCell(paths, r.reading, 'expanded', r.weights)),
          readingCell(
            paths,
            { unexpanded: 'random', height: 10, ttMove: 'first' },
            'all',
            TUNING.variants['all-sizes'],
          ),
        ],
      };
    },
  },
  {
    name: 'furtak-buro-paper-height-sweep',
    title:
      "Furtak & Buro 2009, Figure 4 under the paper's reading by tree height 10, 12, 16, 20, 30: where taller trees stop changing the counts, 500 trees, depth 10",
    sweep: () => {
      const paths = fcfPaths();
      return {
        format: SWEEP_FORMAT,
        version: SWEEP_VERSION,
        name: 'furtak-buro-paper-height-sweep',
        description:
          "The furtak-buro-fig4-paper preset (never-searched children random, MTD(f)'s stored move ordered, its weights tuned on " +
          'trees ten levels taller than the search) with trees of height 10, 12, 16, 20 and 30; the height-10 cell runs the weights ' +
          'tuned for it. 500 trees per cell, depth 10. Draw it: gtlab sweep summarize DIR --x height --out height.png',
        base: presetSpec('furtak-buro-fig4-paper'),
        cells: [10, 12, 16, 20, 30].map((height) => {
          const { weights } = readingWeights({ ...PAPER, height: height === 10 ? 10 : PAPER.height });
          return { height, ...orderingParams(paths, weights) };
        }),
      };
    },
  },
];
