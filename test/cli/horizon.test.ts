/** `--horizon estimate|exact` of gtlab generate, search and run: what a node at the search horizon scores. */
import { beforeAll, describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGraphFile } from '../../shared/io/graph-file.ts';
import { materializeTruncation } from '../../shared/game/materialize.ts';
import { solveGraph } from '../../shared/game/graph.ts';
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { modelDescriptor } from '../../shared/models/registry.ts';
import { gtlabFolder } from '../helpers/gtlab-process.ts';
import { generatePrefixValue } from '../helpers/generate-args.ts';

const { dir, gtlab } = gtlabFolder('gtlab-horizon-');
const json = (r: { code: number; stdout: string; stderr: string }) => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

const HEIGHT = 6;
const DEPTH = 3;
const params = (seed: number): PrefixValueParams => ({
  height: HEIGHT,
  bmin: 2,
  bmax: 4,
  damage: 6,
  noise: { kind: 'uniform', e: 4 },
  seed,
});
/** gtlab generate of the test's prefix-value tree for `seed`, with `more` options, into `out`. */
const generate = (seed: number, more: readonly string[] = [], out = `pv-${seed}.json`) =>
  json(
    gtlab(
      ...generatePrefixValue(String(HEIGHT), '2..4', '6', out, { noise: '4', seed: String(seed) }),
      ...more,
      '--json',
    ),
  );
/** gtlab generate of a small tree (depth 3, 2 children) with `more` options, writing x.json. */
const generateSmall = (...more: string[]) => gtlab(...generatePrefixValue('3', '2', '6', 'x.json'), ...more);
const search = (seed: number, ...more: string[]) =>
  json(gtlab('search', `pv-${seed}.json`, '--algorithm', 'alphabeta', '--depth', String(DEPTH), ...more, '--json'));

beforeAll(() => {
  for (const seed of [1, 2]) generate(seed);
});

describe('gtlab generate --horizon', () => {
  test('meta.params records the horizon when given, and gains no key when not', () => {
    expect(generate(1).meta.params).not.toHaveProperty('horizon');
    expect(generate(9, ['--horizon', 'estimate']).meta.params).toMatchObject({ horizon: 'estimate' });
  });

  test('a value other than estimate|exact: exit 2, naming the flag', () => {
    const r = generateSmall('--horizon', 'noisy');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--horizon noisy is not allowed: use one of estimate, exact/);
  });
});

describe('gtlab generate --search-depth', () => {
  test('writes the truncation the search sees: gtlab solve of it agrees with gtlab search of the full tree, both horizons', () => {
    for (const seed of [1, 2]) {
      for (const horizon of ['estimate', 'exact']) {
        const out = `trunc-${seed}-${horizon}.json`;
        const g = generate(seed, ['--horizon', horizon, '--search-depth', String(DEPTH)], out);
        expect(g.meta.params).toMatchObject({ searchDepth: DEPTH, horizon });
        const truncation = parseGraphFile(readFileSync(join(dir, out), 'utf8'));
        const direct = materializeTruncation(
          new PrefixValueTree({ ...params(seed), horizon: horizon as 'estimate' | 'exact' }),
          DEPTH,
          truncation.meta,
        );
        expect(truncation.nodeCount).toBe(direct.nodeCount);
        const solved = json(gtlab('solve', out, '--json'));
        expect(solved.value).toBe(search(seed, '--horizon', horizon).value);
      }
    }
  });

  test('a search depth beyond --depth: exit 2, naming the flag', () => {
    const r = generateSmall('--search-depth', '4');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--search-depth/);
  });
});

describe('gtlab search --horizon', () => {
  test('estimate scores the horizon as PrefixValueTree with horizon estimate does, and differs from exact on some tree', () => {
    let differs = 0;
    for (const seed of [1, 2]) {
      const est = search(seed, '--horizon', 'estimate');
      const exact = search(seed, '--horizon', 'exact');
      if (seed === 1) expect(exact).toEqual({ ...search(seed), seconds: exact.seconds }); // exact is the default
      expect(est.horizon).toBe('estimate');
      const direct = alphaBeta(new PrefixValueTree({ ...params(seed), horizon: 'estimate' }), DEPTH, {
        ordering: estimateOrdering,
      });
      expect(est).toMatchObject({
        value: direct.value,
        visited: direct.counters.visited,
        expanded: direct.counters.expanded,
        leaves: direct.counters.leaves,
      });
      if (est.value !== exact.value || est.visited !== exact.visited) differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  test('the value at depth D with the estimate horizon is the minimax value of the depth-D truncation', () => {
    for (const seed of [1, 2]) {
      const graph = parseGraphFile(readFileSync(join(dir, `pv-${seed}.json`), 'utf8'));
      const truncation = materializeTruncation(
        new PrefixValueTree({ ...params(seed), horizon: 'estimate' }),
        DEPTH,
        graph.meta,
      );
      expect(search(seed, '--horizon', 'estimate').value).toBe(solveGraph(truncation)[0]);
    }
  });

  test('estimate on a file without an estimate field: exit 2, naming the flag', () => {
    const file = JSON.parse(readFileSync(join(dir, 'pv-1.json'), 'utf8'));
    delete file.estimate;
    writeFileSync(join(dir, 'u.json'), JSON.stringify(file));
    const r = gtlab('search', 'u.json', '--algorithm', 'alphabeta', '--horizon', 'estimate');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--horizon estimate needs the graph's estimate field/);
    expect(gtlab('search', 'u.json', '--algorithm', 'alphabeta', '--horizon', 'exact').code).toBe(0);
  });
});

describe('gtlab run --horizon', () => {
  const spec = (out: string) => JSON.parse(readFileSync(join(dir, out, 'spec.json'), 'utf8'));

  test("overrides the spec's model horizon; without it the spec has no horizon", () => {
    // one tree at depth 2 of the preset, with `more` options, into `out`
    const run = (out: string, ...more: string[]) =>
      json(
        gtlab(
          'run',
          'knuth-moore-check',
          '--trees',
          '1',
          '--depth',
          '2',
          '--workers',
          '1',
          ...more,
          '--out',
          out,
          '--json',
        ),
      );
    run('run-default');
    run('run-estimate', '--horizon', 'estimate');
    expect(spec('run-default').model).not.toHaveProperty('horizon');
    expect(spec('run-estimate').model).toEqual({ ...spec('run-default').model, horizon: 'estimate' });
  });

  test('refused for a model without the field, and for a value other than estimate|exact: exit 2, naming the flag', () => {
    const uniform = {
      ...presetSpec('knuth-moore-check'),
      model: modelDescriptor('uniform').example,
      iterative: false,
      series: [{ algorithm: 'alphabeta', ordering: 'natural', label: 'ab' }],
    };
    writeFileSync(join(dir, 'uniform.json'), JSON.stringify(uniform));
    const u = gtlab('run', 'uniform.json', '--trees', '1', '--horizon', 'estimate', '--out', 'run-uniform');
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(
      /--horizon applies to prefix-value and incremental models; uniform trees have no horizon option/,
    );
    const bad = gtlab('run', 'knuth-moore-check', '--trees', '1', '--horizon', 'noisy', '--out', 'run-bad');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--horizon noisy is not allowed/);
  });
});
