/**
 * bench/env-int.ts: a benchmark's integer setting from the environment, refused by its variable's name
 * when it is not a non-negative integer or lies outside the range given (as the Othello benchmark's
 * table sizes, OTHELLO_BENCH_SOLVE_TT_BITS and OTHELLO_BENCH_TT_BITS).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { envInt } from '../../bench/env-int.ts';
import { ENDGAME_TABLE_BITS } from '../../shared/othello/endgame-solver.ts';

const NAME = 'OTHELLO_BENCH_SOLVE_TT_BITS';

describe('envInt', () => {
  afterEach(() => {
    delete process.env[NAME];
  });
  test('unset: the default; set: its value, the ends of the range included', () => {
    expect(envInt(NAME, 20, ENDGAME_TABLE_BITS)).toBe(20);
    process.env[NAME] = '4';
    expect(envInt(NAME, 20, ENDGAME_TABLE_BITS)).toBe(4);
    process.env[NAME] = '26';
    expect(envInt(NAME, 20, ENDGAME_TABLE_BITS)).toBe(26);
  });
  test.each(['3', '27', '30', '-1', '2.5', 'x'])('%s is refused with a message naming the variable', (v) => {
    process.env[NAME] = v;
    expect(() => envInt(NAME, 20, ENDGAME_TABLE_BITS)).toThrow(
      new RegExp(`^${NAME} = ${v.replace('.', '\\.')} is not allowed`),
    );
  });
  test('without a range any non-negative integer passes', () => {
    process.env[NAME] = '30';
    expect(envInt(NAME, 20)).toBe(30);
  });
});
