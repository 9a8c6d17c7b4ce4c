/**
 * bench/ab.ts: A and B take turns tree by tree, their times are summed per series, and a
 * difference in what they count stops the comparison at the tree and series where it appears.
 */
import { describe, expect, test } from 'vitest';
import { resolve } from 'node:path';
import { compare, loadSearchWorkload, loadWorkload, report, type TreeCost, type Workload } from '../../bench/ab.ts';

/** A workload that logs its calls and costs `ms` per series, counting `nodes(tree, series)`. */
function fake(name: string, log: string[], ms: number, nodes = (t: number, s: number) => 100 * t + s): Workload {
  return {
    labels: ['s0', 's1'],
    run(tree: number): TreeCost {
      log.push(`${name}${tree}`);
      return { seriesMs: [ms, 2 * ms], mpgMs: ms, nodes: [nodes(tree, 0), nodes(tree, 1)], mpg: `[${tree}]` };
    },
  };
}

describe('A/B comparison of two checkouts', () => {
  test('warms up on the first tree, then takes turns (A first on even trees) and sums per series', () => {
    const log: string[] = [];
    const c = compare(fake('A', log, 10), fake('B', log, 5), 4, 3);
    expect(log).toEqual(['A4', 'B4', 'A4', 'B4', 'B5', 'A5', 'A6', 'B6']);
    expect(c.a).toEqual({ seriesMs: [30, 60], mpgMs: 30 });
    expect(c.b).toEqual({ seriesMs: [15, 30], mpgMs: 15 });
    expect(c.medianRatio).toBe(0.5);
    expect(report(c).at(-4)).toMatch(/^all series +\| +30\.00 \| +15\.00 \| 0\.500$/);
  });

  test('a different node count stops it, naming the tree and the series', () => {
    const b = fake('B', [], 5, (t, s) => (t === 2 && s === 1 ? -1 : 100 * t + s));
    expect(() => compare(fake('A', [], 10), b, 0, 4)).toThrow(/tree 2, series s1: A visits 201 nodes, B -1/);
  });

  test('different MPG denominators stop it', () => {
    const b = fake('B', [], 5);
    const run = b.run;
    b.run = (t) => ({ ...run(t), mpg: t === 1 ? '[0]' : `[${t}]` });
    expect(() => compare(fake('A', [], 10), b, 0, 3)).toThrow(/tree 1: the MPG denominators differ/);
  });

  test("a checkout's own workload: every series of the preset, the same numbers on both sides", async () => {
    const w = await loadWorkload(resolve(import.meta.dirname, '../..'), 'furtak-buro-fig4', 3);
    expect(w.labels).toHaveLength(6);
    const r = w.run(0);
    expect(r.nodes.every((n) => n > 1)).toBe(true);
    expect(JSON.parse(r.mpg).seen).toHaveLength(3);
    const c = compare(w, w, 0, 2);
    expect(c.a.seriesMs.every((ms) => ms >= 0)).toBe(true);
    expect(Number.isFinite(c.medianRatio)).toBe(true);
  });

  test("npm run bench's workload on both engines: the same searches, no MPG rows in the report", async () => {
    const root = resolve(import.meta.dirname, '../..');
    const generic = await loadSearchWorkload(root, 'generic');
    const kernel = await loadSearchWorkload(root, 'kernel');
    expect(generic.labels).toEqual(['alpha-beta (generic)', 'NegaScout (generic)']);
    expect(kernel.labels).toEqual(['alpha-beta', 'NegaScout']);
    const r = generic.run(3);
    expect(r.nodes.every((n) => n > 1000)).toBe(true);
    expect(r.mpg).toBe('');
    // The kernel and the generic engine count node for node alike, so they compare as two checkouts would.
    const lines = report(compare(generic, kernel, 0, 2));
    expect(lines.some((l) => l.startsWith('MPG denominators'))).toBe(false);
    expect(lines.at(-2)).toMatch(/^all series /);
  });
});
