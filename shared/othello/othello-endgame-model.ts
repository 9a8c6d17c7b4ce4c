/**
 * Descriptor of Othello endgames as a model of real positions (../models/model-descriptor.ts `positions`): tree
 * t of a run is problem t of the model's problem set (./fforum-problems.ts: FForum 1–19, 14–16 empties, when
 * `problems` is left out; `ffo-40-59`, FFO #40–#59 with 20–34 empties, for positions of more), and its depth k
 * the position with k empty squares on the problem's exact best line (./best-line.ts), an
 * OthelloGame (./othello-game.ts) searched to the end of the game. A run measures
 * k = minEmpties..depth. Values are final disc differentials; the static estimate (mobility and
 * corners) scores the horizon of iterative deepening's shallow passes.
 */
import { z } from 'zod';
import { defineModel } from '../models/model-descriptor.ts';
import { intField, optionalChoiceField } from '../util/fields.ts';
import { fewestEmpties, PROBLEM_SET_NAMES, PROBLEM_SETS, type ProblemSetName } from './fforum-problems.ts';
import { bestLine, type LinePosition } from './best-line.ts';
import { OthelloGame } from './othello-game.ts';

/** Fewest and most empties a run may measure (the most: the fewest empties of any problem of a set). */
const OTHELLO_MIN_EMPTIES = 1;
const MOST_EMPTIES = Object.fromEntries(
  PROBLEM_SET_NAMES.map((name) => [name, fewestEmpties(PROBLEM_SETS[name])]),
) as Record<ProblemSetName, number>;
const OTHELLO_MAX_EMPTIES = Math.max(...Object.values(MOST_EMPTIES));

interface OthelloModel {
  kind: 'othello';
  minEmpties: number;
  problems?: ProblemSetName;
}

function problemsOf(m: OthelloModel) {
  return PROBLEM_SETS[m.problems ?? 'fforum-1-19'];
}

/** The most empties a run of the model may measure: the fewest empties of a problem of its set. */
function maxEmpties(m: OthelloModel): number {
  return MOST_EMPTIES[m.problems ?? 'fforum-1-19'];
}

// The best lines a process has derived, by problem position and minEmpties: each costs an exact solve of
// the problem, and a run asks for every depth of a line in turn.
const lines = new Map<string, LinePosition[]>();

/** The position of problem `tree` with `k` empties on its best line. */
export function othelloLinePosition(m: OthelloModel, k: number, tree: number): LinePosition {
  const problems = problemsOf(m);
  if (!Number.isInteger(tree) || tree < 0 || tree >= problems.length) {
    throw new RangeError(
      `tree = ${tree} is not allowed: there are ${problems.length} problems, so it must be an integer in [0..${problems.length - 1}]`,
    );
  }
  if (!Number.isInteger(k) || k < m.minEmpties || k > maxEmpties(m)) {
    throw new RangeError(
      `empties = ${k} is not allowed: it must be an integer in [${m.minEmpties}..${maxEmpties(m)}] (minEmpties..the fewest empties of a problem)`,
    );
  }
  const root = problems[tree].position;
  const key = `${root}|${m.minEmpties}`;
  let line = lines.get(key);
  if (line === undefined) {
    line = bestLine(root, m.minEmpties);
    lines.set(key, line);
  }
  const at = line.find((p) => p.empties === k);
  if (at === undefined)
    throw new RangeError(`problem ${problems[tree].number}: its best line ends before ${k} empties`);
  return at;
}

export const othelloEndgameModel = defineModel({
  kind: 'othello',
  title: 'Othello endgames (FForum best lines)',
  schema: z.object({
    kind: z.literal('othello'),
    minEmpties: intField(OTHELLO_MIN_EMPTIES, OTHELLO_MAX_EMPTIES, 'Fewest empties', {
      hint: `${OTHELLO_MIN_EMPTIES}..${OTHELLO_MAX_EMPTIES}`,
      initial: 8,
      description: 'the run measures the positions with k = this..depth empty squares',
    }),
    problems: optionalChoiceField(PROBLEM_SET_NAMES, 'Problems', 'fforum-1-19', {
      description:
        'whose best lines the positions come from: FForum 1–19 (14–16 empties) or FFO #40–#59 (20–34 empties; the exact best line of a problem of 20–22 empties takes tens of seconds to minutes to solve, more for more)',
    }),
  }),
  // The static estimate scores any node, so iterative deepening applies; interior values need a solve.
  capabilities: { staticEvaluation: true, exactInteriorValues: false, integerValues: true },
  example: { kind: 'othello', minEmpties: 4 },
  maxDepth: OTHELLO_MAX_EMPTIES,
  params: (m, depth, _seed, tree) => ({
    height: depth,
    problem: problemsOf(m)[tree]?.number,
    position: othelloLinePosition(m, depth, tree).position,
  }),
  make: (m, depth, _seed, tree) => new OthelloGame(othelloLinePosition(m, depth, tree).position),
  // The branching whose geometric tree matches a game tree of 8 empties (about 2·10^4 nodes to the end);
  // size estimates only (fewer empties branch less, more branch more).
  meanBranching: () => 3.3,
  mptMinBranching: () => 0,
  positions: {
    lines: (m) => problemsOf(m).length,
    depths: (m, depth) => Array.from({ length: Math.max(0, depth - m.minEmpties + 1) }, (_, i) => m.minEmpties + i),
    checkDepth: (m, depth) =>
      depth < m.minEmpties || depth > maxEmpties(m)
        ? `${depth} is not allowed: for Othello endgames the depth is the most empty squares measured, an integer in [${m.minEmpties}..${maxEmpties(m)}] (model.minEmpties..the fewest empties of a problem of ${m.problems ?? 'fforum-1-19'})`
        : null,
    position: (m, depth, tree) => othelloLinePosition(m, depth, tree).position,
    axis: 'empty squares k',
  },
  cli: {
    help: [
      'Othello endgames: --min-empties K [--problems fforum-1-19|ffo-40-59] (FForum 1-19, 14-16 empties, the',
      'default; or FFO #40-#59, 20-34 empties); --tree T is problem T of the set (FForum 1-19: problem T + 1),',
      '--depth K its position with K empties on its exact best line (K ≥ --min-empties), written to the end of',
      'the game',
    ],
    flags: [
      { kind: 'number', name: 'min-empties', usage: '--min-empties K', field: 'minEmpties' },
      { kind: 'enum', name: 'problems', usage: '--problems fforum-1-19|ffo-40-59', field: 'problems' },
    ],
  },
});
