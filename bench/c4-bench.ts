/**
 * `node --import tsx bench/c4-bench.ts`: the Connect-Four solver steps (shared/connect4/solver.ts) on
 * Pascal Pons' test files in ../shared/data/connect4/ (read at run time, never copied into the project),
 * against the mean node counts Pons published for each step ("Solving Connect 4", parts 3-12).
 *
 * For every file that exists and every step, strong and weak: positions solved, scores correct (weak:
 * the sign), mean visited (Pons' count), Pons' published mean, whether they agree to the digits he
 * printed ("code" where they agree instead with what his own code counts, PONS_CODE), and positions per
 * second. A step whose expected work (published mean × positions) exceeds budget runs on the first
 * positions only, in file order until the budget of negamax calls is spent (marked "first K"; its mean
 * is then not comparable); plain minimax runs on End-Easy only. An untimed
 * warm-up on the first positions (at most 200, and a twentieth of the budget) precedes each timed run.
 *
 * Runs shorter than 2 s are repeated and the best time kept (C4_BENCH_ROUNDS, default 3): the machine
 * is shared, so positions per second are noisy; counts are checked to be the same in every round.
 *
 * Environment: C4_BENCH_BUDGET (negamax calls per run, default 1e8), C4_BENCH_STEPS (comma list),
 * C4_BENCH_FILES (comma list of file names), C4_BENCH_ROUNDS.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Position } from '../shared/connect4/position.ts';
import { Solver, STEPS, type Step } from '../shared/connect4/solver.ts';
import { envInt } from './env-int.ts';
import PONS_COUNTS from './pons-counts.json';

const DATA = resolve(import.meta.dirname, '../../shared/data/connect4');
const BUDGET = envInt('C4_BENCH_BUDGET', 1e8);
const ONLY_STEPS = process.env.C4_BENCH_STEPS?.split(',');
const ONLY_FILES = process.env.C4_BENCH_FILES?.split(',');
const ROUNDS = envInt('C4_BENCH_ROUNDS', 3);

/** Pons' test set names. */
const SET_NAMES: Record<string, string> = {
  Test_L3_R1: 'End-Easy',
  Test_L2_R1: 'Middle-Easy',
  Test_L2_R2: 'Middle-Medium',
  Test_L1_R1: 'Begin-Easy',
  Test_L1_R2: 'Begin-Medium',
  Test_L1_R3: 'Begin-Hard',
};

/**
 * Pons' published mean nodes per position (pons-counts.json), [strong, weak], null where he printed none: as
 * printed in the benchmark table of each part of his tutorial (the README in ../shared/data/connect4 rounds
 * several of them).
 */
const PONS: Record<string, Partial<Record<Step, (string | null)[]>>> = PONS_COUNTS;

/**
 * Where Pons' printed figure is not what his own code of that part counts on the same file (his branch
 * built and run; test/connect4/pons-part8-counts.test.ts holds the solver to it): that code's mean, by
 * "file step mode". The agreement column then says "code" instead of "NO".
 */
const PONS_CODE: Record<string, string> = { 'Test_L3_R1 id weak': '74.479' };

/**
 * Whether `mean` gives the published figure at the last digit Pons printed, rounded or truncated (his
 * tables do both: 11,024 for 11,024.541 in part 3, 4135 for 4,134.582 in part 9).
 */
function agrees(mean: number, published: string): boolean {
  const s = published.replace(/,/g, '');
  const v = Number(s);
  const dot = s.indexOf('.');
  const unit = dot >= 0 ? 10 ** -(s.length - dot - 1) : 10 ** (s.length - s.replace(/0+$/, '').length);
  return Math.abs(mean - v) <= unit / 2 + 1e-9 || (mean >= v - 1e-9 && mean < v + unit);
}

/**
 * The agreement column: "-" where Pons printed nothing, "subset" where only the first positions ran, else
 * "yes", "code" (his own code's count, `code`, where his table differs from it) or "NO".
 */
function agreement(mean: number, whole: boolean, published: string | null, code: string | undefined): string {
  if (published === null) return '-';
  if (!whole) return 'subset';
  if (agrees(mean, published)) return 'yes';
  return code !== undefined && agrees(mean, code) ? 'code' : 'NO';
}

interface Case {
  position: Position;
  score: number;
}

function load(file: string): Case[] {
  return readFileSync(join(DATA, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [moves, score] = l.trim().split(/\s+/);
      return { position: Position.parse(moves), score: Number(score) };
    });
}

function main(): void {
  if (!existsSync(DATA)) {
    console.log(`no test data in ${DATA}: nothing to measure`);
    return;
  }
  const files = readdirSync(DATA)
    .filter((f) => /^Test_/.test(f) && (!ONLY_FILES || ONLY_FILES.includes(f)))
    .sort()
    .reverse();
  const solver = new Solver();
  console.log(
    `Connect-Four solver steps on Pons' test files (${DATA}); budget ${BUDGET.toExponential(1)} nodes per run; final step on the ${solver.kernel} kernel`,
  );
  console.log('counting: negamax calls per position, root included, cumulative over null-window searches (Pons)');
  console.log(
    'file (set)              | step      | mode   | positions   | correct | mean visited   | Pons mean    | agree  | positions/s | Mnodes/s',
  );
  for (const file of files) {
    const cases = load(file);
    const set = `${file} (${SET_NAMES[file] ?? '?'})`;
    for (const step of STEPS) {
      if (ONLY_STEPS && !ONLY_STEPS.includes(step)) continue;
      if (step === 'minimax' && file !== 'Test_L3_R1') continue;
      for (const weak of step === 'minimax' ? [false] : [false, true]) {
        const pub = PONS[file]?.[step]?.[weak ? 1 : 0] ?? null;
        // untimed warm-up (JIT) on the first positions, within a twentieth of the budget
        let warm = 0;
        for (const c of cases.slice(0, 200)) {
          solver.maxNodes = BUDGET / 20 - warm;
          try {
            warm += solver.solve(c.position, step, weak).visited;
          } catch (e) {
            if (e instanceof RangeError) break;
            throw e;
          }
          if (warm >= BUDGET / 20) break;
        }
        let { visited, correct, n, seconds: s } = timedRun(solver, cases, step, weak);
        // short runs are repeated (best time kept, counts must not change): the machine is shared
        for (let round = 1; round < ROUNDS && s < 2; round++) {
          const again = timedRun(solver, cases, step, weak);
          if (again.visited !== visited || again.correct !== correct || again.n !== n)
            throw new Error(`${file} ${step}: a repeated run gave other counts`);
          s = Math.min(s, again.seconds);
        }
        if (n === 0) {
          console.log(
            `${set.padEnd(23)} | ${step.padEnd(9)} | ${(weak ? 'weak' : 'strong').padEnd(6)} | the first position alone needs more than the budget`,
          );
          continue;
        }
        const mean = visited / n;
        const whole = n === cases.length;
        const agree = agreement(mean, whole, pub, PONS_CODE[`${file} ${step} ${weak ? 'weak' : 'strong'}`]);
        console.log(
          `${set.padEnd(23)} | ${step.padEnd(9)} | ${(weak ? 'weak' : 'strong').padEnd(6)} | ${(whole ? String(n) : `first ${n}`).padStart(11)} | ` +
            `${String(correct).padStart(7)} | ${fmt(mean).padStart(14)} | ${(pub ?? '-').padStart(12)} | ${agree.padEnd(6)} | ` +
            `${(n / s).toFixed(0).padStart(11)} | ${(visited / s / 1e6).toFixed(2).padStart(8)}`,
        );
      }
    }
  }
}

/** Positions in file order until the budget of negamax calls is spent (a position that would overrun it is stopped and left out). */
function timedRun(
  solver: Solver,
  cases: Case[],
  step: Step,
  weak: boolean,
): { visited: number; correct: number; n: number; seconds: number } {
  let visited = 0,
    correct = 0,
    n = 0;
  const t0 = performance.now();
  for (const c of cases) {
    solver.maxNodes = BUDGET - visited;
    let r: ReturnType<typeof solver.solve>;
    try {
      r = solver.solve(c.position, step, weak);
    } catch (e) {
      if (e instanceof RangeError) break;
      throw e;
    }
    n++;
    visited += r.visited;
    if (weak ? Math.sign(r.score) === Math.sign(c.score) : r.score === c.score) correct++;
    if (visited >= BUDGET) break;
  }
  return { visited, correct, n, seconds: (performance.now() - t0) / 1000 };
}

function fmt(x: number): string {
  return x >= 1000 ? Math.round(x).toLocaleString('en-US') : x.toFixed(3);
}

main();
