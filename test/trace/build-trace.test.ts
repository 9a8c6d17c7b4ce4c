/**
 * The tree viewer's trace checked against the runner and against independent searches: the root's
 * subtree counts are the run's visited counts, the proof is the run's `seen` denominator, the recorded
 * windows, results and cuts obey fail-soft alpha-beta's contract, and the nodes a plain alpha-beta
 * visits are those a textbook alpha-beta on the materialised tree visits.
 */
import { describe, expect, test } from 'vitest';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { nodeAt, pathTo, ROOT, type TraceTree } from '../../shared/trace/trace-tree.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { parseSpec, seriesLabel, specHeight, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { materializeTruncation } from '../../shared/game/materialize.ts';
import { INF } from '../../shared/game/game.ts';
import type { Graph } from '../../shared/game/graph.ts';
import { CUT, ALL, PV } from '../../shared/proof/proof-sink.ts';
import { TRACE_SERIES } from './trace-series.ts';

function spec(model: unknown, iterative: boolean, depth = 4, extra: Record<string, unknown> = {}): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name: 'trace',
    model,
    trees: 3,
    seed: 5,
    depth,
    iterative,
    series: TRACE_SERIES,
    ...extra,
  });
}

const prefix = { kind: 'prefix-value', bmin: 2, bmax: 5, damage: 6, noise: { kind: 'uniform', e: 4 } };

async function lines(s: ExperimentSpec, tree: number): Promise<ResultLine[]> {
  const out: ResultLine[] = [];
  await runTree(s, tree, (l) => out.push(l));
  return out;
}

/** Every structural and fail-soft invariant of a trace, with the run's line for that depth. */
function checkTrace(t: TraceTree, line: ResultLine, s: ExperimentSpec): void {
  expect(t.mptSize).toBe(line.mpgSeen);
  let proof = 0,
    edge = 0;
  for (let v = 0; v < t.count; v++) {
    if (t.role[v] >= 0) proof++;
    if (t.more[v] === 1) edge++;
  }
  expect(t.proofSpent[ROOT]).toBe(t.mptSize);
  // everything held (no edge) ⇒ every proof node is held
  if (edge === 0) expect(proof).toBe(t.mptSize);
  else expect(proof).toBeLessThanOrEqual(t.mptSize);
  // the proof's claims: the root's value, and a PV node's PV child carries the negated value
  expect(t.role[ROOT]).toBe(PV);
  expect(t.bound[ROOT]).toBe(line.value);
  t.series.forEach((sr, k) => {
    const r = line.results.find((x) => x.series === seriesLabel(s.series[k]))!;
    expect(sr.spent[ROOT]).toBe(r.visited);
    expect(sr.passSpent[ROOT]).toBe(r.passVisited);
    expect(sr.value).toBe(line.value);
    const orders: number[] = [];
    for (let v = 0; v < t.count; v++) {
      const p = t.parent[v];
      if (v !== ROOT && sr.visits[v] > 0) expect(sr.visits[p]).toBeGreaterThan(0);
      if (sr.passVisits[v] === 0) {
        expect(sr.order[v]).toBe(0);
        continue;
      }
      orders.push(sr.order[v]);
      if (v !== ROOT) expect(sr.order[v]).toBeGreaterThan(sr.order[p]);
      const a = sr.alpha[v],
        b = sr.beta[v],
        res = sr.result[v];
      expect(a).toBeLessThan(b);
      if (sr.cut[v] >= 0 && t.first[v] >= 0) {
        // fail-soft: the call ended on a child whose (negated) result reached β, and that is the result
        expect(res).toBeGreaterThanOrEqual(b);
        const c = t.first[v] + sr.cut[v];
        expect(sr.passVisits[c]).toBeGreaterThan(0);
        expect(0 - sr.result[c]).toBe(res);
      }
    }
    // first calls are distinct call numbers, at most the pass's calls
    expect(new Set(orders).size).toBe(orders.length);
    expect(Math.max(...orders)).toBeLessThanOrEqual(r.passVisited);
    if (s.series[k].algorithm === 'alphabeta') {
      // one call per node and pass without a table; the root's window is the full one
      for (let v = 0; v < t.count; v++) expect(sr.passVisits[v]).toBeLessThanOrEqual(1);
      expect([sr.alpha[ROOT], sr.beta[ROOT], sr.result[ROOT]]).toEqual([-INF, INF, line.value]);
    }
  });
  // the proof's roles follow Figure 2: PV → one PV child + CUT children; CUT → one ALL child; ALL → CUT children
  for (let v = 0; v < t.count; v++) {
    const role = t.role[v];
    if (role < 0 || t.first[v] < 0) continue;
    const kids = Array.from({ length: t.degree[v] }, (_, i) => t.first[v] + i).filter((c) => t.role[c] >= 0);
    if (kids.length === 0) continue; // a leaf of the proof (horizon or terminal)
    if (role === PV) {
      expect(kids.filter((c) => t.role[c] === PV)).toHaveLength(1);
      for (const c of kids) if (t.role[c] === PV) expect(t.bound[c]).toBe(0 - t.bound[v]);
    } else if (role === CUT) {
      expect(kids).toHaveLength(1);
      expect(t.role[kids[0]]).toBe(ALL);
    } else {
      expect(role).toBe(ALL);
      expect(kids).toHaveLength(t.degree[v]);
      for (const c of kids) expect(t.role[c]).toBe(CUT);
    }
  }
}

describe('tree viewer trace', () => {
  test.each([
    ['prefix value, iterative deepening', spec(prefix, true)],
    ['prefix value, one search', spec(prefix, false)],
    ['prefix value, exact horizon', spec({ ...prefix, horizon: 'exact' }, true)],
    ['prefix value, taller trees', spec(prefix, true, 4, { height: 6 })],
    ['incremental model', spec({ ...prefix, kind: 'incremental' }, true)],
  ])('%s: counts, proof and fail-soft invariants agree with the run', async (_, s) => {
    for (let tree = 0; tree < s.trees; tree++) {
      const ls = await lines(s, tree);
      for (const line of ls) checkTrace(buildTrace(s, tree, line.depth), line, s);
    }
  });

  test('Othello endgame positions, searched to the end plainly and by iterative deepening: the same numbers as the run', async () => {
    // each series chooses its own deepening, so the spec's `iterative` (true) decides nothing here
    const s = spec({ kind: 'othello', minEmpties: 6 }, true, 7, {
      trees: 2,
      seed: 0,
      series: [
        { algorithm: 'alphabeta', ordering: 'estimate', deepening: 'iterative' },
        { algorithm: 'alphabeta', ordering: 'fastest-first', deepening: 'plain' },
        { algorithm: 'negascout', ordering: 'estimate', deepening: 'plain' },
        { algorithm: 'mtdf', ordering: 'fcf-weighted:1,0.5,0.5', deepening: 'iterative' },
      ],
    });
    for (let tree = 0; tree < s.trees; tree++) {
      const ls = await lines(s, tree);
      expect(ls.map((l) => l.depth)).toEqual([6, 7]);
      for (const line of ls) checkTrace(buildTrace(s, tree, line.depth), line, s);
    }
    expect(() => buildTrace(s, 0, 5)).toThrow(
      'depth = 5 is not allowed: it must be an integer in [6..7] (the empties the run measured)',
    );
  });

  test('a depth-6 Figure 4 tree: the same numbers as the run', async () => {
    const s = presetSpec('furtak-buro-fig4', { trees: 1, depth: 6 });
    const ls = await lines(s, 0);
    checkTrace(buildTrace(s, 0, 6), ls[5], s);
  });

  test("plain alpha-beta, natural order: the visited nodes are a textbook alpha-beta's on the materialised tree", () => {
    const s = spec(prefix, false, 5, { trees: 6, seed: 17, series: [{ algorithm: 'alphabeta', ordering: 'natural' }] });
    for (let tree = 0; tree < s.trees; tree++) {
      const t = buildTrace(s, tree, 5);
      const g = materializeTruncation(makeGame(s.model, specHeight(s), s.seed, tree), 5, {
        model: 'x',
        params: {},
        seed: null,
        generator: 'test',
      });
      const seen: number[][] = [];
      const ab = (v: number, path: number[], alpha: number, beta: number): number => {
        seen.push(path);
        const a = g.childOffsets[v],
          b = g.childOffsets[v + 1];
        if (a === b) return g.value[v];
        let best = -Infinity;
        for (let k = a; k < b; k++) {
          const x = -ab(g.children[k], [...path, k - a], -beta, -Math.max(alpha, best));
          if (x > best) best = x;
          if (best >= beta) break;
        }
        return best;
      };
      expect(ab(g.root, [], -INF, INF) + 0).toBe(t.series[0].value);
      const fromTrace: string[] = [];
      for (let v = 0; v < t.count; v++) if (t.series[0].visits[v] > 0) fromTrace.push(pathTo(t, v).join('.'));
      expect(fromTrace.sort()).toEqual(seen.map((p) => p.join('.')).sort());
      for (const p of seen) expect(nodeAt(t, p)).toBeGreaterThanOrEqual(0);
      // the textbook visit order is the recorded one
      seen.forEach((p, i) => expect(t.series[0].order[nodeAt(t, p)]).toBe(i + 1));
      void (g as Graph);
    }
  });

  test("a small budget holds fewer plies, a focus holds its subtree deeper: every held number is the full trace's", () => {
    const s = spec(prefix, true, 6, { trees: 2 });
    const full = buildTrace(s, 1, 6);
    expect(full.region.maxPly).toBe(6);
    const small = buildTrace(s, 1, 6, { budget: 60 });
    expect(small.region.maxPly).toBeLessThan(6);
    expect(small.count).toBeLessThan(full.count);
    // a node at the edge that some series went below is marked, and its counts include what lies below
    const edge = Array.from({ length: small.count }, (_, v) => v).filter((v) => small.more[v] === 1);
    expect(edge.length).toBeGreaterThan(0);
    const deepest = edge.reduce((a, b) => (small.ply[b] > small.ply[a] ? b : a));
    const focus = pathTo(small, deepest);
    const focused = buildTrace(s, 1, 6, { focus, budget: 60 });
    expect(focused.region.focus).toEqual(focus);
    expect(focused.region.focusMaxPly).toBeGreaterThan(small.ply[deepest]);
    const f = nodeAt(focused, focus);
    expect(focused.first[f]).toBeGreaterThanOrEqual(0);
    for (const t of [small, focused]) {
      for (let v = 0; v < t.count; v++) {
        const u = nodeAt(full, pathTo(t, v));
        expect(u).toBeGreaterThanOrEqual(0);
        expect([t.role[v], t.bound[v], t.proofSpent[v]]).toEqual([full.role[u], full.bound[u], full.proofSpent[u]]);
        t.series.forEach((sr, k) => {
          const fr = full.series[k];
          expect([sr.visits[v], sr.spent[v], sr.passVisits[v], sr.passSpent[v], sr.order[v]]).toEqual([
            fr.visits[u],
            fr.spent[u],
            fr.passVisits[u],
            fr.passSpent[u],
            fr.order[u],
          ]);
          if (sr.passVisits[v] > 0)
            expect([sr.alpha[v], sr.beta[v], sr.result[v], sr.cut[v]]).toEqual([
              fr.alpha[u],
              fr.beta[u],
              fr.result[u],
              fr.cut[u],
            ]);
        });
        // the edge: held without children, though something went below
        if (t.first[v] < 0 && full.first[u] >= 0) {
          const below =
            full.series.some((fr) => fr.spent[u] > fr.visits[u]) || full.proofSpent[u] > (full.role[u] >= 0 ? 1 : 0);
          expect(t.more[v]).toBe(below ? 1 : 0);
        }
      }
    }
  });

  test("limits are refused in the viewer's words", () => {
    const s = spec(prefix, true);
    expect(() => buildTrace(s, 3, 2)).toThrow('tree = 3 is not allowed: it must be an integer in [0..2]');
    expect(() => buildTrace(s, 0, 5)).toThrow('depth = 5 is not allowed: it must be an integer in [1..4]');
    expect(() => buildTrace(s, 0, 2, { focus: [0, 1, 2] })).toThrow(/focus = 0.1.2 is not allowed/);
  });
});
