import { test, expect, describe } from 'vitest';
import fc from 'fast-check';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { materialize } from '../../shared/game/materialize.ts';
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { minimumProofTree, mptSizeOfGame } from '../../shared/proof/minimax-proof-tree.ts';
import { MptBranchAndBound, mptSizeBranchAndBound } from '../../shared/proof/mpt-branch-and-bound.ts';
import { META, arbLayeredDag, graphFromLists } from '../helpers/random-graph.ts';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import { arbPrefixValueParams as arbParams, arbTreeAndDepth } from './helpers.ts';

/** Forwards to a game and counts `expand()` calls: the work of a search, whatever its kind. */
class CountingGame extends ForwardingGame {
  expands = 0;
  override expand(): number {
    this.expands++;
    return super.expand();
  }
}

describe('MptBranchAndBound (Figure 2 by branch-and-bound)', () => {
  test('equals the Figure-2 oracle mptSizeOfGame on random prefix value trees, at every depth', () => {
    fc.assert(
      fc.property(arbParams(7, 60_000), fc.boolean(), (p, useMinBranching) => {
        const bb = new MptBranchAndBound(new PrefixValueTree(p), { minBranching: useMinBranching ? p.bmin : 0 });
        // One depth beyond the tree's height too: nothing exists there, the size is that of the whole tree.
        const sizes = bb.sizesByDepth(p.height + 1);
        const oracle = new PrefixValueTree(p);
        for (let d = 0; d <= p.height + 1; d++) expect(sizes[d]).toBe(mptSizeOfGame(oracle, d));
        expect(bb.size(p.height)).toBe(sizes[p.height]);
      }),
      { numRuns: 120 },
    );
  });

  test('equals minimumProofTree of the materialised tree on small prefix value trees', () => {
    fc.assert(
      fc.property(arbParams(6, 3_000), (p) => {
        const g = materialize(new PrefixValueTree(p), p.height, META);
        expect(mptSizeBranchAndBound(new PrefixValueTree(p), p.height, { minBranching: p.bmin })).toBe(
          minimumProofTree(g).size,
        );
      }),
      { numRuns: 150 },
    );
  });

  test('with no damage every move is a best move: still the oracle value (many PV and cut candidates)', () => {
    for (let tree = 0; tree < 4; tree++) {
      const p: PrefixValueParams = { height: 6, bmin: 2, bmax: 6, damage: 0, seed: 7, tree };
      expect(mptSizeBranchAndBound(new PrefixValueTree(p), 6, { minBranching: 2 })).toBe(
        mptSizeOfGame(new PrefixValueTree(p), 6),
      );
    }
  });

  test('on explicit trees with leaves at any depth (minBranching 0) it equals minimumProofTree', () => {
    fc.assert(
      fc.property(arbTreeAndDepth(), ([g, depth]) => {
        const game = new ExplicitGame(g);
        expect(mptSizeBranchAndBound(game, 64)).toBe(minimumProofTree(g).size);
        expect(mptSizeBranchAndBound(game, depth)).toBe(mptSizeOfGame(game, depth));
      }),
      { numRuns: 200 },
    );
  });

  test('on DAGs it is the size of the unfolded tree, as minimumProofTree counts it', () => {
    fc.assert(
      fc.property(arbLayeredDag(5, 4), (g) => {
        expect(mptSizeBranchAndBound(new ExplicitGame(g), 64)).toBe(minimumProofTree(g).size);
      }),
      { numRuns: 100 },
    );
  });

  test('prunes: a small fraction of the expansions of the printed recursion at depth 7', () => {
    for (let tree = 0; tree < 3; tree++) {
      const p: PrefixValueParams = { height: 7, bmin: 4, bmax: 12, damage: 6, seed: 3, tree };
      const oracle = new CountingGame(new PrefixValueTree(p));
      const size = mptSizeOfGame(oracle, 7);
      const bb = new MptBranchAndBound(new PrefixValueTree(p), { minBranching: 4 });
      expect(bb.size(7)).toBe(size);
      expect(bb.stats.expanded * 10).toBeLessThan(oracle.expands);
      // The proof itself has more nodes than the search expands (the last two plies are closed forms).
      expect(bb.stats.expanded).toBeLessThan(size);
    }
  });

  test('trivial depths: 1 at depth 0, 1 + out-degree at depth 1', () => {
    const p: PrefixValueParams = { height: 3, bmin: 3, bmax: 9, damage: 4, seed: 1 };
    const g = new PrefixValueTree(p);
    const d = g.expand();
    const sizes = new MptBranchAndBound(g, { minBranching: 3 }).sizesByDepth(1);
    expect(Array.from(sizes)).toEqual([1, 1 + d]);
    expect(mptSizeBranchAndBound(new ExplicitGame(graphFromLists([[]], [4])), 5)).toBe(1);
  });

  test('refuses the incremental model (interior values unknown) with a clear error', () => {
    const p: PrefixValueParams = { height: 4, bmin: 2, bmax: 4, damage: 5, seed: 2, zeroDamage: false };
    expect(() => mptSizeBranchAndBound(new PrefixValueTree(p), 4)).toThrow(
      /needs exact values: game\.exactValue\(\) is NaN at ply 0/,
    );
    expect(() => mptSizeOfGame(new PrefixValueTree(p), 4)).toThrow(/exactValue\(\) is NaN/);
    // At depth 0 the root is a horizon leaf, valued by evaluate(): no interior value is needed.
    expect(mptSizeBranchAndBound(new PrefixValueTree(p), 0)).toBe(1);
  });

  test('refuses values that are not the negamax of their children', () => {
    const g = graphFromLists([[1, 2], [3, 4], [5, 6], [], [], [], []], [0, 0, 0, 1, 2, 3, 4]);
    const bad = new (class extends ExplicitGame {
      override exactValue(): number {
        return this.ply === 0 ? super.exactValue() + 1 : super.exactValue();
      }
    })(g);
    expect(() => mptSizeBranchAndBound(bad, 2)).toThrow(
      /inconsistent: exactValue\(\) = .* at ply 0 but its children give/,
    );
  });

  test('refuses a minBranching the game does not satisfy, naming the option', () => {
    // The root's first child is a terminal above the horizon: 0 children < minBranching 1.
    const g = graphFromLists([[1, 2], [], [3, 4], [], []], [0, 5, 0, 1, 2]);
    expect(() => mptSizeBranchAndBound(new ExplicitGame(g), 2, { minBranching: 1 })).toThrow(RangeError);
    expect(() => mptSizeBranchAndBound(new ExplicitGame(g), 2, { minBranching: 1 })).toThrow(
      /minBranching = 1 is not allowed for this game: a node at ply 1 above the horizon has 0 children/,
    );
    expect(mptSizeBranchAndBound(new ExplicitGame(g), 2)).toBe(minimumProofTree(g).size);
  });

  test('bad parameters are RangeErrors naming the field', () => {
    const g = new PrefixValueTree({ height: 3, bmin: 2, bmax: 3, damage: 2, seed: 1 });
    expect(() => mptSizeBranchAndBound(g, -1)).toThrow(/depth = -1 is not allowed/);
    expect(() => mptSizeBranchAndBound(g, 1.5)).toThrow(RangeError);
    expect(() => new MptBranchAndBound(g).sizesByDepth(-2)).toThrow(/maxDepth = -2 is not allowed/);
    expect(() => new MptBranchAndBound(g, { minBranching: 4 })).toThrow(
      /minBranching = 4 is not allowed: it must be an integer in \[0\.\.3\]/,
    );
    expect(() => new MptBranchAndBound(g, { minBranching: 0.5 })).toThrow(RangeError);
  });
});
