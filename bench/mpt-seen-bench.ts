/**
 * The `seen` denominator (shared/proof/mpt-seen.ts: the minimum proof tree, Furtak & Buro 2009 Sec. 5.2
 * Figure 2, of the depth-d truncation with the noisy horizon f̂ = f + e of Sec. 7–8) against the six
 * searches of the Figure 4 preset on the same tree: iterative deepening 1..D of alpha-beta, NegaScout
 * and MTD(f), each by value and by value + FCF (the preset's orderings, never-searched children random),
 * on trees of height D with horizon 'estimate'. A run measures the denominator at every depth 1..D, so
 * the ratio is `seen` for depths 1..D over the six searches (target ≤ 5×); `seen` at depth D alone and
 * the `true` branch-and-bound for 1..D are printed beside it. Note: at d = height every horizon node
 * is terminal (exact), so `seen` = `true` there; the noise acts at d < height.
 *
 *   node --import tsx bench/mpt-seen-bench.ts
 *   MPT_SEEN_BENCH_TREES=5 MPT_SEEN_BENCH_DEPTHS=8,10 node --import tsx bench/mpt-seen-bench.ts
 */
import { loadavg } from 'node:os';
import { presetSpec } from '../shared/experiments/presets.ts';
import { variantModel } from '../shared/furtak-buro/variants.ts';
import { PrefixValueTree, type PrefixValueParams } from '../shared/models/prefix-value.ts';
import { MptBranchAndBound } from '../shared/proof/mpt-branch-and-bound.ts';
import { MptSeen } from '../shared/proof/mpt-seen.ts';
import { prefixValueErrorBound } from '../shared/models/descriptors/prefix-value.ts';
import { iterativeDeepening } from '../shared/search/iterative-deepening.ts';
import { parseOrdering } from '../shared/search/ordering/parse-ordering.ts';
import { envInt } from './env-int.ts';

const TREES = envInt('MPT_SEEN_BENCH_TREES', 5);
const DEPTHS = (process.env.MPT_SEEN_BENCH_DEPTHS ?? '8,10').split(',').map((s) => {
  const d = Number(s);
  if (!Number.isInteger(d) || d < 1 || d > 12)
    throw new RangeError(`MPT_SEEN_BENCH_DEPTHS = ${s} is not allowed: integers in [1..12]`);
  return d;
});

const spec = presetSpec('furtak-buro-fig4');
function fig4Model() {
  const m = variantModel('fig4');
  if (m.kind !== 'prefix-value') throw new Error('the Fig. 4 model is a prefix value tree');
  return m;
}
const model = fig4Model();

function params(height: number, tree: number, seed = spec.seed): PrefixValueParams {
  return {
    height,
    bmin: model.bmin,
    bmax: model.bmax,
    damage: model.damage,
    noise: model.noise,
    horizon: 'estimate',
    seed,
    tree,
  };
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const x = f();
  return [x, performance.now() - t0];
}

function searches(p: PrefixValueParams): number {
  const game = new PrefixValueTree(p);
  let ms = 0;
  for (const s of spec.series) {
    const ordering = parseOrdering(s.ordering);
    ms += time(() => iterativeDeepening(game, s.algorithm, p.height, { ordering, unexpanded: spec.unexpanded }))[1];
  }
  return ms;
}

const seenOf = (p: PrefixValueParams) =>
  new MptSeen(new PrefixValueTree(p), { minBranching: p.bmin, errorBound: prefixValueErrorBound(p) });

console.log(
  `furtak-buro-fig4 trees (b U[${model.bmin}..${model.bmax}], D = ${model.damage}, E = ${model.noise?.kind === 'uniform' ? model.noise.e : '?'}, horizon estimate), seed ${spec.seed}; load ${loadavg()[0].toFixed(2)}`,
);
// Warm the JIT on other trees.
for (let t = 0; t < 3; t++) {
  seenOf(params(8, t, 1)).sizesByDepth(8);
  searches(params(6, t, 1));
}

let worst = 0;
for (const D of DEPTHS) {
  let sumSearch = 0,
    sumSeen = 0,
    sumSeenD = 0,
    sumTrue = 0;
  for (let t = 0; t < TREES; t++) {
    const p = params(D, t);
    const msSearch = searches(p);
    const [sizes, msSeen] = time(() => seenOf(p).sizesByDepth(D));
    const [sizeD, msSeenD] = time(() => seenOf(p).size(D - 1));
    const [trueSizes, msTrue] = time(() =>
      new MptBranchAndBound(new PrefixValueTree(p), { minBranching: p.bmin }).sizesByDepth(D),
    );
    sumSearch += msSearch;
    sumSeen += msSeen;
    sumSeenD += msSeenD;
    sumTrue += msTrue;
    console.log(
      `  height ${D} tree ${t}: six searches ${msSearch.toFixed(0)} ms; seen 1..${D} ${msSeen.toFixed(0)} ms ` +
        `(seen(${D - 1}) = ${sizes[D - 1]} vs true ${trueSizes[D - 1]}; alone ${msSeenD.toFixed(0)} ms, = ${sizeD}); true 1..${D} ${msTrue.toFixed(0)} ms`,
    );
  }
  const ratio = sumSeen / sumSearch;
  worst = Math.max(worst, ratio);
  console.log(
    `height ${D}, ${TREES} trees, ms per tree: six searches ${(sumSearch / TREES).toFixed(0)}, seen 1..${D} ${(sumSeen / TREES).toFixed(0)}, ` +
      `seen(${D - 1}) alone ${(sumSeenD / TREES).toFixed(0)}, true 1..${D} ${(sumTrue / TREES).toFixed(0)}; ` +
      `seen ÷ searches = ${ratio.toFixed(2)}× (target ≤ 5×: ${ratio <= 5 ? 'met' : 'MISSED'})`,
  );
}
console.log(`worst ratio ${worst.toFixed(2)}× (load ${loadavg()[0].toFixed(2)})`);
