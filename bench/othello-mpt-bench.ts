/**
 * The minimum proof tree of Othello endgame positions (Furtak & Buro 2009, Figure 2), the denominator of
 * Figure 4 on Othello endgames (docs/othello.md): the positions with k empties on the problems' exact best
 * lines, proved by the bitboard kernel (shared/othello/othello-mpt.ts) and, with OTHELLO_MPT_BENCH_GENERIC=1,
 * by the generic branch and bound beside it (shared/proof/mpt-branch-and-bound.ts with `kernel: false`: the
 * same size and expansions, checked). Per position: the MPT's size, the expansions, CPU seconds and
 * expansions per CPU second. The positions run in one process in the order a worker of the experiment takes
 * them (a line's positions by ascending k, lines one after another), so the exact values' table, kept for
 * the process, is shared as it is there.
 *
 *   npm run bench:othello-mpt
 *   OTHELLO_MPT_BENCH_PROBLEMS=ffo-40-59 OTHELLO_MPT_BENCH_LINES=1 OTHELLO_MPT_BENCH_K=13-15 npm run bench:othello-mpt
 *
 * Environment: OTHELLO_MPT_BENCH_PROBLEMS (fforum-1-19 or ffo-40-59, default fforum-1-19),
 * OTHELLO_MPT_BENCH_LINES (the first N problems' lines, default 4), OTHELLO_MPT_BENCH_K (empties, a or a-b,
 * default 10-12), OTHELLO_MPT_BENCH_GENERIC (1: the generic code too).
 */
import { bestLine } from '../shared/othello/best-line.ts';
import { PROBLEM_SET_NAMES, PROBLEM_SETS, type ProblemSetName } from '../shared/othello/fforum-problems.ts';
import { OthelloGame } from '../shared/othello/othello-game.ts';
import { MptBranchAndBound } from '../shared/proof/mpt-branch-and-bound.ts';
import { SolvedGame } from '../shared/search/solved-game.ts';
import { envInt } from './env-int.ts';

const setName = (process.env.OTHELLO_MPT_BENCH_PROBLEMS ?? 'fforum-1-19') as ProblemSetName;
if (!PROBLEM_SET_NAMES.includes(setName)) {
  throw new RangeError(
    `OTHELLO_MPT_BENCH_PROBLEMS = ${setName} is not allowed: use one of ${PROBLEM_SET_NAMES.join(', ')}`,
  );
}
const problems = PROBLEM_SETS[setName];
const lines = Math.min(envInt('OTHELLO_MPT_BENCH_LINES', 4), problems.length);
const kText = process.env.OTHELLO_MPT_BENCH_K ?? '10-12';
const kMatch = /^(\d+)(?:-(\d+))?$/.exec(kText);
if (kMatch === null) throw new RangeError(`OTHELLO_MPT_BENCH_K = ${kText} is not allowed: use a or a-b (empties)`);
const kMin = Number(kMatch[1]);
const kMax = Number(kMatch[2] ?? kMatch[1]);
if (kMax < kMin) throw new RangeError(`OTHELLO_MPT_BENCH_K = ${kText} is not allowed: a-b needs a ≤ b`);
const generic = process.env.OTHELLO_MPT_BENCH_GENERIC === '1';

/** The proof of `game`'s position on the kernel or the generic code: size, expansions, CPU seconds. */
function prove(game: OthelloGame, kernel: boolean) {
  const c0 = process.cpuUsage();
  const solved = new SolvedGame(game);
  solved.reset();
  const bb = new MptBranchAndBound(solved, { kernel });
  const size = bb.size(game.maxPly);
  const c = process.cpuUsage(c0);
  return { size, expanded: bb.stats.expanded, seconds: (c.user + c.system) / 1e6 };
}

console.log(
  `Othello minimum proof trees: ${setName}, lines of the first ${lines} problems, k = ${kMin}..${kMax}${generic ? ', the generic code beside the kernel' : ''}`,
);
console.log(
  'problem   k        MPT    expansions    CPU s   expansions/s' + (generic ? '  generic CPU s  kernel ÷ generic' : ''),
);
let total = 0;
let totalExpanded = 0;
for (let t = 0; t < lines; t++) {
  const p = problems[t];
  for (const pos of bestLine(p.position, kMin).filter((x) => x.empties <= kMax)) {
    const r = prove(new OthelloGame(pos.position), true);
    total += r.seconds;
    totalExpanded += r.expanded;
    let beside = '';
    if (generic) {
      const g = prove(new OthelloGame(pos.position), false);
      if (g.size !== r.size || g.expanded !== r.expanded) {
        throw new Error(
          `#${p.number} at ${pos.empties} empties: the kernel's MPT ${r.size} (${r.expanded} expansions) ≠ the generic code's ${g.size} (${g.expanded})`,
        );
      }
      beside = `  ${g.seconds.toFixed(2).padStart(13)}  ${(r.seconds / g.seconds).toFixed(2).padStart(16)}`;
    }
    console.log(
      `#${String(p.number).padEnd(7)} ${String(pos.empties).padStart(2)} ${String(r.size).padStart(10)} ${String(r.expanded).padStart(13)} ${r.seconds.toFixed(2).padStart(8)} ${Math.round(
        r.expanded / Math.max(r.seconds, 1e-9),
      )
        .toString()
        .padStart(14)}${beside}`,
    );
  }
}
console.log(
  `all: ${totalExpanded} expansions in ${total.toFixed(1)} CPU s (${Math.round(totalExpanded / Math.max(total, 1e-9))} per s)`,
);
