/**
 * bench/fig4-workload.ts: a timed run on real worker processes counts the nodes its searches visited,
 * each search once, which the rate beside the 60 s target divides; held to the same searches run here.
 */
import { describe, expect, test } from 'vitest';
import { rateBeside, timedRun } from '../../bench/fig4-workload.ts';
import { FIG4_PRESETS } from '../../shared/furtak-buro/fig4-presets.ts';
import { othelloEndgameSpec } from '../../shared/othello/othello-endgame-preset.ts';
import { endgamePassDepths } from '../../shared/experiments/run-positions.ts';
import { searchSeries } from '../../shared/experiments/search-series.ts';
import { parseSpec, specDepths, specHeight, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { makeGame } from '../../shared/models/registry.ts';

/** Nodes of the deepest search of every series on every generated tree (its passes 1..depth when deepening). */
function searchedHere(spec: ExperimentSpec): number {
  let n = 0;
  for (let t = 0; t < spec.trees; t++) {
    const game = makeGame(spec.model, specHeight(spec), spec.seed, t);
    for (const s of spec.series) n += searchSeries(spec, s, game, spec.depth).at(-1)!.cumulative.visited;
  }
  return n;
}

describe('timedRun', () => {
  const fig4 = FIG4_PRESETS[0].spec();

  test('counts an iterative-deepening series once, through its passes 1..depth', async () => {
    const spec = parseSpec({ ...fig4, trees: 3, depth: 4 });
    const expected = searchedHere(spec);
    const run = await timedRun(spec, 2);
    expect(expected).toBeGreaterThan(0);
    expect(run.visited).toBe(expected);
    expect(run.seconds).toBeGreaterThan(0);
  }, 60_000);

  test('counts a plain search at the spec depth', async () => {
    const spec = parseSpec({
      ...fig4,
      trees: 2,
      depth: 5,
      iterative: false,
      series: [{ algorithm: 'alphabeta', ordering: 'estimate', label: 'alphabeta / estimate' }],
    });
    const expected = searchedHere(spec);
    expect(expected).toBeGreaterThan(0);
    expect((await timedRun(spec, 1)).visited).toBe(expected);
  }, 60_000);

  test('counts every line of a model of real positions: a new position at each depth', async () => {
    const spec = parseSpec({ ...othelloEndgameSpec(), trees: 1, depth: 9 });
    let expected = 0;
    for (const k of specDepths(spec)) {
      const game = makeGame(spec.model, k, spec.seed, 0);
      for (const s of spec.series) {
        game.reset();
        const passes = searchSeries(spec, s, game, game.maxPly, {}, endgamePassDepths(k, game.maxPly));
        expected += passes.at(-1)!.cumulative.visited;
      }
    }
    expect(specDepths(spec).length).toBeGreaterThan(1);
    expect((await timedRun(spec, 1)).visited).toBe(expected);
  }, 60_000);
});

test('the rate beside a time bound is the same nodes over that time and the workers', () => {
  expect(rateBeside({ seconds: 100, visited: 1.6e9 }, 2, 60)).toBe(
    '1600 M nodes at 8.00 M/s per worker; 60.0 s would need ≥ 13.33',
  );
});
