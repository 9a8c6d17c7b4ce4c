/**
 * cli/gtlab.js, the command users run (the sources through tsx's loader, the run's workers forked from
 * node/worker-entry.ts through tsx): the other CLI tests spawn the bundle of the same sources that the
 * test run builds (test/gtlab-bundle.ts), so this file keeps the real entry working, and checks that
 * the bundle computes what it computes.
 */
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GTLAB_BIN } from '../helpers/gtlab-process.ts';
import { sortedResultsJsonl } from '../helpers/results-jsonl.ts';
import { VERSION } from '../../shared/version.ts';

const ENTRY = resolve(import.meta.dirname, '../../cli/gtlab.js');
const dir = mkdtempSync(join(tmpdir(), 'gtlab-entry-'));

/** `node bin ...args` in the test's folder, waited for. */
function gtlabAt(bin: string, ...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('cli/gtlab.js', () => {
  test('--version prints the version', () => {
    const r = gtlabAt(ENTRY, '--version');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
  });

  test('a run on two worker processes writes the results the bundled gtlab writes for the same spec', () => {
    const run = (bin: string, out: string) => {
      const r = gtlabAt(
        bin,
        'run',
        'knuth-moore-check',
        '--trees',
        '4',
        '--depth',
        '2',
        '--workers',
        '2',
        '--out',
        out,
      );
      expect(r.code, r.stderr).toBe(0);
      return sortedResultsJsonl(readFileSync(join(dir, out, 'results.jsonl'), 'utf8'));
    };
    const fromEntry = run(ENTRY, 'entry');
    expect(fromEntry).toHaveLength(4 * 2);
    expect(run(GTLAB_BIN, 'bundle')).toEqual(fromEntry);
  });
});
