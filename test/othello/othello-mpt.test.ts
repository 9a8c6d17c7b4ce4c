/**
 * The minimum proof tree kernel of Othello positions (shared/othello/othello-mpt.ts, its values from
 * shared/othello/exact-value-table.ts) against the generic branch and bound it replaces
 * (shared/proof/mpt-branch-and-bound.ts on shared/search/solved-game.ts, run with `kernel: false`): on real
 * endgame positions of up to 10 empties, both leaf costs, the same size and the same expansions counted,
 * the kernel taken (so the comparison is not of the generic code with itself); on positions of up to 6
 * empties also Figure 2 on the materialised tree. The value table against naive negamax and against the
 * cursor's solves. Positions: FForum problems played down by random moves.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { OthelloGame } from '../../shared/othello/othello-game.ts';
import { FFORUM_1_19 } from '../../shared/othello/fforum-problems.ts';
import { exactValue } from '../../shared/othello/exact-value-table.ts';
import { SolvedGame } from '../../shared/search/solved-game.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { MptBranchAndBound } from '../../shared/proof/mpt-branch-and-bound.ts';
import { positionMpt } from '../../shared/proof/position-mpt.ts';
import { playedDown } from './played-down.ts';
import { cellsOf, naiveNegamax } from './reference.ts';

const arbPosition = (maxEmpties: number) =>
  fc.record({
    p: fc.integer({ min: 0, max: FFORUM_1_19.length - 1 }),
    k: fc.integer({ min: 1, max: maxEmpties }),
    seed: fc.integer(),
  });

/** Size, expansions and whether the kernel ran, or the error, of the branch and bound on the position solved as asked. */
function outcome(position: string, leafCost: 0 | 1, kernel: boolean, minBranching = 0) {
  try {
    const bb = new MptBranchAndBound(new SolvedGame(new OthelloGame(position)), { leafCost, kernel, minBranching });
    const game = new OthelloGame(position);
    return { size: bb.size(game.maxPly), expanded: bb.stats.expanded, kernel: bb.kernel };
  } catch (e) {
    return { error: `${(e as Error).constructor.name}: ${(e as Error).message}` };
  }
}

describe('the Othello minimum proof tree kernel', () => {
  test('equals the generic branch and bound node for node: size and expansions, both leaf costs (k ≤ 10)', () => {
    fc.assert(
      fc.property(arbPosition(10), ({ p, k, seed }) => {
        const position = playedDown(p, k, seed);
        for (const leafCost of [1, 0] as const) {
          const generic = outcome(position, leafCost, false);
          const mine = outcome(position, leafCost, true);
          expect(generic).toMatchObject({ kernel: false });
          expect(mine).toMatchObject({ kernel: true });
          expect({ ...mine, kernel: false }, `${position} leaf cost ${leafCost}`).toEqual(generic);
        }
      }),
      { numRuns: 80 },
    );
  });

  test('equals Figure 2 on the materialised game tree (k ≤ 6), through positionMpt', () => {
    fc.assert(
      fc.property(arbPosition(6), ({ p, k, seed }) => {
        const position = playedDown(p, k, seed);
        const game = new OthelloGame(position);
        const tree = materialize(game, game.maxPly, { model: 'othello', params: {}, seed: null, generator: 'test' });
        for (const leafCost of [1, 0] as const) {
          expect(positionMpt(game, leafCost).size, `${position} leaf cost ${leafCost}`).toBe(
            minimumProofTree(tree, { leafCost }).size,
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  test('is the kernel of a solved OthelloGame, and declines minBranching > 0 (the generic code then throws, as before)', () => {
    const position = playedDown(0, 8, 3);
    expect(new MptBranchAndBound(new SolvedGame(new OthelloGame(position))).kernel).toBe(true);
    expect(new MptBranchAndBound(new OthelloGame(position)).kernel).toBe(false);
    const strict = outcome(position, 1, true, 1);
    expect(strict).toEqual(outcome(position, 1, false, 1));
    expect(strict).toHaveProperty('error');
  });

  test('sizes the deeper positions as the generic code does (a FForum best-line position of 12 empties)', () => {
    const position = '--XXXXX--OOOXX-O-OOOXXOO-OXOOOXOOXXXOOXO--XOXOOO-XXXOOOO-OOOOOX- X';
    const generic = outcome(position, 1, false);
    expect(generic).toEqual({ size: 1509, expanded: 71057, kernel: false });
    expect(outcome(position, 1, true)).toEqual({ ...generic, kernel: true });
  });
});

/** The position's value by the cursor's solve (shared/search/solved-game.ts). */
function solvedValue(position: string): number {
  const s = new SolvedGame(new OthelloGame(position));
  s.reset();
  return s.exactValue();
}

describe('the exact value table', () => {
  test('equals naive negamax (k ≤ 7) and the cursor solves (k ≤ 11), asked in any order', () => {
    fc.assert(
      fc.property(arbPosition(11), ({ p, k, seed }) => {
        const position = playedDown(p, k, seed);
        const game = new OthelloGame(position);
        const r = game.root;
        const v = exactValue(r.ownLo, r.ownHi, r.oppLo, r.oppHi);
        if (game.rootEmpties <= 7) expect(v, position).toBe(naiveNegamax(cellsOf(r)));
        const solved = new SolvedGame(game);
        solved.reset();
        expect(v, position).toBe(solved.exactValue());
        // Every child and grandchild too, after the root: the bounds its solve left must give exact values.
        const n = game.expand();
        for (let i = 0; i < n; i++) {
          game.descend(i);
          const c = game.position();
          const m = game.expand();
          for (let j = 0; j < m; j++) {
            game.descend(j);
            const g = game.position();
            const w = exactValue(g.ownLo, g.ownHi, g.oppLo, g.oppHi);
            if (game.empties() <= 7) expect(w).toBe(naiveNegamax(cellsOf(g)));
            game.ascend();
          }
          expect(exactValue(c.ownLo, c.ownHi, c.oppLo, c.oppHi)).toBe(
            c.empties <= 7 ? naiveNegamax(cellsOf(c)) : solvedValue(c.toString()),
          );
          game.ascend();
        }
      }),
      { numRuns: 80 },
    );
  });
});
