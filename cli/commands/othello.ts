/**
 * `gtlab othello solve FILE|"BOARD SIDE" …`: Othello endgame positions solved exactly by the
 * registry's searches under a move ordering (shared/othello/solver.ts), checked against the scores an
 * .obf file lists for every move.
 */
import { existsSync } from 'node:fs';
import { checked, type Flags, int, parse } from '../args.ts';
import { type CommandFlags, commandFlagOptions } from '../command-flags.ts';
import { readText } from '../files.ts';
import { flagValue, requestFlag } from '../study-flags.ts';
import { UsageError } from '../usage-error.ts';
import { ALGORITHMS, algorithmHelp, type AlgorithmName } from '../../shared/search/registry.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';
import { parseObfFile, parseObfLine, type ObfProblem } from '../../shared/othello/position.ts';
import {
  checkSolveMode,
  FCF_DEFAULT,
  othelloOrdering,
  solveOthello,
  type OthelloSolveResult,
} from '../../shared/othello/solver.ts';
import { squareName } from '../../shared/othello/bitboard.ts';
import { defaultSwitches, ENDGAME_ON, type EndgameSwitches, SHALLOW_MAX } from '../../shared/othello/endgame-solver.ts';
import { othelloStudy } from '../../shared/othello/othello-study.ts';
import { ORDERING_SYNTAX } from '../../shared/search/ordering/parse-ordering.ts';
import { BOARD_ARG, othelloExport } from './othello-export.ts';
import { quoted } from '../../shared/util/quoted.ts';
import { perSecond, ProgressPace } from '../../shared/util/progress-pace.ts';
import { Stopwatch } from '../../shared/util/stopwatch.ts';

/** The flags of the Othello study's fields (shared/othello/othello-study.ts); the position is the argument of solve. */
const ALGORITHM = requestFlag(othelloStudy.schema, 'algorithm');
const ORDERING = requestFlag(othelloStudy.schema, 'ordering');
const WEAK = requestFlag(othelloStudy.schema, 'weak');
const SOLVE_MODE = requestFlag(othelloStudy.schema, 'solveMode');

/** The study's flags and the command's own: a file's problem, the table's size, a node limit, JSON lines. */
export const OTHELLO_FLAGS: CommandFlags = {
  requests: [othelloStudy.schema],
  study: [ALGORITHM, ORDERING, WEAK, SOLVE_MODE],
  values: ['line', 'tt-bits', 'max-nodes', 'shallow', 'sort-search'],
  switches: ['json', 'no-etc', 'one-slot', 'no-tt-move', 'no-stability', 'no-rich-key'],
};

export const OTHELLO_HELP = `gtlab othello solve FILE|"BOARD SIDE" [--line N] [--weak] [--algorithm A] [--ordering O] [--json]
gtlab othello export "BOARD SIDE" --out TREE [--proof PROOF]   (see gtlab othello export --help)

Othello endgames solved exactly: the search runs to the end of the game (2 x empties plies) with a
transposition table. FILE holds one problem per line in the .obf form ("BOARD SIDE; MOVE:SCORE; ...",
64 squares A1..H1, A2..H2, ..., H8 of X, O or -; side X or O); a quoted "BOARD SIDE" (or a whole
.obf line) is one position. Scores are final disc differentials for the side to move, empties to the
winner. Where the line lists move scores, the result is checked: the score must equal the best listed
score and the best move must be listed with it (exit 1 if any problem is answered wrongly).

  --line N               solve only problem N (1-based, blank lines not counted) of FILE
  ${WEAK.help}: null windows around 0; the score is then 1, 0 or -1
  ${ALGORITHM.help}:
                         mtdf visits the fewest nodes on FForum problems
${algorithmHelp(ALGORITHMS, '                           ')}
  ${ORDERING.help}; a spec is
                         ${ORDERING_SYNTAX}
                         natural: squares A1..H8; value: the estimate ordering, best static estimate
                         first (mobility difference + 8 x corners); fastest-first: fewest opponent
                         replies first; fcf: ${FCF_DEFAULT}
  --tt-bits B            transposition table of 2^B entries (default 22, 4..26; not the solve mode's)
  ${SOLVE_MODE.help}: shared/othello/endgame-solver.ts
                         instead of the experiments' searches: its own fastest-first ordering and a table
                         of 2^20 two-entry buckets,
                         mtdf, alphabeta or negascout, every part on unless switched off below (with
                         --weak the rich key and the sort search are off: they cost that solve more):
  --shallow N            (solve mode) plain search at N empties and fewer: no table, parity order, the
                         last empty by counting flips (default ${ENDGAME_ON.shallow}; 0 off, at most ${SHALLOW_MAX})
  --no-etc               (solve mode) without enhanced transposition cutoffs
  --one-slot             (solve mode) one always-replaced entry per table bucket (not the deepest and the newest)
  --no-tt-move           (solve mode) without the table's move first
  --no-stability         (solve mode) without stability cutoffs (the opponent's stable discs bounding the
                         score, tried at 2 to 5 empties)
  --no-rich-key          (solve mode) the plain fastest-first count (not the opponent's weighted and
                         potential mobility) below the sort search
  --sort-search N        (solve mode) order by a one-ply search of each child with a mobility estimate
                         at nodes of N empties and more (default ${ENDGAME_ON.sortSearch}; 0 off, at most 60)
  --max-nodes N          stop a solve after N visited nodes (exit 2)
  --json                 one JSON object per problem as it is solved ({"kind":"problem", "line", "score",
                         "bestMove", "nodes", "seconds", "nodesPerSecond", "expected", "correct", ...}),
                         then {"kind":"summary", ...}

Progress goes to stderr once a second on solves longer than a second.
`;

/** A position rather than a file name: an argument that is no file and has a space or a run of squares. */
function isPosition(arg: string): boolean {
  return !existsSync(arg) && (/\s/.test(arg.trim()) || /^[XO-]{16,}$/.test(arg));
}

export async function othello(argv: string[]): Promise<number> {
  if (argv[0] === 'export') return othelloExport(argv.slice(1));
  const boards = argv.filter((a) => BOARD_ARG.test(a));
  const { flags, positionals: rest } = parse(
    argv.filter((a) => !BOARD_ARG.test(a)),
    commandFlagOptions(OTHELLO_FLAGS),
    OTHELLO_HELP,
  );
  const [sub, arg, ...extra] = [...rest.slice(0, 1), ...boards, ...rest.slice(1)];
  if (sub !== 'solve')
    throw new UsageError(
      `othello needs the subcommand solve${sub === undefined ? '' : ` (got ${quoted(sub)})`} (see gtlab othello --help)`,
    );
  if (arg === undefined || extra.length > 0)
    throw new UsageError('othello solve takes exactly one FILE or one quoted "BOARD SIDE" position');
  const algorithm = flagValue(ALGORITHM, flags) as AlgorithmName;
  const ordering = flagValue(ORDERING, flags) as string;
  checked(() => othelloOrdering(ordering));
  const weak = flagValue(WEAK, flags) as boolean;
  if (weak && algorithm === 'minimax') {
    const windowed = ALGORITHMS.filter((a) => a !== 'minimax');
    throw new UsageError(
      `--weak is not allowed with --algorithm minimax: minimax has no window (use ${windowed.slice(0, -1).join(', ')} or ${windowed.at(-1)})`,
    );
  }
  const bits = int(flags, 'tt-bits', 4, 26, 22);
  const maxNodes = int(flags, 'max-nodes', 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const json = flags.json === true;
  const endgame = solveModeFlags(flags, defaultSwitches(weak));
  if (endgame !== undefined) checked(() => checkSolveMode(algorithm, ordering));

  let problems: { line: number; problem: ObfProblem }[];
  if (isPosition(arg)) {
    if (flags.line !== undefined) throw new UsageError('--line applies to a FILE, not to a single position');
    problems = [{ line: 1, problem: checked(() => parseObfLine(arg)) }];
  } else {
    const all = checked(() => parseObfFile(readText(arg, 'Othello problem file'), arg)).map((problem, i) => ({
      line: i + 1,
      problem,
    }));
    if (all.length === 0) throw new UsageError(`${arg} holds no problem (one "BOARD SIDE; MOVE:SCORE; ..." per line)`);
    if (flags.line !== undefined) {
      const n = int(flags, 'line', 1, all.length);
      problems = [all[n - 1]];
    } else problems = all;
  }

  const tt = new TranspositionTable(bits);
  let wrong = 0;
  let checkedCount = 0;
  let nodes = 0;
  let seconds = 0;
  for (const { line, problem } of problems) {
    // A line on stderr every second of a long solve.
    const pace = new ProgressPace(
      new Stopwatch(),
      (p) =>
        process.stderr.write(
          `othello: problem ${line}: ${p.done} nodes, ${(p.ms / 1000).toFixed(0)} s, ${Math.round(p.perSecond)} nodes/s\n`,
        ),
      1000,
    );
    const r = checked(() =>
      solveOthello(problem.position, {
        algorithm,
        ordering,
        weak,
        tt,
        maxNodes,
        endgame,
        onTick: (nodes) => pace.tick(nodes),
      }),
    );
    nodes += r.nodes + r.moveNodes;
    seconds += r.seconds;
    const verdict = check(problem, r);
    if (verdict.correct !== null) {
      checkedCount++;
      if (!verdict.correct) wrong++;
    }
    if (json) {
      process.stdout.write(
        `${JSON.stringify({ kind: 'problem', line, position: problem.position.toString(), ...r, ...verdict })}\n`,
      );
    } else {
      const score = weak ? ['loss', 'draw', 'win'][r.score + 1] : signed(r.score);
      const exp =
        verdict.expected === null
          ? ''
          : `; file ${weak ? ['loss', 'draw', 'win'][Math.sign(verdict.expected) + 1] : signed(verdict.expected)} (${verdict.expectedMoves.join(' ')}) ${verdict.correct ? 'ok' : 'WRONG'}`;
      process.stdout.write(
        `problem ${line} (${r.empties} empties): ${score}, best ${r.bestMoveName}${exp}; ${r.nodes} nodes, ${r.seconds.toFixed(2)} s, ${Math.round(r.nodesPerSecond)} nodes/s\n`,
      );
    }
  }
  const summary = {
    kind: 'summary',
    problems: problems.length,
    checked: checkedCount,
    wrong,
    nodes,
    seconds,
    nodesPerSecond: perSecond(nodes, seconds * 1000),
    algorithm,
    ordering: othelloOrdering(ordering).name,
    weak,
    ttBits: bits,
    endgame: endgame ?? null,
  };
  if (json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else if (problems.length > 1)
    process.stdout.write(
      `${problems.length} problems, ${checkedCount - wrong}/${checkedCount} correct; ${nodes} nodes, ${seconds.toFixed(2)} s, ${Math.round(summary.nodesPerSecond)} nodes/s (${algorithm}, ${summary.ordering}${weak ? ', weak' : ''})\n`,
    );
  if (wrong > 0)
    process.stderr.write(`othello: ${wrong} of ${checkedCount} problems answered differently from the file\n`);
  return wrong > 0 ? 1 : 0;
}

/**
 * The solve mode's switches from --solve-mode and its part flags over `defaults`, or undefined without
 * --solve-mode.
 */
function solveModeFlags(flags: Flags, defaults: EndgameSwitches): EndgameSwitches | undefined {
  if (flags['solve-mode'] !== true) {
    const part = ['shallow', 'no-etc', 'one-slot', 'no-tt-move', 'no-stability', 'no-rich-key', 'sort-search'].find(
      (f) => flags[f] !== undefined,
    );
    if (part !== undefined) throw new UsageError(`--${part} applies to the solve mode: add --solve-mode`);
    return undefined;
  }
  return {
    shallow: int(flags, 'shallow', 0, SHALLOW_MAX, defaults.shallow),
    etc: defaults.etc && flags['no-etc'] !== true,
    twoSlot: defaults.twoSlot && flags['one-slot'] !== true,
    ttMove: defaults.ttMove && flags['no-tt-move'] !== true,
    stability: defaults.stability && flags['no-stability'] !== true,
    richKey: defaults.richKey && flags['no-rich-key'] !== true,
    sortSearch: int(flags, 'sort-search', 0, 60, defaults.sortSearch),
  };
}

function signed(v: number): string {
  return v > 0 ? `+${v}` : String(v);
}

/**
 * The file's verdict on a result: the best listed score, the moves listed with it, and whether the
 * result agrees (strong: same score and a listed best move; weak: same sign and a move of that sign,
 * any move when lost). `correct` is null when the line lists no scores.
 */
function check(
  problem: ObfProblem,
  r: OthelloSolveResult,
): { expected: number | null; expectedMoves: string[]; correct: boolean | null } {
  if (problem.moves.length === 0) return { expected: null, expectedMoves: [], correct: null };
  const expected = Math.max(...problem.moves.map((m) => m.score));
  const expectedMoves = problem.moves.filter((m) => m.score === expected).map((m) => squareName(m.square));
  const moveScore = problem.moves.find((m) => m.square === r.bestMove)?.score;
  const correct = r.weak
    ? r.score === Math.sign(expected) &&
      (r.score === -1 || (moveScore !== undefined && Math.sign(moveScore) === r.score))
    : r.score === expected && moveScore === expected;
  return { expected, expectedMoves, correct };
}
