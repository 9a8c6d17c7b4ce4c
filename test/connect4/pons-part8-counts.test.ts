/**
 * Part 8 of Pons' tutorial (iterative deepening by null windows, the `id` step) on his End-Easy set
 * (../shared/data/connect4/Test_L3_R1, 1000 positions), node for node against his own code: his
 * `part8` branch (PascalPons/connect4, solver.cpp, g++ -O3), fed the set's moves, counts 131,630 nodes
 * strong and 74,479 weak (`./solver` and `./solver -w`). His printed table says 131.6 and 74.40 per
 * position: the weak figure is not what his code counts, so bench/c4-bench.ts marks that row "code".
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Position } from '../../shared/connect4/position.ts';
import { Solver } from '../../shared/connect4/solver.ts';

const FILE = resolve(import.meta.dirname, '../../../shared/data/connect4/Test_L3_R1');

describe("Pons' part 8 on End-Easy", () => {
  test.skipIf(!existsSync(FILE))('the id step counts what his code counts, strong and weak', () => {
    const lines = readFileSync(FILE, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1000);
    const solver = new Solver();
    const total = (weak: boolean) =>
      lines.reduce((sum, l) => sum + solver.solve(Position.parse(l.split(' ')[0]), 'id', weak).visited, 0);
    expect(total(false)).toBe(131_630);
    expect(total(true)).toBe(74_479);
  });
});
