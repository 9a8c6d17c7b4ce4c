/**
 * The tree viewer's table of what each ordering knew of a node's children, read against an independent
 * log of the same searches (../helpers/search-log.ts): at every node of small traces, a child's V_i
 * is its negated last result where a search of it had ended before, "random" or an estimate where
 * not; S_i is the child's out-degree where a search had expanded it, else the stand-in (the mean
 * out-degree, or "unknown" and put last); the order is the order the call descended in; series that
 * did not order there show dashes. The JSON export carries the same.
 */
import { describe, expect, test } from 'vitest';
import { makeGame } from '../../shared/models/registry.ts';
import { searchSeries } from '../../shared/experiments/search-series.ts';
import { parseSpec, specHeight, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { buildTrace } from '../../shared/trace/build-trace.ts';
import { traceJson } from '../../shared/trace/trace-export.ts';
import { pathTo, ROOT } from '../../shared/trace/trace-tree.ts';
import { keyWords, orderingTable } from '../../renderer/src/logic/ordering-knowledge.ts';
import { num } from '../../renderer/src/logic/trace-view.ts';
import { expectedWords, SearchLog, type Ordering } from '../helpers/search-log.ts';
import { SIZE_UNKNOWN_LAST } from '../../shared/search/search-context.ts';

const SERIES = [
  { algorithm: 'alphabeta', ordering: 'estimate' },
  { algorithm: 'negascout', ordering: 'fcf-weighted:1,0.5,0.5' },
  { algorithm: 'mtdf', ordering: 'fcf-weighted:1,0.5,0.5' },
  { algorithm: 'alphabeta', ordering: 'natural' },
];

function spec(unexpanded: 'estimate' | 'random', sizeStandIn: 'mean' | 'last'): ExperimentSpec {
  return parseSpec({
    format: 'gtlab-experiment',
    version: 1,
    name: 'knew',
    trees: 2,
    seed: 7,
    depth: 5,
    iterative: true,
    unexpanded,
    series: SERIES,
    sizeInfo: 'expanded',
    sizeStandIn,
    model: { kind: 'prefix-value', bmin: 2, bmax: 4, damage: 6, noise: { kind: 'uniform', e: 4 } },
  });
}

/** Per series, the last ordering of the final pass at each path, from the log. */
function lastOrderings(s: ExperimentSpec, tree: number): Map<string, Ordering>[] {
  return s.series.map((sr) => {
    const log = new SearchLog(makeGame(s.model, specHeight(s), s.seed, tree));
    searchSeries(s, sr, log, s.depth, { observer: log, onPass: () => log.pass++ });
    const last = new Map<string, Ordering>();
    for (const r of log.orderings) if (r.pass === s.depth - 1) last.set(r.path, r);
    return last;
  });
}

function degreeAt(s: ExperimentSpec, tree: number, path: number[]): number {
  const g = makeGame(s.model, specHeight(s), s.seed, tree);
  g.reset();
  for (const m of path) {
    g.expand();
    g.descend(m);
  }
  return g.expand();
}

describe("what each ordering knew, in the viewer's words", () => {
  test.each([
    ['estimate' as const, 'mean' as const],
    ['random' as const, 'last' as const],
  ])(
    'never-searched children valued by %s, unknown sizes %s: every node of two traces matches the log',
    (unexpanded, standIn) => {
      const s = spec(unexpanded, standIn);
      for (let tree = 0; tree < s.trees; tree++) {
        const t = buildTrace(s, tree, s.depth);
        const logs = lastOrderings(s, tree);
        let tables = 0,
          stored = 0,
          unknown = 0,
          randomKeys = 0;
        for (let v = 0; v < t.count; v++) {
          const table = orderingTable(t, v);
          const path = pathTo(t, v);
          const ordered = logs.map((m) => m.get(path.join('.')));
          if (t.first[v] < 0 || ordered.every((r) => r === undefined)) {
            expect(table).toBeNull();
            continue;
          }
          tables++;
          expect(table!.series.map((x) => x.ordered)).toEqual(ordered.map((r) => r !== undefined));
          expect(table!.rows.map((r) => r.move)).toEqual(Array.from({ length: t.degree[v] }, (_, i) => i + 1));
          table!.rows.forEach((row, i) =>
            row.cells.forEach((cell, k) => {
              const r = ordered[k];
              if (!r) {
                expect(cell).toEqual({ value: '–', size: '–', key: '–', order: '–' });
                return;
              }
              const fcf = SERIES[k].ordering.startsWith('fcf');
              const words = expectedWords(
                r,
                i,
                {
                  readsValue: SERIES[k].ordering !== 'natural',
                  readsSize: fcf,
                  annotated: true,
                  unexpanded,
                  sizeInfo: 'expanded',
                  standIn: standIn === 'last' ? 'last' : 3,
                  degree: (j) => degreeAt(s, tree, [...path, j]),
                },
                num,
              );
              expect({ value: cell.value, size: cell.size, order: cell.order }).toEqual(words);
              if (cell.size === 'unknown') expect(cell.key).toBe('last');
              if (cell.order.endsWith('stored move')) stored++;
              if (cell.size.startsWith('stand-in') || cell.size === 'unknown') unknown++;
              if (cell.value === 'random' && cell.size !== 'unknown') {
                // its place among the children valued at random, by the logged keys
                const isRandom = (j: number) => table!.rows[j].cells[k].value === 'random';
                const higher = r.key.filter((x, j) => j < t.degree[v] && isRandom(j) && x > r.key[i]).length;
                expect(cell.key).toBe(`random (rank ${higher + 1})`);
                randomKeys++;
              } else expect(cell.key).toBe(keyWords(r.key[i] + 0));
            }),
          );
        }
        expect(tables).toBeGreaterThan(10);
        expect(stored).toBeGreaterThan(0); // MTD(f)'s table hands it moves to search first
        expect(unknown).toBeGreaterThan(0);
        if (unexpanded === 'random') expect(randomKeys).toBeGreaterThan(0);
        // The JSON export of the root's children says the same as the table.
        const json = JSON.parse(
          traceJson(t, [ROOT, ...Array.from({ length: t.degree[ROOT] }, (_, i) => t.first[ROOT] + i)], {
            spec: s.name,
            seed: s.seed,
            tree,
            depth: s.depth,
            generator: 'test',
          }),
        );
        const root = orderingTable(t, ROOT)!;
        json.nodes.slice(1).forEach(
          (
            n: {
              series: { ordering?: { value: { from: string; v: number | null } | null; searched: number | null } }[];
            },
            i: number,
          ) => {
            n.series.forEach((x, k) => {
              expect(x.ordering !== undefined).toBe(root.series[k].ordered);
              if (!x.ordering) return;
              expect(x.ordering.searched === null ? '–' : String(x.ordering.searched)).toBe(
                root.rows[i].cells[k].order.split(',')[0],
              );
              const words =
                x.ordering.value === null
                  ? '–'
                  : x.ordering.value.from === 'random'
                    ? 'random'
                    : x.ordering.value.from === 'estimate'
                      ? `est. ${num(x.ordering.value.v!)}`
                      : num(x.ordering.value.v!);
              expect(words).toBe(root.rows[i].cells[k].value);
            });
          },
        );
      }
    },
  );

  test('keys in words: small ones as values are, random ones with their random fraction, the largest in exponent form, "last" for the last stand-in', () => {
    expect(keyWords(SIZE_UNKNOWN_LAST)).toBe('last');
    expect(keyWords(2.5)).toBe('2.5');
    expect(keyWords(-3)).toBe('-3');
    expect(keyWords(1e12 - 3)).toBe('999999999997');
    expect(keyWords(-1e8 + 0.3712345)).toBe('-99999999.6288');
    expect(keyWords(1e15)).toBe('1.000e+15');
    expect(keyWords(-1e300)).toBe('-1.000e+300');
  });
});
