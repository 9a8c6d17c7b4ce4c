/**
 * What a move ordering may know (shared/search/search-context.ts, SearchOptions.sizeInfo, sizeStandIn,
 * ttMove): under `expanded` an ordering reads the out-degree only of children an earlier search
 * expanded, under `searched` only of children an earlier search entered (Furtak & Buro 2009, Sec. 8);
 * a recording game counts the childDegree calls per node and checks each against what was expanded or
 * entered before. Children whose size is unknown get the stand-in, as the observer's view shows; `all`
 * is the engine without the option; every search still finds the tree's value, whatever the switches.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import type { Game } from '../../shared/game/game.ts';
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { iterativeDeepening, type IterativeDeepeningOptions } from '../../shared/search/iterative-deepening.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import {
  SIZE_KNOWN,
  SIZE_UNKNOWN_LAST,
  VALUE_RANDOM,
  VALUE_SEARCHED,
  type SizeInfo,
} from '../../shared/search/search-context.ts';
import type { OrderingView, SearchObserver } from '../../shared/search/search-observer.ts';
import { arbPrefixValueParams } from '../proof/helpers.ts';
import { uniformNoiseParams, type UniformNoiseParams } from '../helpers/uniform-noise-tree.ts';

/**
 * A game that knows every node by its path from the root ("", ".2", ".2.0", …) and records, at every
 * childDegree call, whether the child had been expanded (resp. entered) before the call, and before the
 * latest reset (the start of the current search from the root: a pass, or one of MTD(f)'s tests).
 */
class RecordingGame extends ForwardingGame {
  private path: string[] = [''];
  readonly expanded = new Set<string>();
  readonly entered = new Set<string>();
  private expandedAtReset = new Set<string>();
  /** childDegree calls per child path */
  readonly calls = new Map<string, number>();
  /** calls on a child not expanded (entered) before the call, or before the current search began */
  notExpanded = 0;
  notEntered = 0;
  notExpandedBeforeSearch = 0;

  private get here(): string {
    return this.path[this.path.length - 1];
  }
  override reset(): void {
    super.reset();
    this.path = [''];
    this.entered.add('');
    this.expandedAtReset = new Set(this.expanded);
  }
  override expand(): number {
    const n = super.expand();
    if (n > 0) this.expanded.add(this.here);
    return n;
  }
  override descend(i: number): void {
    super.descend(i);
    this.path.push(`${this.here}.${i}`);
    this.entered.add(this.here);
  }
  override ascend(): void {
    super.ascend();
    this.path.pop();
  }
  override childDegree(i: number): number {
    const child = `${this.here}.${i}`;
    this.calls.set(child, (this.calls.get(child) ?? 0) + 1);
    if (!this.expanded.has(child)) this.notExpanded++;
    if (!this.entered.has(child)) this.notEntered++;
    if (!this.expandedAtReset.has(child)) this.notExpandedBeforeSearch++;
    return super.childDegree(i);
  }
}

/** The same, with the leaf fast paths of the game (the frontier, bulk estimates) switched back on. */
class FastRecordingGame extends RecordingGame {
  constructor(private readonly tree: PrefixValueTree) {
    super(tree);
  }
  childValue(i: number): number {
    return this.tree.childValue(i);
  }
  childEstimates(out: Float64Array, off: number, n: number): void {
    this.tree.childEstimates(out, off, n);
  }
}

const ALGORITHMS = ['alphabeta', 'negascout', 'mtdf', 'sss'] as const;
const arbSizeOrdering = fc.constantFrom(
  'fcf-ratio',
  'fcf-weighted:1,3,2',
  'fcf-weighted:1,16,12',
  'fcf-linear:2',
  'fcf-threshold:1',
);
const arbStandIn = fc.constantFrom<number | 'last'>('last', 8, 0, 2.5);
const arbMemory = fc.constantFrom<IterativeDeepeningOptions['memory']>('annotations', 'both', 'annotations-only');
/** Integer values (MTD(f), MT-SSS*): the uniform error or the exact horizon. */
const arbParams = arbPrefixValueParams(6, 3_000, true).map((p) =>
  p.noise !== undefined && p.noise.kind !== 'uniform' ? { ...p, horizon: 'exact' as const } : p,
);

/** Prefix value parameters with uniform noise of size `e`, the estimate at the horizon and root value 0. */
const estimateTree = (p: Omit<UniformNoiseParams, 'horizon' | 'rootValue'>): PrefixValueParams =>
  uniformNoiseParams({ ...p, horizon: 'estimate', rootValue: 0 });

/** One search that reads child sizes: the tree, the algorithm, a size-reading ordering, the stand-in, the memory. */
const arbSizeSearch = fc.record({
  p: arbParams,
  algorithm: fc.constantFrom(...ALGORITHMS),
  ordering: arbSizeOrdering,
  sizeStandIn: arbStandIn,
  memory: arbMemory,
});
type SizeSearch = typeof arbSizeSearch extends fc.Arbitrary<infer T> ? T : never;

/** Runs `s` by iterative deepening on `game` (its tree, recorded), with the options a test adds. */
function deepen(game: Game, s: SizeSearch, o: IterativeDeepeningOptions): void {
  const { ordering, sizeStandIn, memory } = s;
  iterativeDeepening(game, s.algorithm, s.p.height, { ordering: parseOrdering(ordering), sizeStandIn, memory, ...o });
}

function record(p: PrefixValueParams, algorithm: (typeof ALGORITHMS)[number], sizeInfo: SizeInfo): RecordingGame {
  const game = new RecordingGame(new PrefixValueTree(p));
  iterativeDeepening(game, algorithm, p.height, {
    ordering: parseOrdering('fcf-ratio'),
    sizeInfo,
    unexpanded: 'random',
  });
  return game;
}

describe('sizeInfo: the ordering reads S_i only where an earlier search could know it', () => {
  test('expanded: every childDegree call is on a child an earlier search expanded; alpha-beta: in an earlier pass', () => {
    fc.assert(
      fc.property(
        arbSizeSearch,
        fc.constantFrom('first' as const, 'ordered' as const),
        fc.constantFrom('estimate' as const, 'random' as const),
        fc.boolean(),
        (s, ttMove, unexpanded, fast) => {
          const game = fast
            ? new FastRecordingGame(new PrefixValueTree(s.p))
            : new RecordingGame(new PrefixValueTree(s.p));
          deepen(game, s, { sizeInfo: 'expanded', ttMove, unexpanded });
          expect(game.notExpanded).toBe(0);
          // Alpha-beta searches every node at most once per pass: "before" is "in an earlier pass".
          if (s.algorithm === 'alphabeta' && s.memory !== 'both') expect(game.notExpandedBeforeSearch).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('searched: every childDegree call is on a child an earlier search entered', () => {
    fc.assert(
      fc.property(arbSizeSearch, (s) => {
        const game = new RecordingGame(new PrefixValueTree(s.p));
        deepen(game, s, { sizeInfo: 'searched', unexpanded: 'random' });
        expect(game.notEntered).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  test('the check can fail: under `all` the orderings read sizes of children no search expanded', () => {
    const p = estimateTree({ height: 5, bmin: 3, bmax: 6, damage: 4, e: 2, seed: 7, tree: 1 });
    for (const algorithm of ALGORITHMS) {
      const all = record(p, algorithm, 'all');
      expect(all.notExpanded).toBeGreaterThan(0);
      expect(all.notEntered).toBeGreaterThan(0);
      const expanded = record(p, algorithm, 'expanded');
      expect(expanded.notExpanded).toBe(0);
      // …and the expanded reading still reads sizes (the test is not vacuous).
      expect(expanded.calls.size).toBeGreaterThan(0);
    }
  });
});

/** The ordering views one search reports: a copy of each node's rows. */
function views(
  p: PrefixValueParams,
  algorithm: (typeof ALGORITHMS)[number],
  o: IterativeDeepeningOptions,
): { size: number[]; knowledge: number[]; key: number[]; degree: number[]; ttMove: number }[] {
  const game: Game = new PrefixValueTree(p);
  const out: ReturnType<typeof views> = [];
  const observer: SearchObserver = {
    enter: () => {},
    leave: (v) => v,
    ordered(v: OrderingView) {
      const degree = Array.from({ length: v.n }, (_, i) => game.childDegree(i));
      out.push({
        size: Array.from(v.size.subarray(0, v.n)),
        knowledge: Array.from(v.knowledge.subarray(0, v.n)),
        key: Array.from(v.key.subarray(v.off, v.off + v.n)),
        degree,
        ttMove: v.ttMove,
      });
    },
  };
  iterativeDeepening(game, algorithm, p.height, { ...o, observer });
  return out;
}

describe('the stand-in and what the observer is told', () => {
  const p = estimateTree({ height: 6, bmin: 2, bmax: 6, damage: 5, e: 3, seed: 11, tree: 3 });

  test('a number: unknown children get it, known ones their out-degree', () => {
    for (const algorithm of ALGORITHMS) {
      const vs = views(p, algorithm, {
        ordering: parseOrdering('fcf-ratio'),
        sizeInfo: 'expanded',
        sizeStandIn: 4.5,
        unexpanded: 'random',
      });
      let known = 0;
      let unknown = 0;
      for (const v of vs) {
        v.size.forEach((s, i) => {
          if (v.knowledge[i] & SIZE_KNOWN) {
            known++;
            expect(s).toBe(v.degree[i]);
          } else {
            unknown++;
            expect(s).toBe(4.5);
          }
        });
      }
      expect(known).toBeGreaterThan(0);
      expect(unknown).toBeGreaterThan(0);
    }
  });

  test('last: unknown children are keyed below every known child', () => {
    for (const algorithm of ALGORITHMS) {
      let mixed = 0;
      for (const v of views(p, algorithm, {
        ordering: parseOrdering('fcf-weighted:1,16,12'),
        sizeInfo: 'expanded',
        sizeStandIn: 'last',
        unexpanded: 'random',
      })) {
        const known = v.key.filter((_, i) => v.knowledge[i] & SIZE_KNOWN);
        const unknown = v.key.filter((_, i) => !(v.knowledge[i] & SIZE_KNOWN));
        for (const k of unknown) expect(k).toBe(SIZE_UNKNOWN_LAST);
        for (const k of known) expect(k).toBeGreaterThan(SIZE_UNKNOWN_LAST);
        if (known.length > 0 && unknown.length > 0) mixed++;
      }
      expect(mixed).toBeGreaterThan(0);
    }
  });

  test('all: every size known; value flags say searched or random', () => {
    const vs = views(p, 'alphabeta', { ordering: parseOrdering('fcf-ratio'), unexpanded: 'random' });
    let searched = 0;
    let random = 0;
    for (const v of vs) {
      v.knowledge.forEach((k, i) => {
        expect(k & SIZE_KNOWN).toBe(SIZE_KNOWN);
        expect(v.size[i]).toBe(v.degree[i]);
        expect((k & VALUE_SEARCHED) !== 0 && (k & VALUE_RANDOM) !== 0).toBe(false);
        if (k & VALUE_SEARCHED) searched++;
        if (k & VALUE_RANDOM) random++;
      });
    }
    expect(searched).toBeGreaterThan(0);
    expect(random).toBeGreaterThan(0);
  });

  test('ttMove: the table\'s move is reported under "first" and withheld under "ordered"', () => {
    const first = views(p, 'mtdf', { ordering: parseOrdering('fcf-ratio'), sizeInfo: 'expanded', ttMove: 'first' });
    const ordered = views(p, 'mtdf', { ordering: parseOrdering('fcf-ratio'), sizeInfo: 'expanded', ttMove: 'ordered' });
    expect(first.some((v) => v.ttMove >= 0)).toBe(true);
    expect(ordered.every((v) => v.ttMove === -1)).toBe(true);
  });
});

describe('switches change the work, never the value; `all` is the engine without the option', () => {
  test('every algorithm, ordering, size reading, stand-in, table move, memory and first guess finds the value', () => {
    fc.assert(
      fc.property(
        arbParams,
        fc.constantFrom(...ALGORITHMS),
        fc.constantFrom('estimate', 'fcf-ratio', 'fcf-weighted:1,3,2', 'natural'),
        fc.constantFrom<SizeInfo>('all', 'searched', 'expanded'),
        arbStandIn,
        fc.constantFrom('first' as const, 'ordered' as const),
        arbMemory,
        fc.constantFrom('previous' as const, 'fixed' as const),
        fc.integer({ min: -3, max: 3 }),
        (p, algorithm, ordering, sizeInfo, sizeStandIn, ttMove, memory, guess, firstGuess) => {
          const game = new PrefixValueTree(p);
          const passes = iterativeDeepening(game, algorithm, p.height, {
            ordering: parseOrdering(ordering),
            sizeInfo,
            sizeStandIn,
            ttMove,
            memory,
            guess,
            firstGuess,
            unexpanded: 'random',
          });
          for (const r of passes) expect(r.value).toBe(alphaBeta(new PrefixValueTree(p), r.depth).value);
          if (sizeInfo === 'all') {
            const plain = iterativeDeepening(new PrefixValueTree(p), algorithm, p.height, {
              ordering: parseOrdering(ordering),
              ttMove,
              memory,
              guess,
              firstGuess,
              unexpanded: 'random',
            });
            expect(passes.map((r) => r.cumulative)).toEqual(plain.map((r) => r.cumulative));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  test('ttMove "ordered" with no table and sizeInfo with an ordering that reads no size change nothing', () => {
    const p = estimateTree({ height: 6, bmin: 2, bmax: 7, damage: 5, e: 3, seed: 5, tree: 9 });
    for (const algorithm of ['alphabeta', 'negascout'] as const) {
      const base = iterativeDeepening(new PrefixValueTree(p), algorithm, 6, {
        ordering: parseOrdering('estimate'),
        unexpanded: 'random',
      });
      const other = iterativeDeepening(new PrefixValueTree(p), algorithm, 6, {
        ordering: parseOrdering('estimate'),
        unexpanded: 'random',
        ttMove: 'ordered',
        sizeInfo: 'expanded',
        sizeStandIn: 'last',
      });
      expect(other.map((r) => r.cumulative)).toEqual(base.map((r) => r.cumulative));
    }
  });

  test('MTD(f) with the annotations as its only memory searches without a table: more work, same value', () => {
    const p = estimateTree({ height: 6, bmin: 3, bmax: 7, damage: 5, e: 3, seed: 5, tree: 2 });
    const withTable = iterativeDeepening(new PrefixValueTree(p), 'mtdf', 6, {
      ordering: parseOrdering('estimate'),
      unexpanded: 'random',
    });
    const without = iterativeDeepening(new PrefixValueTree(p), 'mtdf', 6, {
      ordering: parseOrdering('estimate'),
      unexpanded: 'random',
      memory: 'annotations-only',
    });
    expect(without.map((r) => r.value)).toEqual(withTable.map((r) => r.value));
    expect(without[5].cumulative.visited).not.toBe(withTable[5].cumulative.visited);
  });
});
