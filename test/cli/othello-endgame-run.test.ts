/**
 * The othello-endgame-fcf preset through the run pipeline as real processes: three shards merged equal a
 * local run (lines, summaries, CSV, the Figure 4 summary), the run folder has the report and figures, the
 * figure's x axis is the empties k, and a rerun resumes without recomputing.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gtlabFolder } from '../helpers/gtlab-process.ts';
import { parseResultsJsonl, sortedResultsJsonl } from '../helpers/results-jsonl.ts';

const { dir, gtlab } = gtlabFolder('gtlab-othello-run-');
const SPEC = ['othello-endgame-fcf', '--trees', '3', '--depth', '9'];
const read = (...p: string[]) => readFileSync(join(dir, ...p), 'utf8');

beforeAll(() => {
  for (let i = 0; i < 3; i++) {
    const r = gtlab('run', ...SPEC, '--shard', `${i}/3`, '--workers', '1', '--out', 'set', '--json');
    expect(r.code, r.stderr).toBe(0);
  }
  const local = gtlab('run', ...SPEC, '--workers', '2', '--out', 'local', '--json');
  expect(local.code, local.stderr).toBe(0);
}, 300_000);

describe('gtlab run othello-endgame-fcf', () => {
  test('three shards merged equal a local run', () => {
    const r = gtlab('merge', 'set', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ trees: 3, complete: true, written: true });
    const local = sortedResultsJsonl(read('local', 'results.jsonl'));
    expect(read('set', 'results.jsonl').trim().split('\n')).toEqual(local);
    for (const f of ['summary.json', 'results.csv', 'fig4-summary.json', 'spec.json'])
      expect(read('set', f), f).toBe(read('local', f));
    for (const f of ['report.md', 'figure.svg', 'figure.pdf', 'figure.png'])
      expect(existsSync(join(dir, 'set', f)), f).toBe(true);
  });

  test('one line per problem and k = 8, 9: the position searched, its exact MPT, every series the same value, no tree search below the MPT', () => {
    const ls = parseResultsJsonl(read('local', 'results.jsonl'));
    expect(ls.map((l) => `${l.tree}:${l.depth}`).sort()).toEqual(['0:8', '0:9', '1:8', '1:9', '2:8', '2:9']);
    for (const l of ls) {
      expect(l.position).toMatch(/^[XO-]{64} [XO]$/);
      expect(l.position!.slice(0, 64).split('-').length - 1).toBe(l.depth);
      expect(l.mpg).toBe(l.mpgSeen);
      expect(l.mpgTrue).toBe(l.mpgSeen);
      expect(l.results).toHaveLength(18);
      // alpha-beta and NegaScout search the tree without a transposition table: what they visit contains a proof.
      for (const s of l.results.filter((x) => !x.series.startsWith('mtdf')))
        expect(s.visited, s.series).toBeGreaterThanOrEqual(l.mpg!);
    }
  });

  test('the report and the figure speak of empties k; --json carries the reductions', () => {
    expect(read('local', 'report.md')).toMatch(
      /Figure 4 on Othello endgames[\s\S]*\| k \| MPT \(mean\) \|[\s\S]*## Reductions at k = 9/,
    );
    expect(read('local', 'figure.svg')).toContain('empty squares k');
    const f = JSON.parse(read('local', 'fig4-summary.json'));
    expect(f.depths).toEqual([8, 9]);
    expect(Object.keys(f.reduction).sort()).toEqual([
      'alphabeta / ID',
      'alphabeta / plain',
      'mtdf / ID',
      'mtdf / plain',
      'negascout / ID',
      'negascout / plain',
    ]);
  });

  test('a finished run resumes without running anything', () => {
    const before = read('local', 'results.jsonl');
    const r = gtlab('run', '--resume', '--out', 'local', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(read('local', 'results.jsonl')).toBe(before);
  });
});
