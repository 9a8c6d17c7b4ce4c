/**
 * bench/othello-bench.ts, run as a user runs it: a solve still running reports its nodes so far on stderr
 * every OTHELLO_BENCH_PROGRESS_MS, and its row on stdout when it ends, so a long run stopped before a
 * solve finishes still shows how far that solve got.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function bench(progressMs: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/othello-bench.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      OTHELLO_BENCH_PROBLEMS: '40',
      OTHELLO_BENCH_ORDERINGS: '',
      OTHELLO_BENCH_MODES: 'on',
      OTHELLO_BENCH_PROGRESS_MS: progressMs,
    },
  });
  expect(r.status, r.stderr).toBe(0);
  return r;
}

test('a running solve reports growing node counts on stderr, then its row on stdout', { timeout: 120_000 }, () => {
  const r = bench('1');
  const row = /^#40\s+20 on\s+38\s+38 \S+\s+yes\s+(\d+)/m.exec(r.stdout);
  expect(row, r.stdout).not.toBeNull();
  const total = Number(row![1]);
  const reports = [
    ...r.stderr.matchAll(/^#40 on: ([\d,]+) nodes after [\d.]+ s of wall time, \d+ nodes\/s \(still running;/gm),
  ].map((m) => Number(m[1].replaceAll(',', '')));
  expect(reports.length).toBeGreaterThan(1);
  for (let i = 1; i < reports.length; i++) expect(reports[i]).toBeGreaterThan(reports[i - 1]);
  expect(reports[reports.length - 1]).toBeLessThanOrEqual(total);
});

test('0 turns the reports off', { timeout: 120_000 }, () => {
  const r = bench('0');
  expect(r.stdout).toMatch(/^#40\s+20 on\s+38\s+38 \S+\s+yes/m);
  expect(r.stderr).not.toMatch(/still running/);
});
