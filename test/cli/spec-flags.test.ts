/**
 * The flags that change a spec (SPEC_FLAGS, loadSpec's overrides): each changes the spec of `gtlab
 * run` and `gtlab slurm submit`, and every command that continues with a spec of its own refuses them
 * (exit 2, each given flag named, nothing written) rather than ignoring them: `gtlab run --resume`,
 * `gtlab slurm status` and `resubmit`. The spec's description names the flags that changed it. A new override is covered without a change here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { DESCRIPTION_CHANGED, loadSpec, run, SPEC_FLAGS } from '../../cli/commands/run.ts';
import { othelloEndgameSpec } from '../../shared/othello/othello-endgame-preset.ts';
import { slurm } from '../../cli/commands/slurm.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { gtlabFolder } from '../helpers/gtlab-process.ts';

const { dir, gtlab } = gtlabFolder('gtlab-resume-flags-');
const KM = join(dir, 'km');

/** Two values of each spec-changing flag: at least one differs from any spec's own. */
const VALUES: Record<string, [string, string]> = {
  trees: ['5', '6'],
  depth: ['2', '3'],
  seed: ['11', '12'],
  horizon: ['estimate', 'exact'],
  'size-info': ['all', 'searched'],
  'size-stand-in': ['mean', 'last'],
  'tt-move': ['first', 'ordered'],
  guess: ['previous', 'zero'],
  problems: ['fforum-1-19', 'ffo-40-59'],
};

/** The preset a flag's values are tried on: one whose model has the field. */
const presetFor = (flag: string) => (flag === 'problems' ? 'othello-endgame-fcf' : 'furtak-buro-fig4');

/** Every file of the run folder with its text, to see that a refusal wrote nothing. */
const snapshot = () => Object.fromEntries(readdirSync(KM).map((f) => [f, readFileSync(join(KM, f), 'utf8')]));

beforeAll(() => {
  expect(gtlab('run', 'knuth-moore-check', '--trees', '2', '--depth', '2', '--workers', '1', '--out', 'km').code).toBe(
    0,
  );
}, 60_000);

describe('gtlab run --resume refuses the flags that change the spec', () => {
  test.each(['size-info', 'size-stand-in', 'tt-move', 'guess'])('--%s: exit 2 naming it, nothing written', (flag) => {
    const before = snapshot();
    const r = gtlab('run', '--resume', '--out', 'km', '--workers', '1', `--${flag}`, VALUES[flag][1]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe(
      `gtlab: --resume continues the run in km with its own spec: --${flag} would change it; drop it, or start a new run in another --out\n`,
    );
    expect(snapshot()).toEqual(before);
  });

  test('all of them at once: every one named', () => {
    const args = Object.entries(VALUES).flatMap(([flag, [v]]) => [`--${flag}`, v]);
    const r = gtlab('run', '--resume', '--out', 'km', ...args);
    expect(r.code, r.stderr).toBe(2);
    const named = /its own spec: (.*) would change it; drop them/.exec(r.stderr)?.[1].split(', ');
    expect(named?.sort()).toEqual(
      Object.keys(VALUES)
        .map((f) => `--${f}`)
        .sort(),
    );
  });

  test("every flag of loadSpec's overrides changes a spec, and --resume refuses it", async () => {
    expect([...SPEC_FLAGS].sort()).toEqual(Object.keys(VALUES).sort());
    for (const flag of SPEC_FLAGS) {
      const base = loadSpec(presetFor(flag), {});
      const changed = VALUES[flag].map((v) => loadSpec(presetFor(flag), { [flag]: v }));
      expect(
        changed.some((s) => JSON.stringify(s) !== JSON.stringify(base)),
        flag,
      ).toBe(true);
      const refused = run(['--resume', '--out', KM, `--${flag}`, VALUES[flag][0]]);
      await expect(refused).rejects.toThrow(UsageError);
      await expect(run(['--resume', '--out', KM, `--${flag}`, VALUES[flag][0]])).rejects.toThrow(
        `--${flag} would change it`,
      );
    }
  });
});

test("the description says which flags changed the preset's spec; without flags it is the preset's", () => {
  const own = loadSpec('othello-endgame-fcf', {}).description;
  expect(own).toBe(othelloEndgameSpec().description);
  expect(loadSpec('othello-endgame-fcf', { problems: 'ffo-40-59', depth: '16' }).description).toBe(
    `${own} ${DESCRIPTION_CHANGED}--depth 16, --problems ffo-40-59.`,
  );
});

test("--problems sets the Othello model's problem set, and is refused for a model without one", () => {
  expect(loadSpec('othello-endgame-fcf', { problems: 'ffo-40-59' }).model).toEqual({
    kind: 'othello',
    minEmpties: 8,
    problems: 'ffo-40-59',
  });
  expect(() => loadSpec('furtak-buro-fig4', { problems: 'ffo-40-59' })).toThrow(
    new UsageError('--problems applies to othello models; prefix-value trees have no problem set'),
  );
});

describe('gtlab slurm takes every spec-changing flag to submit, and refuses them to status and resubmit', () => {
  test('submit --dry-run with --size-info, --size-stand-in, --tt-move and --guess: the set spec has them', () => {
    const r = gtlab(
      'slurm',
      'submit',
      'furtak-buro-fig4',
      '--tasks',
      '2',
      '--out',
      'set',
      '--dry-run',
      '--size-info',
      'searched',
      '--size-stand-in',
      'last',
      '--tt-move',
      'ordered',
      '--guess',
      'zero',
    );
    expect(r.code, r.stderr).toBe(0);
    const spec = JSON.parse(readFileSync(join(dir, 'set', 'spec.json'), 'utf8'));
    expect(spec).toMatchObject({ sizeInfo: 'searched', sizeStandIn: 'last', ttMove: 'ordered', guess: 'zero' });
  });

  test.each(['status', 'resubmit'])('%s: every spec-changing flag refused, naming each', async (sub) => {
    for (const flag of SPEC_FLAGS) {
      await expect(slurm([sub, join(dir, 'set'), `--${flag}`, VALUES[flag][0]])).rejects.toThrow(
        `slurm ${sub} works on the set submitted in ${join(dir, 'set')} with its own spec: --${flag} would change it; drop it`,
      );
    }
    const all = Object.entries(VALUES).flatMap(([flag, [v]]) => [`--${flag}`, v]);
    await expect(slurm([sub, join(dir, 'set'), ...all])).rejects.toThrow(
      `: ${SPEC_FLAGS.map((f) => `--${f}`).join(', ')} would change it; drop them`,
    );
    expect(existsSync(join(dir, 'set', 'slurm', 'jobs.json'))).toBe(false);
  });
});
