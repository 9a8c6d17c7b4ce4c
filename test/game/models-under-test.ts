/**
 * Every Game the conformance suite (./conformance.ts) runs over, in one array: the implicit tree models
 * with their parameter variants, explicit graphs (random, and the set-cover reduction) and
 * Connect-Four and Othello endgames. Every model of the registry (shared/models/registry.ts) joins with its example
 * parameters, so a new registered model is checked without an edit here; the hand-written entries add
 * parameter variants (noise kinds, leaf laws) and the Games the registry does not hold. Each entry says
 * what the suite may expect of the model (exact interior values, which other seeds must give other trees).
 */
import fc from 'fast-check';
import type { Game } from '../../shared/game/game.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { Connect4Game } from '../../shared/connect4/connect4-game.ts';
import { LiDependentTree, type LiDependentParams } from '../../shared/li/li-dependent.ts';
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { setCoverGraph, type SetCoverVariant } from '../../shared/set-cover/set-cover.ts';
import { randomSetCoverInstance } from '../../shared/set-cover/set-cover-instance.ts';
import { UniformTree, type UniformLeafLaw } from '../../shared/models/uniform.ts';
import { expectedTreeSize, makeGame, MODEL_REGISTRY, type ModelSpec } from '../../shared/models/registry.ts';
import { randomPosition } from '../connect4/reference.ts';
import { OthelloGame } from '../../shared/othello/othello-game.ts';
import { randomPlayout } from '../othello/reference.ts';
import { mulberry32 } from '../helpers/mulberry32.ts';
import { arbGraph, META } from '../helpers/random-graph.ts';
import { materialize } from '../../shared/game/materialize.ts';

export interface GameUnderTest {
  /** shown in the test names */
  name: string;
  /** A fresh cursor for (seed, tree index); the same arguments must give the same game. */
  make(seed: number, tree: number): Game;
  /** the (seed, tree) pairs the suite runs on */
  instances: readonly (readonly [seed: number, tree: number])[];
  /** how deep the suite walks; default the game's maxPly (the whole tree) */
  depth?: number;
  /** what exactValue() knows at interior nodes: every value, none (NaN), or some */
  interior: 'exact' | 'unknown' | 'partial';
  /** false where the leaves at `depth` carry heuristic values (a horizon inside a real game) */
  leavesExact?: boolean;
  /** 'estimate': evaluate() at non-terminal nodes is the heuristic value (game/game.ts Horizon) */
  horizon?: 'estimate';
  /**
   * Seeded models: other seeds (with the first instance's tree) and other tree indices (with its seed)
   * that must give a different tree (leaf values) than the first instance, each of them or some of them.
   */
  differs?: { seeds: number[]; trees: number[]; rule: 'each' | 'some' };
}

function prefixValue(
  name: string,
  p: Omit<PrefixValueParams, 'seed' | 'tree'>,
  rest: Omit<GameUnderTest, 'name' | 'make' | 'interior'>,
): GameUnderTest {
  return {
    name: `prefix-value ${name}`,
    make: (seed, tree) => new PrefixValueTree({ ...p, seed, tree }),
    interior: p.zeroDamage === false ? 'unknown' : 'exact',
    ...rest,
  };
}

function uniform(leaves: UniformLeafLaw): GameUnderTest {
  return {
    name: `uniform ${JSON.stringify(leaves)}`,
    make: (seed, tree) => new UniformTree({ degree: 3, height: 5, leaves, seed, tree }),
    instances: [
      [77, 3],
      [5, 0],
    ],
    interior: 'unknown',
    differs: { seeds: [78], trees: [4], rule: 'each' },
  };
}

function liDependent(p: Omit<LiDependentParams, 'tree'>): GameUnderTest {
  const { seed, ...q } = p;
  return {
    name: `li-dependent ${JSON.stringify(q)}`,
    make: (s, tree) => new LiDependentTree({ ...q, seed: s, tree }),
    instances: [
      [seed, 0],
      [seed + 10, 2],
    ],
    interior: 'exact',
    // A single other seed may share the root value and all-forced subtrees.
    differs: { seeds: [seed + 1, seed + 2, seed + 3], trees: [1, 2, 3], rule: 'some' },
  };
}

function setCover(variant: SetCoverVariant): GameUnderTest {
  return {
    name: `set-cover ${variant}`,
    make: (seed, tree) =>
      new ExplicitGame(setCoverGraph(randomSetCoverInstance({ universe: 4 + (tree % 3), sets: 4, seed }), variant)),
    instances: [
      [1, 0],
      [2, 1],
      [3, 2],
    ],
    interior: 'exact',
  };
}

/** A registered model with its example parameters, as tall as stays under ~2000 nodes. */
function registered(d: (typeof MODEL_REGISTRY)[number]): GameUnderTest {
  const model = d.schema.parse(d.example) as ModelSpec;
  let height = 1;
  while (height < 8 && expectedTreeSize(model, height + 1) <= 2000) height++;
  return {
    name: `registry ${d.kind} (example, height ${height})`,
    make: (seed, tree) => makeGame(model, height, seed, tree),
    instances: [
      [11, 0],
      [12, 3],
    ],
    interior: d.capabilities.exactInteriorValues ? 'exact' : 'unknown',
  };
}

export const GAMES_UNDER_TEST: readonly GameUnderTest[] = [
  ...MODEL_REGISTRY.map(registered),
  // The determinism cases of the former per-model tests: (seed 17, tree 2), seed 18 and tree 3 differ.
  ...[true, false].map((zeroDamage) =>
    prefixValue(
      zeroDamage ? '(prefix)' : '(incremental)',
      { height: 5, bmin: 1, bmax: 4, damage: 5, zeroDamage },
      {
        instances: [
          [17, 2],
          [3, 0],
        ],
        differs: { seeds: [18], trees: [3], rule: 'each' },
      },
    ),
  ),
  prefixValue(
    '(prefix, uniform noise)',
    { height: 4, bmin: 2, bmax: 4, damage: 6, noise: { kind: 'uniform', e: 3 } },
    {
      instances: [
        [1, 0],
        [2, 5],
      ],
    },
  ),
  prefixValue(
    '(prefix, uniform noise, horizon estimate)',
    { height: 4, bmin: 2, bmax: 4, damage: 6, noise: { kind: 'uniform', e: 3 }, horizon: 'estimate' },
    {
      instances: [
        [1, 0],
        [2, 5],
      ],
      horizon: 'estimate',
    },
  ),
  prefixValue(
    '(incremental, gaussian noise, horizon estimate)',
    {
      height: 4,
      bmin: 1,
      bmax: 3,
      damage: 4,
      zeroDamage: false,
      noise: { kind: 'gaussian', c: 1.5 },
      horizon: 'estimate',
    },
    {
      instances: [[4, 1]],
      horizon: 'estimate',
    },
  ),
  prefixValue(
    '(prefix, gaussian noise)',
    { height: 4, bmin: 1, bmax: 3, damage: 4, noise: { kind: 'gaussian', c: 1.5 }, rootValue: 2 },
    { instances: [[4, 1]] },
  ),
  prefixValue(
    '(incremental, softmax noise)',
    { height: 4, bmin: 2, bmax: 3, damage: 3, zeroDamage: false, noise: { kind: 'softmax', c: 0.5 } },
    { instances: [[6, 0]] },
  ),
  uniform({ kind: 'bivalued', p0: 0.4 }),
  uniform({ kind: 'range', lo: -10, hi: 10 }),
  uniform({ kind: 'distinct' }),
  liDependent({ height: 6, p0: 0.5, f1: 0.4, f2: 0.3, seed: 3 }),
  liDependent({ height: 7, p0: 0.7, f1: 0.2, f2: 0.6, z1: 0.7, z2: 0.1, seed: 4 }),
  setCover('target'),
  setCover('minimax'),
  {
    name: 'explicit game over random graphs',
    make: (seed, tree) => new ExplicitGame(fc.sample(arbGraph(30), { numRuns: tree + 1, seed })[tree]),
    instances: [
      [1, 0],
      [2, 3],
      [42, 7],
      [7, 1],
    ],
    interior: 'exact',
  },
  {
    name: 'explicit game over a materialised noisy prefix value tree, horizon estimate',
    make: (seed, tree) =>
      new ExplicitGame(
        materialize(
          new PrefixValueTree({ height: 4, bmin: 1, bmax: 3, damage: 5, noise: { kind: 'uniform', e: 2 }, seed, tree }),
          4,
          META,
        ),
        { horizon: 'estimate' },
      ),
    instances: [
      [1, 0],
      [9, 2],
    ],
    interior: 'exact',
    horizon: 'estimate',
  },
  {
    name: 'connect-four endgame (full depth)',
    make: (seed, tree) => new Connect4Game(randomPosition(seed + tree, 30)),
    instances: [
      [1, 0],
      [2, 0],
      [3, 0],
    ],
    interior: 'partial',
  },
  {
    name: 'connect-four opening (depth 3)',
    make: (seed, tree) => new Connect4Game(randomPosition(seed + tree, seed % 5)),
    instances: [
      [0, 0],
      [3, 0],
    ],
    depth: 3,
    interior: 'partial',
    leavesExact: false,
  },
  {
    name: 'othello endgame (full depth, 53 random plies from the start)',
    make: (seed, tree) => {
      const r = mulberry32(seed * 1000 + tree);
      return new OthelloGame(randomPlayout(53, (n) => Math.floor(r() * n)));
    },
    instances: [
      [1, 0],
      [2, 0],
      [3, 0],
    ],
    interior: 'partial',
  },
];
