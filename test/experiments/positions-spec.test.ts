/**
 * Specs of real positions (the othello model, ModelDescriptor.positions): the depths measured are the
 * empties minEmpties..depth, series may choose iterative deepening or a plain search, and what the
 * model cannot give is refused naming the field; iterative deepening of an endgame passes 1..k−1 and
 * then the pass to the end.
 */
import { describe, expect, test } from 'vitest';
import { parseSpec, seriesIterative, seriesLabel, specDepths, SpecError } from '../../shared/experiments/spec.ts';
import { refusal } from '../helpers/refusal.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { endgamePassDepths } from '../../shared/experiments/run-positions.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { makeGame } from '../../shared/models/registry.ts';

const base = {
  format: 'gtlab-experiment',
  version: 1,
  name: 'x',
  model: { kind: 'othello', minEmpties: 8 },
  trees: 3,
  seed: 0,
  depth: 10,
  series: [
    { algorithm: 'alphabeta', ordering: 'estimate', deepening: 'plain' },
    { algorithm: 'alphabeta', ordering: 'fastest-first', deepening: 'iterative' },
  ],
};
const message = (x: object) => refusal(() => parseSpec(x), SpecError);

describe('specs of real positions', () => {
  test('depths are the empties minEmpties..depth; series choose their deepening and are labelled by it', () => {
    const spec = parseSpec(base);
    expect(specDepths(spec)).toEqual([8, 9, 10]);
    expect(spec.series.map((s) => seriesIterative(spec, s))).toEqual([false, true]);
    expect(spec.series.map(seriesLabel)).toEqual(['alphabeta / estimate / plain', 'alphabeta / fastest-first / ID']);
    expect(specDepths(presetSpec('othello-endgame-fcf'))).toEqual([8, 9, 10, 11, 12]);
  });

  test('refused, naming the field: more trees than problems, a depth outside minEmpties..14, a deepening on generated trees', () => {
    expect(message({ ...base, trees: 20 })).toBe(
      'trees: 20 is not allowed: the model has 19 positions, so Trees must be an integer in [1..19]',
    );
    expect(message({ ...base, depth: 7 })).toMatch(/^depth: 7 is not allowed: .*an integer in \[8\.\.14\]/);
    expect(message({ ...base, depth: 15 })).toMatch(/^depth: 15 is not allowed/);
    expect(message({ ...base, series: [{ ...base.series[0], deepening: 'sometimes' }] })).toMatch(
      /^series\.0\.deepening: /,
    );
    const tree = { ...base, model: { kind: 'prefix-value', bmin: 2, bmax: 3, damage: 4 }, depth: 3 };
    expect(message(tree)).toMatch(/^series\.0\.deepening: only models of real positions/);
    expect(message({ ...tree, series: [{ algorithm: 'alphabeta', ordering: 'estimate' }] })).toBe('accepted');
  });

  test('iterative deepening of a position with k empties: passes 1..k−1 with the static estimate at the horizon, then to the end', () => {
    expect(endgamePassDepths(5, 10)).toEqual([1, 2, 3, 4, 10]);
    expect(endgamePassDepths(1, 2)).toEqual([2]);
    const game = makeGame({ kind: 'othello', minEmpties: 8 }, 8, 0, 0);
    const passes = iterativeDeepening(game, 'negascout', game.maxPly, {
      passDepths: endgamePassDepths(8, game.maxPly),
    });
    expect(passes.map((p) => p.depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 16]);
    expect(passes.at(-1)!.value).toBe(18); // FForum #1's score, from the side to move at 8 empties
    expect(() => iterativeDeepening(game, 'negascout', 16, { passDepths: [1, 3, 2, 16] })).toThrow(
      /passDepths = 1,3,2,16 is not allowed: it must be ascending/,
    );
    expect(() => iterativeDeepening(game, 'negascout', 16, { passDepths: [1, 2] })).toThrow(
      /the last must be the depth 16/,
    );
  });
});
