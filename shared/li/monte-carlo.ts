/**
 * Monte-Carlo counterparts of Li's exact quantities, measured on generated node-dependent trees
 * (./li-dependent.ts) with the workbench's own search, independently of the formulas:
 *  - R_k (Ch. 2 §4): win leaves of a tree of height 2k;
 *  - N_k (Ch. 4): leaves examined by alpha-beta called with the tight window [0, 1] (Lemma 4.3);
 *  - D(d, h) (Ch. 3 §4): a win and a loss sibling of height h−1 searched to depth d−1 with the
 *    piece-counting evaluation ψ, ties broken at random (scored ½).
 */
import { LiDependentTree, type LiDependentParams } from './li-dependent.ts';
import { sumOverLeaves } from '../game/leaf-sum.ts';
import { alphaBeta } from '../search/alpha-beta.ts';
import { checkInt, checkProbability } from '../util/range.ts';
import { MAX_DECISION_HEIGHT } from './correct-decision.ts';

/** Number of leaves Max wins, over the whole tree. */
export function winLeafCount(tree: LiDependentTree): number {
  return sumOverLeaves(tree, (leaf) => leaf.maxValue());
}

/**
 * Leaves examined by alpha-beta from the root with the tight window. The engine is negamax with values
 * ±1 (+1 = the player to move wins); the window (−1, +1) there is the thesis's F1(root, 0, 1) on Max's
 * 0/1 values (v ↦ 2v − 1 at Max nodes, its negation at Min nodes), so the same leaves are examined.
 */
export function alphaBetaLeafCount(tree: LiDependentTree): number {
  return alphaBeta(tree, tree.maxPly, {}, -1, 1).counters.leaves;
}

/**
 * Samples D(1..h, h) of Ch. 3: a node of height h with one win and one loss child. Heights count from
 * the leaves; Max nodes have odd heights (Max makes the last move). For odd h the node is the root
 * (a Max node) of a tree of depth h with p0 = 1; for even h it is the first child (a forced loss Min
 * node) of a tree of depth h + 1 with p0 = 0. Samples whose two children have the same value are
 * rejected (probability f1, resp. f2), as D is conditioned on a win/loss pair.
 */
class DecisionSampler {
  readonly h: number;
  private readonly leaves: [Uint8Array, Uint8Array];
  private readonly buf: Float64Array;
  private readonly e: [Float64Array, Float64Array];
  private fill = 0;

  constructor(
    readonly f1: number,
    readonly f2: number,
    h: number,
  ) {
    checkProbability('f1', f1);
    checkProbability('f2', f2);
    checkInt('h', h, 1, MAX_DECISION_HEIGHT);
    this.h = h;
    const m = 2 ** (h - 1);
    this.leaves = [new Uint8Array(m), new Uint8Array(m)];
    this.buf = new Float64Array(m);
    this.e = [new Float64Array(h), new Float64Array(h)];
  }

  /**
   * One tree: writes into `out[d−1]` the score of a depth-d decision (1 correct, ½ tie, 0 wrong) for
   * d = 1..h and returns true, or returns false when the node's children are both wins or both losses.
   */
  sample(seed: number, tree: number, out: Float64Array): boolean {
    const h = this.h;
    const even = h % 2 === 0;
    const p: LiDependentParams = { height: even ? h + 1 : h, p0: even ? 0 : 1, f1: this.f1, f2: this.f2, seed, tree };
    const t = new LiDependentTree(p);
    if (even) {
      t.expand();
      t.descend(0);
    }
    t.expand();
    const a = t.childMaxValue(0);
    const b = t.childMaxValue(1);
    if (a === b) return false;
    const winChild = a === 1 ? 0 : 1;
    for (let c = 0; c < 2; c++) {
      t.descend(c === 0 ? winChild : 1 - winChild);
      this.fill = 0;
      this.collect(t, this.leaves[c]);
      t.ascend();
      this.searchValues(this.leaves[c], this.e[c]);
    }
    for (let d = 1; d <= h; d++) {
      const w = this.e[0][d - 1];
      const l = this.e[1][d - 1];
      out[d - 1] = w > l ? 1 : w === l ? 0.5 : 0;
    }
    return true;
  }

  private collect(t: LiDependentTree, into: Uint8Array): void {
    const n = t.expand();
    if (n === 0) {
      into[this.fill++] = t.maxValue();
      return;
    }
    for (let i = 0; i < n; i++) {
      t.descend(i);
      this.collect(t, into);
      t.ascend();
    }
  }

  /**
   * e[d−1] = e_{d−1} of a subtree of height h−1 given its leaves in order: ψ at height h−d (sums of
   * blocks of leaves), then minimax up to height h−1 (max at odd heights, min at even ones).
   */
  private searchValues(leaves: Uint8Array, e: Float64Array): void {
    const H = this.h - 1;
    const buf = this.buf;
    for (let d = 1; d <= this.h; d++) {
      const frontier = H - (d - 1);
      const block = 2 ** frontier;
      let n = leaves.length / block;
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let i = j * block; i < (j + 1) * block; i++) s += leaves[i];
        buf[j] = s;
      }
      for (let ht = frontier + 1; ht <= H; ht++) {
        n >>= 1;
        const max = ht % 2 === 1;
        for (let j = 0; j < n; j++) {
          const x = buf[2 * j];
          const y = buf[2 * j + 1];
          buf[j] = max ? Math.max(x, y) : Math.min(x, y);
        }
      }
      e[d - 1] = buf[0];
    }
  }
}

/** Mean with its standard error and a 95 % interval [lo, hi]. */
export interface MeanEstimate {
  n: number;
  mean: number;
  /** sample standard error of the mean */
  se: number;
  /** half-width of the normal interval, 1.96·se */
  half95: number;
  lo: number;
  hi: number;
}

const Z95 = 1.96;

export class RunningMean {
  private n = 0;
  private sum = 0;
  private sumSq = 0;

  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
  }

  /** Normal interval mean ± 1.96·se. */
  estimate(): MeanEstimate {
    const n = this.n;
    const mean = n > 0 ? this.sum / n : Number.NaN;
    const variance = n > 1 ? Math.max(0, (this.sumSq - n * mean * mean) / (n - 1)) : Number.NaN;
    const se = Math.sqrt(variance / n);
    return { n, mean, se, half95: Z95 * se, lo: mean - Z95 * se, hi: mean + Z95 * se };
  }

  /**
   * For scores in [0, 1] (a decision scores 1, ½ or 0): the Wilson score interval, whose variance
   * p(1−p) bounds that of any [0, 1] score with mean p. Unlike mean ± 1.96·se it stays honest when
   * every sample scored 1 (upper error bound ≈ 3.84/n instead of 0).
   */
  estimateProportion(): MeanEstimate {
    const e = this.estimate();
    const { n, mean: p } = e;
    const z2 = Z95 * Z95;
    const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
    return { ...e, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
  }
}

/** Mean of `f` over trees 0..trees−1 of the given parameters. */
export function treeMean(
  p: Omit<LiDependentParams, 'tree'>,
  trees: number,
  f: (t: LiDependentTree) => number,
  progress?: Progress,
): MeanEstimate {
  checkInt('trees', trees, 1, 1e9);
  const m = new RunningMean();
  for (let tree = 0; tree < trees; tree++) {
    m.add(f(new LiDependentTree({ ...p, tree })));
    if (progress && (tree + 1) % PROGRESS_EVERY === 0) progress(tree + 1, trees);
  }
  return m.estimate();
}

/** Told (done, total) every PROGRESS_EVERY trees (accepted samples for decisionMeans). */
export type Progress = (done: number, total: number) => void;
const PROGRESS_EVERY = 50;

/** D(1..h, h) estimated from `accepted` win/loss samples (trees drawn until that many are accepted). */
export function decisionMeans(
  f1: number,
  f2: number,
  h: number,
  seed: number,
  accepted: number,
  maxTrees = accepted * 1000,
  progress?: Progress,
): MeanEstimate[] {
  checkInt('accepted', accepted, 1, 1e9);
  const s = new DecisionSampler(f1, f2, h);
  const out = new Float64Array(h);
  const means = Array.from({ length: h }, () => new RunningMean());
  let got = 0;
  for (let tree = 0; tree < maxTrees && got < accepted; tree++) {
    if (!s.sample(seed, tree, out)) continue;
    got++;
    for (let d = 0; d < h; d++) means[d].add(out[d]);
    if (progress && got % PROGRESS_EVERY === 0) progress(got, accepted);
  }
  return means.map((m) => m.estimateProportion());
}
