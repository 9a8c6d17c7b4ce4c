/**
 * `gtlab run` and `gtlab sweep` judge their size before writing anything: beyond a year of CPU on this
 * machine's cores they refuse with the estimate in words; a run estimated at more than ten minutes
 * needs --yes when stdin is not a terminal (as here: the tests' stdin is a pipe); --resume refuses the
 * flags that would change the run's spec.
 */
import { describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GTLAB_BIN, gtlabFolder } from '../helpers/gtlab-process.ts';

const { dir, gtlab } = gtlabFolder('gtlab-run-size-');

describe('the size of a run, judged before anything is written', () => {
  test('beyond a year of CPU: refused with the estimate in words (exit 2, no folder)', () => {
    const r = gtlab('run', 'furtak-buro-fig4', '--trees', '100000', '--depth', '30', '--out', 'huge');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^gtlab: this run \(100000 trees\) is estimated at ≈ \d+(\.\d)? million years on all \d+ cores? of this machine, more than a year: it cannot finish/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'huge'))).toBe(false);
    // --yes does not lift the ceiling
    expect(gtlab('run', 'furtak-buro-fig4', '--trees', '100000', '--depth', '30', '--yes', '--out', 'huge').code).toBe(
      2,
    );
    expect(existsSync(join(dir, 'huge'))).toBe(false);
  });

  test('longer than ten minutes, stdin not a terminal: --yes is needed (exit 2, no folder)', () => {
    const r = gtlab('run', 'furtak-buro-fig4-size', '--workers', '1', '--out', 'long');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^gtlab: this run \(500 trees\) is estimated at ≈ \d+ minutes: add --yes to start it \(stdin is not a terminal/,
    );
    expect(existsSync(join(dir, 'long'))).toBe(false);
    const s = gtlab('sweep', 'furtak-buro-sweep', '--workers', '1', '--out', 'long-sweep');
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(
      /^gtlab: this sweep \(36 cells to run on 1 worker\) is estimated at ≈ \d+ minutes: add --yes/,
    );
    expect(existsSync(join(dir, 'long-sweep'))).toBe(false);
  });

  test('with --yes a long run starts, after printing its estimate', async () => {
    const child = spawn(
      process.execPath,
      [GTLAB_BIN, 'run', 'furtak-buro-fig4-size', '--workers', '1', '--yes', '--out', 'yes'],
      { cwd: dir, detached: true, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const exited = new Promise<void>((r) => child.on('exit', () => r()));
    try {
      for (let i = 0; i < 300 && !existsSync(join(dir, 'yes', 'run.json')); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(join(dir, 'yes', 'run.json'))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, 'yes', 'run.json'), 'utf8')).status).toBe('running');
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    expect(stderr).toMatch(/^gtlab: this run \(500 trees\) is estimated at ≈ \d+ minutes\n/);
  });

  test('a short run is not asked about', () => {
    expect(
      gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--workers', '1', '--out', 'short').code,
    ).toBe(0);
  });

  test('--resume with flags that would change the spec is refused, naming them', () => {
    expect(
      gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '3', '--workers', '1', '--out', 'km').code,
    ).toBe(0);
    const before = readFileSync(join(dir, 'km', 'run.json'), 'utf8');
    const r = gtlab('run', '--resume', '--trees', '1', '--depth', '2', '--out', 'km');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^gtlab: --resume continues the run in km with its own spec: --trees, --depth would change it; drop them, or start a new run/,
    );
    expect(readFileSync(join(dir, 'km', 'run.json'), 'utf8')).toBe(before);
  });
});
