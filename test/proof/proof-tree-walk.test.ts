/**
 * Minimum proof trees walked node by node (Furtak & Buro 2009, Sec. 5.2, Figure 2; validity as in
 * Sec. 2.2): `MptBranchAndBound.proofTree` / `MptSeen` (both horizons), `walkMinimumProofTree` on
 * explicit graphs, and `seenProofTree` of an experiment. Every walk is replayed on the materialised
 * truncation (paths → graph node ids) and checked independently: its size against Figure 2 on that
 * graph, its node set with the linear μ validator, its roles against the solved values, and its shape
 * against Figure 2's windows (PV: every child, one of them PV; cut: one child; all: every child).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { Game } from '../../shared/game/game.ts';
import type { Graph } from '../../shared/game/graph.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { materializeTruncation, SizeLimitError } from '../../shared/game/materialize.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { minimumProofTree, walkMinimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { MptBranchAndBound } from '../../shared/proof/mpt-branch-and-bound.ts';
import { MptSeen } from '../../shared/proof/mpt-seen.ts';
import { prefixValueErrorBound } from '../../shared/models/descriptors/prefix-value.ts';
import { ALL, CUT, PV, type ProofRole, type ProofSink } from '../../shared/proof/proof-sink.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { denominators, seenProofTree } from '../../shared/experiments/run-tree.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import {
  parseSpec,
  SPEC_FORMAT,
  SPEC_VERSION,
  specDepths,
  specHeight,
  type ExperimentSpec,
  type ExperimentSpecInput,
} from '../../shared/experiments/spec.ts';
import { META, arbLayeredDag, arbSmallTree } from '../helpers/random-graph.ts';
import { fig4TreeParams } from '../helpers/fig4-tree.ts';
import { arbPrefixValueParams as arbParams, arbTreeAndDepth, solve } from './helpers.ts';

/** Replays a ProofSink walk on a graph: the node id at the walk's cursor, each visit's role and bound. */
class GraphSink implements ProofSink {
  readonly nodes: number[] = [];
  readonly roles: ProofRole[] = [];
  readonly bounds: number[] = [];
  /** per visit: the index of the parent's visit (−1 for the root) */
  readonly parents: number[] = [];
  private readonly path: number[];
  private readonly visits: number[] = [];
  private pending = true; // node() is due (the cursor just arrived)

  constructor(private readonly g: Graph) {
    this.path = [g.root];
  }

  node(role: ProofRole, bound: number): void {
    if (!this.pending) throw new Error(`node() called twice for node ${this.path.at(-1)}`);
    this.pending = false;
    this.parents.push(this.visits.length > 0 ? this.visits[this.visits.length - 1] : -1);
    this.visits.push(this.nodes.length);
    this.nodes.push(this.path[this.path.length - 1]);
    this.roles.push(role);
    this.bounds.push(bound);
  }

  down(i: number): void {
    if (this.pending) throw new Error('down() before node()');
    const v = this.path[this.path.length - 1];
    const a0 = this.g.childOffsets[v],
      a1 = this.g.childOffsets[v + 1];
    if (!Number.isInteger(i) || i < 0 || a0 + i >= a1)
      throw new Error(`down(${i}) at node ${v} with ${a1 - a0} children`);
    this.path.push(this.g.children[a0 + i]);
    this.pending = true;
  }

  up(): void {
    if (this.pending) throw new Error('up() before node()');
    if (this.path.length <= 1) throw new Error('up() from the root');
    this.path.pop();
    this.visits.pop();
  }

  /** plies below the root where the cursor is */
  get depth(): number {
    return this.path.length - 1;
  }
}

const isLeaf = (g: Graph, v: number): boolean => g.childOffsets[v] === g.childOffsets[v + 1];

/**
 * The walk as a proof of `g` (a tree): the cursor back on the root, the node set a valid minimax proof
 * of f(root), roles consistent with the solved values, and Figure 2's shape, with each child's window
 * from its parent's. Returns the interior nodes of the walk (leaf cost 0).
 */
function checkWalk(g: Graph, s: GraphSink): number {
  expect(s.depth).toBe(0);
  const check = validateMinimaxProof(g, s.nodes);
  if (!check.valid) expect.fail(check.reason);
  const f = solve(g);
  const kids = s.nodes.map(() => [] as number[]);
  let interior = 0;
  for (let k = 0; k < s.nodes.length; k++) {
    const v = s.nodes[k],
      role = s.roles[k],
      b = s.bounds[k];
    if (!isLeaf(g, v)) interior++;
    if (role === PV) expect(b).toBe(f[v]);
    else if (role === CUT) expect(f[v]).toBeGreaterThanOrEqual(b);
    else if (role === ALL) expect(f[v]).toBeLessThanOrEqual(b);
    else expect.fail(`role ${role}`);
    if (s.parents[k] >= 0) kids[s.parents[k]].push(k);
  }
  expect(s.roles[0]).toBe(PV);
  for (let k = 0; k < s.nodes.length; k++) {
    const v = s.nodes[k],
      role = s.roles[k],
      b = s.bounds[k];
    const deg = g.childOffsets[v + 1] - g.childOffsets[v];
    const ks = kids[k];
    if (role === CUT) expect(ks.length).toBe(deg === 0 ? 0 : 1);
    else expect(ks.length).toBe(deg);
    for (const c of ks) {
      if (role === PV) {
        // The best child carries PV with the value −f(v); every other child is a cut node with bound −f(v).
        expect(s.bounds[c]).toBe(-b + 0);
      } else {
        expect(s.roles[c]).toBe(role === CUT ? ALL : CUT);
        expect(s.bounds[c]).toBe(-b + 0);
      }
    }
    if (role === PV && ks.length > 0) expect(ks.filter((c) => s.roles[c] === PV).length).toBe(1);
    if (role === PV) for (const c of ks) if (s.roles[c] !== PV) expect(s.roles[c]).toBe(CUT);
  }
  return interior;
}

/** proofTree at `depth` against the materialised truncation (horizon values as `game.evaluate()` gives them). */
function checkProofTree(bb: MptBranchAndBound, game: Game, oracleGame: Game, depth: number, leafCost: 0 | 1): void {
  const g = materializeTruncation(oracleGame, depth, META);
  const sink = new GraphSink(g);
  const w = bb.proofTree(depth, sink);
  expect(game.ply).toBe(0);
  expect(w).toBe(bb.size(depth));
  expect(w).toBe(minimumProofTree(g, { leafCost }).size);
  const interior = checkWalk(g, sink);
  expect(leafCost === 1 ? sink.nodes.length : interior).toBe(w);
}

describe('MptBranchAndBound.proofTree: one minimum proof tree, node by node', () => {
  test('prefix value trees, both horizons and variants, every depth, leaf cost 1 and 0: a valid proof of size(d) = Figure 2', () => {
    fc.assert(
      fc.property(
        arbParams(6, 1_500, true),
        fc.boolean(),
        fc.constantFrom(0 as const, 1 as const),
        (p, useMin, leafCost) => {
          const minBranching = useMin ? p.bmin : 0;
          const oracle = new PrefixValueTree(p);
          const seenGame = new PrefixValueTree(p);
          const seen = new MptSeen(seenGame, { minBranching, errorBound: prefixValueErrorBound(p), leafCost });
          const looseGame = new PrefixValueTree(p);
          const loose = new MptSeen(looseGame, { minBranching, leafCost }); // every value by tests
          // The exact branch-and-bound where the truncation's values are the exact ones.
          const exact = p.zeroDamage !== false && prefixValueErrorBound(p) === 0;
          const trueGame = new PrefixValueTree(p);
          const bb = exact ? new MptBranchAndBound(trueGame, { minBranching, leafCost }) : null;
          for (let d = 0; d <= p.height + 1; d++) {
            checkProofTree(seen, seenGame, oracle, d, leafCost);
            if (d % 2 === 0) checkProofTree(loose, looseGame, oracle, d, leafCost);
            if (bb) checkProofTree(bb, trueGame, oracle, d, leafCost);
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  test('explicit trees with terminal nodes at any depth (closed forms with terminal children, minBranching 0)', () => {
    fc.assert(
      fc.property(arbTreeAndDepth(), fc.constantFrom(0 as const, 1 as const), ([g, depth], leafCost) => {
        const game = new ExplicitGame(g);
        checkProofTree(new MptBranchAndBound(game, { leafCost }), game, new ExplicitGame(g), depth, leafCost);
      }),
      { numRuns: 200 },
    );
  });

  test('the sink sees depth-first visits: down(i) then node(), up() back; the Fig. 4 model at depth 6', () => {
    const p = fig4TreeParams(3, 1);
    const game = new PrefixValueTree(p);
    checkProofTree(new MptSeen(game, { minBranching: 4, errorBound: 4 }), game, new PrefixValueTree(p), 6, 1);
  });

  test('rejects a bad depth', () => {
    const bb = new MptBranchAndBound(new PrefixValueTree({ height: 2, bmin: 2, bmax: 2, damage: 1, seed: 1, tree: 0 }));
    const sink: ProofSink = { node() {}, down() {}, up() {} };
    expect(() => bb.proofTree(-1, sink)).toThrow(/depth = -1 is not allowed/);
    expect(() => bb.proofTree(1.5, sink)).toThrow(/depth = 1.5 is not allowed/);
  });
});

describe('walkMinimumProofTree: the materialised case', () => {
  test('on trees it visits exactly minimumProofTree’s node set, a valid proof, with Figure 2’s roles (leaf cost 1 and 0)', () => {
    fc.assert(
      fc.property(
        arbSmallTree({ maxNodes: 150, maxDepth: 7, maxBranching: 5, valueRange: 3 }),
        fc.constantFrom(0 as const, 1 as const),
        (g, leafCost) => {
          const mpt = minimumProofTree(g, { leafCost });
          const sink = new GraphSink(g);
          expect(walkMinimumProofTree(g, sink, { leafCost })).toBe(mpt.size);
          const interior = checkWalk(g, sink);
          expect(leafCost === 1 ? sink.nodes.length : interior).toBe(mpt.size);
          expect([...sink.nodes].sort((a, b) => a - b)).toEqual([...mpt.nodes].sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('on DAGs it walks the unfolded tree: size nodes with multiplicity, the distinct ones minimumProofTree’s set', () => {
    fc.assert(
      fc.property(arbLayeredDag(5, 4), (g) => {
        const mpt = minimumProofTree(g);
        const sink = new GraphSink(g);
        expect(walkMinimumProofTree(g, sink)).toBe(mpt.size);
        expect(sink.nodes.length).toBe(mpt.size);
        expect(sink.depth).toBe(0);
        expect([...new Set(sink.nodes)].sort((a, b) => a - b)).toEqual([...mpt.nodes].sort((a, b) => a - b));
        const f = solve(g);
        sink.nodes.forEach((v, k) => {
          const b = sink.bounds[k];
          if (sink.roles[k] === PV) expect(f[v]).toBe(b);
          else if (sink.roles[k] === CUT) expect(f[v]).toBeGreaterThanOrEqual(b);
          else expect(f[v]).toBeLessThanOrEqual(b);
        });
      }),
      { numRuns: 200 },
    );
  });
});

/** seenProofTree at every spec depth against `denominators(...).seen`, and each walk against the materialised truncation of the run's game. */
function checkSeenProofTrees(spec: ExperimentSpec, trees: number[], extraDepths: number[] = []): void {
  const height = specHeight(spec);
  const depths = specDepths(spec);
  for (const tree of trees) {
    const game = makeGame(spec.model, height, spec.seed, tree);
    const seen = denominators(spec, tree, game).seen;
    for (const [k, depth] of [...depths.entries(), ...extraDepths.map((d) => [-1, d] as const)]) {
      // At depth ≥ height the run's game and its exact-horizon twin are one tree (every horizon node terminal).
      const g = materializeTruncation(makeGame(spec.model, height, spec.seed, tree), depth, META);
      const sink = new GraphSink(g);
      const size = seenProofTree(spec, tree, depth, sink);
      expect(sink.nodes.length).toBe(size);
      expect(size).toBe(minimumProofTree(g).size);
      if (k >= 0) expect(size).toBe(seen[k]);
      checkWalk(g, sink);
    }
  }
}

const spec = (
  s: Omit<ExperimentSpecInput, 'format' | 'version' | 'name' | 'series'> & { series?: ExperimentSpecInput['series'] },
): ExperimentSpec =>
  parseSpec({
    format: SPEC_FORMAT,
    version: SPEC_VERSION,
    name: 'proof walk',
    series: [{ algorithm: 'alphabeta', ordering: 'natural' }],
    ...s,
  });

describe('seenProofTree: the tree of the `seen` denominator', () => {
  test('the Fig. 4 spec at depth 5 (the last depth reaches the height): denominators(...).seen at every depth', () => {
    const s = presetSpec('furtak-buro-fig4', { trees: 2, depth: 5 });
    expect(specHeight(s)).toBe(5);
    checkSeenProofTrees(s, [0, 1], [0, 6]);
  });

  test('the Fig. 4 model on trees taller than the depth: the `seen` branch and bound at every depth', () => {
    const s = presetSpec('furtak-buro-fig4', { trees: 1, depth: 4 });
    checkSeenProofTrees(parseSpec({ ...s, height: 5 }), [0]);
  });

  test('materialised models: uniform trees (one depth) and the incremental model with a noisy horizon (every depth)', () => {
    checkSeenProofTrees(
      spec({
        model: { kind: 'uniform', degree: 3, leaves: { kind: 'range', lo: 0, hi: 9 } },
        trees: 2,
        seed: 5,
        depth: 6,
        iterative: false,
      }),
      [0, 1],
    );
    checkSeenProofTrees(
      spec({
        model: {
          kind: 'incremental',
          bmin: 2,
          bmax: 4,
          damage: 3,
          noise: { kind: 'uniform', e: 2 },
          horizon: 'estimate',
        },
        trees: 1,
        seed: 9,
        depth: 4,
        height: 5,
      }),
      [0],
      [5],
    );
  });

  test('the materialised case respects limits.maxNodes', () => {
    const s = spec({
      model: { kind: 'uniform', degree: 3, leaves: { kind: 'range', lo: 0, hi: 9 } },
      trees: 1,
      seed: 5,
      depth: 6,
      iterative: false,
      limits: { maxNodes: 100 },
    });
    expect(() =>
      seenProofTree(s, 0, 6, new GraphSink(materializeTruncation(makeGame(s.model, 6, s.seed, 0), 6, META))),
    ).toThrow(SizeLimitError);
  });
});
