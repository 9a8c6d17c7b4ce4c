/**
 * The Furtak & Buro Figure 4 presets at small scale: the invariants of every run (true value, nodes ≥
 * MPG, 1 vs 2 worker processes), the tuner (never worse than value only on its training trees), the
 * reduction statistics against hand-computed examples, the learned-P ordering syntax, the report, and
 * `gtlab run furtak-buro-fig4` / `gtlab tune` as real processes.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { specHeight } from '../../shared/experiments/spec.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { makeGame } from '../../shared/models/registry.ts';
import { ExperimentRun } from '../../shared/experiments/run-experiment.ts';
import { JobPool } from '../../shared/jobs/job-pool.ts';
import { spawnChildProcessWorker } from '../../node/child-process-worker.ts';
import { FIG4_PRESETS } from '../../shared/furtak-buro/fig4-presets.ts';
import { comparesFastestCutFirst } from '../../shared/furtak-buro/fig4-summary.ts';
import { fig4Summary, reductionEstimate } from '../../shared/furtak-buro/fig4-summary.ts';
import { fig4Report, tuningNotes, verdict } from '../../shared/furtak-buro/report.ts';
import { weightedOrdering } from '../../shared/furtak-buro/tune-weights.ts';
import { learnTable } from '../../shared/furtak-buro/learn-table.ts';
import {
  EVALUATION_SEED,
  FIG4_UNEXPANDED,
  TRAINING_SEED,
  variantModel,
  variantSizeInfo,
  variantUnexpanded,
} from '../../shared/furtak-buro/variants.ts';
import { TUNING } from '../../shared/furtak-buro/tuned-weights.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { fcfWeighted, learnedCutProbability } from '../../shared/search/ordering/fastest-cut-first.ts';
import { fullOrder } from '../../shared/search/ordering/move-ordering.ts';
import { tune } from '../../cli/commands/tune.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';
import { materializeTruncation } from '../../shared/game/materialize.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { resultLine } from '../helpers/result-line.ts';

async function direct(name: string, trees: number, depth: number): Promise<ResultLine[]> {
  const spec = presetSpec(name, { trees, depth });
  const lines: ResultLine[] = [];
  for (let t = 0; t < trees; t++) await runTree(spec, t, (l) => lines.push(l));
  return lines;
}

describe('Figure 4 presets: invariants at small scale', () => {
  test.each(FIG4_PRESETS.map((p) => p.name))(
    '%s: every series finds the value of the tree it searched; both denominators equal Figure 2 on it; visited ≥ MPG',
    async (name) => {
      const depth = 4;
      const spec = presetSpec(name, { trees: 3, depth });
      expect(spec.seed).toBe(EVALUATION_SEED);
      expect(comparesFastestCutFirst(spec)).toBe(true);
      expect(spec.measure).toEqual({ mpg: true, denominator: 'seen', counter: 'visited', interior: false });
      const lines = await direct(name, 3, depth);
      expect(lines).toHaveLength(3 * depth);
      const exactModel = { ...spec.model, horizon: 'exact' as const };
      const meta = { model: 'truncated', params: {}, seed: null, generator: 'test' };
      for (const l of lines) {
        // The independent oracle: Figure 2 as printed on the materialised depth-d truncation, horizon as searched.
        const seen = minimumProofTree(
          materializeTruncation(makeGame(spec.model, specHeight(spec), spec.seed, l.tree), l.depth, meta),
        );
        const truth = minimumProofTree(
          materializeTruncation(makeGame(exactModel, specHeight(spec), spec.seed, l.tree), l.depth, meta),
        );
        expect(l.value).toBe(seen.value);
        expect(l.mpgSeen).toBe(seen.size);
        expect(l.mpgTrue).toBe(truth.size);
        expect(l.mpg).toBe(l.mpgSeen);
        // With an exact horizon the truncation's value is the root's prefix value, 0.
        expect(truth.value).toBe(0);
        expect(l.results).toHaveLength(spec.series.length);
        for (const r of l.results) {
          expect(r.visited).toBeGreaterThanOrEqual(l.mpgSeen!);
          expect(r.passVisited).toBeGreaterThanOrEqual(l.mpgSeen!);
        }
      }
    },
  );

  test('the presets run the tuned orderings, tuned on a seed other than the evaluation seed', () => {
    expect(TUNING.seed).toBe(TRAINING_SEED);
    expect(TUNING.seed).not.toBe(EVALUATION_SEED);
    const spec = presetSpec('furtak-buro-fig4');
    expect(spec).toMatchObject({
      trees: 500,
      depth: 10,
      seed: 2009,
      model: { bmin: 4, bmax: 12, damage: 6, noise: { kind: 'uniform', e: 4 }, horizon: 'estimate' },
    });
    expect(presetSpec('furtak-buro-fig4-exact-horizon').model).toMatchObject({ horizon: 'exact' });
    for (const a of ['alphabeta', 'negascout', 'mtdf'] as const) {
      expect(spec.series.find((s) => s.label === `${a} / value+FCF`)?.ordering).toBe(TUNING.variants.fig4[a].ordering);
      expect(spec.series.find((s) => s.label === `${a} / value`)?.ordering).toBe('estimate');
    }
    expect(spec.description).toContain(`seed ${TUNING.seed}`);
    expect(spec.description).toContain(TUNING.command);
    // The paper orders never-expanded children randomly; each variant's weights were tuned the way its preset runs.
    expect(spec.unexpanded).toBe('random');
    for (const p of FIG4_PRESETS) {
      expect(presetSpec(p.name).unexpanded).toBe(variantUnexpanded(p.variant));
      expect(TUNING.unexpanded[p.variant]).toBe(variantUnexpanded(p.variant));
    }
    expect(FIG4_UNEXPANDED).toBe('random');
    // S_i only of children an earlier pass expanded (Sec. 8), in every preset but the named variant that knows every child's.
    for (const p of FIG4_PRESETS) {
      expect(presetSpec(p.name)).toMatchObject({
        sizeInfo: p.name === 'furtak-buro-fig4-all-sizes' ? 'all' : 'expanded',
        sizeStandIn: 'mean',
        ttMove: p.name === 'furtak-buro-fig4-paper' ? 'ordered' : 'first',
      });
      // The stored move's place and the trees' reach beyond the search: as the weights were tuned.
      expect(TUNING.ttMove[p.variant]).toBe(presetSpec(p.name).ttMove);
      expect(TUNING.beyond[p.variant]).toBe(specHeight(presetSpec(p.name)) - presetSpec(p.name).depth);
    }
    expect(specHeight(presetSpec('furtak-buro-fig4-paper'))).toBe(20);
    // Today's reading as a named variant: its weights were tuned knowing every child's S_i.
    expect(TUNING.sizeInfo['all-sizes']).toBe('all');
    for (const a of ['alphabeta', 'negascout', 'mtdf'] as const) {
      expect(
        presetSpec('furtak-buro-fig4-all-sizes').series.find((x) => x.label === `${a} / value+FCF`)?.ordering,
      ).toBe(TUNING.variants['all-sizes'][a].ordering);
    }
    expect(presetSpec('furtak-buro-fig4-perfect').model).toMatchObject({ noise: { kind: 'uniform', e: 0 } });
    // Every variant's weights were tuned knowing what its preset's orderings know, and keep their runner-up and margin.
    for (const p of FIG4_PRESETS) {
      expect(TUNING.sizeInfo[p.variant]).toBe(variantSizeInfo(p.variant));
      for (const e of Object.values(TUNING.variants[p.variant])) {
        expect(e.cost).toBeLessThanOrEqual(e.baseline);
        expect(e.runnerUp).toMatch(/^fcf-weighted:/);
        expect(e.margin[1]).toBeLessThanOrEqual(e.margin[0]);
        expect(e.margin[2]).toBeGreaterThanOrEqual(e.margin[0]);
      }
    }
  });
});

describe('1 and 2 worker processes', () => {
  const pools: JobPool[] = [];
  afterEach(() => {
    for (const p of pools.splice(0)) p.close();
  });
  test('with the estimate horizon error 0 and error 4 give different counts; with the exact horizon and random never-searched children they do not', async () => {
    const noisy = presetSpec('furtak-buro-fig4', { trees: 3, depth: 5 });
    const perfect = { ...noisy, model: variantModel('perfect') };
    const run = async (s: typeof noisy) => {
      const out: ResultLine[] = [];
      for (let t = 0; t < s.trees; t++) await runTree(s, t, (l) => out.push(l));
      return out.map((l) => l.results.map((r) => r.visited));
    };
    expect(await run(perfect)).not.toEqual(await run(noisy));
    const exactNoisy = presetSpec('furtak-buro-fig4-exact-horizon', { trees: 3, depth: 5 });
    const exactPerfect = {
      ...exactNoisy,
      model: { ...variantModel('exact'), noise: { kind: 'uniform' as const, e: 0 } },
    };
    expect(await run(exactPerfect)).toEqual(await run(exactNoisy));
    // …whereas with static estimates for never-searched children the error changes the counts there too.
    expect(await run({ ...exactPerfect, unexpanded: 'estimate' })).not.toEqual(
      await run({ ...exactNoisy, unexpanded: 'estimate' }),
    );
  });

  test('the Figure 4 preset gives identical lines with 1 and 2 workers, equal to an in-process run', async () => {
    const spec = presetSpec('furtak-buro-fig4', { trees: 4, depth: 5 });
    const want = await direct('furtak-buro-fig4', 4, 5);
    const sorted = (ls: ResultLine[]) => [...ls].sort((a, b) => a.tree - b.tree || a.depth - b.depth);
    for (const size of [1, 2]) {
      const pool = new JobPool(spawnChildProcessWorker, { size });
      pools.push(pool);
      const got: ResultLine[] = [];
      const outcome = await new ExperimentRun(pool, spec, { onLine: (l) => got.push(l) }).start();
      expect(outcome.status).toBe('completed');
      expect(sorted(got)).toEqual(want);
    }
  }, 60_000);
});

describe('weight tuning', () => {
  test('a learned P_i table round-trips through the ordering syntax', () => {
    const t = learnTable({
      model: variantModel('fig4'),
      algorithm: 'alphabeta',
      seed: TRAINING_SEED,
      trees: 4,
      depth: 5,
      minTrials: 5,
    });
    const m = /^learned:(-?\d+):([\d.,]+)$/.exec(t);
    expect(m).not.toBeNull();
    const probs = m![2].split(',').map(Number);
    for (let k = 1; k < probs.length; k++) expect(probs[k]).toBeGreaterThanOrEqual(probs[k - 1]); // monotone
    const parsed = parseOrdering(weightedOrdering({ value: 1, ratio: 2, size: 3 }, t));
    const direct = fcfWeighted({ value: 1, ratio: 2, size: 3 }, learnedCutProbability(Number(m![1]), probs));
    const info = {
      n: 5,
      value: Float64Array.from([3, -1, 0, 2, 7]),
      size: Float64Array.from([4, 9, 12, 5, 6]),
      nodeKey: 0,
    };
    for (const beta of [-2, 0, 1, 4])
      expect(fullOrder(parsed, info, beta - 1, beta)).toEqual(fullOrder(direct, info, beta - 1, beta));
  });
});

describe('ordering syntax', () => {
  test('existing orderings still parse; the P_i part is checked', () => {
    expect(parseOrdering('fcf-weighted:1,0.5,0.5').name).toBe('fcf-weighted(1,0.5,0.5;hard)');
    expect(parseOrdering('fcf-ratio').name).toBe('fcf-ratio(hard)');
    expect(parseOrdering('random:7').name).toBe('random(7)');
    expect(parseOrdering('fcf-ratio;learned:-2:0.1,0.5,0.9').name).toBe('fcf-ratio(learned(-2..0))');
    expect(() => parseOrdering('estimate;hard')).toThrow(/only fcf-ratio and fcf-weighted/);
    expect(() => parseOrdering('fcf-weighted:1,2,3;learned:0:0.5,1.2')).toThrow(/in \[0, 1\]/);
    expect(() => parseOrdering('fcf-weighted:1,2,3;soft')).toThrow(/must be hard or learned/);
  });
});

describe('reductions', () => {
  test('hand example, n = 2', () => {
    const e = reductionEstimate([1, 2], [2, 2]);
    expect(e.reduction).toBeCloseTo(0.25, 12);
    // d = x − 0.75·y = (−0.5, 0.5): s² = 0.5, se = √(0.5/2)/2 = 0.25, t(1) = 12.706.
    expect(e.ci95[0]).toBeCloseTo(0.25 - 12.706 * 0.25, 10);
    expect(e.ci95[1]).toBeCloseTo(0.25 + 12.706 * 0.25, 10);
    expect(e.pairedMean).toBeCloseTo(0.25, 12); // (0.5 + 0) / 2
    expect(e.pairedCi95[1]).toBeCloseTo(0.25 + 12.706 * 0.25, 10);
  });

  test('hand example, n = 3', () => {
    const e = reductionEstimate([1, 1, 4], [2, 4, 4]);
    // x̄ = 2, ȳ = 10/3, R = 0.6; d = (−0.2, −1.4, 1.6): Σd² = 4.56, se(R) = √(4.56/2/3)/(10/3) = 0.261533…
    expect(e.reduction).toBeCloseTo(0.4, 12);
    const h = (4.303 * Math.sqrt(4.56 / 2 / 3)) / (10 / 3);
    expect(e.ci95[0]).toBeCloseTo(0.4 - h, 10);
    expect(e.ci95[1]).toBeCloseTo(0.4 + h, 10);
    expect(e.pairedMean).toBeCloseTo((0.5 + 0.75 + 0) / 3, 12);
    expect(() => reductionEstimate([1], [1, 2])).toThrow(RangeError);
  });

  test('fig4Summary pairs series by tree at the deepest depth and labels the headline comparison', () => {
    const spec = presetSpec('furtak-buro-fig4-size', { trees: 2, depth: 2 });
    const mk = (tree: number, depth: number, mpg: number, counts: number[]): ResultLine =>
      resultLine(
        tree,
        depth,
        mpg,
        spec.series.map((s, k) => ({
          series: s.label!,
          visited: 2 * counts[k],
          expanded: counts[k],
          leaves: counts[k],
          passVisited: 0,
          passExpanded: 0,
        })),
      );
    // series order: per algorithm value, FCF S/P, FCF S
    const lines = [
      mk(0, 1, 5, [1, 1, 1, 1, 1, 1, 1, 1, 1]),
      mk(1, 1, 5, [1, 1, 1, 1, 1, 1, 1, 1, 1]),
      mk(0, 2, 10, [20, 10, 15, 20, 20, 20, 8, 4, 2]),
      mk(1, 2, 20, [40, 20, 30, 20, 20, 20, 8, 4, 2]),
    ];
    expect(fig4Summary(spec, lines).counter).toBe('visited'); // the spec's default counter
    const f = fig4Summary(spec, lines, 'expanded');
    expect(f.depths).toEqual([1, 2]);
    expect(f.mpg).toEqual([5, 15]);
    expect(f.series[0]).toMatchObject({
      series: 'alphabeta / value',
      algorithm: 'alphabeta',
      ordering: 'estimate',
      ratio: [0.2, 2],
    });
    expect(f.reduction.alphabeta).toBeCloseTo(0.5, 12);
    expect(f.reduction.negascout).toBeCloseTo(0, 12);
    expect(f.reduction.mtdf).toBeCloseTo(0.5, 12);
    const ab = f.comparisons.filter((c) => c.algorithm === 'alphabeta');
    expect(ab.map((c) => [c.series, c.against, c.headline])).toEqual([
      ['alphabeta / value+FCF S/P', 'alphabeta / value', true],
      ['alphabeta / value+FCF S', 'alphabeta / value', false],
      ['alphabeta / value+FCF S', 'alphabeta / value+FCF S/P', false],
    ]);
    expect(ab[1].reduction).toBeCloseTo(0.25, 12);
    expect(ab[2].reduction).toBeCloseTo(-0.5, 12);
    expect(ab[0].other).toMatchObject({ counter: 'visited' });
    expect(ab[0].other.reduction).toBeCloseTo(0.5, 12);
    const report = fig4Report(spec, f, {
      generator: 'g',
      workers: 1,
      wallSeconds: 1,
      status: 'completed',
      createdAt: 'now',
    });
    expect(report).toContain('35.0 %');
    expect(report).toContain('39.0 %');
    expect(report).toContain('Differences from the paper');
    // The tuning table names each grid-tuned point's runner-up and the chosen point's margin over it.
    const e = TUNING.variants.fig4.alphabeta;
    expect(report).toContain(
      `| \`${e.ordering}\` | ${e.cost.toFixed(0)} | ${e.baseline.toFixed(0)} | \`${e.runnerUp}\` | ${(e.margin[0] * 100).toFixed(1)} % [${(e.margin[1] * 100).toFixed(1)} %, ${(e.margin[2] * 100).toFixed(1)} %] |`,
    );
  });

  test('tuning notes flag weights at the grid edge and a zero S_i/P_i weight', () => {
    const spec = presetSpec('furtak-buro-fig4', { trees: 2, depth: 3 });
    const edited = {
      ...spec,
      series: [
        { algorithm: 'mtdf' as const, ordering: 'fcf-weighted:1,0,256', label: 'mtdf / value+FCF' },
        { algorithm: 'alphabeta' as const, ordering: 'fcf-weighted:1,2,3', label: 'alphabeta / value+FCF' },
      ],
    };
    const notes = tuningNotes(edited).join('\n');
    expect(notes).toMatch(/mtdf \/ value\+FCF: a tuned weight is at the edge of the grid \(256\)/);
    expect(notes).toMatch(/mtdf \/ value\+FCF: the tuning chose wR = 0/);
    expect(notes).not.toMatch(/alphabeta/);
    expect(notes).toMatch(/this run goes to depth 3/);
  });

  test("tuning notes name a stored move's place and a tree height other than the tuning's", () => {
    const paper = presetSpec('furtak-buro-fig4-paper', { trees: 2 });
    expect(tuningNotes(paper).join('\n')).not.toMatch(/stored move|levels taller/);
    const notes = tuningNotes({ ...paper, ttMove: 'first', height: 12 }).join('\n');
    expect(notes).toMatch(/tuned with the stored move "ordered"; this run uses "first"/);
    expect(notes).toMatch(/tuned on trees 10 levels taller than the search; this run's trees are 2 levels taller/);
    expect(tuningNotes(presetSpec('furtak-buro-fig4')).join('\n')).not.toMatch(/stored move|levels taller/);
  });

  test('verdicts say plainly whether the paper reproduces', () => {
    expect(verdict({ reduction: 0.36, ci95: [0.3, 0.4] }, 0.35)).toMatch(/inside the interval: reproduces/);
    expect(verdict({ reduction: 0.5, ci95: [0.45, 0.55] }, 0.35)).toMatch(/direction reproduces, the size does not/);
    expect(verdict({ reduction: 0.01, ci95: [-0.02, 0.04] }, 0.35)).toMatch(
      /no significant difference.*does not reproduce/,
    );
    expect(verdict({ reduction: 0.2, ci95: [0.1, 0.3] }, undefined)).toMatch(/gives no figure/);
  });
});

describe('CLI', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gtlab-fig4-'));
  });
  const gtlab = (...args: string[]) => runGtlab(args, dir);

  test('gtlab run furtak-buro-fig4 --json: depths, mpg, series with algorithm/ordering/ratio/ci95, reductions; report and figures', () => {
    const r = gtlab(
      'run',
      'furtak-buro-fig4',
      '--trees',
      '3',
      '--depth',
      '4',
      '--workers',
      '2',
      '--out',
      'f4',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.depths).toEqual([1, 2, 3, 4]);
    expect(out.mpg).toHaveLength(4);
    expect(out.series).toHaveLength(6);
    for (const s of out.series) {
      expect(['alphabeta', 'negascout', 'mtdf']).toContain(s.algorithm);
      expect(typeof s.ordering).toBe('string');
      expect(s.ratio).toHaveLength(4);
      expect(s.ci95).toHaveLength(4);
    }
    expect(Object.keys(out.reduction).sort()).toEqual(['alphabeta', 'mtdf', 'negascout']);
    // The --json interface tools read: what was counted, divided by what, both denominators, reductions with intervals.
    expect(out).toMatchObject({
      horizon: 'estimate',
      counter: 'visited',
      denominator: 'seen',
      sizeInfo: 'expanded',
      sizeStandIn: 'mean',
      ttMove: 'first',
      guess: 'previous',
    });
    expect(JSON.parse(readFileSync(join(dir, 'f4', 'spec.json'), 'utf8'))).toMatchObject({
      sizeInfo: 'expanded',
      ttMove: 'first',
    });
    expect(readFileSync(join(dir, 'f4', 'report.md'), 'utf8')).toContain(
      'what the orderings knew: S_i of children an earlier pass expanded, else the stand-in "mean"; transposition-table move: first',
    );
    expect(out.counting).toMatch(
      /^visited nodes .* divided by the minimum proof tree of the depth-d tree as the searches scored it/,
    );
    expect(out.mpgSeen).toEqual(out.mpg);
    expect(out.mpgTrue).toHaveLength(4);
    for (const s of out.series) for (const x of s.ratio) expect(x).toBeGreaterThanOrEqual(1);
    expect(Object.keys(out.reductionCi95).sort()).toEqual(['alphabeta', 'mtdf', 'negascout']);
    for (const [lo, hi] of Object.values(out.reductionCi95) as [number, number][]) expect(lo).toBeLessThanOrEqual(hi);
    expect(out.tuning).toMatchObject({ seed: TRAINING_SEED, unexpanded: { fig4: FIG4_UNEXPANDED } });
    const lines = readFileSync(join(dir, 'f4', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as ResultLine);
    const f = fig4Summary(presetSpec('furtak-buro-fig4', { trees: 3, depth: 4 }), lines);
    expect(out.reduction).toEqual(f.reduction);
    for (const file of ['report.md', 'fig4-summary.json', 'figure.svg', 'figure.pdf', 'figure.png', 'results.csv'])
      expect(existsSync(join(dir, 'f4', file))).toBe(true);
    expect(readFileSync(join(dir, 'f4', 'report.md'), 'utf8')).toContain('seed 2009');
  }, 60_000);

  test('gtlab run --size-info/--size-stand-in/--tt-move/--guess override the preset, are recorded, and bad values exit 2 naming the flag', () => {
    /** A two-tree, depth-3 run of the preset; the flags under test follow. */
    const tinyRun = ['run', 'furtak-buro-fig4', '--trees', '2', '--depth', '3'];
    const overrides = { sizeInfo: 'searched', sizeStandIn: 'last', ttMove: 'ordered', guess: 'zero' };
    const r = gtlab(
      ...tinyRun,
      '--workers',
      '1',
      '--out',
      'f4-flags',
      '--size-info',
      'searched',
      '--size-stand-in',
      'last',
      '--tt-move',
      'ordered',
      '--guess',
      'zero',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject(overrides);
    expect(JSON.parse(readFileSync(join(dir, 'f4-flags', 'spec.json'), 'utf8'))).toMatchObject(overrides);
    const bad = gtlab(...tinyRun, '--out', 'f4-bad', '--size-info', 'visible');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--size-info visible is not allowed: use one of all, searched, expanded/);
    expect(existsSync(join(dir, 'f4-bad'))).toBe(false);
  }, 60_000);

  test('tune: bad flags exit through UsageError; a tiny tuning prints the grid, the choice and the runner-up as JSON and draws the surface', async () => {
    await expect(tune(['furtak-buro-fig4', '--seed', String(EVALUATION_SEED)])).rejects.toThrow(/evaluation seed/);
    await expect(tune(['knuth-moore-check'])).rejects.toThrow(/furtak-buro-fig4/);
    await expect(tune(['furtak-buro-fig4', '--grid', '1,2'])).rejects.toThrow(/--grid 1,2 .*contain 0/);
    await expect(tune(['furtak-buro-fig4', '--grid', '0,x'])).rejects.toThrow(/--grid 0,x/);
    await expect(tune(['furtak-buro-fig4', '--out', 'surface.jpg'])).rejects.toThrow(/--out surface.jpg/);
    await expect(tune(['furtak-buro-fig4', '--out', '/no/such/folder/surface.png'])).rejects.toThrow(/does not exist/);
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-tune-'));
    const writes: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (writes.push(String(s)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(
        await tune([
          'furtak-buro-fig4',
          '--algorithm',
          'alphabeta',
          '--trees',
          '3',
          '--depth',
          '4',
          '--grid',
          '0,1,8',
          '--workers',
          '2',
          '--out',
          join(dir, 'surface.png'),
          '--json',
        ]),
      ).toBe(0);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    const j = JSON.parse(writes.join(''));
    const r = j.variants.fig4.alphabeta;
    expect(r.cost).toBeLessThanOrEqual(r.baseline);
    expect(j.seed).toBe(TRAINING_SEED);
    expect(r.unexpanded).toBe(variantUnexpanded('fig4'));
    expect(r.grid.map((g: number[]) => `${g[0]},${g[1]}`)).toEqual([
      '0,0',
      '0,1',
      '0,8',
      '1,0',
      '1,1',
      '1,8',
      '8,0',
      '8,1',
      '8,8',
    ]);
    const costs = r.grid.map((g: number[]) => g[2]);
    expect(r.chosen.cost).toBe(Math.min(...costs));
    expect(r.runnerUp.cost).toBeGreaterThanOrEqual(r.chosen.cost);
    expect([r.chosen.wR, r.chosen.wS]).not.toEqual([r.runnerUp.wR, r.runnerUp.wS]);
    expect(readFileSync(join(dir, 'surface.png')).subarray(1, 4).toString()).toBe('PNG');
    await expect(tune(['furtak-buro-fig4', '--unexpanded', 'first'])).rejects.toThrow(/--unexpanded/);
    await expect(tune(['furtak-buro-fig4', '--size-info', 'some'])).rejects.toThrow(/--size-info/);
    expect(r).toMatchObject({ sizeInfo: 'expanded', sizeStandIn: 'mean', ttMove: 'first', height: 4 });
    await expect(tune(['furtak-buro-fig4', '--depth', '4', '--height', '3'])).rejects.toThrow(/--height 3/);
    await expect(tune(['furtak-buro-fig4', '--variant', 'learned', '--height', '9'])).rejects.toThrow(
      /--height 9 .*learned/,
    );
    // The paper's variant tunes as its preset runs: the stored move ordered, trees ten levels taller than the search.
    writes.length = 0;
    const out2 = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (writes.push(String(s)), true));
    const err2 = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const args = ['--algorithm', 'mtdf', '--trees', '1', '--depth', '2', '--grid', '0,1', '--workers', '1', '--json'];
      expect(await tune(['furtak-buro-fig4', '--variant', 'paper', ...args])).toBe(0);
    } finally {
      out2.mockRestore();
      err2.mockRestore();
    }
    expect(JSON.parse(writes.join('')).variants.paper.mtdf).toMatchObject({ ttMove: 'ordered', height: 12 });
  }, 60_000);

  test('gtlab tune as a process', () => {
    const r = gtlab(
      'tune',
      'furtak-buro-fig4',
      '--variant',
      'size',
      '--algorithm',
      'mtdf',
      '--trees',
      '2',
      '--depth',
      '3',
      '--grid',
      '0,2',
      '--workers',
      '1',
      '--size-info',
      'searched',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const m = JSON.parse(r.stdout).variants.size.mtdf;
    expect(m.weights.ratio).toBe(0);
    expect(m.sizeInfo).toBe('searched');
    expect(m.grid.map((g: number[]) => g.slice(0, 2))).toEqual([
      [0, 0],
      [0, 2],
    ]);
    expect(r.stderr).toMatch(/runner-up \(0, [02]\)/);
    expect(gtlab('tune', 'furtak-buro-fig4', '--depth', '99').code).toBe(2);
  });
});
