/**
 * `npm run bench:othello`: the FFO endgame benchmark (../shared/data/othello/fforum-40-59.obf, read at
 * run time), problems #40-#44 (20-24 empties) by default, solved exactly by shared/othello/solver.ts
 * under each move ordering: natural, value (static estimate), fastest-first (fewest opponent replies
 * first, Furtak & Buro 2009, Sec. 6) and the paper's FCF weighted key. For every problem and ordering:
 * score and best move checked against the file, visited nodes, time and nodes per second; then each
 * ordering's nodes as a ratio to fastest-first's on the same problem (the reference of this run), and
 * the question of the paper's Sec. 6: does fastest-first solve #40 with fewer nodes than value ordering?
 *
 * Rows are printed as each solve finishes. A solve that exceeds the node cap stops and is reported as
 * such (its ratio is then a lower bound). The machine's load average is printed at the start and the
 * end: nodes are exact and repeatable, times and nodes/s are not on a shared machine.
 *
 * Environment: OTHELLO_BENCH_PROBLEMS (FFO numbers, comma list, default 40,41,42,43,44),
 * OTHELLO_BENCH_ORDERINGS (comma list, default natural,value,fastest-first,fcf),
 * OTHELLO_BENCH_ALGORITHM (a registry search, default mtdf), OTHELLO_BENCH_MAX_NODES (cap per solve,
 * default 1e9), OTHELLO_BENCH_TT_BITS (default 22).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseObfFile } from '../shared/othello/position.ts';
import { OTHELLO_ORDERINGS, solveOthello } from '../shared/othello/solver.ts';
import { squareName } from '../shared/othello/bitboard.ts';
import { ALGORITHMS, type AlgorithmName } from '../shared/search/registry.ts';
import { SearchLimitError } from '../shared/search/search-context.ts';
import { TranspositionTable } from '../shared/search/transposition-table.ts';
import { envInt } from './env-int.ts';

const FILE = resolve(import.meta.dirname, '../../shared/data/othello/fforum-40-59.obf');
/** FFO number of the file's first line */
const FIRST = 40;

const list = (name: string, dflt: string): string[] =>
  (process.env[name] ?? dflt)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
const numbers = list('OTHELLO_BENCH_PROBLEMS', '40,41,42,43,44').map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < FIRST || n > 59)
    throw new RangeError(`OTHELLO_BENCH_PROBLEMS: ${s} is not allowed: FFO numbers are integers in [40..59]`);
  return n;
});
const orderings = list('OTHELLO_BENCH_ORDERINGS', OTHELLO_ORDERINGS.join(','));
const algorithm = (process.env.OTHELLO_BENCH_ALGORITHM ?? 'mtdf') as AlgorithmName;
if (!(ALGORITHMS as readonly string[]).includes(algorithm))
  throw new RangeError(`OTHELLO_BENCH_ALGORITHM = ${algorithm} is not allowed: use one of ${ALGORITHMS.join(', ')}`);
const maxNodes = envInt('OTHELLO_BENCH_MAX_NODES', 1e9);
const tt = new TranspositionTable(envInt('OTHELLO_BENCH_TT_BITS', 22));

const problems = parseObfFile(readFileSync(FILE, 'utf8'), FILE);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
console.log(
  `Othello FFO benchmark: ${algorithm}, transposition table 2^${Math.log2(tt.size)}, node cap ${maxNodes}; load average ${load()} (${new Date().toISOString()})`,
);
console.log('problem empties ordering               score file best  ok        nodes  seconds    nodes/s');

/** nodes per [problem][ordering]; a stopped solve is stored negative (−cap) */
const nodes = new Map<number, Map<string, number>>();
let wrong = 0;
for (const no of numbers) {
  const p = problems[no - FIRST];
  const expected = p.moves[0].score;
  const row = new Map<string, number>();
  nodes.set(no, row);
  for (const ordering of orderings) {
    const head = `#${no}     ${String(p.position.empties).padStart(7)} ${ordering.padEnd(22)}`;
    try {
      const r = solveOthello(p.position, { algorithm, ordering, tt, maxNodes });
      const ok = r.score === expected && p.moves.some((m) => m.square === r.bestMove && m.score === expected);
      if (!ok) wrong++;
      row.set(ordering, r.nodes + r.moveNodes);
      console.log(
        `${head}${String(r.score).padStart(5)} ${String(expected).padStart(4)} ${r.bestMoveName.padEnd(5)} ${ok ? 'yes' : 'NO '} ${String(r.nodes + r.moveNodes).padStart(12)} ${r.seconds.toFixed(1).padStart(8)} ${String(Math.round(r.nodesPerSecond)).padStart(10)}`,
      );
    } catch (e) {
      if (!(e instanceof SearchLimitError)) throw e;
      row.set(ordering, -maxNodes);
      console.log(
        `${head}  stopped at the node cap (> ${maxNodes} nodes); best listed ${squareName(p.moves[0].square)} ${expected}`,
      );
    }
  }
}

console.log('\nnodes relative to fastest-first on the same problem (> : the solve hit the cap, a lower bound)');
console.log(`problem ${orderings.map((o) => o.padStart(14)).join('')}`);
for (const [no, row] of nodes) {
  const ref = row.get('fastest-first');
  const cells = orderings.map((o) => {
    const n = row.get(o)!;
    if (ref === undefined || ref < 0) return '?'.padStart(14);
    return `${n < 0 ? '>' : ''}${(Math.abs(n) / ref).toFixed(2)}`.padStart(14);
  });
  console.log(`#${no}    ${cells.join('')}`);
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
console.log(
  `\n${wrong === 0 ? 'every solved problem agrees with the file' : `${wrong} solve(s) DISAGREE with the file`}; load average ${load()} (${new Date().toISOString()})`,
);
process.exitCode = wrong === 0 ? 0 : 1;
