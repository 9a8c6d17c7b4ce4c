/**
 * The FForum endgame problems whose best lines the Othello endgame experiments follow
 * (../../../shared/data/othello/README.md): problem number, "BOARD SIDE" (A1..H1, A2..H2, …, H8; X black,
 * O white, - empty; the side to move) and the file's answer (a best move and its exact final disc
 * differential). Held here so every host (the CLI, worker processes, the app's workers in a browser) has
 * them without reading files (fforum-1-19.json, bundled as a module); test/othello/endgame-positions.test.ts
 * checks them against the data files.
 *
 * `FFORUM_1_19`: problems 1–19 of fforum-1-19.obf (14–16 empties). The FFO #40–#59 problems (20–34
 * empties) are not among them: the exact best line of even the smallest, #40, takes more than 6 minutes
 * of solving here (../search/solved-game.ts), so they stay the solver's benchmark.
 */
import PROBLEMS from './fforum-1-19.json';

export interface FforumProblem {
  readonly number: number;
  readonly position: string;
  readonly bestMove: string;
  readonly score: number;
}

export const FFORUM_1_19: readonly FforumProblem[] = PROBLEMS;
