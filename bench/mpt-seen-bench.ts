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
 * Then the denominators alone as a Figure 4 run computes them on the preset's trees (height 10), on the
 * MPT kernel of prefix value trees (shared/models/prefix-value-mpt.ts) and on the generic code
 * (`kernel: false`): `seen` at depths 1..9 with the root values the searches found, `true` at 1..10 on
 * the exact-horizon twin; CPU time per tree, the two sides in turns tree by tree, over
 * MPT_SEEN_BENCH_ROUNDS rounds; generic ÷ kernel is the median of the rounds' ratios (least and greatest
 * round in brackets). The sizes of both sides are compared on the way.
 *
 *   node --import tsx bench/mpt-seen-bench.ts
 *   MPT_SEEN_BENCH_TREES=5 MPT_SEEN_BENCH_DEPTHS=8,10 node --import tsx bench/mpt-seen-bench.ts
 *   MPT_SEEN_BENCH_KERNEL_TREES=20 MPT_SEEN_BENCH_ROUNDS=5 …   (the kernel part; 0 trees skips it)
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
import { prefixValueWasmUnavailable } from '../shared/models/prefix-value-wasm.ts';
import { envInt } from './env-int.ts';

const TREES = envInt('MPT_SEEN_BENCH_TREES', 5);
const KERNEL_TREES = envInt('MPT_SEEN_BENCH_KERNEL_TREES', 20);
const ROUNDS = envInt('MPT_SEEN_BENCH_ROUNDS', 3);
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
for (const D of TREES > 0 ? DEPTHS : []) {
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
if (TREES > 0) console.log(`worst ratio ${worst.toFixed(2)}× (load ${loadavg()[0].toFixed(2)})`);

/** CPU milliseconds of f() (user and system), and its result. */
function cpu<T>(f: () => T): [T, number] {
  const t0 = process.cpuUsage();
  const x = f();
  const d = process.cpuUsage(t0);
  return [x, (d.user + d.system) / 1000];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** The `seen` sizes 1..H−1 (root values given) and the `true` sizes 1..H of a tree, on the kernel or the generic code. */
function denominators(p: PrefixValueParams, rootValues: Map<number, number>, kernel: boolean) {
  const H = p.height;
  const [seen, seenMs] = cpu(() => {
    const m = new MptSeen(new PrefixValueTree(p), {
      minBranching: p.bmin,
      errorBound: prefixValueErrorBound(p),
      rootValues,
      kernel,
    });
    if (m.kernel !== kernel) throw new Error(`the seen MPG ran ${m.kernel ? 'on' : 'without'} the kernel`);
    return Array.from({ length: H - 1 }, (_, d) => m.size(d + 1));
  });
  const [truth, trueMs] = cpu(() => {
    const m = new MptBranchAndBound(new PrefixValueTree({ ...p, horizon: 'exact' }), { minBranching: p.bmin, kernel });
    if (m.kernel !== kernel) throw new Error(`the true MPG ran ${m.kernel ? 'on' : 'without'} the kernel`);
    return Array.from({ length: H }, (_, d) => m.size(d + 1));
  });
  return { sizes: JSON.stringify([seen, truth]), seenMs, trueMs };
}

if (KERNEL_TREES > 0) {
  const H = spec.depth;
  const trees = Array.from({ length: KERNEL_TREES }, (_, t) => {
    const p = params(H, t);
    const passes = iterativeDeepening(new PrefixValueTree(p), 'alphabeta', H - 1, {
      ordering: parseOrdering('estimate'),
    });
    return { p, rootValues: new Map(passes.map((r) => [r.depth, r.value])) };
  });
  for (let t = 0; t < 2; t++) for (const k of [true, false]) denominators(trees[t].p, trees[t].rootValues, k); // warm-up
  const ratios = { seen: [] as number[], true: [] as number[] };
  const sums = { seenK: 0, seenG: 0, trueK: 0, trueG: 0 };
  const l0 = loadavg()[0].toFixed(2);
  for (let round = 0; round < ROUNDS; round++) {
    const r = { seenK: 0, seenG: 0, trueK: 0, trueG: 0 };
    trees.forEach(({ p, rootValues }, t) => {
      const order = (t + round) % 2 === 0 ? [true, false] : [false, true];
      const [a, b] = order.map((k) => denominators(p, rootValues, k));
      const [k, g] = order[0] ? [a, b] : [b, a];
      if (k.sizes !== g.sizes) throw new Error(`tree ${t}: the kernel sized ${k.sizes}, the generic code ${g.sizes}`);
      r.seenK += k.seenMs;
      r.seenG += g.seenMs;
      r.trueK += k.trueMs;
      r.trueG += g.trueMs;
    });
    ratios.seen.push(r.seenG / r.seenK);
    ratios.true.push(r.trueG / r.trueK);
    for (const key of Object.keys(sums) as (keyof typeof sums)[]) sums[key] += r[key];
  }
  const per = (ms: number) => (ms / ROUNDS / KERNEL_TREES).toFixed(2);
  const wasm = prefixValueWasmUnavailable();
  const engine = wasm === '' ? 'WebAssembly' : `TypeScript (no WebAssembly: ${wasm})`;
  const ratio = (xs: number[]) =>
    `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  console.log(
    `denominators of ${KERNEL_TREES} preset trees (height ${H}), CPU ms per tree, ${ROUNDS} rounds, the kernel in ${engine} (load ${l0} → ${loadavg()[0].toFixed(2)}):\n` +
      `  seen 1..${H - 1}: kernel ${per(sums.seenK)}, generic ${per(sums.seenG)}; generic ÷ kernel ${ratio(ratios.seen)}\n` +
      `  true 1..${H}:  kernel ${per(sums.trueK)}, generic ${per(sums.trueG)}; generic ÷ kernel ${ratio(ratios.true)}`,
  );
}
