/** `gtlab run --shard I/N` and `gtlab merge` as real processes: a sharded Fig. 4 run equals a local one. */
import { beforeAll, describe, expect, test } from 'vitest';
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { GTLAB_BIN, gtlabFolder } from '../helpers/gtlab-process.ts';
import { sortedResultsJsonl } from '../helpers/results-jsonl.ts';

const { dir, gtlab } = gtlabFolder('gtlab-shard-cli-');
const SPEC = ['furtak-buro-fig4', '--trees', '8', '--depth', '4'];
const read = (...p: string[]) => readFileSync(join(dir, ...p), 'utf8');
const filesOf = (d: string) =>
  Object.fromEntries(
    readdirSync(join(dir, d))
      .filter((f) => f !== 'shards')
      .map((f) => [f, readFileSync(join(dir, d, f)).toString('base64')]),
  );
/** A copy of the complete shard set, to damage. */
const copySet = (name: string) => {
  cpSync(join(dir, 'set', 'spec.json'), join(dir, name, 'spec.json'));
  cpSync(join(dir, 'set', 'shards'), join(dir, name, 'shards'), { recursive: true });
};

beforeAll(() => {
  for (let i = 0; i < 4; i++) {
    const r = gtlab('run', ...SPEC, '--shard', `${i}/4`, '--workers', '1', '--out', 'set', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ shard: `${i}/4`, status: 'completed' });
  }
  expect(gtlab('run', ...SPEC, '--workers', '2', '--out', 'local').code).toBe(0);
}, 120_000);

describe('gtlab run --shard and gtlab merge', () => {
  test('4 shards merged equal a local run; merging again changes nothing', () => {
    expect(readdirSync(join(dir, 'set', 'shards')).sort()).toEqual(['0-of-4', '1-of-4', '2-of-4', '3-of-4']);
    expect(existsSync(join(dir, 'set', 'shards', '0-of-4', 'spec.json'))).toBe(false);
    expect(
      read('set', 'shards', '1-of-4', 'results.jsonl')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).tree),
    ).toSatisfy((ts: number[]) => ts.every((t) => t % 4 === 1));
    const r = gtlab('merge', 'set', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      trees: 8,
      complete: true,
      missing: [],
      problems: [],
      written: true,
      shards: [0, 1, 2, 3].map((index) => ({ index, trees: 2, done: 2, state: 'complete' })),
    });
    expect(read('set', 'results.jsonl').trim().split('\n')).toEqual(sortedResultsJsonl(read('local', 'results.jsonl')));
    for (const f of ['summary.json', 'results.csv', 'fig4-summary.json', 'spec.json'])
      expect(read('set', f), f).toBe(read('local', f));
    for (const f of ['report.md', 'figure.svg', 'figure.pdf', 'figure.png', 'run.json'])
      expect(existsSync(join(dir, 'set', f)), f).toBe(true);
    // The merged folder is a run folder like any other.
    expect(gtlab('plot', 'set', '--out', 'set-fig.svg').code).toBe(0);

    const before = filesOf('set');
    const again = gtlab('merge', 'set', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ complete: true, written: false });
    expect(filesOf('set')).toEqual(before);
  });

  test('a missing shard: exit 1 naming its trees, nothing written', () => {
    copySet('gap');
    rmSync(join(dir, 'gap', 'shards', '2-of-4'), { recursive: true });
    const r = gtlab('merge', 'gap', '--json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ trees: 8, complete: false, missing: [2, 6], written: false });
    expect(out.shards[2]).toEqual({ index: 2, trees: 2, done: 0, state: 'absent' });
    expect(r.stderr).toMatch(/2 of 8 trees missing: 2, 6; shards not complete: 2 \(absent, 0\/2 trees\)/);
    expect(existsSync(join(dir, 'gap', 'results.jsonl'))).toBe(false);
  });

  test("a torn last line is reported by shard and line and set aside in the shard's results.torn; rerunning the shard completes it", () => {
    copySet('torn');
    const p = join(dir, 'torn', 'shards', '1-of-4', 'results.jsonl');
    const text = readFileSync(p, 'utf8');
    writeFileSync(p, text.slice(0, text.length - 40));
    const lineNo = text.trim().split('\n').length;
    const lastLine = text.trim().split('\n').at(-1)!;
    const r = gtlab('merge', 'torn', '--json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.problems).toEqual([{ shard: 1, line: lineNo, kind: 'torn' }]);
    expect(out.missing).toEqual([JSON.parse(lastLine).tree]);
    expect(r.stderr).toContain(`shard 1 line ${lineNo}: torn last line`);
    expect(readFileSync(p, 'utf8')).toBe(text.slice(0, text.length - lastLine.length - 1));
    expect(readFileSync(join(dir, 'torn', 'shards', '1-of-4', 'results.torn'), 'utf8')).toBe(
      `${lastLine.slice(0, lastLine.length - 39)}\n`,
    );

    // The requeued shard resumes: only its incomplete tree runs again, its stored depths not written twice.
    expect(gtlab('run', ...SPEC, '--shard', '1/4', '--workers', '1', '--out', 'torn').code).toBe(0);
    const m = gtlab('merge', 'torn', '--json');
    expect(m.code, m.stderr).toBe(0);
    expect(JSON.parse(m.stdout).problems).toEqual([]);
    expect(read('torn', 'results.jsonl')).toBe(read('set', 'results.jsonl'));
    expect(read('torn', 'summary.json')).toBe(read('set', 'summary.json'));
  });

  test('a duplicate line is reported by shard and line and kept once', () => {
    copySet('dup');
    const p = join(dir, 'dup', 'shards', '0-of-4', 'results.jsonl');
    const lines = readFileSync(p, 'utf8').trim().split('\n');
    appendFileSync(p, `${lines[0]}\n`);
    const r = gtlab('merge', 'dup', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).problems).toEqual([{ shard: 0, line: lines.length + 1, kind: 'duplicate' }]);
    expect(read('dup', 'results.jsonl')).toBe(read('set', 'results.jsonl'));
  });

  test('a shard of another spec is refused, by merge and by run; bad --shard writes nothing', () => {
    expect(gtlab('run', ...SPEC, '--seed', '5', '--shard', '3/4', '--workers', '1', '--out', 'other').code).toBe(0);
    copySet('mixed');
    rmSync(join(dir, 'mixed', 'shards', '3-of-4'), { recursive: true });
    cpSync(join(dir, 'other', 'shards', '3-of-4'), join(dir, 'mixed', 'shards', '3-of-4'), { recursive: true });
    const r = gtlab('merge', 'mixed', '--json');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /shard 3 .* was run with spec hash [0-9a-f]{16}, not [0-9a-f]{16} of .*spec\.json: refused/,
    );
    expect(existsSync(join(dir, 'mixed', 'results.jsonl'))).toBe(false);

    const run = gtlab('run', ...SPEC, '--seed', '5', '--shard', '0/4', '--out', 'set');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds another spec/);
    const n = gtlab('run', ...SPEC, '--shard', '0/2', '--out', 'set');
    expect(n.code).toBe(2);
    expect(n.stderr).toMatch(/holds shards of 4, not 2/);
    const bad = gtlab('run', ...SPEC, '--shard', '4/4', '--out', 'never');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--shard 4\/4 is not allowed/);
    expect(existsSync(join(dir, 'never'))).toBe(false);
    expect(gtlab('merge', 'never').code).toBe(2);
  });

  test("SIGUSR1 (Slurm's time-limit warning) interrupts a shard (exit 128 + USR1), keeping its lines; running it again completes it", async () => {
    const args = [
      'run',
      'furtak-buro-fig4',
      '--trees',
      '3',
      '--depth',
      '10',
      '--shard',
      '0/1',
      '--workers',
      '1',
      '--out',
      'sig',
    ];
    const child = spawn(process.execPath, [GTLAB_BIN, ...args], { cwd: dir, stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const results = join(dir, 'sig', 'shards', '0-of-1', 'results.jsonl');
    while (!(existsSync(results) && readFileSync(results, 'utf8').length > 0))
      await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGUSR1');
    expect(await exited).toBe(128 + constants.signals.SIGUSR1);
    expect(JSON.parse(read('sig', 'shards', '0-of-1', 'run.json')).status).toBe('interrupted');
    const kept = readFileSync(results, 'utf8');
    expect(gtlab('merge', 'sig').code).toBe(1);
    expect(gtlab(...args).code).toBe(0);
    expect(readFileSync(results, 'utf8').startsWith(kept)).toBe(true);
    const m = gtlab('merge', 'sig', '--json');
    expect(m.code, m.stderr).toBe(0);
    expect(read('sig', 'results.jsonl').trim().split('\n')).toHaveLength(3 * 10);
  });
});
