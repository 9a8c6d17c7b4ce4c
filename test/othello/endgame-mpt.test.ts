/**
 * The exact minimum proof tree of an Othello position (shared/experiments/run-positions.ts: the branch and
 * bound on the game solved as it asks, shared/search/solved-game.ts) against brute force on tiny positions
 * (k ≤ 6 empties): Figure 2 on the materialised game tree (shared/proof/minimax-proof-tree.ts), Figure 2
 * as printed on the cursor (mptSizeOfGame), and the value against naive negamax over every line of play.
 * Positions are FForum problems played down by random moves, so they are real endgame positions.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { OthelloGame } from '../../shared/othello/othello-game.ts';
import { FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';
import { SolvedGame } from '../../shared/search/solved-game.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { minimumProofTree, mptSizeOfGame } from '../../shared/proof/minimax-proof-tree.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { positionMpt } from '../../shared/proof/position-mpt.ts';
import { positionProof } from '../../shared/othello/position-proof.ts';
import { playedDown } from './played-down.ts';
import { cellsOf, naiveNegamax } from './reference.ts';

const arbTiny = fc.record({
  p: fc.integer({ min: 0, max: FFORUM_1_19.length - 1 }),
  k: fc.integer({ min: 1, max: 6 }),
  seed: fc.integer(),
});

describe('the minimum proof tree of an Othello position', () => {
  test('equals Figure 2 on the materialised game tree and as printed on the cursor; the value equals naive negamax (k ≤ 6)', () => {
    fc.assert(
      fc.property(arbTiny, ({ p, k, seed }) => {
        const position = playedDown(p, k, seed);
        const game = new OthelloGame(position);
        const tree = materialize(game, game.maxPly, { model: 'othello', params: {}, seed: null, generator: 'test' });
        for (const leafCost of [1, 0] as const) {
          const mine = positionMpt(game, leafCost);
          const brute = minimumProofTree(tree, { leafCost });
          expect(mine.size, `${position} leaf cost ${leafCost}`).toBe(brute.size);
          expect(mine.value).toBe(brute.value);
          game.reset();
          expect(mptSizeOfGame(new SolvedGame(game), game.maxPly, { leafCost })).toBe(brute.size);
        }
        expect(positionMpt(game).value).toBe(naiveNegamax(cellsOf(game.root)));
      }),
      { numRuns: 60 },
    );
  });

  test('the exported proof is a valid minimax proof of the exported tree, of the minimum size (k ≤ 6)', () => {
    fc.assert(
      fc.property(arbTiny, ({ p, k, seed }) => {
        const r = positionProof(playedDown(p, k, seed), 1_000_000);
        const check = validateMinimaxProof(r.graph, r.proof);
        expect(check.valid, check.valid ? '' : check.reason).toBe(true);
        expect(r.proof.length).toBe(minimumProofTree(r.graph).size);
      }),
      { numRuns: 30 },
    );
  });

  test("SolvedGame: every node's solved value equals naive negamax (k ≤ 6)", () => {
    fc.assert(
      fc.property(arbTiny, ({ p, k, seed }) => {
        const game = new OthelloGame(playedDown(p, k, seed));
        const solved = new SolvedGame(game);
        solved.reset();
        const walk = (depth: number): void => {
          expect(solved.exactValue()).toBe(naiveNegamax(cellsOf(game.position())));
          if (depth === 0) return;
          const n = game.expand();
          for (let i = 0; i < n; i++) {
            solved.descend(i);
            walk(depth - 1);
            solved.ascend();
            game.expand();
          }
        };
        walk(2);
      }),
      { numRuns: 30 },
    );
  });
});
