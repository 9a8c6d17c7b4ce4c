/**
 * `gtlab slurm` without Slurm: the batch scripts, squeue/sacct parsing, which shards a resubmission
 * takes, and the command as a real process against stand-in sbatch/squeue/sacct scripts on PATH.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arraySbatch, arraySpec, mergeSbatch, type SlurmScriptOptions } from '../../node/slurm-scripts.ts';
import { shellQuote } from '../../node/shell-words.ts';
import { parseTaskStates, shardStatuses, shardsToResubmit } from '../../node/slurm-status.ts';
import type { ShardState } from '../../node/shard-merge.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

const OPTS: SlurmScriptOptions = {
  out: "/shared/runs/it's fig4",
  tasks: 8,
  name: 'gtlab-furtak-buro-fig4',
  node: '/opt/node/bin/node',
  project: '/home/me/game-tree-lab',
  gtlab: '/home/me/game-tree-lab/cli/gtlab.js',
  partition: 'short',
  time: '02:00:00',
  cpusPerTask: 4,
  mem: '2G',
  maxParallel: 3,
  sbatchArgs: ['--qos=low'],
};

describe('slurm scripts', () => {
  test('the array: one shard per task, throttle, logs per task, absolute paths, the USR1 warning trapped', () => {
    const s = arraySbatch(OPTS);
    expect(s.startsWith('#!/bin/bash\n')).toBe(true);
    for (const l of [
      '--array=0-7%3',
      `--output=/shared/runs/it's fig4/slurm/logs/shard-%a.out`,
      `--error=/shared/runs/it's fig4/slurm/logs/shard-%a.err`,
      '--cpus-per-task=4',
      '--time=02:00:00',
      '--signal=B:USR1@60',
      '--requeue',
      '--partition=short',
      '--mem=2G',
      '--qos=low',
      '--job-name=gtlab-furtak-buro-fig4',
    ]) {
      expect(s).toContain(`#SBATCH ${l}\n`);
    }
    expect(s).toContain(`cd '/home/me/game-tree-lab' || exit 2`);
    expect(s).toContain(
      `'/opt/node/bin/node' '/home/me/game-tree-lab/cli/gtlab.js' run '/shared/runs/it'\\''s fig4/spec.json' --shard "\${SLURM_ARRAY_TASK_ID}/8"`,
    );
    expect(s).toContain(`--out '/shared/runs/it'\\''s fig4' --json &`);
    expect(s).toMatch(
      /trap 'kill -USR1 "\$pid" .*scontrol requeue "\$\{SLURM_ARRAY_JOB_ID\}_\$\{SLURM_ARRAY_TASK_ID\}"; exit 1' USR1\nwait "\$pid"\n$/,
    );
  });

  test('the merge job runs gtlab merge on the folder; array specs for resubmissions', () => {
    const m = mergeSbatch(OPTS);
    expect(m).toContain(`#SBATCH --output=/shared/runs/it's fig4/slurm/logs/merge.out\n`);
    expect(m).toContain(
      `'/opt/node/bin/node' '/home/me/game-tree-lab/cli/gtlab.js' merge '/shared/runs/it'\\''s fig4' --json\n`,
    );
    expect(m).not.toContain('--array');
    expect(arraySpec(4)).toBe('0-3');
    expect(arraySpec([1, 3], 2)).toBe('1,3%2');
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });
});

describe('slurm states', () => {
  const shards: ShardState[] = [0, 1, 2, 3, 4].map((index) => ({
    index,
    trees: 2,
    done: index === 0 ? 2 : 0,
    state: index === 0 ? 'complete' : index === 4 ? 'absent' : 'incomplete',
  }));

  test('squeue and sacct lines, arrays in brackets, other jobs ignored, the latest submission wins', () => {
    const sq = parseTaskStates('41_1 RUNNING\n41_[2-3,4%2] PENDING\n99_0 RUNNING\n', ['41']);
    expect([...sq].sort()).toEqual([
      [1, 'RUNNING'],
      [2, 'PENDING'],
      [3, 'PENDING'],
      [4, 'PENDING'],
    ]);
    const sa = parseTaskStates('41_1|CANCELLED by 0\n41_2|COMPLETED\n57_1|PENDING\n', ['41', '57']);
    expect(sa.get(1)).toBe('PENDING');
    expect(sa.get(2)).toBe('COMPLETED');
  });

  test('done from the files; pending/running from the queue; failed when it left the queue incomplete', () => {
    const queue = new Map([
      [1, 'RUNNING'],
      [2, 'PENDING'],
    ]);
    const accounting = new Map([
      [3, 'TIMEOUT'],
      [0, 'COMPLETED'],
    ]);
    const st = shardStatuses(shards, queue, accounting);
    expect(st).toEqual(['done', 'running', 'pending', 'failed', 'failed']);
    expect(shardsToResubmit(shards, st)).toEqual([3, 4]);
    expect(shardStatuses(shards, new Map(), new Map([[1, 'COMPLETED']]))[1]).toBe('failed');
  });
});

describe('gtlab slurm as a process (stand-in sbatch/squeue/sacct)', () => {
  let dir = '';
  let bin = '';
  const SPEC = ['furtak-buro-fig4', '--trees', '4', '--depth', '3'];
  const env = (extra: Record<string, string> = {}) => ({
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
    ...extra,
  });
  const gtlab = (args: string[], e?: NodeJS.ProcessEnv) => runGtlab(args, dir, e);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gtlab-slurm-cli-'));
    bin = join(dir, 'bin');
    mkdirSync(bin);
    // sbatch (shell builtins only) logs its arguments and prints a job id (or fails when FAIL_SBATCH is set); squeue knows no job; sacct has no accounting.
    const script = (name: string, body: string) => {
      writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    };
    script(
      'sbatch',
      `if [ -n "$FAIL_SBATCH" ]; then echo "sbatch: error: invalid partition specified: nope" >&2; exit 1; fi
echo "$@" >> "${dir}/sbatch.log"; n=0; while read -r _; do n=$((n + 1)); done < "${dir}/sbatch.log"; echo "$((100 + n));cluster"`,
    );
    script('squeue', 'exit 0');
    script('sacct', 'echo "sacct: error: Slurm accounting storage is disabled" >&2; exit 1');
  });

  test('--help anywhere prints the help and exits 0 (parse handles it); no subcommand prints it and exits 2', () => {
    for (const args of [
      ['slurm', '--help'],
      ['slurm', '-h'],
      ['slurm', 'submit', '--help'],
      ['slurm', 'status', 'x', '-h'],
    ]) {
      const r = gtlab(args, { ...process.env, PATH: '/nonexistent' });
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/gtlab slurm submit/);
    }
    const none = gtlab(['slurm'], { ...process.env, PATH: '/nonexistent' });
    expect(none.code).toBe(2);
    expect(none.stdout).toMatch(/gtlab slurm submit/);
  });

  test('--dry-run writes the spec and both scripts and submits nothing', () => {
    const r = gtlab(['slurm', 'submit', ...SPEC, '--tasks', '2', '--out', 'dry', '--dry-run', '--json'], {
      ...process.env,
      PATH: '/nonexistent',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      arrayJobId: null,
      mergeJobId: null,
      dryRun: true,
      scripts: [join(dir, 'dry/slurm/array.sbatch'), join(dir, 'dry/slurm/merge.sbatch')],
    });
    expect(readFileSync(join(dir, 'dry/slurm/array.sbatch'), 'utf8')).toContain('#SBATCH --array=0-1\n');
    expect(existsSync(join(dir, 'dry/spec.json'))).toBe(true);
    expect(existsSync(join(dir, 'dry/slurm/logs'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'dry/spec.json'), 'utf8')).model.horizon).toBe('estimate');
  });

  test('--horizon overrides the spec the shards run, as gtlab run --horizon does', () => {
    const r = gtlab(
      ['slurm', 'submit', ...SPEC, '--horizon', 'exact', '--tasks', '2', '--out', 'dry-exact', '--dry-run', '--json'],
      { ...process.env, PATH: '/nonexistent' },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'dry-exact/spec.json'), 'utf8')).model.horizon).toBe('exact');
  });

  test('errors name the cause and write nothing: no sbatch, a bad spec, bad flags, sbatch refusing', () => {
    const none = gtlab(['slurm', 'submit', ...SPEC, '--tasks', '2', '--out', 'a'], {
      ...process.env,
      PATH: '/nonexistent',
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no sbatch on PATH/);
    const spec = gtlab(['slurm', 'submit', 'furtak-buro-fig4', '--depth', '0', '--tasks', '2', '--out', 'a'], env());
    expect(spec.code).toBe(2);
    expect(spec.stderr).toMatch(/--depth 0 is not allowed/);
    const tasks = gtlab(['slurm', 'submit', ...SPEC, '--tasks', '5', '--out', 'a'], env());
    expect(tasks.stderr).toMatch(/--tasks 5 is not allowed: at most the spec's 4 trees/);
    expect(gtlab(['slurm', 'submit', ...SPEC, '--tasks', '2', '--time', 'soon', '--out', 'a'], env()).stderr).toMatch(
      /--time soon is not allowed/,
    );
    expect(existsSync(join(dir, 'a'))).toBe(false);
    const refused = gtlab(['slurm', 'submit', ...SPEC, '--tasks', '2', '--out', 'b'], env({ FAIL_SBATCH: '1' }));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /sbatch .*array\.sbatch failed \(exit 1\): sbatch: error: invalid partition specified: nope/,
    );
    expect(gtlab(['slurm', 'status', 'nowhere'], env()).stderr).toMatch(/was not submitted with gtlab slurm submit/);
  });

  test('submit: the array, then the merge after it; resubmit takes only the shards neither complete nor queued', () => {
    const r = gtlab(
      ['slurm', 'submit', ...SPEC, '--tasks', '4', '--max-parallel', '2', '--out', 'set', '--json'],
      env(),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ arrayJobId: '101', mergeJobId: '102', dryRun: false });
    const log = () => readFileSync(join(dir, 'sbatch.log'), 'utf8').trim().split('\n').slice(-2);
    expect(log()).toEqual([
      `--parsable ${join(dir, 'set/slurm/array.sbatch')}`,
      `--parsable --dependency=afterany:101 ${join(dir, 'set/slurm/merge.sbatch')}`,
    ]);
    expect(gtlab(['slurm', 'submit', ...SPEC, '--tasks', '4', '--out', 'set'], env()).stderr).toMatch(
      /was submitted already/,
    );
    // Shards 0 and 2 ran; 1 and 3 never did.
    for (const i of [0, 2])
      expect(gtlab(['run', ...SPEC, '--shard', `${i}/4`, '--workers', '1', '--out', 'set']).code).toBe(0);
    const st = gtlab(['slurm', 'status', 'set', '--json'], env());
    expect(st.code, st.stderr).toBe(0);
    expect(JSON.parse(st.stdout)).toMatchObject({
      complete: false,
      missing: [1, 3],
      source: 'squeue',
      shards: [{ state: 'done' }, { state: 'failed' }, { state: 'done' }, { state: 'failed' }],
    });
    // Shard 3's task was killed outright on another node, leaving its lock; Slurm reports it ended.
    mkdirSync(join(dir, 'set/shards/3-of-4'), { recursive: true });
    const lock = join(dir, 'set/shards/3-of-4/gtlab.lock');
    writeFileSync(
      lock,
      JSON.stringify({
        pid: 77,
        host: 'node17.cluster',
        since: '2026-01-01T00:00:00.000Z',
        command: 'gtlab run',
        slurm: { job: '101_3', restart: 0 },
      }),
    );
    const re = gtlab(['slurm', 'resubmit', 'set', '--json'], env());
    expect(re.code, re.stderr).toBe(0);
    expect(JSON.parse(re.stdout)).toEqual({ resubmitted: [1, 3], arrayJobId: '103', mergeJobId: '104' });
    expect(re.stderr).toContain(
      'gtlab: shard 3: removed the lock of gtlab run (pid 77 on node17.cluster, since 2026-01-01T00:00:00.000Z, Slurm job 101_3): Slurm reports that job ended',
    );
    expect(existsSync(lock)).toBe(false);
    expect(log()).toEqual([
      `--parsable --array=1,3%2 ${join(dir, 'set/slurm/array.sbatch')}`,
      `--parsable --dependency=afterany:103 ${join(dir, 'set/slurm/merge.sbatch')}`,
    ]);
    expect(
      JSON.parse(readFileSync(join(dir, 'set/slurm/jobs.json'), 'utf8')).submissions.map(
        (s: { arrayJobId: string }) => s.arrayJobId,
      ),
    ).toEqual(['101', '103']);
  });
});
