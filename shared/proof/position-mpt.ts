/**
 * The exact minimum proof tree of a real game position's game tree, to the end of the game (Furtak &
 * Buro 2009, Figure 2): the branch and bound (./mpt-branch-and-bound.ts) on the position whose interior
 * values are solved as it asks for them (../search/solved-game.ts). The experiments on positions divide by
 * it (../experiments/run-positions.ts), and `gtlab othello export` writes it (../othello/position-proof.ts).
 */
import type { Game } from '../game/game.ts';
import { SolvedGame } from '../search/solved-game.ts';
import { MptBranchAndBound } from './mpt-branch-and-bound.ts';
import type { ProofSink } from './proof-sink.ts';

/**
 * The exact minimum proof tree of a position's game tree (to the end of the game): its size, leaf cost as
 * in Figure 2 (1) or interior nodes only (0), and the position's value as the proof's own solver finds it.
 */
export function positionMpt(game: Game, leafCost: 0 | 1 = 1): { size: number; value: number } {
  const solved = new SolvedGame(game);
  solved.reset();
  const value = solved.exactValue();
  return { size: new MptBranchAndBound(solved, { leafCost }).size(game.maxPly), value };
}

/** One minimum proof tree of a position's game tree walked into `sink`; returns its size. */
export function positionProofTree(game: Game, sink: ProofSink): number {
  game.reset();
  return new MptBranchAndBound(new SolvedGame(game)).proofTree(game.maxPly, sink);
}
