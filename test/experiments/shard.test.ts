/** Shard selection and the spec hash (shared/experiments/shard.ts). */
import { describe, expect, test } from 'vitest';
import {
  canonicalJson,
  inShard,
  parseShardDirName,
  parseShardId,
  shardDirName,
  shardSkipSet,
  shardTrees,
  specHash,
} from '../../shared/experiments/shard.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';

describe('shards', () => {
  test('the shards of N cover every tree exactly once', () => {
    for (const n of [1, 3, 4, 7]) {
      const all = [...Array(n).keys()].flatMap((i) => shardTrees(17, { index: i, count: n }));
      expect(all.sort((a, b) => a - b)).toEqual([...Array(17).keys()]);
    }
    expect(shardTrees(10, { index: 1, count: 4 })).toEqual([1, 5, 9]);
    expect(inShard(9, { index: 1, count: 4 })).toBe(true);
    expect([...shardSkipSet(10, { index: 1, count: 4 }, new Set([5]))].sort((a, b) => a - b)).toEqual([
      0, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  test('I/N parsing names what is allowed; folder names round-trip', () => {
    expect(parseShardId('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['4/4', '1/0', 'a/4', '-1/4', '1'])
      expect(parseShardId(bad)).toMatch(/--shard .* is not allowed: write I\/N/);
    expect(shardDirName({ index: 3, count: 8 })).toBe('3-of-8');
    expect(parseShardDirName('3-of-8')).toEqual({ index: 3, count: 8 });
    expect(parseShardDirName('8-of-8')).toBeNull();
    expect(parseShardDirName('spec.json')).toBeNull();
  });

  test('the spec hash ignores key order and changes with any value', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe('{"a":[{"c":null,"d":2}],"b":1}');
    const spec = presetSpec('furtak-buro-fig4', { trees: 12, depth: 6 });
    const reordered = Object.fromEntries(Object.entries(spec).reverse()) as typeof spec;
    expect(specHash(reordered)).toBe(specHash(spec));
    expect(specHash(spec)).toMatch(/^[0-9a-f]{16}$/);
    expect(specHash(presetSpec('furtak-buro-fig4', { trees: 12, depth: 6, seed: 2 }))).not.toBe(specHash(spec));
  });
});
