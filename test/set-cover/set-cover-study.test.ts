/**
 * The set-cover study (F&B Sec. 4) and `gtlab setcover`: in process, and as a real child process once
 * cli/main.ts registers the command (until then those tests are skipped).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setCoverStudy, setCoverStudyRow, SET_COVER_STUDY_SIZES } from '../../shared/set-cover/set-cover-study.ts';
import {
  randomSetCoverInstance,
  toSetCoverFile,
  type SetCoverInstance,
} from '../../shared/set-cover/set-cover-instance.ts';
import { setCoverGraph } from '../../shared/set-cover/set-cover.ts';
import { validateMinimaxProof } from '../../shared/proof/validate-minimax-proof.ts';
import { validateTargetProof } from '../../shared/proof/validate-target-proof.ts';
import { SETCOVER_HELP, setcover } from '../../cli/commands/setcover.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { bruteForceMinCover } from '../models/helpers.ts';
import { runCommand } from '../helpers/run-command.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

describe('set-cover study', () => {
  test('small sizes: claims hold with k* by brute force over all covers; the tree measures bound the exact minimum', () => {
    const sizes = [
      { n: 4, m: 4 },
      { n: 7, m: 6 },
      { n: 9, m: 10 },
    ];
    const s = setCoverStudy({ instances: 6, sizes, density: 0.3, seed: 5 });
    expect(s.rows.length).toBe(18);
    s.rows.forEach((r, i) => {
      expect(r.seed).toBe(5 + i);
      const inst = randomSetCoverInstance({ universe: r.n, sets: r.m, density: 0.3, seed: r.seed });
      const k = bruteForceMinCover(inst); // independent of minimumSetCover
      expect(r.kStar).toBe(k);
      expect(r.exactTarget).toBe(2 + r.n + k);
      expect(r.exactMinimax).toBe(4 + r.n + k);
      expect(r.targetClaim && r.minimaxClaim && r.proofsValid).toBe(true);
      // Upper bounds: distinct nodes of the unfolded MPT and of alpha-beta + TT are valid proof graphs.
      expect(r.exactTarget).toBeLessThanOrEqual(r.unfoldedTargetDistinct);
      expect(r.unfoldedTargetDistinct).toBeLessThanOrEqual(r.unfoldedTargetSize);
      expect(r.exactMinimax).toBeLessThanOrEqual(r.unfoldedMinimaxDistinct);
      expect(r.unfoldedMinimaxDistinct).toBeLessThanOrEqual(r.unfoldedMinimaxSize);
      expect(r.exactMinimax).toBeLessThanOrEqual(r.alphaBetaTTDistinct);
      expect(r.alphaBetaTTDistinct).toBeLessThanOrEqual(r.alphaBetaTTVisited);
      // The unfolded target tree: t, u, and per element v_i one set leaf: 2 + 2n.
      expect(r.unfoldedTargetSize).toBe(2 + 2 * r.n);
      // Without the box the minimax minimum is never below the target minimum 2 + n + k*.
      expect(r.exactMinimaxNoBox).toBeGreaterThanOrEqual(2 + r.n + k);
    });
    expect(s.checks).toMatchObject({
      instances: 18,
      targetClaimHolds: 18,
      minimaxClaimHolds: 18,
      proofsValid: 18,
      allHold: true,
      failures: [],
    });
    // Sharing matters on some instance: the unfolded tree's proof is not minimal there.
    expect(s.rows.some((r) => r.unfoldedTargetDistinct > r.exactTarget)).toBe(true);
    expect(s.summary.unfoldedTargetDistinctOverExact.min).toBeGreaterThanOrEqual(1);
    expect(s.summary.alphaBetaTTVisitedOverExact.mean).toBeGreaterThan(1);
  });

  test('the hand instance where the dashed box matters (set-cover.test.ts brute force: 6)', () => {
    const hand: SetCoverInstance = { universe: 2, sets: [[0, 1], [0], [1]] };
    const r = setCoverStudyRow(hand, 0);
    expect([r.kStar, r.exactTarget, r.exactMinimax, r.exactMinimaxNoBox]).toEqual([1, 5, 7, 6]);
  });

  test('deterministic, and the default ladder runs within the limits', () => {
    const p = { instances: 2, sizes: [{ n: 12, m: 9 }], density: 0.25, seed: 42 };
    expect(setCoverStudy(p)).toEqual(setCoverStudy(p));
    const big = setCoverStudy({ instances: 1, sizes: [...SET_COVER_STUDY_SIZES], density: 0.3, seed: 3 });
    expect(big.checks.allHold).toBe(true);
  });

  test('bad parameters are RangeErrors naming the field and the allowed range', () => {
    const ok = { instances: 1, sizes: [{ n: 3, m: 3 }], density: 0.3, seed: 1 };
    expect(() => setCoverStudy({ ...ok, instances: 0 })).toThrow(/^instances = 0 is not allowed/);
    expect(() => setCoverStudy({ ...ok, sizes: [{ n: 3, m: 26 }] })).toThrow(
      /^m = 26 is not allowed: it must be an integer in \[1\.\.25\]/,
    );
    expect(() => setCoverStudy({ ...ok, sizes: [{ n: 0, m: 3 }] })).toThrow(/^n = 0 is not allowed/);
    expect(() => setCoverStudy({ ...ok, density: 0 })).toThrow(/^density = 0 is not allowed/);
    expect(() => setCoverStudy({ ...ok, sizes: [] })).toThrow(/^sizes:/);
    expect(() => setCoverStudy({ ...ok, budget: 1, sizes: [{ n: 20, m: 20 }] })).toThrow(/^budget: /);
  });
});

let dir = '';
const inst: SetCoverInstance = randomSetCoverInstance({ universe: 12, sets: 9, density: 0.3, seed: 7 });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gtlab-setcover-'));
  writeFileSync(join(dir, 'inst.json'), JSON.stringify(toSetCoverFile(inst)));
  writeFileSync(
    join(dir, 'bad.json'),
    JSON.stringify({ format: 'gtlab-setcover', version: 1, universe: 2, sets: [[0, 5]] }),
  );
  writeFileSync(
    join(dir, 'many.json'),
    JSON.stringify({
      format: 'gtlab-setcover',
      version: 1,
      universe: 2,
      sets: Array.from({ length: 26 }, () => [0, 1]),
    }),
  );
});

const run = (...argv: string[]) => runCommand(setcover, argv);

describe('gtlab setcover (in process)', () => {
  test('study --json: one object with the rows of the library call and the checks', async () => {
    const r = await run(
      'study',
      '--instances',
      '3',
      '--n',
      '8',
      '--m',
      '6',
      '--density',
      '0.4',
      '--seed',
      '9',
      '--json',
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    const lib = setCoverStudy({ instances: 3, sizes: [{ n: 8, m: 6 }], density: 0.4, seed: 9 });
    expect(j.rows).toEqual(lib.rows);
    expect(j.checks).toEqual(lib.checks);
    expect(j.params).toMatchObject({ instances: 3, sizes: [{ n: 8, m: 6 }], density: 0.4, seed: 9 });
    expect(r.stdout.trim().split('\n').length).toBe(1);
  });

  test('solve --json: exact size, k*, a valid proof whose node count is the size', async () => {
    for (const proof of ['target', 'minimax'] as const) {
      const r = await run('solve', join(dir, 'inst.json'), '--proof', proof, '--json');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.stdout);
      const k = bruteForceMinCover(inst);
      expect(j).toMatchObject({
        proof,
        n: 12,
        m: 9,
        kStar: k,
        exact: (proof === 'target' ? 2 : 4) + 12 + k,
        claimHolds: true,
        valid: true,
      });
      expect(j.proofNodes).toBe(j.exact);
      const g = setCoverGraph(inst, proof);
      const check = proof === 'target' ? validateTargetProof(g, j.nodes, 1) : validateMinimaxProof(g, j.nodes);
      expect(check.valid).toBe(true);
    }
  });

  test('help and bad input (UsageError: exit code 2 in main)', async () => {
    expect((await run('--help')).stdout).toBe(SETCOVER_HELP);
    expect((await run('study', '--help')).stdout).toBe(SETCOVER_HELP);
    await expect(run('frobnicate')).rejects.toThrow(/unknown subcommand "frobnicate"/);
    await expect(run('study', '--m', '30')).rejects.toThrow(UsageError);
    await expect(run('study', '--m', '30')).rejects.toThrow(/--m 30 is not allowed/);
    await expect(run('study', '--density', '2')).rejects.toThrow(/--density 2 is not allowed/);
    await expect(run('solve', join(dir, 'bad.json'))).rejects.toThrow(/sets\[0\]\[1\]: 5 is not an element id/);
    await expect(run('solve', join(dir, 'many.json'))).rejects.toThrow(/sets: 26 sets is too many/);
    await expect(run('solve', join(dir, 'inst.json'), '--proof', 'other')).rejects.toThrow(
      /--proof other is not allowed/,
    );
    await expect(run('solve', join(dir, 'missing.json'))).rejects.toThrow(/no such file/);
    await expect(run('solve', join(dir, 'inst.json'), '--budget', '1')).rejects.toThrow(UsageError);
  });
});

// The real process, once the lead registers the command in cli/main.ts (until then these are skipped).

const gtlab = (...args: string[]) => runGtlab(args, dir);

describe('gtlab setcover as a process', () => {
  test('study --json and solve --json, exit codes', () => {
    const s = gtlab('setcover', 'study', '--instances', '2', '--n', '6', '--m', '5', '--seed', '3', '--json');
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).checks.allHold).toBe(true);
    const v = gtlab('setcover', 'solve', 'inst.json', '--proof', 'minimax', '--json');
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({ kStar: bruteForceMinCover(inst), claimHolds: true, valid: true });
    const bad = gtlab('setcover', 'solve', 'bad.json');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/sets\[0\]\[1\]/);
    expect(bad.stdout).toBe('');
  });
});
