/**
 * `gtlab othello export` as a process: a real position's game tree and minimum proof tree pass
 * `gtlab validate`, `gtlab solve` finds the same value and proof size on the exported tree, and a tree
 * above --max-nodes is refused with nothing written.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGtlab } from '../helpers/gtlab-process.ts';

// FForum #1 on its exact best line at 8 empties (the othello-endgame-fcf preset's tree 0, k = 8).
const POSITION = '--XXXXX--OXOXX-O-XOOXXOOXXXXXXXOOXXXOOXOO-XOXOOOOOOOOOOOXXXXXXX- X';

describe('gtlab othello export', () => {
  test('the tree and its minimum proof pass gtlab validate; gtlab solve agrees on value and size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-othello-export-'));
    const r = runGtlab(
      ['othello', 'export', '--out', 'tree.json', '--proof', 'proof.json', '--json', '--', POSITION],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ position: POSITION, empties: 8, value: 18 });
    const v = runGtlab(['validate', 'tree.json', 'proof.json', '--json'], dir);
    expect(v.code, v.stderr).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({ valid: true, type: 'minimax', size: out.mpt });
    const s = runGtlab(['solve', 'tree.json', '--json'], dir);
    expect(JSON.parse(s.stdout)).toMatchObject({ value: 18, nodes: out.nodes, mpt: out.mpt });
  });

  test('a tree above --max-nodes is refused naming the limit; nothing is written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-othello-export-'));
    const r = runGtlab(
      ['othello', 'export', '--out', 'tree.json', '--proof', 'proof.json', '--max-nodes', '1000', '--', POSITION],
      dir,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/more than 1000 nodes/);
    expect(existsSync(join(dir, 'tree.json'))).toBe(false);
    expect(existsSync(join(dir, 'proof.json'))).toBe(false);
  });
});
