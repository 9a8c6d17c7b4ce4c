/**
 * The specialised prefix-value kernel (shared/models/prefix-value-search.ts) against the generic engine
 * on the same trees: value, best root move, every counter, and the visit limit's stopping point must be
 * identical. The generic side runs on the tree behind a ForwardingGame, which hides every fast path, so
 * it descends into each child one by one.
 */
import { describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import { INF } from '../../shared/game/game.ts';
import { PREFIX_VALUE_LIMITS, PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { kernelFor, kernelSearch } from '../../shared/search/kernels.ts';
import { negaScout } from '../../shared/search/negascout.ts';
import { newCounters, type Counters } from '../../shared/search/counters.ts';
import { SearchContext, SearchLimitError, type SearchOptions } from '../../shared/search/search-context.ts';
import { naturalOrdering } from '../../shared/search/ordering/natural.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { fcfRatio } from '../../shared/search/ordering/fastest-cut-first.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { AnnotationTree, ownRows } from '../../shared/search/annotation-tree.ts';
import { below } from '../../shared/util/hash.ts';
import {
  iterativeDeepening,
  type IterativeDeepeningOptions,
  type PassResult,
} from '../../shared/search/iterative-deepening.ts';
import type { AlgorithmName } from '../../shared/search/algorithms.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { prefixValueKernel, randomRank, searchPrefixValue } from '../../shared/models/prefix-value-search.ts';
import {
  annotatedSearchWasm,
  prefixValueWasmUnavailable,
  searchPrefixValueWasm,
} from '../../shared/models/prefix-value-wasm.ts';
import { UNEXPANDED } from '../../shared/search/search-context.ts';
import { unit } from '../../shared/util/hash.ts';
import type { Game } from '../../shared/game/game.ts';
import { fig4TreeParams } from '../helpers/fig4-tree.ts';
import { uniformNoiseTree } from '../helpers/uniform-noise-tree.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { searchSeries } from '../../shared/experiments/search-series.ts';
import { specHeight } from '../../shared/experiments/spec.ts';
import { makeGame } from '../../shared/models/registry.ts';

type Outcome = { value: number; bestMove: number; counters: Counters } | { stoppedAt: number; counters: Counters };

function outcome(run: (counters: Counters) => { value: number; bestMove: number }, start: Counters): Outcome {
  const counters = { ...start };
  try {
    const r = run(counters);
    return { value: r.value, bestMove: r.bestMove, counters };
  } catch (e) {
    if (e instanceof SearchLimitError) return { stoppedAt: e.limit, counters };
    throw e;
  }
}

/**
 * The kernel's WebAssembly annotated search, switched off where a test says so: the TypeScript kernel then
 * runs every annotated search, as on a host without WebAssembly.
 */
const annotatedWasm = vi.hoisted(() => ({ off: false }));
vi.mock('../../shared/models/prefix-value-wasm.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../shared/models/prefix-value-wasm.ts')>();
  const annotatedSearchWasm: typeof m.annotatedSearchWasm = (shape, ctx) => {
    const search = m.annotatedSearchWasm(shape, ctx);
    return search === null ? null : (depth, alpha, beta) => (annotatedWasm.off ? null : search(depth, alpha, beta));
  };
  return { ...m, annotatedSearchWasm };
});

const arbCase = fc.record({
  bmin: fc.integer({ min: 1, max: 5 }),
  extra: fc.integer({ min: 0, max: 4 }),
  damage: fc.integer({ min: 0, max: 5 }),
  noise: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 4 })),
  zeroDamage: fc.boolean(),
  horizon: fc.constantFrom('exact' as const, 'estimate' as const),
  rootValue: fc.integer({ min: -5, max: 5 }),
  treeDepth: fc.integer({ min: 0, max: 5 }),
  extraDepth: fc.integer({ min: -5, max: 2 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  tree: fc.integer({ min: 0, max: 50 }),
  algorithm: fc.constantFrom('alphabeta' as const, 'negascout' as const),
  estimate: fc.boolean(),
  window: fc.oneof(
    fc.constant([-INF, INF] as [number, number]),
    fc
      .tuple(fc.integer({ min: -12, max: 12 }), fc.integer({ min: 1, max: 8 }))
      .map(([a, w]) => [a, a + w] as [number, number]),
  ),
  maxVisited: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 300 })),
  start: fc.oneof(
    fc.constant(newCounters()),
    fc.record({ visited: fc.nat(50), expanded: fc.nat(20), leaves: fc.nat(30) }),
  ),
});

type Case = typeof arbCase extends fc.Arbitrary<infer T> ? T : never;

function params(c: Case): PrefixValueParams {
  return {
    height: c.treeDepth,
    bmin: c.bmin,
    bmax: c.bmin + c.extra,
    damage: c.damage,
    noise: c.noise === undefined ? undefined : { kind: 'uniform', e: c.noise },
    zeroDamage: c.zeroDamage,
    horizon: c.horizon,
    rootValue: c.rootValue,
    seed: c.seed,
    tree: c.tree,
  };
}

describe('specialised prefix-value search', () => {
  test('equals the generic engine: value, best move, counters, visit-limit stop', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const g = new PrefixValueTree(params(c));
        const depth = Math.max(0, c.treeDepth + c.extraDepth);
        const ordering = c.estimate ? estimateOrdering : naturalOrdering;
        const [alpha, beta] = c.window;
        const kernel = outcome((counters) => {
          const r =
            kernelFor(g, ordering)?.search(g, c.algorithm, depth, alpha, beta, ordering, counters, c.maxVisited) ??
            null;
          if (r === null) throw new Error('the kernel declined a case it covers');
          return r;
        }, c.start);
        const search = c.algorithm === 'alphabeta' ? alphaBeta : negaScout;
        const generic = outcome(
          (counters) =>
            search(new ForwardingGame(g), depth, { ordering, counters, maxVisited: c.maxVisited }, alpha, beta),
          c.start,
        );
        expect(kernel).toEqual(generic);
        // Both plain kernels, each on its own: WebAssembly (the kernel's choice here) and TypeScript.
        const plain = (counters: Counters) => ({
          shape: g.shape(),
          algorithm: c.algorithm,
          depth,
          alpha,
          beta,
          byEstimate: c.estimate,
          counters,
          maxVisited: c.maxVisited,
        });
        const wasm = outcome((counters) => {
          const r = searchPrefixValueWasm(plain(counters));
          if (r === null) throw new Error(`the WebAssembly kernel declined: ${prefixValueWasmUnavailable()}`);
          return r;
        }, c.start);
        expect(wasm).toEqual(generic);
        const ts = outcome((counters) => searchPrefixValue(plain(counters)), c.start);
        expect(ts).toEqual(generic);
        // And the public entry point takes the kernel's path with the same answer.
        const viaEntry = outcome(
          (counters) => search(g, depth, { ordering, counters, maxVisited: c.maxVisited }, alpha, beta),
          c.start,
        );
        expect(viaEntry).toEqual(generic);
      }),
      { numRuns: 1500 },
    );
  });

  test('equals the generic engine at the limits of the model: values and estimates near ±2^26', () => {
    // Depth-first descent to ply 64 with the largest damage, noise and root value the model accepts: the
    // kernel's ordering keys then come near its stated bound; the visit limit keeps each case short.
    const limits = fc.record({
      bmax: fc.integer({ min: 1, max: 3 }),
      damage: fc.constantFrom(PREFIX_VALUE_LIMITS.maxDamage, PREFIX_VALUE_LIMITS.maxDamage - 1),
      e: fc.constantFrom(0, PREFIX_VALUE_LIMITS.maxDamage),
      rootValue: fc.constantFrom(-PREFIX_VALUE_LIMITS.maxDamage, PREFIX_VALUE_LIMITS.maxDamage),
      horizon: fc.constantFrom('exact' as const, 'estimate' as const),
      algorithm: fc.constantFrom('alphabeta' as const, 'negascout' as const),
      estimate: fc.boolean(),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
      maxVisited: fc.integer({ min: 100, max: 2000 }),
    });
    const height = PREFIX_VALUE_LIMITS.maxHeight;
    fc.assert(
      fc.property(limits, (c) => {
        const g = new PrefixValueTree({
          height,
          bmin: 1,
          bmax: c.bmax,
          damage: c.damage,
          noise: { kind: 'uniform', e: c.e },
          horizon: c.horizon,
          rootValue: c.rootValue,
          seed: c.seed,
        });
        const ordering = c.estimate ? estimateOrdering : naturalOrdering;
        const search = c.algorithm === 'alphabeta' ? alphaBeta : negaScout;
        const run = (game: PrefixValueTree | ForwardingGame) =>
          outcome(
            (counters) => search(game, height, { ordering, counters, maxVisited: c.maxVisited }, -INF, INF),
            newCounters(),
          );
        const generic = run(new ForwardingGame(g));
        expect(run(g)).toEqual(generic);
        const ts = outcome(
          (counters) =>
            searchPrefixValue({
              shape: g.shape(),
              algorithm: c.algorithm,
              depth: height,
              alpha: -INF,
              beta: INF,
              byEstimate: c.estimate,
              counters,
              maxVisited: c.maxVisited,
            }),
          newCounters(),
        );
        expect(ts).toEqual(generic);
      }),
      { numRuns: 200 },
    );
  });

  test('the benchmark configuration, full size: identical to the generic engine on 20 trees', () => {
    for (let t = 0; t < 20; t++) {
      const g = uniformNoiseTree({ height: 8, bmin: 4, bmax: 12, damage: 6, e: 4, seed: 1, tree: t });
      for (const search of [alphaBeta, negaScout]) {
        const fast = search(g, 8, { ordering: estimateOrdering });
        const slow = search(new ForwardingGame(g), 8, { ordering: estimateOrdering });
        expect(fast).toEqual(slow);
        expect(fast.value).toBe(0); // Theorem 7.1: f(root) = p(root) = 0
      }
    }
  });

  test('the Fig. 4 configuration with horizon estimate: identical to the generic engine at depth 6 on 10 trees', () => {
    for (let t = 0; t < 10; t++) {
      const g = new PrefixValueTree(fig4TreeParams(1, t));
      for (const search of [alphaBeta, negaScout]) {
        const fast = search(g, 6, { ordering: estimateOrdering });
        expect(fast).toEqual(search(new ForwardingGame(g), 6, { ordering: estimateOrdering }));
        expect(Math.abs(fast.value)).toBeLessThanOrEqual(4); // |f̂ − f| ≤ E and f(root) = 0
      }
    }
  });

  test('used only where it applies: no observer, natural or estimate ordering and no table unless annotated, uniform or no noise, either horizon', () => {
    const tree = (noise?: PrefixValueParams['noise'], horizon?: PrefixValueParams['horizon']) =>
      new PrefixValueTree({ height: 4, bmin: 2, bmax: 4, damage: 3, noise, horizon, seed: 7 });
    const applies = (g: PrefixValueTree, opts: SearchOptions) =>
      kernelSearch(g, 'alphabeta', 4, opts, -INF, INF) !== null;
    expect(applies(tree({ kind: 'uniform', e: 2 }), { ordering: estimateOrdering })).toBe(true);
    const noisyHorizon = tree({ kind: 'uniform', e: 2 }, 'estimate');
    expect(applies(noisyHorizon, { ordering: estimateOrdering })).toBe(true);
    expect(applies(tree(), {})).toBe(true); // natural ordering by default
    expect(applies(tree({ kind: 'gaussian', c: 1 }), { ordering: estimateOrdering })).toBe(false);
    expect(applies(tree({ kind: 'softmax', c: 1 }), { ordering: estimateOrdering })).toBe(false);
    expect(applies(tree(), { ordering: fcfRatio() })).toBe(false);
    expect(applies(tree(), { ordering: estimateOrdering, tt: new TranspositionTable(8) })).toBe(false);
    // With an annotation tree, every ordering, with a transposition table or without.
    expect(applies(tree(), { ordering: estimateOrdering, annotations: new AnnotationTree() })).toBe(true);
    expect(applies(tree(), { ordering: fcfRatio(), annotations: new AnnotationTree() })).toBe(true);
    const annotatedTT = {
      ordering: estimateOrdering,
      annotations: new AnnotationTree(),
      tt: new TranspositionTable(8),
    };
    expect(applies(tree(), annotatedTT)).toBe(true);
    expect(applies(tree(), { ordering: estimateOrdering, cutObserver: { record: () => {} } })).toBe(false);
  });

  test('the cursor ends on the root, as after a generic search', () => {
    const g = uniformNoiseTree({ height: 5, bmin: 2, bmax: 5, damage: 4, e: 1, seed: 3 });
    const root = [g.ply, g.keyHi(), g.keyLo()];
    g.expand();
    g.descend(1);
    alphaBeta(g, 5, { ordering: estimateOrdering });
    expect([g.ply, g.keyHi(), g.keyLo()]).toEqual(root);
  });
});

/**
 * The same trees under a class no kernel is registered for: the generic engine with every fast path the
 * tree offers (its frontier writes the annotations of a node's leaves before it checks the visit limit).
 */
class GenericPrefixValueTree extends PrefixValueTree {}

/** Every record of an annotation tree, a zero's sign aside (nothing reads it: orderings compare values). */
function records(a: AnnotationTree) {
  const n = a.count;
  return {
    count: n,
    first: Array.from(a.first.subarray(0, n)),
    degree: Array.from(a.degree.subarray(0, n)),
    value: Array.from(a.value.subarray(0, n), (v) => v + 0),
    size: Array.from(a.size.subarray(0, n)),
    seen: Array.from(a.seen.subarray(0, n)),
  };
}

/** The passes an iterative deepening completed, and where the visit limit stopped it (or null). */
function deepen(game: Game, algorithm: AlgorithmName, depth: number, opts: IterativeDeepeningOptions) {
  const passes: PassResult[] = [];
  try {
    iterativeDeepening(game, algorithm, depth, opts, (r) => passes.push(r));
    return { passes, stoppedAt: null };
  } catch (e) {
    if (e instanceof SearchLimitError) return { passes, stoppedAt: e.limit };
    throw e;
  }
}

// Every ordering the parser knows, with weights and probabilities that make ties and P_i = 0 common.
const arbOrdering = fc.oneof(
  fc.constantFrom('natural', 'estimate', 'fastest-first', 'random:3', 'fcf-ratio', 'fcf-ratio;learned:-2:0,0.5,1'),
  fc.integer({ min: 0, max: 4 }).map((c) => `fcf-linear:${c}`),
  fc.integer({ min: 0, max: 4 }).map((c) => `fcf-threshold:${c}`),
  fc
    .tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 9 }))
    .chain(([v, r, z]) =>
      fc.constantFrom(`fcf-weighted:${v},${r},${z}`, `fcf-weighted:${v},${r},${z};learned:-1:0.2,0.9`),
    ),
);

const arbMemory = fc.record({
  algorithm: fc.constantFrom('alphabeta' as const, 'negascout' as const, 'mtdf' as const),
  ordering: arbOrdering,
  unexpanded: fc.constantFrom(undefined, 'estimate' as const, 'random' as const),
  sizeInfo: fc.constantFrom(undefined, 'all' as const, 'searched' as const, 'expanded' as const),
  sizeStandIn: fc.oneof(fc.constant(undefined), fc.constant('last' as const), fc.constantFrom(0, 2, 6.5)),
  sizeSource: fc.constantFrom(undefined, 'degree' as const, 'subtree' as const),
  // annotations: MTD(f) with a table all the same; both: alpha-beta and NegaScout with one too
  memory: fc.constantFrom('annotations' as const, 'annotations-only' as const, 'both' as const),
  ttMove: fc.constantFrom(undefined, 'first' as const, 'ordered' as const),
  // a small table, so that entries are replaced: 2^4..2^8 entries, or the 2^20 one borrowed
  ttBits: fc.oneof(fc.constant(undefined), fc.integer({ min: 4, max: 8 })),
  depth: fc.integer({ min: 1, max: 6 }),
});

describe('specialised prefix-value search with an annotation tree (iterative deepening, MTD(f))', () => {
  test('equals the generic engine: every pass, every counter, every annotation record, the visit-limit stop', () => {
    fc.assert(
      fc.property(arbCase, arbMemory, (c, m) => {
        const { algorithm, ttBits, depth, ...knowledge } = m;
        const opts = (annotations: AnnotationTree): IterativeDeepeningOptions => ({
          ...knowledge,
          ordering: parseOrdering(m.ordering),
          maxVisited: c.maxVisited,
          annotations,
          tt: ttBits === undefined ? undefined : new TranspositionTable(ttBits),
        });
        const slowOpts = opts(new AnnotationTree(4));
        const generic = deepen(new GenericPrefixValueTree(params(c)), algorithm, depth, slowOpts);
        // One more search on the same memories with a window, straight through the kernel's node function,
        // which declines only the `last` stand-in of an ordering that reads S_i known for some children alone.
        const [alpha, beta] = c.window;
        const d = Math.max(0, c.treeDepth + c.extraDepth);
        const scout = algorithm === 'negascout';
        const withTable = (o: IterativeDeepeningOptions): SearchOptions => ({
          ...o,
          tt: m.memory === 'both' ? (o.tt ?? new TranspositionTable(6)) : null,
        });
        const partial = m.sizeInfo === 'searched' || m.sizeInfo === 'expanded';
        const declined = (m.sizeStandIn ?? 'last') === 'last' && partial && slowOpts.ordering!.needsSize;
        const search = scout ? negaScout : alphaBeta;
        const slowGame = new GenericPrefixValueTree(params(c));
        const want = declined
          ? null
          : outcome((counters) => search(slowGame, d, { ...withTable(slowOpts), counters }, alpha, beta), c.start);
        // The kernel as it runs here (WebAssembly for the orderings it takes), then the TypeScript kernel alone.
        for (const typescript of [false, true]) {
          annotatedWasm.off = typescript;
          const g = new PrefixValueTree(params(c));
          const fastOpts = opts(new AnnotationTree(4));
          expect(deepen(g, algorithm, depth, fastOpts)).toEqual(generic);
          const fast = (counters: Counters) => new SearchContext(g, { ...withTable(fastOpts), counters }, scout);
          if (declined) {
            expect(prefixValueKernel.nodeSearch!(g, fast(newCounters()))).toBeNull();
            continue;
          }
          const again = outcome((counters) => {
            const ctx = fast(counters);
            const value = prefixValueKernel.nodeSearch!(g, ctx)!(d, alpha, beta);
            return { value: value + 0, bestMove: ctx.rootMove };
          }, c.start);
          expect(again).toEqual(want);
          expect(records(fastOpts.annotations!)).toEqual(records(slowOpts.annotations!));
        }
        annotatedWasm.off = false;
      }),
      { numRuns: 2000 },
    );
  });

  test('the Figure 4 preset, full-size trees: every series identical to the generic engine to depth 7 on 3 trees, on either kernel', () => {
    const spec = presetSpec('furtak-buro-fig4');
    for (let t = 0; t < 3; t++) {
      const g = makeGame(spec.model, specHeight(spec), spec.seed, t) as PrefixValueTree;
      const generic = new GenericPrefixValueTree(g.params);
      for (const s of spec.series) {
        const want = searchSeries(spec, s, generic, 7);
        for (const typescript of [false, true]) {
          annotatedWasm.off = typescript;
          expect(searchSeries(spec, s, g, 7)).toEqual(want);
        }
        annotatedWasm.off = false;
      }
    }
  });

  test('iterative deepening and MTD(f) on a prefix value tree run the kernel: the cursor never moves', () => {
    const g = new PrefixValueTree(fig4TreeParams(5, 0));
    const expand = vi.spyOn(g, 'expand');
    for (const algorithm of ['alphabeta', 'negascout', 'mtdf'] as const) {
      iterativeDeepening(g, algorithm, 4, { ordering: parseOrdering('fcf-weighted:1,0,8'), unexpanded: 'random' });
    }
    expect(expand).not.toHaveBeenCalled();
  });
});

test('randomRank: the random value of a never-searched child is UNEXPANDED + rank · 2^−26, exactly', () => {
  const exact = (u: number) => {
    expect(UNEXPANDED + unit(u)).toBe(UNEXPANDED + randomRank(u) * 2 ** -26);
  };
  fc.assert(fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), exact), { numRuns: 20_000 });
  for (const u of [0, 31, 32, 63, 64, 95, 96, -1, -32, -33, 0x7fffffff, -0x80000000]) exact(u);
});

describe('below(h, n): the exact multiply-high floor(h·n / 2^32)', () => {
  test('equals BigInt arithmetic for every n up to 2^21', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 21 }), (h, n) => {
        const want = Number((BigInt(h >>> 0) * BigInt(n)) >> 32n);
        expect(below(h, n)).toBe(want);
      }),
      { numRuns: 20_000 },
    );
    for (const h of [0, -1, 0x7fffffff, -0x80000000, 1]) {
      for (const n of [1, 2, 7, 16384, 16385, 2 ** 21])
        expect(below(h, n)).toBe(Number((BigInt(h >>> 0) * BigInt(n)) >> 32n));
    }
  });
});

describe('the WebAssembly plain kernel', () => {
  test('runs here, and declines a bound that is not an integer within ±2^30 (the TypeScript kernel takes it)', () => {
    expect(prefixValueWasmUnavailable()).toBe('');
    const g = uniformNoiseTree({ height: 5, bmin: 2, bmax: 5, damage: 4, e: 2, seed: 3, tree: 1 });
    const run = (alpha: number, beta: number) =>
      searchPrefixValueWasm({
        shape: g.shape(),
        algorithm: 'alphabeta',
        depth: 5,
        alpha,
        beta,
        byEstimate: true,
        counters: newCounters(),
        maxVisited: Infinity,
      });
    expect(run(-INF, INF)).not.toBeNull();
    expect(run(-0.5, 0.5)).toBeNull();
    expect(run(-(2 ** 31), 0)).toBeNull();
    // A fractional window still searches, by the TypeScript kernel, as the generic engine does.
    const viaEntry = alphaBeta(g, 5, { ordering: estimateOrdering }, -0.5, 0.5);
    expect(viaEntry).toEqual(alphaBeta(new ForwardingGame(g), 5, { ordering: estimateOrdering }, -0.5, 0.5));
  });
});

describe('the WebAssembly annotated kernel', () => {
  const fcf = () => ({
    ordering: parseOrdering('fcf-weighted:1,0,8'),
    unexpanded: 'random' as const,
    sizeInfo: 'expanded' as const,
    sizeStandIn: 6,
  });

  test('takes value ordering and the weighted FCF key with the hard threshold; declines fractional bounds', () => {
    const g = new PrefixValueTree(fig4TreeParams(6, 1));
    const ctx = (o: SearchOptions) => new SearchContext(g, { annotations: new AnnotationTree(), ...o });
    expect(annotatedSearchWasm(g.shape(), ctx(fcf()))).not.toBeNull();
    expect(
      annotatedSearchWasm(g.shape(), ctx({ ordering: estimateOrdering, tt: new TranspositionTable(8) })),
    ).not.toBeNull();
    expect(annotatedSearchWasm(g.shape(), ctx({ ordering: fcfRatio() }))).toBeNull();
    const learned = (n: number) => parseOrdering(`fcf-weighted:1,2,8;learned:-1:${Array(n).fill(0.5).join(',')}`);
    expect(annotatedSearchWasm(g.shape(), ctx({ ordering: learned(1536) }))).not.toBeNull();
    expect(annotatedSearchWasm(g.shape(), ctx({ ordering: learned(1537) }))).toBeNull();
    expect(annotatedSearchWasm(g.shape(), ctx({ ...fcf(), tt: new TranspositionTable(21) }))).toBeNull();
    const search = annotatedSearchWasm(g.shape(), ctx(fcf()))!;
    expect(search(4, -INF, INF)).not.toBeNull();
    expect(search(4, -0.5, 0.5)).toBeNull();
  });

  /** The widest window the kernel takes. */
  const WIDE = 2 ** 30;
  /** A tree of n records with the given fields (capacity the next power of two), beside a copy of its rows. */
  const treeOf = (recs: { first: number; degree: number; value: number; size: number; seen: number }[]) => {
    let capacity = 4;
    while (capacity < recs.length) capacity *= 2;
    const rows = ownRows(capacity);
    rows.first.fill(-1);
    recs.forEach((r, i) => {
      rows.first[i] = r.first;
      rows.degree[i] = r.degree;
      rows.value[i] = r.value;
      rows.size[i] = r.size;
      rows.seen[i] = r.seen;
    });
    const tree = new AnnotationTree(4);
    tree.adopt(rows);
    tree.count = recs.length;
    const copy = ownRows(capacity);
    for (const k of ['first', 'degree', 'value', 'size', 'seen'] as const) copy[k].set(rows[k]);
    return { tree, copy };
  };
  const arbRecord = fc.record({
    first: fc.integer({ min: -1, max: 2 ** 31 - 1 }),
    degree: fc.integer({ min: 0, max: 64 }),
    value: fc.integer({ min: -(2 ** 31) + 1, max: 2 ** 31 - 1 }),
    size: fc.oneof(
      fc.integer({ min: 0, max: 2 ** 32 + 5 }),
      fc.maxSafeNat().map((x) => x % 2 ** 48),
    ),
    seen: fc.integer({ min: 0, max: 1 }),
  });

  test('holds a tree in records of its own and gives every record back exactly (int32 values, sizes below 2^48)', () => {
    const g = new PrefixValueTree(fig4TreeParams(6, 1));
    fc.assert(
      fc.property(fc.array(arbRecord, { minLength: 1, maxLength: 200 }), (recs) => {
        const { tree, copy } = treeOf(recs);
        const search = annotatedSearchWasm(g.shape(), new SearchContext(g, { annotations: tree, ...fcf() }))!;
        // depth 0: the root is a leaf, so the search writes the root's value, size and seen, and nothing else
        expect(search(0, -WIDE, WIDE)).toBe(g.evaluate());
        expect(tree.count).toBe(recs.length);
        const rootLeaf = { value: g.evaluate(), size: 1, seen: 1 };
        for (const k of ['first', 'degree', 'value', 'size', 'seen'] as const) {
          const want = Array.from(copy[k]);
          if (k === 'value' || k === 'size' || k === 'seen') want[0] = rootLeaf[k];
          expect(Array.from(tree[k]), k).toEqual(want);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('declines a tree with a record its layout cannot keep exactly, which stays in its rows', () => {
    const g = new PrefixValueTree(fig4TreeParams(6, 1));
    const ok = { first: -1, degree: 0, value: 3, size: 7, seen: 1 };
    const search = (tree: AnnotationTree) =>
      annotatedSearchWasm(g.shape(), new SearchContext(g, { annotations: tree, ...fcf() }))!(2, -WIDE, WIDE);
    expect(search(treeOf([ok, ok]).tree)).not.toBeNull();
    for (const bad of [
      { value: 0.5 },
      { value: 2 ** 31 },
      { value: -Infinity },
      { size: 2 ** 48 },
      { size: 1.5 },
      { degree: 65 },
    ]) {
      const { tree, copy } = treeOf([ok, { ...ok, ...bad }]);
      expect(search(tree), JSON.stringify(bad)).toBeNull();
      for (const k of ['first', 'degree', 'value', 'size', 'seen'] as const) expect(tree[k]).toEqual(copy[k]);
    }
  });

  test('annotation trees and tables move in and out of its memory intact, also when the generic engine grows one', () => {
    // The same steps twice: on kernel trees (WebAssembly), and on trees the generic engine searches.
    const steps = (Tree: typeof PrefixValueTree) => {
      const a = { annotations: new AnnotationTree(4), tt: new TranspositionTable(6), ...fcf() };
      const b = { annotations: new AnnotationTree(4), tt: new TranspositionTable(8), ordering: estimateOrdering };
      const g1 = new Tree(fig4TreeParams(7, 3));
      const g2 = new Tree(fig4TreeParams(7, 4));
      const out: unknown[] = [];
      out.push(iterativeDeepening(g1, 'alphabeta', 4, { ...a, memory: 'both' }));
      out.push(iterativeDeepening(g2, 'mtdf', 4, b));
      // the generic engine grows b's rows, held by the kernel until now
      out.push(iterativeDeepening(new GenericPrefixValueTree(g2.params), 'negascout', 5, { ...b, memory: 'both' }));
      out.push(iterativeDeepening(g2, 'mtdf', 6, b));
      out.push(iterativeDeepening(g1, 'negascout', 5, { ...a, memory: 'both' }));
      out.push(records(a.annotations), records(b.annotations));
      out.push(a.annotations.first.length, b.annotations.first.length);
      return out;
    };
    expect(steps(PrefixValueTree)).toEqual(steps(GenericPrefixValueTree));
  });
});
