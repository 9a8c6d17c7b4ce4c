/**
 * `gtlab merge` reads every line of every shard with the one result-line schema: a damaged line is
 * refused (exit 2) naming the shard, the line and the field, and nothing is written.
 */
import { describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGtlab } from '../helpers/gtlab-process.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runLines } from '../helpers/run-lines.ts';
import { openShard } from '../../node/shard-set.ts';

const dir = mkdtempSync(join(tmpdir(), 'gtlab-merge-lines-'));
const spec = presetSpec('knuth-moore-check', { trees: 2, depth: 3 });
const lines = await runLines(spec);

/** `gtlab ...args` in the test folder, stdin not a terminal. */
const gtlab = (args: string[]) => startGtlab(args, dir);

describe('gtlab merge and damaged result lines', () => {
  test('"visited": "many", "mpg": -5, an unknown series', async () => {
    const damage: [string, (l: Record<string, any>) => void, RegExp][] = [
      [
        'visited',
        (l) => (l.results[0].visited = 'many'),
        /line 2: results\[0\]\.visited: "many" is not allowed: it must be a non-negative integer/,
      ],
      ['mpg', (l) => (l.mpg = -5), /line 2: mpg: -5 is not allowed: it must be a non-negative integer/],
      [
        'series',
        (l) => (l.results[1].series = 'alphabeta / perfekt'),
        /line 2: results\[1\]\.series: "alphabeta \/ perfekt" is not a series of this spec/,
      ],
    ];
    const runs = damage.map(async ([name, mutate, message]) => {
      const set = join(dir, `damaged-${name}`);
      mkdirSync(set);
      const shard = openShard(set, spec, { index: 0, count: 1 }, 1);
      const bad = JSON.parse(JSON.stringify(lines[1]));
      mutate(bad);
      lines.forEach((l, i) =>
        i === 1 ? writeFileSync(shard.resultsPath, `${JSON.stringify(bad)}\n`, { flag: 'a' }) : shard.append(l),
      );
      const before = readdirSync(set).sort();
      const r = await gtlab(['merge', `damaged-${name}`]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^gtlab: shard 0: .*results\.jsonl line 2: /);
      expect(r.stderr).toMatch(message);
      expect(readdirSync(set).sort()).toEqual(before);
    });
    await Promise.all(runs);
  }, 60_000);
});
