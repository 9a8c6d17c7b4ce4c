/**
 * `npm run bench:othello`: the FFO endgame benchmark (../shared/data/othello/fforum-1-19.obf and
 * fforum-40-59.obf, read at run time), FForum problems #1-#19 (14-16 empties) by default, in three parts:
 *
 *  1. the generic solver (shared/othello/solver.ts, the searches the experiments run, on the Othello
 *     kernel) under each move ordering: natural, value (static estimate), fastest-first (fewest
 *     opponent replies first, Furtak & Buro 2009, Sec. 6) and the paper's FCF weighted key; then each
 *     ordering's nodes as a ratio to fastest-first's on the same problem, and with #40 the question of
 *     the paper's Sec. 6: does fastest-first solve #40 with fewer nodes than value ordering?
 *  2. the solve mode (shared/othello/endgame-solver.ts) with every part on, every part off, and each
 *     part alone off: nodes, CPU seconds and nodes per CPU second per problem, then the totals and each
 *     setting's CPU time as a ratio to the generic solver's fastest-first on the same problems;
 *  3. with OTHELLO_REVERSI_SOLVER (a checkout of Richard Delorme's abulmo/reversi-solver, nothing is
 *     downloaded): his solver.c compiled with gcc -O3 into a temporary directory, run on the same
 *     positions, and set beside our solve mode's weak solve (his program solves win/draw/loss with the
 *     window [−1, 1]; ours: NegaScout with the same window): nodes, CPU seconds (his: nodes ÷ his
 *     printed nodes per second, from clock()), nodes/s, and his CPU time ÷ ours.
 *
 * Every score and best move is checked against the file (exit 1 otherwise). Times are process CPU time
 * (process.cpuUsage, which includes the garbage collector and the compiler threads): on a shared machine
 * wall time measures the other processes. Nodes are exact and repeatable; times are not. The load
 * average is printed at the start and the end. A solve that exceeds the node cap stops and is reported.
 *
 * Environment: OTHELLO_BENCH_PROBLEMS (FFO numbers 1-19 and 40-59, comma list with ranges a-b, default
 * 1-19), OTHELLO_BENCH_ORDERINGS (generic orderings, comma list, default natural,value,fastest-first,fcf;
 * empty: part 1 skipped), OTHELLO_BENCH_ALGORITHM (a registry search, default mtdf; the solve mode
 * takes mtdf, alphabeta or negascout), OTHELLO_BENCH_MODES (solve-mode settings, comma list of on, off,
 * no-shallow, no-etc, one-slot, no-tt-move, no-stability, no-rich-key, no-sort-search, and fastest-first:
 * both of the last two off, the plain fastest-first key at every deep node; default all; empty: part 2 skipped),
 * OTHELLO_BENCH_MAX_NODES (cap per solve, default 1e9), OTHELLO_BENCH_TT_BITS (generic table, default 22),
 * OTHELLO_BENCH_SOLVE_TT_BITS (the solve mode's table: 2^B buckets of two entries, 32·2^B bytes, default
 * 20), OTHELLO_BENCH_PROGRESS_MS (how often a running solve reports, default 600000: ten minutes; 0 never),
 * OTHELLO_REVERSI_SOLVER (part 3).
 *
 * Each row is printed when its solve is done, so a long run (e.g. FFO #40-#59 exactly:
 * OTHELLO_BENCH_PROBLEMS=40-59 OTHELLO_BENCH_ORDERINGS= OTHELLO_BENCH_MODES=on
 * OTHELLO_BENCH_MAX_NODES=1e15 OTHELLO_BENCH_SOLVE_TT_BITS=22) written to a file keeps every problem it finished.
 * A solve still running reports on stderr every OTHELLO_BENCH_PROGRESS_MS of wall time (its nodes so far, the
 * wall time and the rate), so a run stopped before a solve ends still shows how far that solve got.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  defaultSwitches,
  ENDGAME_OFF,
  ENDGAME_ON,
  ENDGAME_TABLE_BITS,
  EndgameTable,
  type EndgameSwitches,
} from '../shared/othello/endgame-solver.ts';
import { type ObfProblem, parseObfFile } from '../shared/othello/position.ts';
import { OTHELLO_ORDERINGS, type OthelloSolveResult, solveOthello } from '../shared/othello/solver.ts';
import { squareName } from '../shared/othello/bitboard.ts';
import { ALGORITHMS, type AlgorithmName } from '../shared/search/registry.ts';
import { SearchLimitError } from '../shared/search/search-context.ts';
import { TABLE_BITS, TranspositionTable } from '../shared/search/transposition-table.ts';
import { ProgressPace } from '../shared/util/progress-pace.ts';
import { Stopwatch } from '../shared/util/stopwatch.ts';
import { envInt } from './env-int.ts';

const DATA = resolve(import.meta.dirname, '../../shared/data/othello');

const list = (name: string, dflt: string): string[] =>
  (process.env[name] ?? dflt)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
const numbers = list('OTHELLO_BENCH_PROBLEMS', '1-19').flatMap((s) => {
  const m = /^(\d+)(?:-(\d+))?$/.exec(s);
  const a = m ? Number(m[1]) : NaN,
    b = m?.[2] !== undefined ? Number(m[2]) : a;
  const ok = (n: number) => (n >= 1 && n <= 19) || (n >= 40 && n <= 59);
  if (!ok(a) || !ok(b) || b < a)
    throw new RangeError(
      `OTHELLO_BENCH_PROBLEMS: ${s} is not allowed: FFO numbers (or ranges a-b) in [1..19] and [40..59]`,
    );
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
});
const orderings = list('OTHELLO_BENCH_ORDERINGS', OTHELLO_ORDERINGS.join(','));
const algorithm = (process.env.OTHELLO_BENCH_ALGORITHM ?? 'mtdf') as AlgorithmName;
if (!(ALGORITHMS as readonly string[]).includes(algorithm))
  throw new RangeError(`OTHELLO_BENCH_ALGORITHM = ${algorithm} is not allowed: use one of ${ALGORITHMS.join(', ')}`);
const MODES: Record<string, EndgameSwitches> = {
  on: ENDGAME_ON,
  off: ENDGAME_OFF,
  'no-shallow': { ...ENDGAME_ON, shallow: 0 },
  'no-etc': { ...ENDGAME_ON, etc: false },
  'one-slot': { ...ENDGAME_ON, twoSlot: false },
  'no-tt-move': { ...ENDGAME_ON, ttMove: false },
  'no-stability': { ...ENDGAME_ON, stability: false },
  'no-rich-key': { ...ENDGAME_ON, richKey: false },
  'no-sort-search': { ...ENDGAME_ON, sortSearch: 0 },
  'fastest-first': { ...ENDGAME_ON, richKey: false, sortSearch: 0 },
};
const modes = list('OTHELLO_BENCH_MODES', Object.keys(MODES).join(','));
for (const m of modes)
  if (!(m in MODES))
    throw new RangeError(`OTHELLO_BENCH_MODES: ${m} is not allowed: use ${Object.keys(MODES).join(', ')}`);
const maxNodes = envInt('OTHELLO_BENCH_MAX_NODES', 1e9);
const tt = new TranspositionTable(envInt('OTHELLO_BENCH_TT_BITS', 22, TABLE_BITS));
const endgameTable = new EndgameTable(envInt('OTHELLO_BENCH_SOLVE_TT_BITS', 20, ENDGAME_TABLE_BITS));
const progressMs = envInt('OTHELLO_BENCH_PROGRESS_MS', 600_000);

const files = {
  low: parseObfFile(readFileSync(join(DATA, 'fforum-1-19.obf'), 'utf8'), 'fforum-1-19.obf'),
  high: parseObfFile(readFileSync(join(DATA, 'fforum-40-59.obf'), 'utf8'), 'fforum-40-59.obf'),
};
const problemOf = (no: number): ObfProblem => (no <= 19 ? files.low[no - 1] : files.high[no - 40]);

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
/** CPU seconds of `f` (user + system) and its result. */
function cpu<T>(f: () => T): { r: T; seconds: number } {
  const c0 = process.cpuUsage();
  const r = f();
  const c = process.cpuUsage(c0);
  return { r, seconds: (c.user + c.system) / 1e6 };
}

console.log(
  `Othello FFO benchmark: problems ${numbers.join(',')}, ${algorithm}, generic table 2^${Math.log2(tt.size)}, solve-mode table 2^${endgameTable.bits} buckets, node cap ${maxNodes}; load average ${load()} (${new Date().toISOString()})`,
);
const HEAD = 'problem empties setting                score file best  ok        nodes    CPU s    nodes/s';

let wrong = 0;
/** A solve's progress reporter for its `onTick` (undefined when reports are off). */
function progress(no: number, setting: string): ((nodes: number) => void) | undefined {
  if (progressMs === 0) return undefined;
  const pace = new ProgressPace(
    new Stopwatch(),
    ({ done, ms, perSecond }) =>
      console.error(
        `#${no} ${setting}: ${done.toLocaleString('en-US')} nodes after ${(ms / 1000).toFixed(1)} s of wall time, ${Math.round(perSecond)} nodes/s (still running; ${new Date().toISOString()})`,
      ),
    progressMs,
  );
  return (nodes) => pace.tick(nodes);
}

/** One solve's row; returns its nodes and CPU seconds, or null when it hit the cap. */
function row(
  no: number,
  setting: string,
  solve: (onTick: ((nodes: number) => void) | undefined) => OthelloSolveResult,
): { nodes: number; seconds: number } | null {
  const p = problemOf(no);
  const expected = p.moves[0].score;
  const head = `#${String(no).padEnd(6)} ${String(p.position.empties).padStart(7)} ${setting.padEnd(22)}`;
  try {
    const onTick = progress(no, setting);
    const { r, seconds } = cpu(() => solve(onTick));
    const ok = r.score === expected && p.moves.some((m) => m.square === r.bestMove && m.score === expected);
    if (!ok) wrong++;
    const nodes = r.nodes + r.moveNodes;
    console.log(
      `${head}${String(r.score).padStart(5)} ${String(expected).padStart(4)} ${r.bestMoveName.padEnd(5)} ${ok ? 'yes' : 'NO '} ${String(nodes).padStart(12)} ${seconds.toFixed(2).padStart(8)} ${String(Math.round(seconds > 0 ? nodes / seconds : 0)).padStart(10)}`,
    );
    return { nodes, seconds };
  } catch (e) {
    if (!(e instanceof SearchLimitError)) throw e;
    console.log(
      `${head}  stopped at the node cap (> ${maxNodes} nodes); best listed ${squareName(p.moves[0].square)} ${expected}`,
    );
    return null;
  }
}

/** Totals per setting (nodes, CPU seconds; null once a solve hit the cap). */
const totals = new Map<string, { nodes: number; seconds: number } | null>();
function add(setting: string, r: { nodes: number; seconds: number } | null): void {
  const t = totals.has(setting) ? totals.get(setting)! : { nodes: 0, seconds: 0 };
  totals.set(setting, t === null || r === null ? null : { nodes: t.nodes + r.nodes, seconds: t.seconds + r.seconds });
}

// 1. the generic solver under each ordering
if (orderings.length > 0) {
  console.log(`\n1. the generic solver (${algorithm}, the experiments' searches on the Othello kernel)\n${HEAD}`);
  const nodes = new Map<number, Map<string, number>>();
  for (const no of numbers) {
    const byOrdering = new Map<string, number>();
    nodes.set(no, byOrdering);
    for (const ordering of orderings) {
      const r = row(no, ordering, (onTick) =>
        solveOthello(problemOf(no).position, { algorithm, ordering, tt, maxNodes, onTick }),
      );
      byOrdering.set(ordering, r === null ? -maxNodes : r.nodes);
      add(`generic ${ordering}`, r);
    }
  }
  console.log('\nnodes relative to fastest-first on the same problem (> : the solve hit the cap, a lower bound)');
  console.log(`problem ${orderings.map((o) => o.padStart(14)).join('')}`);
  for (const [no, byOrdering] of nodes) {
    const ref = byOrdering.get('fastest-first');
    const cells = orderings.map((o) => {
      const n = byOrdering.get(o)!;
      if (ref === undefined || ref < 0) return '?'.padStart(14);
      return `${n < 0 ? '>' : ''}${(Math.abs(n) / ref).toFixed(2)}`.padStart(14);
    });
    console.log(`#${String(no).padEnd(6)}${cells.join('')}`);
  }
  const r40 = nodes.get(40);
  if (r40?.has('fastest-first') && r40.has('value')) {
    const ff = r40.get('fastest-first')!,
      v = r40.get('value')!;
    const verdict =
      ff < 0 ? 'fastest-first hit the cap' : v < 0 ? 'yes (value ordering hit the cap)' : ff < v ? 'yes' : 'no';
    console.log(
      `\nfastest-first solves #40 with fewer nodes than value ordering: ${verdict} (${Math.abs(ff)} vs ${Math.abs(v)} nodes)`,
    );
  }
}

// 2. the solve mode, each setting
const modeAlgorithm = (['mtdf', 'alphabeta', 'negascout'] as AlgorithmName[]).includes(algorithm) ? algorithm : 'mtdf';
if (modes.length > 0) {
  console.log(`\n2. the solve mode (${modeAlgorithm}), every part on, off, and each part alone off\n${HEAD}`);
  for (const no of numbers)
    for (const m of modes)
      add(
        `solve ${m}`,
        row(no, m, (onTick) =>
          solveOthello(problemOf(no).position, {
            algorithm: modeAlgorithm,
            endgame: MODES[m],
            endgameTable,
            maxNodes,
            onTick,
          }),
        ),
      );
}

console.log("\ntotals over the problems (CPU ratio: CPU time ÷ the generic fastest-first solver's)");
console.log('setting                           nodes    CPU s    nodes/s  CPU ratio');
const ref = totals.get('generic fastest-first');
for (const [setting, t] of totals) {
  if (t === null) {
    console.log(`${setting.padEnd(24)} a solve hit the node cap`);
    continue;
  }
  const ratio = ref != null && ref.seconds > 0 ? (t.seconds / ref.seconds).toFixed(3) : '?';
  console.log(
    `${setting.padEnd(24)} ${String(t.nodes).padStart(14)} ${t.seconds.toFixed(2).padStart(8)} ${String(Math.round(t.seconds > 0 ? t.nodes / t.seconds : 0)).padStart(10)} ${ratio.padStart(10)}`,
  );
}

// 3. Delorme's reversi-solver beside the solve mode's weak solve
const SRC = process.env.OTHELLO_REVERSI_SOLVER;
if (SRC === undefined) {
  console.log(`\nDelorme's reversi-solver is compared only when a checkout is given by path:
  git clone https://github.com/abulmo/reversi-solver /tmp/reversi-solver
  OTHELLO_REVERSI_SOLVER=/tmp/reversi-solver npm run bench:othello   (needs gcc)`);
} else {
  const source = join(resolve(SRC), 'solver.c');
  if (!existsSync(source)) throw new RangeError(`OTHELLO_REVERSI_SOLVER: no solver.c in ${SRC}`);
  const dir = mkdtempSync(join(tmpdir(), 'reversi-solver-'));
  try {
    const exe = join(dir, 'solver');
    execFileSync('gcc', ['-O3', '-o', exe, source, '-lm'], { stdio: 'inherit' });
    const script = join(dir, 'problems.scr');
    writeFileSync(script, `${numbers.map((no) => problemOf(no).position.toString()).join('\n')}\n`);
    const out = execFileSync(exe, ['-v', script], { encoding: 'utf8' });
    // rows "  1|  14 | +02 | H1 -- … | 0:00:00.0 |      10619 |  13990777"
    const his = out
      .split('\n')
      .map((l) => l.split('|').map((s) => s.trim()))
      .filter((c) => c.length >= 7 && /^\d+$/.test(c[0]))
      .map((c) => ({ score: Number(c[2]), nodes: Number(c[5]), speed: Number(c[6]) }));
    if (his.length !== numbers.length)
      throw new Error(`reversi-solver printed ${his.length} rows for ${numbers.length} problems:\n${out}`);
    console.log(
      "\n3. Delorme's reversi-solver (gcc -O3) beside the solve mode, win/draw/loss with the window [-1, 1] on both sides",
    );
    console.log('problem  his nodes   his CPU s   his nodes/s   our nodes   our CPU s   our nodes/s  his/our CPU');
    let hn = 0,
      hs = 0,
      on = 0,
      os = 0;
    numbers.forEach((no, k) => {
      const p = problemOf(no);
      const h = his[k];
      const hsec = h.speed > 0 ? h.nodes / h.speed : 0;
      const { r, seconds } = cpu(() =>
        solveOthello(p.position, { algorithm: 'negascout', endgame: defaultSwitches(true), endgameTable, weak: true }),
      );
      const want = Math.sign(p.moves[0].score);
      if (r.score !== want || Math.sign(h.score) !== want) wrong++;
      hn += h.nodes;
      hs += hsec;
      on += r.nodes;
      os += seconds;
      console.log(
        `#${String(no).padEnd(6)} ${String(h.nodes).padStart(10)} ${hsec.toFixed(4).padStart(11)} ${String(Math.round(h.speed)).padStart(13)} ${String(r.nodes).padStart(11)} ${seconds.toFixed(4).padStart(11)} ${String(Math.round(seconds > 0 ? r.nodes / seconds : 0)).padStart(13)} ${(seconds > 0 ? hsec / seconds : 0).toFixed(3).padStart(12)}`,
      );
    });
    console.log(
      `total   ${String(hn).padStart(10)} ${hs.toFixed(4).padStart(11)} ${String(Math.round(hs > 0 ? hn / hs : 0)).padStart(13)} ${String(on).padStart(11)} ${os.toFixed(4).padStart(11)} ${String(Math.round(os > 0 ? on / os : 0)).padStart(13)} ${(os > 0 ? hs / os : 0).toFixed(3).padStart(12)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `\n${wrong === 0 ? 'every solved problem agrees with the file' : `${wrong} solve(s) DISAGREE with the file`}; load average ${load()} (${new Date().toISOString()})`,
);
process.exitCode = wrong === 0 ? 0 : 1;
