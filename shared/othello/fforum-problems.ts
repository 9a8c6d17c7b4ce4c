/**
 * The FForum endgame problems whose best lines the Othello endgame experiments follow
 * (../../../shared/data/othello/README.md): problem number, "BOARD SIDE" (A1..H1, A2..H2, …, H8; X black,
 * O white, - empty; the side to move) and the file's answer (a best move and its exact final disc
 * differential). Held here so every host (the CLI, worker processes, the app's workers in a browser) has
 * them without reading files (fforum-1-19.json, bundled as a module); test/othello/endgame-positions.test.ts
 * checks them against the data files.
 *
 * `FFORUM_1_19`: problems 1–19 of fforum-1-19.obf (14–16 empties); `FFO_40_59`: problems #40–#59 of
 * fforum-40-59.obf (20–34 empties, ffo-40-59.json), the source of positions with more than 14 empties.
 * `PROBLEM_SETS` names both as the Othello endgame model's `problems` field does.
 */
import PROBLEMS from './fforum-1-19.json';
import FFO_PROBLEMS from './ffo-40-59.json';

export interface FforumProblem {
  readonly number: number;
  readonly position: string;
  readonly bestMove: string;
  readonly score: number;
}

export const FFORUM_1_19: readonly FforumProblem[] = PROBLEMS;

export const FFO_40_59: readonly FforumProblem[] = FFO_PROBLEMS;

/** The problem sets by the name a spec gives them, in the order a choice lists them. */
export const PROBLEM_SETS = { 'fforum-1-19': FFORUM_1_19, 'ffo-40-59': FFO_40_59 } as const;
export const PROBLEM_SET_NAMES = ['fforum-1-19', 'ffo-40-59'] as const;
export type ProblemSetName = (typeof PROBLEM_SET_NAMES)[number];

/** The fewest empties of any problem of the set: the most empties a run on its best lines can measure. */
export function fewestEmpties(set: readonly FforumProblem[]): number {
  return Math.min(...set.map((p) => p.position.split(' ')[0].split('-').length - 1));
}
