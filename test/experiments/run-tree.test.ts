import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { runTree, mpgSizes } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { parseSpec, SpecError, specJsonSchema } from '../../shared/experiments/spec.ts';
import { makeGame, modelDescriptor } from '../../shared/models/registry.ts';
import { presetSpec, PRESETS } from '../../shared/experiments/presets.ts';
import { summarize, summarizeRun, meanCI, tQuantile975 } from '../../shared/experiments/statistics.ts';
import { minimumProofTree, mptSizeOfGame } from '../../shared/proof/minimax-proof-tree.ts';
import { materializeTruncation } from '../../shared/game/materialize.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { resultLine } from '../helpers/result-line.ts';
import { refusal } from '../helpers/refusal.ts';

const base = { format: 'gtlab-experiment', version: 1, name: 't', trees: 2, seed: 5, depth: 5 };

/** A noisy prefix value model whose horizon is scored by the estimate. */
const NOISY_PREFIX_VALUE = {
  kind: 'prefix-value' as const,
  bmin: 2,
  bmax: 4,
  damage: 6,
  noise: { kind: 'uniform' as const, e: 4 },
  horizon: 'estimate' as const,
};
describe('experiment spec', () => {
  test('every preset is a valid spec; the JSON Schema is exported', () => {
    // Presets of real positions measure depths from their fewest empties on: their depth stays.
    const positions = (name: string) =>
      modelDescriptor(parseSpec(PRESETS.find((p) => p.name === name)!.spec()).model.kind).positions !== undefined;
    for (const p of PRESETS)
      expect(() => presetSpec(p.name, { trees: 2, depth: positions(p.name) ? undefined : 3 })).not.toThrow();
    const schema = specJsonSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['model', 'trees', 'seed', 'depth', 'series']),
    );
  });

  test('errors name the field path', () => {
    const bad = (x: object) => refusal(() => parseSpec(x), SpecError);
    const model = { kind: 'prefix-value', bmin: 4, bmax: 12, damage: 6 };
    const series = [{ algorithm: 'alphabeta', ordering: 'estimate' }];
    expect(bad({ ...base, model: { ...model, bmin: 13 }, series })).toMatch(
      /model\.bmax: Min branching must be ≤ Max branching/,
    );
    expect(bad({ ...base, model, series: [{ algorithm: 'sss*', ordering: 'estimate' }] })).toMatch(
      /series\.0\.algorithm/,
    );
    expect(bad({ ...base, model, series: [{ algorithm: 'alphabeta', ordering: 'fcf-linear' }] })).toMatch(
      /series\.0\.ordering: .*fcf-linear needs 1 number/,
    );
    expect(bad({ ...base, model, series, trees: 0 })).toMatch(/^trees: /);
    expect(bad({ ...base, model: { kind: 'uniform', degree: 3, leaves: { kind: 'distinct' } }, series })).toMatch(
      /iterative: uniform trees/,
    );
    expect(bad({ ...base, model, series: [...series, ...series] })).toMatch(/duplicate series/);
    expect(bad({ ...base, model, series })).toBe('accepted');
    expect(bad({ ...base, model, series, height: 4 })).toMatch(
      /^height: 4 is not allowed: it must be an integer in \[depth\.\.64\]/,
    );
    expect(bad({ ...base, model, series, height: 65 })).toMatch(/^height: /);
    expect(
      bad({
        ...base,
        model: { kind: 'uniform', degree: 3, leaves: { kind: 'distinct' } },
        series,
        iterative: false,
        height: 7,
      }),
    ).toMatch(/^height: uniform trees have no static evaluation/);
    expect(bad({ ...base, model, series, height: 9 })).toBe('accepted');
  });

  test('the interior view: lines carry the fewest interior nodes of a proof (Figure 2, leaf cost 0); expanded ÷ it ≥ 1', async () => {
    const model = NOISY_PREFIX_VALUE;
    const series = [
      { algorithm: 'negascout', ordering: 'estimate' },
      { algorithm: 'mtdf', ordering: 'fcf-ratio' },
    ];
    const meta = { model: 'truncated', params: {}, seed: null, generator: 'test' };
    for (const denominator of ['seen', 'true'] as const) {
      const spec = parseSpec({
        ...base,
        depth: 4,
        height: 6,
        model,
        series,
        measure: { mpg: true, denominator, interior: true },
      });
      const lines: ResultLine[] = [];
      for (let t = 0; t < spec.trees; t++) await runTree(spec, t, (l) => lines.push(l));
      for (const l of lines) {
        const m = denominator === 'seen' ? model : { ...model, horizon: 'exact' as const };
        const truncation = materializeTruncation(makeGame(m, 6, spec.seed, l.tree), l.depth, meta);
        expect(l.mpgInterior).toBe(minimumProofTree(truncation, { leafCost: 0 }).size);
        for (const r of l.results) expect(r.expanded).toBeGreaterThanOrEqual(l.mpgInterior!);
      }
      const s = summarizeRun(spec, lines, 'expanded');
      expect(s.interior).toBe(true);
      for (const x of s.series) for (const r of x.ratio) expect(r).toBeGreaterThanOrEqual(1);
      expect(summarizeRun(spec, lines, 'visited').interior).toBe(false);
    }
    // Without the option nothing is measured and the expanded view divides by the proof's size.
    const plain = parseSpec({ ...base, depth: 3, model, series });
    const lines: ResultLine[] = [];
    await runTree(plain, 0, (l) => lines.push(l));
    expect(lines.every((l) => !('mpgInterior' in l))).toBe(true);
    expect(summarizeRun(plain, lines, 'expanded').interior).toBe(false);
  });

  test('trees taller than the search: every pass scores a non-terminal horizon; both denominators equal Figure 2 on the truncation', async () => {
    const model = NOISY_PREFIX_VALUE;
    const spec = parseSpec({
      ...base,
      depth: 4,
      height: 9,
      model,
      series: [{ algorithm: 'negascout', ordering: 'estimate' }],
    });
    const lines: ResultLine[] = [];
    for (let t = 0; t < spec.trees; t++) await runTree(spec, t, (l) => lines.push(l));
    const meta = { model: 'truncated', params: {}, seed: null, generator: 'test' };
    let differs = 0;
    for (const l of lines) {
      const tall = makeGame(spec.model, 9, spec.seed, l.tree);
      const seen = minimumProofTree(materializeTruncation(tall, l.depth, meta));
      const truth = minimumProofTree(
        materializeTruncation(makeGame({ ...model, horizon: 'exact' }, 9, spec.seed, l.tree), l.depth, meta),
      );
      expect([l.value, l.mpgSeen, l.mpgTrue]).toEqual([seen.value, seen.size, truth.size]);
      if (l.mpgSeen !== l.mpgTrue) differs++;
    }
    // At depth 4 of a height-4 tree the horizon is terminal and the two agree; here they need not.
    expect(differs).toBeGreaterThan(0);
  });
});

describe('runTree', () => {
  test('counts equal iterative deepening run directly; MPG equals the Figure-2 oracle; values agree', async () => {
    const spec = parseSpec({
      ...base,
      model: { kind: 'prefix-value', bmin: 2, bmax: 5, damage: 4, noise: { kind: 'uniform', e: 2 } },
      series: [
        { algorithm: 'negascout', ordering: 'fcf-ratio' },
        { algorithm: 'mtdf', ordering: 'estimate' },
      ],
    });
    const lines: ResultLine[] = [];
    await runTree(spec, 1, (l) => lines.push(l));
    expect(lines.map((l) => l.depth)).toEqual([1, 2, 3, 4, 5]);
    const game = makeGame(spec.model, 5, 5, 1);
    const ns = iterativeDeepening(game, 'negascout', 5, { ordering: parseOrdering('fcf-ratio') });
    lines.forEach((l, k) => {
      expect(l.value).toBe(0);
      expect(l.results[0]).toMatchObject({
        series: 'negascout / fcf-ratio',
        visited: ns[k].cumulative.visited,
        expanded: ns[k].cumulative.expanded,
        passVisited: ns[k].pass.visited,
      });
      expect(l.mpg).toBe(mptSizeOfGame(game, l.depth));
      expect(l.results.every((r) => r.visited >= l.mpg!)).toBe(true);
    });
  });

  test('models without values on the fly get their MPG from the materialised tree', () => {
    const model = { kind: 'incremental' as const, bmin: 2, bmax: 3, damage: 3 };
    const g = makeGame(model, 4, 1, 0);
    const sizes = mpgSizes(g, model, [1, 2, 3, 4], 100_000);
    expect(sizes[0]).toBeGreaterThanOrEqual(3);
    for (let k = 1; k < 4; k++) expect(sizes[k]).toBeGreaterThan(sizes[k - 1]);
  });
});

describe('statistics', () => {
  test('mean and 95% interval against hand values', () => {
    const m = meanCI([1, 2, 3, 4]);
    expect(m.mean).toBe(2.5);
    const h = tQuantile975(3) * Math.sqrt(((1.5 ** 2 + 0.5 ** 2) * 2) / 3 / 4);
    expect(m.lo).toBeCloseTo(2.5 - h, 12);
    expect(m.hi).toBeCloseTo(2.5 + h, 12);
    expect(tQuantile975(1000)).toBe(1.96);
  });

  test('summarize: ratios per tree averaged, in any line order', () => {
    const line = (tree: number, depth: number, mpg: number, e: number): ResultLine =>
      resultLine(tree, depth, mpg, [
        { series: 's', visited: e + 1, expanded: e, leaves: 1, passVisited: 1, passExpanded: 1 },
      ]);
    const s = summarize([line(1, 1, 10, 20), line(0, 1, 4, 4)], ['s'], [1], 'expanded');
    expect(s.trees).toBe(2);
    expect(s.mpg).toEqual([7]);
    expect(s.series[0].ratio).toEqual([1.5]);
    expect(s.series[0].mean).toEqual([12]);
    // The default counter is visited, counted alike with the minimum proof size.
    expect(summarize([line(1, 1, 10, 20), line(0, 1, 4, 4)], ['s'], [1]).series[0].ratio[0]).toBeCloseTo(
      (21 / 10 + 5 / 4) / 2,
      12,
    );
  });

  test('summaries are the same to the last digit in any line order (workers deliver trees in any order)', () => {
    const line = (tree: number, depth: number, mpg: number, v: number): ResultLine =>
      resultLine(tree, depth, mpg, [
        { series: 's', visited: v, expanded: v - 1, leaves: 1, passVisited: 1, passExpanded: 1 },
      ]);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 997 }), fc.integer({ min: 1, max: 99_991 })), {
          minLength: 2,
          maxLength: 40,
        }),
        fc.integer(),
        (cells, seed) => {
          const lines = cells.map(([mpg, v], tree) => line(tree, 1, mpg, mpg + v));
          const shuffled = fc.sample(fc.shuffledSubarray(lines, { minLength: lines.length }), { seed, numRuns: 1 })[0];
          expect(summarize(shuffled, ['s'], [1])).toEqual(summarize(lines, ['s'], [1]));
        },
      ),
      { numRuns: 100 },
    );
  });
});
