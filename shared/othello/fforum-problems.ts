/**
 * The FForum endgame problems whose best lines the Othello endgame experiments follow
 * (../../../shared/data/othello/README.md): problem number, "BOARD SIDE" (A1..H1, A2..H2, …, H8; X black,
 * O white, - empty; the side to move) and the file's answer (a best move and its exact final disc
 * differential). Held here so every host (the CLI, worker processes, the app's workers in a browser) has
 * them without reading files; test/othello/endgame-positions.test.ts checks them against the data files.
 *
 * `FFORUM_1_19`: problems 1–19 of fforum-1-19.obf (14–16 empties). The FFO #40–#59 problems (20–34
 * empties) are not among them: the exact best line of even the smallest, #40, takes more than 6 minutes
 * of solving here (../search/solved-game.ts), so they stay the solver's benchmark.
 */

export interface FforumProblem {
  readonly number: number;
  readonly position: string;
  readonly bestMove: string;
  readonly score: number;
}

const p = (number: number, position: string, bestMove: string, score: number): FforumProblem => ({
  number,
  position,
  bestMove,
  score,
});

export const FFORUM_1_19: readonly FforumProblem[] = [
  p(1, '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X', 'G8', 18),
  p(2, '-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X', 'A4', 10),
  p(3, '----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X', 'D1', 2),
  p(4, '-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO- X', 'H8', 0),
  p(5, '-OOOOO----OXXO-XXXOXOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOOO---XXXXX-- X', 'G8', 32),
  p(6, '--OXXX--OOOXXX--OOOXOXO-OOXOOOX-OOXXXXXXXOOXXOX--OOOOX---XXXXXX- X', 'A1', 14),
  p(7, '--OXXO--XOXXXX--XOOOXXXXXOOXXXXXXOOOOXXX-XXXXXXX--XXOOO----XXOO- X', 'A6', 8),
  p(8, '---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O', 'E1', 8),
  p(9, '--XOXX--O-OOXXXX-OOOXXXX-XOXXXOXXXOXOOOXOXXOXOXX--OXOO----OOOO-- O', 'G7', -8),
  p(10, '-XXXX-----OXXX--XOXOXOXXOXOXXOXXOXXOXOOOXXXOXOOX--OXXO---OOOOO-- O', 'B2', 10),
  p(11, '---O-XOX----XXOX---XXOOXO-XXOXOXXXXOOXOX-XOOXXXXXOOOXX-XOOOOOOO- O', 'B3', 30),
  p(12, '--O--O--X-OOOOX-XXOOOXOOXXOXOXOOXXOXXOOOXXXXOOOO--OXXX---XXXXX-- O', 'B7', -8),
  p(13, '--XXXXX--OOOXX---OOOXXXX-OXOXOXXOXXXOXXX--XOXOXX--OXOOO--OOOOO-- X', 'B7', 14),
  p(14, '--XXXXX---OOOX---XOOXXXX-OOOOOOOOOOXXXOOOOOXXOOX--XXOO----XXXXX- X', 'A3', 18),
  p(15, '----O------OOX---OOOXX-XOOOXOOOOOXXOXXOOOXXXOOOOOXXXOOXO--OOOOOX X', 'G3', 4),
  p(16, '-XXXXXX-X-XXXOO-XOXXXOOXXOOXXXOX-OOOXXXX--OOXXXX---OOO----XOX-O- X', 'F8', 24),
  p(17, '-OOOOO----OXXO-XXXOOOXX-XXOXOXXOXXOOXOOOXXXXOO-OX-XOO----XXXX--- X', 'F8', 8),
  p(18, '-XXX------OOOX--XOOOOOXXOXOXOOXXOXXOOOOOXXXOXOOX--OXXO---OOOOO-- X', 'G2', -2),
  p(19, '--OXXO--XOXXXX--XOOOOXXXXOOOXXXXX-OOOXXX--OOOOXX--XXOOO----XXOO- X', 'B6', 8),
];
