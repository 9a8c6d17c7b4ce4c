/**
 * What the ordering knew at each node, as a trace records it (Furtak & Buro 2009, Sec. 8: V_i from an
 * earlier search or random, S_i the out-degree of a child an earlier search expanded), checked against
 * an independent log of the same searches (../helpers/search-log.ts): a game wrapper that notes every
 * call's end, every expansion and every descent by path. From the log alone follow which children a
 * search had finished (their V_i is known, and is the negated last result) or expanded (their S_i is
 * known under sizeInfo `expanded`) before each ordering, the children's out-degrees, and the order the
 * call then searched them in; the trace's per-child columns must say the same at the last ordering of
 * the final pass, and an explicit tree fixes the expected answer by hand.
 */
import { describe, expect, test } from 'vitest';
import { ForwardingGame } from '../../shared/game/forwarding-game.ts';
import { child, SearchLog, type Ordering } from '../helpers/search-log.ts';
import type { Game } from '../../shared/game/game.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { csrFromLists, type Graph } from '../../shared/game/graph.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { searchSeries } from '../../shared/experiments/search-series.ts';
import { parseSpec, specHeight, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { SIZE_KNOWN, SIZE_UNKNOWN_LAST, VALUE_RANDOM, VALUE_SEARCHED } from '../../shared/search/search-context.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import {
  KNOWN_SIZE_READ,
  KNOWN_TT_FIRST,
  KNOWN_VALUE_READ,
  nodeAt,
  ORDERED,
  type TraceTree,
} from '../../shared/trace/trace-tree.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { TRACE_SERIES } from './trace-series.ts';

/** Out-degree of the node at `path`, walked on a fresh copy of the game. */
function degreeAt(g: Game, path: string): number {
  g.reset();
  for (const m of path === '' ? [] : path.split('.').map(Number)) {
    g.expand();
    g.descend(m);
  }
  return g.expand();
}

/** Every ordering of series k of `s` on tree `tree` to `depth`, logged; `final` is the index of the final pass. */
function logSeries(s: ExperimentSpec, k: number, tree: number, depth: number): { log: SearchLog; final: number } {
  const log = new SearchLog(makeGame(s.model, specHeight(s), s.seed, tree));
  const passes = searchSeries(s, s.series[k], log, depth, { observer: log, onPass: () => log.pass++ });
  return { log, final: passes.length - 1 };
}

/** What the engine reported at each ordering agrees with what the log knew at that moment. */
function checkReports(s: ExperimentSpec, k: number, log: SearchLog, game: Game): void {
  const o = parseOrdering(s.series[k].ordering);
  const annotated = s.iterative; // every series keeps annotations (memory "annotations" or "both")
  const mode = s.sizeInfo ?? 'all';
  const standIn = (s.sizeStandIn ?? 'mean') === 'mean' ? PrefixValueTree.meanBranching(s.model as never) : 0;
  for (const r of log.orderings) {
    expect(r.needsValue).toBe(o.needsValue);
    expect(r.needsSize).toBe(o.needsSize);
    r.knowledge.forEach((bits, i) => {
      expect((bits & VALUE_SEARCHED) !== 0).toBe(annotated && r.searchedBefore[i]);
      expect((bits & VALUE_RANDOM) !== 0).toBe(annotated && s.unexpanded === 'random' && !r.searchedBefore[i]);
      if (o.needsValue && annotated && r.searchedBefore[i]) expect(r.value[i]).toBe(-r.lastResult[i]);
      const sizeKnown =
        mode === 'all' || (annotated && (mode === 'searched' ? r.searchedBefore[i] : r.expandedBefore[i]));
      expect((bits & SIZE_KNOWN) !== 0).toBe(sizeKnown);
      if (o.needsSize) {
        expect(r.size[i]).toBe(sizeKnown ? degreeAt(game, child(r.path, i)) : standIn);
        if (s.sizeStandIn === 'last') expect(r.key[i] === SIZE_UNKNOWN_LAST).toBe(!sizeKnown);
      }
    });
    // Alpha-beta searches a node once per pass: "before" is "in an earlier pass".
    if (s.series[k].algorithm === 'alphabeta') {
      expect(r.searchedBefore).toEqual(r.searchedEarlierPass);
      expect(r.expandedBefore).toEqual(r.expandedEarlierPass);
    }
    if (s.ttMove === 'ordered') expect(r.ttMove).toBe(-1);
    // The search order: the stored move first, then by descending key; children left unsearched rank below every searched one.
    if (r.ttMove >= 0 && r.descents.length > 0) expect(r.descents[0]).toBe(r.ttMove);
    const byKey = r.ttMove >= 0 ? r.descents.filter((i) => i !== r.ttMove) : r.descents;
    for (let j = 1; j < byKey.length; j++) expect(r.key[byKey[j - 1]]).toBeGreaterThanOrEqual(r.key[byKey[j]]);
    const lowest = Math.min(...byKey.map((i) => r.key[i]));
    r.key.forEach((x, i) => {
      if (!r.descents.includes(i)) expect(x).toBeLessThanOrEqual(lowest);
    });
  }
}

/** The trace's per-child columns are the last final-pass ordering of each held node, and nothing elsewhere. */
function checkTrace(t: TraceTree, k: number, log: SearchLog, final: number): number {
  const last = new Map<string, Ordering>();
  for (const r of log.orderings) if (r.pass === final) last.set(r.path, r);
  const s = t.series[k];
  let checked = 0;
  for (let v = 0; v < t.count; v++) {
    if (t.first[v] < 0) continue;
    const path: number[] = [];
    for (let x = v; x !== 0; x = t.parent[x]) path.unshift(x - t.first[t.parent[x]]);
    expect(nodeAt(t, path)).toBe(v);
    const r = last.get(path.join('.'));
    for (let i = 0; i < t.degree[v]; i++) {
      const c = t.first[v] + i;
      if (!r) {
        expect(s.known[c]).toBe(0);
        expect(s.rank[c]).toBe(0);
        continue;
      }
      checked++;
      const read =
        (r.needsValue ? KNOWN_VALUE_READ : 0) |
        (r.needsSize ? KNOWN_SIZE_READ : 0) |
        (i === r.ttMove ? KNOWN_TT_FIRST : 0);
      expect(s.known[c]).toBe(r.knowledge[i] | read | ORDERED);
      expect(s.key[c]).toBe(r.key[i] + 0);
      if (r.needsValue) expect(s.childValue[c]).toBe(Math.fround(r.value[i]) + 0);
      if (r.needsSize) expect(s.childSize[c]).toBe(Math.fround(r.size[i]) + 0);
      expect(s.rank[c]).toBe(r.descents.indexOf(i) + 1);
    }
  }
  return checked;
}

const prefix = { kind: 'prefix-value', bmin: 2, bmax: 4, damage: 6, noise: { kind: 'uniform', e: 4 } };

function spec(extra: Record<string, unknown>): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name: 'ordering',
    model: prefix,
    trees: 3,
    seed: 19,
    depth: 5,
    iterative: true,
    series: TRACE_SERIES,
    ...extra,
  });
}

describe('what the ordering knew, recorded in a trace', () => {
  test("the trace's own bits do not overlap the engine's", () => {
    expect(
      (VALUE_SEARCHED | VALUE_RANDOM | SIZE_KNOWN) & (KNOWN_VALUE_READ | KNOWN_SIZE_READ | KNOWN_TT_FIRST | ORDERED),
    ).toBe(0);
  });

  test.each([
    ['iterative deepening, estimates for never-searched children', spec({})],
    ['iterative deepening, never-searched children random', spec({ unexpanded: 'random' })],
    ['one search (no memory)', spec({ iterative: false })],
    [
      'S_i of children expanded before, the mean out-degree for the others',
      spec({ sizeInfo: 'expanded', sizeStandIn: 'mean' }),
    ],
    [
      'S_i of children expanded before, the others last, random values',
      spec({ sizeInfo: 'expanded', sizeStandIn: 'last', unexpanded: 'random' }),
    ],
    ['S_i of children searched before, the stored move ordered', spec({ sizeInfo: 'searched', ttMove: 'ordered' })],
    [
      'S_i known only where expanded, in one search without memory: none',
      spec({ sizeInfo: 'expanded', iterative: false }),
    ],
  ])("%s: the engine's report matches the log, and the trace keeps the last ordering of the final pass", (_, s) => {
    for (let tree = 0; tree < s.trees; tree++) {
      const t = buildTrace(s, tree, s.depth);
      expect(t.region.maxPly).toBe(s.depth); // small trees: every node held
      s.series.forEach((_, k) => {
        const { log, final } = logSeries(s, k, tree, s.depth);
        checkReports(s, k, log, makeGame(s.model, specHeight(s), s.seed, tree));
        expect(checkTrace(t, k, log, final)).toBeGreaterThan(0); // children of some ordering were compared
      });
    }
  });

  test('a search without an observer gives the same result and counts (the hook changes nothing)', () => {
    const s = spec({ unexpanded: 'random' });
    s.series.forEach((sr, k) => {
      const plain = searchSeries(s, sr, makeGame(s.model, specHeight(s), s.seed, 1), s.depth);
      const { log } = logSeries(s, k, 1, s.depth);
      const seen = searchSeries(s, sr, new ForwardingGame(makeGame(s.model, specHeight(s), s.seed, 1)), s.depth, {
        observer: log,
      });
      expect(seen.map((p) => [p.value, p.cumulative.visited])).toEqual(
        plain.map((p) => [p.value, p.cumulative.visited]),
      );
    });
  });

  test.each([['expanded' as const], ['searched' as const]])(
    "an explicit tree, by hand, sizes known where %s: pass 2 knows the values of pass 1's leaves, and their sizes only if searched is enough",
    (sizeInfo) => {
      //        A            Root A, children B and C; leaves with their values (own view, the root's player)
      //      /   \          and, in brackets, their estimates.
      //     B     C
      //    / \   /|\
      //   5   3 2 9 1
      //  [4] [3] [1] [8] [2]
      const kids = [[1, 2], [3, 4], [5, 6, 7], [], [], [], [], []];
      const { childOffsets, children } = csrFromLists(kids);
      const value = Float64Array.from([NaN, NaN, NaN, 5, 3, 2, 9, 1]);
      const estimate = Float64Array.from([0, -1, -2, 4, 3, 1, 8, 2]);
      const player = Uint8Array.from([0, 1, 1, 0, 0, 0, 0, 0]);
      const graph: Graph = {
        kind: 'tree',
        root: 0,
        nodeCount: 8,
        player,
        value,
        childOffsets,
        children,
        estimate,
        meta: { model: 'hand', params: {}, seed: null, generator: 'test' },
      };
      const log = new SearchLog(new ExplicitGame(graph));
      iterativeDeepening(
        log,
        'alphabeta',
        2,
        { ordering: parseOrdering('fcf-weighted:1,0,0'), observer: log, sizeInfo, sizeStandIn: 2.5 },
        () => log.pass++,
      );
      const at = (pass: number, path: string) => log.orderings.filter((r) => r.pass === pass && r.path === path);
      // Pass 1 (depth 1): nothing searched or expanded yet; the root orders B, C by their estimates from its view (1, 2):
      // C first. Both sizes are the stand-in.
      expect(at(0, '')).toHaveLength(1);
      expect(at(0, '')[0]).toMatchObject({ knowledge: [0, 0], value: [1, 2], size: [2.5, 2.5], descents: [1, 0] });
      // Pass 2: the root knows both children's depth-1 values (B = min(5, 3) = 3, C = min(2, 9, 1) = 1): B first.
      // Pass 1 searched B and C as leaves and never expanded them: their out-degrees (2, 3) are known only under `searched`.
      const known = sizeInfo === 'searched' ? VALUE_SEARCHED | SIZE_KNOWN : VALUE_SEARCHED;
      expect(at(1, '')[0]).toMatchObject({
        knowledge: [known, known],
        value: [3, 1],
        size: sizeInfo === 'searched' ? [2, 3] : [2.5, 2.5],
        descents: [0, 1],
      });
      // B's leaves were never searched: estimates from B's view (−4, −3), the better first, and no cut (β = +∞).
      expect(at(1, '0')[0]).toMatchObject({ knowledge: [0, 0], value: [-4, -3], descents: [1, 0] });
      // C (β = −3 after B) orders its leaves by estimate (−1, −8, −2): the first, worth −2 ≥ −3, cuts.
      expect(at(1, '1')[0]).toMatchObject({ knowledge: [0, 0, 0], value: [-1, -8, -2], descents: [0] });
      // No ordering happens in pass 1 below the root, nor twice at a node in one pass.
      expect(log.orderings.map((r) => `${r.pass}:${r.path}`)).toEqual(['0:', '1:', '1:0', '1:1']);
    },
  );
});
