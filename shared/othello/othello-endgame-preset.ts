/**
 * Figure 4 on a real game (Furtak & Buro 2009, Sec. 8, and Sec. 6 on "fastest-first", known "since the
 * mid-1990s in the Othello programming community" for endgame solvers): Othello endgame positions with
 * k empties from the exact best lines of the FForum problems, every search × ordering run to the end of
 * the game plainly and by iterative deepening, nodes visited ÷ the exact minimum proof tree of the
 * position's game tree, against k (../experiments/run-positions.ts says what depth means and what is divided by).
 */
import { SPEC_FORMAT, SPEC_VERSION, type ExperimentSpecInput } from '../experiments/spec.ts';
import { FFORUM_1_19 } from './fforum-problems.ts';
import { TUNING } from '../furtak-buro/tuned-weights.ts';
import { FIG4_ALGORITHMS } from '../furtak-buro/variants.ts';
import { ORDERING_NAMES } from '../search/ordering/parse-ordering.ts';

export const OTHELLO_PRESET = 'othello-endgame-fcf';

/**
 * The orderings compared. Value: the static estimate (mobility and corners), or with iterative deepening
 * the previous passes' values. Fastest-first, the Othello community's form: fewest opponent moves first
 * (S_i, the child's mobility; ../search/ordering/fastest-first.ts). Value + FCF: the
 * paper's weighted key with the Figure 4 preset's weights, tuned on prefix value trees, not on Othello.
 */
const ORDERINGS = [
  { name: ORDERING_NAMES.estimate.label, ordering: () => 'estimate' },
  { name: 'fastest-first', ordering: () => 'fastest-first' },
  {
    name: ORDERING_NAMES['fcf-weighted'].label,
    ordering: (a: (typeof FIG4_ALGORITHMS)[number]) => TUNING.variants.fig4[a].ordering,
  },
] as const;

export function othelloEndgameSpec(): ExperimentSpecInput {
  return {
    format: SPEC_FORMAT,
    version: SPEC_VERSION,
    name: OTHELLO_PRESET,
    description:
      `Othello endgames: for FForum problems 1–19 (${FFORUM_1_19.length} problems, 14–16 empties), the positions with k = 8..12 empty squares on each ` +
      "problem's exact best line (ties: the first move in square order). Every position is searched to the end of the game by alpha-beta, " +
      'NegaScout and MTD(f), each ordered by value (static estimate: mobility + 8 × corners), fastest-first (fewest opponent moves first) and the ' +
      "paper's value + FCF key (Figure 4 weights, tuned on prefix value trees), once plainly (one search to the end) and once by iterative " +
      'deepening (passes of depth 1..k−1 scoring the static estimate at their horizon, then the pass to the end; nodes cumulative). Nodes ' +
      "visited ÷ the exact minimum proof tree (Figure 2) of the position's game tree, whose leaves are the final positions: the tree unfolding " +
      "of the DAG of transpositions, an upper bound of the minimum proof graph (NP-hard). Seed unused: the positions are the problems'.",
    model: { kind: 'othello', minEmpties: 8 },
    trees: FFORUM_1_19.length,
    seed: 0,
    depth: 12,
    iterative: true,
    unexpanded: 'estimate',
    series: FIG4_ALGORITHMS.flatMap((a) =>
      (['iterative', 'plain'] as const).flatMap((deepening) =>
        ORDERINGS.map((o) => ({
          algorithm: a,
          ordering: o.ordering(a),
          deepening,
          label: `${a} / ${o.name} / ${deepening === 'iterative' ? 'ID' : 'plain'}`,
        })),
      ),
    ),
    measure: { mpg: true, denominator: 'seen', counter: 'visited' },
  };
}
