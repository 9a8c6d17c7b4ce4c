/**
 * `gtlab montecarlo li-2|li-3|li-4` and `gtlab reproduce li-5`: in-process (the command functions) and
 * as real processes (needs cli/main.ts to register `montecarlo`: the lead's step).
 */
import { describe, expect, test } from 'vitest';
import { MONTECARLO_HELP, montecarlo, monteCarloLi } from '../../cli/commands/montecarlo.ts';
import { reproduce } from '../../cli/commands/reproduce.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { expectedLeaves, leavesRecurrence } from '../../shared/li/alpha-beta-leaves.ts';
import { winLeavesRecurrence } from '../../shared/li/win-leaf-count.ts';
import { correctDecision } from '../../shared/li/correct-decision.ts';
import {
  PRINTED_TABLE_5_1,
  PRINTED_TABLE_5_2,
  PRINTED_TABLE_5_3,
  truncatedEfficiency,
} from '../../shared/li/chapter5/thesis-tables.ts';
import { runCommand } from '../helpers/run-command.ts';
import { runGtlab } from '../helpers/gtlab-process.ts';

/** The li-4 case both the in-process and the process tests run. */
const LI4 = { p0: 0.5, f1: 0.3, f2: 0.4, k: 2 };
/** The montecarlo arguments of the li-4 case over this many trees. */
const li4 = (trees: number) => [
  'li-4',
  ...Object.entries(LI4).flatMap(([flag, value]) => [`--${flag}`, String(value)]),
  '--trees',
  String(trees),
];

async function run(
  cmd: (argv: string[]) => Promise<number>,
  ...argv: string[]
): Promise<{ code: number; out: string }> {
  const r = await runCommand(cmd, argv);
  return { code: r.code, out: r.stdout };
}

describe('montecarlo (in-process): Monte-Carlo agrees with the exact corrected values on small cases', () => {
  test('li-4: N_2 and N_3 inside the 95 % interval; f1 = f2 = 1 gives exactly 2^k', () => {
    for (const [k, seed] of [
      [2, 11],
      [3, 12],
    ]) {
      const r = monteCarloLi('li-4', { p0: 0.5, f1: 0.3, f2: 0.4, k }, 3000, seed);
      expect(r.exact.corrected).toBeCloseTo(expectedLeaves(0.5, leavesRecurrence(0.3, 0.4, k)), 12);
      expect(r.inInterval.corrected).toBe(true);
      expect(r.hi - r.lo).toBeLessThan(0.1 * r.mean);
    }
    const one = monteCarloLi('li-4', { p0: 0.3, f1: 1, f2: 1, k: 4 }, 50, 1);
    expect(one).toMatchObject({ mean: 16, lo: 16, hi: 16, inInterval: { corrected: true } });
  });

  test('li-2: R_3 inside the interval; the printed computation (whole (2.9) times p0) is far outside', () => {
    const r = monteCarloLi('li-2', { p0: 0.618, f1: 0.3, f2: 0.4, k: 3 }, 3000, 5);
    expect(r.exact.corrected).toBeCloseTo(winLeavesRecurrence(0.618, 0.3, 0.4, 3)[2], 12);
    expect(r.inInterval).toEqual({ corrected: true, printed: false });
  });

  test('li-3: D(d, h) inside its (Wilson) interval for h = 4, 5', () => {
    for (const [d, h] of [
      [2, 4],
      [3, 5],
    ]) {
      const r = monteCarloLi('li-3', { f1: 0.3, f2: 0.4, d, h }, 4000, 3);
      expect(r.exact.corrected).toBe(correctDecision(0.3, 0.4, h)[d - 1]);
      expect(r.inInterval.corrected).toBe(true);
      expect(r.half95).toBeCloseTo((r.hi - r.lo) / 2, 14);
    }
  });

  test('--json prints one object; --help; bad input is a UsageError naming the flag', async () => {
    const { code, out } = await run(montecarlo, ...li4(200), '--seed', '4', '--json');
    expect(code).toBe(0);
    expect(out.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(monteCarloLi('li-4', LI4, 200, 4))));
    expect((await run(montecarlo, '--help')).out).toBe(MONTECARLO_HELP);
    expect(
      (await run(montecarlo, 'li-3', '--f1', '0.5', '--f2', '0.5', '--d', '2', '--h', '3', '--trees', '100')).out,
    ).toMatch(/D\(2, 3\)/);
    await expect(run(montecarlo, 'li-9')).rejects.toThrow(/experiment "li-9" is not allowed/);
    await expect(run(montecarlo, 'li-4', '--f1', '2', '--f2', '0.4', '--p0', '0.5', '--k', '2')).rejects.toThrow(
      /--f1 2 is not allowed/,
    );
    await expect(run(montecarlo, 'li-3', '--f1', '0.3', '--f2', '0.4', '--d', '6', '--h', '5')).rejects.toThrow(
      /--d 6 is not allowed/,
    );
    await expect(run(montecarlo, 'li-3', '--f1', '1', '--f2', '0.4', '--d', '1', '--h', '5')).rejects.toThrow(
      /f1 = 1 is not allowed for h = 5/,
    );
    await expect(
      run(montecarlo, 'li-2', '--p0', '0.5', '--f1', '0.3', '--f2', '0.4', '--k', '2', '--h', '3'),
    ).rejects.toThrow(UsageError);
  });
});

describe('reproduce li-5 (in-process)', () => {
  test('the printed Table 5.3 is 1 − T5.2/T5.1 truncated, in all 16 cells (the transcription checks itself)', () => {
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++)
        expect(truncatedEfficiency(PRINTED_TABLE_5_2[r][c]!, PRINTED_TABLE_5_1[r][c]!)).toBe(PRINTED_TABLE_5_3[r][c]);
    }
  });

  test('--json: the 4 × 4 grid with terminals, P_AB, R_AB (equal), efficiency truncated as printed', async () => {
    const { code, out } = await run(reproduce, 'li-5', '--trees', '3', '--seed', '9', '--json');
    expect(code).toBe(0);
    expect(out.trimEnd().split('\n')).toHaveLength(1);
    const j = JSON.parse(out);
    expect(j).toMatchObject({ table: '5', trees: 3, seed: 9, domain: 6, depths: [5, 6, 7, 8], widths: [4, 5, 6, 7] });
    expect(j.cells).toHaveLength(16);
    for (const c of j.cells) {
      expect(c.pabRabMismatches).toBe(0);
      expect(c.pab.mean).toBe(c.rab.mean);
      expect(c.pab.mean).toBeLessThanOrEqual(c.terminals.mean);
      expect(c.informed.mean).toBeLessThanOrEqual(c.pab.mean);
      expect(c.efficiency.value).toBeCloseTo(1 - c.pab.mean / c.terminals.mean, 12);
      expect(c.efficiency.truncated).toBe(truncatedEfficiency(c.pab.mean, c.terminals.mean));
      expect(c.printed.terminals).not.toBeNull();
    }
    expect(j.cells[15]).toMatchObject({ d: 8, n: 7, printed: { terminals: 220723, visited: 72564, efficiency: 0.67 } });
    await expect(run(reproduce, 'li-5', '--trees', '1')).rejects.toThrow(/--trees 1 is not allowed/);
    await expect(run(reproduce, 'li-2.2', '--trees', '5')).rejects.toThrow(/--trees applies to li-5 only/);
  });
});

describe('montecarlo and reproduce li-5 (process)', () => {
  const gtlab = (...args: string[]) => runGtlab(args);

  test("montecarlo li-4 --json: one object, the library's numbers", () => {
    const r = gtlab('montecarlo', ...li4(300), '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(monteCarloLi('li-4', LI4, 300, 1))));
  }, 30_000);

  test('montecarlo: bad input exits 2 naming the flag', () => {
    const b = gtlab('montecarlo', 'li-2', '--p0', '0.5', '--f1', '0.3', '--f2', '0.4', '--k', '11');
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--k 11/);
    expect(b.stdout).toBe('');
  }, 30_000);

  test('reproduce li-5 --json', () => {
    const r = gtlab('reproduce', 'li-5', '--trees', '2', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).cells).toHaveLength(16);
  }, 30_000);
});
