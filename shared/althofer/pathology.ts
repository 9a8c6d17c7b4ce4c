/**
 * Pathology experiment (Nau 1982, Pearl 1983; Althöfer 1990 via Abdelbar 2012, Sec. 2): the
 * probability that a depth-d search with a noisy static evaluation chooses a correct root move, as a
 * function of d, for minimax and for Althöfer's negamax (../althofer/althofer-negamax.ts: every node
 * searched contributes its evaluation, W(x) = f(x) + max(−W(y))).
 *
 * Trees (fixed branching n, height H, heap layout: the children of node k are k·n + 1 … k·n + n):
 *  - `uniform`: independent bi-valued trees (../models/uniform.ts, leaves bi-valued), Nau's pathological
 *    P-games. Interior true values come from a full negamax back-up of the materialised tree (the
 *    model's evaluate() throws inside). Default p0 puts the leaves at the fixed point of w = 1 − w^n (the
 *    probability that the player to move wins), so every level has the same win probability.
 *  - `li`: Li's node-dependent binary trees (../li/li-dependent.ts), every node's true value known.
 *  - `prefix`: prefix value trees (../models/prefix-value.ts, fixed branching), every node's true value
 *    known (Theorem 7.1); non-pathological.
 * Noisy evaluation at a node of true negamax value v (one draw per node and tree, seeded by (seed, tree,
 * node), shared by every depth and method — common random numbers):
 *  - `flip` (bi-valued trees): v, or −v with probability e;
 *  - `uniform` (prefix value trees): v + U{−e … e}.
 * With `exactLeaves` (default) the nodes at depth H are the game's terminal positions and evaluated
 * exactly. A root move is correct if its true value (root's view) equals the root's true value. Roots
 * where every move is correct (or every one wrong, impossible) decide nothing and are skipped; ties of
 * the searched values are broken uniformly at random, counted exactly: a decision scores the fraction
 * of correct moves among the tied best. P(correct) per depth is the mean score, with a 95 % Wilson
 * interval computed on the summed score.
 */
import type { Game } from '../game/game.ts';
import { UniformTree } from '../models/uniform.ts';
import { LiDependentTree } from '../li/li-dependent.ts';
import { PrefixValueTree } from '../models/prefix-value.ts';
import { below, mix32, seedHash, unit } from '../util/hash.ts';
import { wilson } from '../rivest/match-play.ts';
import { checkInt, checkProbability } from '../util/range.ts';

export type PathologyModel =
  | { kind: 'uniform'; degree: number; height: number; p0?: number }
  | { kind: 'li'; height: number; p0: number; f1: number; f2: number }
  | { kind: 'prefix'; degree: number; height: number; damage: number };

/** The tree models of the experiment by kind, with the name the app's form gives each. */
export const PATHOLOGY_MODEL_TITLES = {
  uniform: 'uniform bi-valued (Nau, pathological)',
  li: 'Li node-dependent (binary)',
  prefix: 'prefix value',
} as const satisfies Record<PathologyModel['kind'], string>;
export type PathologyModelKind = keyof typeof PATHOLOGY_MODEL_TITLES;
export const PATHOLOGY_MODELS = Object.keys(PATHOLOGY_MODEL_TITLES) as [PathologyModelKind, ...PathologyModelKind[]];

/** A model's trees in words ("uniform trees, degree 2, height 6"), as the study's summary begins. */
export function pathologyModelWords(m: PathologyModel): string {
  switch (m.kind) {
    case 'li':
      return `li trees, height ${m.height}, p0 ${m.p0}, f1 ${m.f1}, f2 ${m.f2}`;
    case 'uniform':
      return `uniform trees, degree ${m.degree}, height ${m.height}${m.p0 === undefined ? '' : `, p0 ${m.p0}`}`;
    case 'prefix':
      return `prefix trees, degree ${m.degree}, height ${m.height}, damage ${m.damage}`;
  }
}

export type PathologyNoise = { kind: 'flip'; e: number } | { kind: 'uniform'; e: number };

export type PathologyMethod = 'minimax' | 'althofer';
export const PATHOLOGY_METHODS = ['minimax', 'althofer'] as const satisfies readonly PathologyMethod[];
/** What figures and tables call each method (files keep the ids above). */
export const PATHOLOGY_METHOD_NAMES: Readonly<Record<PathologyMethod, string>> = {
  minimax: 'minimax',
  althofer: 'Althöfer',
};

export interface PathologySpec {
  model: PathologyModel;
  noise: PathologyNoise;
  trees: number;
  seed: number;
  /** terminal nodes (depth H) evaluated exactly; default true */
  exactLeaves?: boolean;
  methods?: PathologyMethod[];
}

interface PathologySeries {
  method: PathologyMethod;
  /** per depth 1..H */
  p: number[];
  lo: number[];
  hi: number[];
}

export interface PathologyResult {
  spec: PathologySpec;
  depths: number[];
  /** trees whose root decides something (the sample size of every point) */
  decisive: number;
  /** trees generated */
  trees: number;
  series: PathologySeries[];
}

/** A materialised tree: true negamax values in heap layout. */
export interface TrueTree {
  degree: number;
  height: number;
  value: Float64Array;
  /** first node of each level 0..H+1 */
  levelStart: Int32Array;
}

const MAX_NODES = 1 << 22;

/** The fixed point ξ of w = 1 − w^n in (0, 1): the win probability of the player to move at every level. */
export function fixedPointWin(n: number): number {
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 100; i++) {
    const m = (lo + hi) / 2;
    if (m - (1 - m ** n) < 0) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}

function levels(n: number, h: number): Int32Array {
  const s = new Int32Array(h + 2);
  let w = 1;
  for (let k = 0; k <= h; k++) {
    s[k + 1] = s[k] + w;
    w *= n;
  }
  return s;
}

/**
 * The ranges of the experiment's integer parameters, [lo, hi]: checked here, stated by the study's
 * schema (./pathology-study.ts) to the app and `gtlab pathology`. `noise` bounds uniform noise.
 */
export const PATHOLOGY_RANGES = {
  height: [1, 24],
  degree: [2, 16],
  damage: [0, 1_000_000],
  noise: [0, 1_000_000],
  trees: [1, 10_000_000],
} as const;

export function checkPathologySpec(s: PathologySpec): void {
  const m = s.model;
  const R = PATHOLOGY_RANGES;
  checkInt('model.height', m.height, ...R.height);
  const n = m.kind === 'li' ? 2 : m.degree;
  if (m.kind !== 'li') checkInt('model.degree', m.degree, ...R.degree);
  if (m.kind === 'uniform' && m.p0 !== undefined) checkProbability('model.p0', m.p0);
  if (m.kind === 'li') {
    checkProbability('model.p0', m.p0);
    checkProbability('model.f1', m.f1);
    checkProbability('model.f2', m.f2);
  }
  if (m.kind === 'prefix') checkInt('model.damage', m.damage, ...R.damage);
  // Counted in doubles: the level offsets are 32-bit and wrap for trees far past the limit.
  let size = 0;
  for (let k = 0, w = 1; k <= m.height; k++, w *= n) size += w;
  if (size > MAX_NODES)
    throw new RangeError(
      `model.height = ${m.height} is not allowed with degree ${n}: the tree would have ${size} nodes (at most ${MAX_NODES})`,
    );
  if (s.noise.kind === 'flip') {
    checkProbability('noise.e', s.noise.e);
    if (m.kind === 'prefix')
      throw new RangeError(
        "noise.kind = flip is not allowed on prefix value trees: use 'uniform' (additive integer noise)",
      );
  } else if (s.noise.kind === 'uniform') {
    checkInt('noise.e', s.noise.e, ...R.noise);
    if (m.kind !== 'prefix')
      throw new RangeError(`noise.kind = uniform is not allowed on bi-valued ${m.kind} trees: use 'flip'`);
  } else
    throw new RangeError(`noise.kind = ${(s.noise as { kind: unknown }).kind} is not allowed: use 'flip' or 'uniform'`);
  checkInt('trees', s.trees, ...R.trees);
  if (!Number.isSafeInteger(s.seed)) throw new RangeError(`seed = ${s.seed} is not allowed: it must be a safe integer`);
  for (const x of s.methods ?? [])
    if (!PATHOLOGY_METHODS.includes(x))
      throw new RangeError(`methods: ${x} is not allowed: use ${PATHOLOGY_METHODS.join(', ')}`);
}

/** The game of tree `tree` of the model. */
export function modelGame(m: PathologyModel, seed: number, tree: number): Game {
  switch (m.kind) {
    case 'uniform': {
      const xi = fixedPointWin(m.degree);
      // leaves: Max moves at even plies, so "Max wins" is "mover wins" at even height
      const p0 = m.p0 ?? ((m.height & 1) === 0 ? xi : 1 - xi);
      return new UniformTree({ degree: m.degree, height: m.height, leaves: { kind: 'bivalued', p0 }, seed, tree });
    }
    case 'li':
      return new LiDependentTree({ height: m.height, p0: m.p0, f1: m.f1, f2: m.f2, seed, tree });
    case 'prefix':
      return new PrefixValueTree({ height: m.height, bmin: m.degree, bmax: m.degree, damage: m.damage, seed, tree });
  }
}

/**
 * Materialise the true values of a fixed-branching game of height H into heap layout: leaves from
 * evaluate(), interior nodes from exactValue() where the model knows it, else a negamax back-up.
 */
export function materializeTrue(game: Game, degree: number, height: number, out?: TrueTree): TrueTree {
  const levelStart = levels(degree, height);
  const size = levelStart[height + 1];
  const t: TrueTree =
    out && out.value.length === size ? out : { degree, height, value: new Float64Array(size), levelStart };
  const value = t.value;
  game.reset();
  const rec = (k: number, d: number): number => {
    let v: number;
    if (d === height) {
      v = game.evaluate(); // a leaf of the height-H game: its exact value
    } else {
      const n = game.expand();
      if (n !== degree) throw new RangeError(`the tree is not ${degree}-ary: a node at depth ${d} has ${n} children`);
      let m = -Infinity;
      for (let i = 0; i < n; i++) {
        game.descend(i);
        const c = rec(k * degree + 1 + i, d + 1);
        game.ascend();
        if (-c > m) m = -c;
      }
      const x = game.exactValue();
      v = x === x ? x : m;
      if (x === x && x !== m)
        throw new Error(`internal: the model's exact value ${x} differs from the back-up ${m} at depth ${d}`);
    }
    value[k] = v;
    return v;
  };
  rec(0, 0);
  return t;
}

/** Noisy evaluations of every node (see the header) into `est`. */
export function noisyEstimates(
  t: TrueTree,
  noise: PathologyNoise,
  key: number,
  exactLeaves: boolean,
  est: Float64Array,
): void {
  const leaf0 = t.levelStart[t.height];
  const size = t.value.length;
  for (let k = 0; k < size; k++) {
    const v = t.value[k];
    if (exactLeaves && k >= leaf0) {
      est[k] = v;
      continue;
    }
    const h = mix32(key ^ Math.imul(k + 1, 0x9e3779b1));
    if (noise.kind === 'flip') est[k] = unit(h) < noise.e ? -v : v;
    else est[k] = v + below(h, 2 * noise.e + 1) - noise.e;
  }
}

/** Whether the root has both a correct and a wrong move. */
export function isDecisive(t: TrueTree): boolean {
  let good = 0;
  for (let i = 1; i <= t.degree; i++) if (-t.value[i] === t.value[0]) good++;
  return good > 0 && good < t.degree;
}

/**
 * The decision score of a depth-d search with estimates `est`: the fraction of correct moves among the
 * root children with the best searched value. `scratch` holds the backed-up values (length ≥ tree size).
 */
export function decisionScore(
  t: TrueTree,
  est: Float64Array,
  d: number,
  method: PathologyMethod,
  scratch: Float64Array,
): number {
  const n = t.degree,
    ls = t.levelStart;
  for (let k = ls[d]; k < ls[d + 1]; k++) scratch[k] = est[k];
  const alt = method === 'althofer';
  for (let lev = d - 1; lev >= 1; lev--) {
    for (let k = ls[lev]; k < ls[lev + 1]; k++) {
      const c0 = k * n + 1;
      let m = -Infinity;
      for (let i = 0; i < n; i++) {
        const v = -scratch[c0 + i];
        if (v > m) m = v;
      }
      scratch[k] = alt ? est[k] + m : m;
    }
  }
  let best = -Infinity,
    tied = 0,
    good = 0;
  for (let i = 1; i <= n; i++) {
    const v = -scratch[i];
    const ok = -t.value[i] === t.value[0] ? 1 : 0;
    if (v > best) {
      best = v;
      tied = 1;
      good = ok;
    } else if (v === best) {
      tied++;
      good += ok;
    }
  }
  return good / tied;
}

/** Run the experiment; `onTree(done, total)` reports progress; `shouldStop` cancels between trees. */
export function runPathology(
  spec: PathologySpec,
  onTree?: (done: number, total: number) => void,
  shouldStop?: () => boolean,
): PathologyResult {
  checkPathologySpec(spec);
  const m = spec.model;
  const n = m.kind === 'li' ? 2 : m.degree;
  const H = m.height;
  const methods = spec.methods ?? [...PATHOLOGY_METHODS];
  const exactLeaves = spec.exactLeaves ?? true;
  const sums = methods.map(() => new Float64Array(H + 1));
  let t: TrueTree | undefined;
  let est = new Float64Array(0),
    scratch = new Float64Array(0);
  let decisive = 0,
    done = 0;
  for (let i = 0; i < spec.trees; i++) {
    if (shouldStop?.()) break;
    t = materializeTrue(modelGame(m, spec.seed, i), n, H, t);
    done++;
    if (est.length !== t.value.length) {
      est = new Float64Array(t.value.length);
      scratch = new Float64Array(t.value.length);
    }
    if (isDecisive(t)) {
      decisive++;
      noisyEstimates(t, spec.noise, mix32(seedHash(spec.seed, i) ^ 0x6b43a9b5), exactLeaves, est);
      for (let j = 0; j < methods.length; j++) {
        for (let d = 1; d <= H; d++) sums[j][d] += decisionScore(t, est, d, methods[j], scratch);
      }
    }
    onTree?.(done, spec.trees);
  }
  const depths = Array.from({ length: H }, (_, k) => k + 1);
  return {
    spec,
    depths,
    decisive,
    trees: done,
    series: methods.map((method, j) => {
      const iv = depths.map((d) => wilson(sums[j][d], decisive));
      return { method, p: iv.map((x) => x.p), lo: iv.map((x) => x.lo), hi: iv.map((x) => x.hi) };
    }),
  };
}
