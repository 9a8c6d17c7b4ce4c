import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { match } from '../../cli/commands/match.ts';
import { pathology } from '../../cli/commands/pathology.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { runCommand } from '../helpers/run-command.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

const run = (f: (a: string[]) => Promise<number>, ...argv: string[]) => runCommand(f, argv, { quietStderr: true });

describe('gtlab match / pathology (in process)', () => {
  test("match --json prints one object with the tally and Rivest's numbers", async () => {
    const r = await run(match, '--limit', 'moves:200', '--openings', '1', '--count', '2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.matches).toHaveLength(1);
    expect(j.matches[0]).toMatchObject({ limitName: 'moves:200', games: 4 });
    expect(j.matches[0].mmWins + j.matches[0].abWins + j.matches[0].draws).toBe(4);
    expect(j.rivest.moves).toMatchObject({ mmWins: 249, abWins: 190, draws: 51 });
    expect(j.deterministic).toBe(true);
    await expect(run(match, '--limit', 'moves:x')).rejects.toThrow(UsageError);
    await expect(run(match, '--limit', 'moves:10', '--weights', 'odd')).rejects.toThrow(/--weights odd/);
    await expect(run(match)).rejects.toThrow(/--limit is required/);
    expect((await run(match, '--help')).stdout).toMatch(/gtlab match/);
  });

  test('pathology --json gives per-depth probabilities and writes the chart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gtlab-path-'));
    const chart = join(dir, 'c.json');
    const r = await run(pathology, '--model', 'uniform', '--height', '6', '--trees', '100', '--chart', chart, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.depths).toEqual([1, 2, 3, 4, 5, 6]);
    expect(j.series.map((s: { method: string }) => s.method)).toEqual(['minimax', 'althofer']);
    expect(j.series[0].p[5]).toBe(1); // exact leaves at full depth
    expect(JSON.parse(readFileSync(chart, 'utf8')).series.length).toBe(6);
    await expect(run(pathology, '--model', 'li', '--degree', '3')).rejects.toThrow(/--degree is not allowed/);
    await expect(run(pathology, '--model', 'uniform', '--noise', '2')).rejects.toThrow(/--noise 2/);
    await expect(run(pathology, '--model', 'uniform', '--height', '30', '--degree', '4')).rejects.toThrow(
      /--height 30/,
    );
    expect((await run(pathology, '--help')).stdout).toMatch(/gtlab pathology/);
  });
});

describe('gtlab match / pathology as processes', () => {
  const gtlab = (...args: string[]) => runGtlab(args);
  test('one JSON object on stdout; bad input exits 2 naming the flag', () => {
    const m = gtlab('match', '--limit', 'moves:150', '--openings', '1', '--count', '1', '--json');
    expect(m.code).toBe(0);
    expect(JSON.parse(m.stdout).matches[0].games).toBe(2);
    const p = gtlab('pathology', '--model', 'prefix', '--height', '5', '--trees', '50', '--json');
    expect(p.code).toBe(0);
    expect(JSON.parse(p.stdout).depths).toHaveLength(5);
    const bad = gtlab('match', '--limit', 'time:0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--limit time:0/);
    const bad2 = gtlab('pathology', '--model', 'nau');
    expect(bad2.code).toBe(2);
    expect(bad2.stderr).toMatch(/--model nau/);
  });
});
