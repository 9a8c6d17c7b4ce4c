/**
 * `gtlab c4 solve MOVES …` and `gtlab c4 bench FILE …`: Connect-Four positions solved by the steps of
 * Pons' tutorial (shared/connect4/solver.ts), with his node counts; bench files follow his test
 * protocol (one "MOVES SCORE" per line).
 */
import { checked, int, parse } from '../args.ts';
import { type CommandFlags, commandFlagOptions } from '../command-flags.ts';
import { readText } from '../files.ts';
import { flagValue, requestFlag } from '../study-flags.ts';
import { UsageError } from '../usage-error.ts';
import { Position } from '../../shared/connect4/position.ts';
import { Solver, type Step } from '../../shared/connect4/solver.ts';
import { c4Study } from '../../shared/connect4/c4-study.ts';
import { quoted } from '../../shared/util/quoted.ts';

/** The flags of the Connect-Four study's fields (shared/connect4/c4-study.ts); MOVES is the argument of solve. */
const STEP = requestFlag(c4Study.schema, 'step');
const WEAK = requestFlag(c4Study.schema, 'weak');

/** The study's flags and the command's own: bench's --limit, a solve's node limit, the JSON output. */
export const C4_FLAGS: CommandFlags = {
  requests: [c4Study.schema],
  study: [STEP, WEAK],
  values: ['limit', 'max-nodes'],
  switches: ['json'],
};

export const C4_HELP = `gtlab c4 solve MOVES [--step S] [--weak] [--json]
gtlab c4 bench FILE [--step S] [--weak] [--limit N] [--json]

Connect-Four (7x6) solved with the steps of Pascal Pons' tutorial "Solving Connect 4".
MOVES are 1-based columns played from the empty board, e.g. 4455 (empty string: the empty board).
Scores (Pons): for the player to move, 22 minus the winner's stones at the end if it wins, the
negative if it loses, 0 for a draw. Counting (Pons): visited = negamax calls, root included,
cumulative over the null-window searches of one solve; the table is cleared before each position.

  solve MOVES            solve one position
  bench FILE             solve every line "MOVES SCORE" of FILE (Pons' test protocol) and check the scores

  ${STEP.help}:
                         minimax: plain negamax; alphabeta: + score window; order: + centre-first columns;
                         tt: + transposition table; id: + null-window iterative deepening;
                         losing: + skip moves that lose at once; sorted: + moves sorted by threats;
                         final: + lower bounds in the table (Pons' final solver without opening book)
  ${WEAK.help}: window [-1, 1], the sign of the score is meant; not with minimax
  --limit N              bench: only the first N positions of FILE
  --max-nodes N          stop a solve after N negamax calls (exit 2; default: no limit)
  --json                 solve: {"score", "visited", ...}; bench: {"positions", "correct", "meanVisited",
                         "positionsPerSecond", ...}

Exit code: 0 when solved (bench: every score as FILE gives it), 1 when bench got a score other than
FILE's (the lines are named on stderr), 2 for bad input or a solve stopped by --max-nodes.
`;

const SUBCOMMANDS = ['solve', 'bench'] as const;

export async function c4(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, commandFlagOptions(C4_FLAGS), C4_HELP);
  const [sub, arg, ...extra] = positionals;
  if (sub === undefined || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
    throw new UsageError(
      `c4 needs a subcommand: ${SUBCOMMANDS.join(' or ')}${sub === undefined ? '' : ` (got ${quoted(sub)})`} (see gtlab c4 --help)`,
    );
  }
  if (arg === undefined || extra.length > 0) {
    throw new UsageError(
      sub === 'solve'
        ? 'c4 solve takes exactly one MOVES string (use "" for the empty board)'
        : 'c4 bench takes exactly one FILE',
    );
  }
  const step = flagValue(STEP, flags) as Step;
  const weak = flagValue(WEAK, flags) as boolean;
  if (weak && step === 'minimax')
    throw new UsageError(
      '--weak is not allowed with --step minimax: plain minimax has no score window (use alphabeta or later)',
    );
  const maxNodes = int(flags, 'max-nodes', 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const solver = new Solver({ maxNodes });

  if (sub === 'solve') {
    if (flags.limit !== undefined) throw new UsageError('--limit applies to c4 bench only');
    const pos = checked(() => Position.parse(arg));
    const t0 = performance.now();
    const r = checked(() => solver.solve(pos, step, weak));
    const seconds = (performance.now() - t0) / 1000;
    if (flags.json)
      process.stdout.write(
        `${JSON.stringify({ score: r.score, visited: r.visited, step, weak, stones: pos.moves, seconds })}\n`,
      );
    else
      process.stdout.write(
        `${arg === '' ? '(empty board)' : arg}: score ${r.score}${weak ? ' (weak: the sign is meant)' : ''}, visited ${r.visited} (${step})\n`,
      );
    return 0;
  }

  const limit = int(flags, 'limit', 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const cases = parseTestFile(readText(arg, 'c4 test file'), arg).slice(0, limit);
  let correct = 0;
  const wrong: string[] = [];
  let visited = 0;
  let seconds = 0;
  for (const c of cases) {
    const t0 = performance.now();
    const r = checked(() => solver.solve(c.position, step, weak));
    seconds += (performance.now() - t0) / 1000;
    visited += r.visited;
    if (weak ? Math.sign(r.score) === Math.sign(c.score) : r.score === c.score) correct++;
    else wrong.push(`line ${c.line} ${c.moves === '' ? '(empty board)' : c.moves}: ${r.score}, FILE ${c.score}`);
  }
  const summary = {
    positions: cases.length,
    correct,
    meanVisited: cases.length === 0 ? 0 : visited / cases.length,
    positionsPerSecond: seconds > 0 ? cases.length / seconds : 0,
    file: arg,
    step,
    weak,
    seconds,
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    process.stdout.write(
      `${arg} (${step}${weak ? ', weak' : ''}): ${correct}/${cases.length} correct, mean visited ${summary.meanVisited.toFixed(2)}, ${summary.positionsPerSecond.toFixed(0)} positions/s\n`,
    );
  if (wrong.length === 0) return 0;
  process.stderr.write(
    `c4 bench: ${wrong.length} of ${cases.length} positions scored differently from ${arg}${weak ? ' (by sign)' : ''}: ${wrong.slice(0, 5).join('; ')}${wrong.length > 5 ? '; …' : ''}\n`,
  );
  return 1;
}

interface TestCase {
  /** 1-based line of the file */
  line: number;
  moves: string;
  position: Position;
  score: number;
}

/** Lines "MOVES SCORE" (Pons' test protocol); blank lines are skipped; errors name file and line. */
function parseTestFile(text: string, name: string): TestCase[] {
  const out: TestCase[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const m = /^(\S*)\s+(\S+)$/.exec(line);
    if (!m) throw new UsageError(`${name} line ${i + 1}: expected "MOVES SCORE", got ${quoted(line)}`);
    const score = Number(m[2]);
    if (!/^[+-]?\d+$/.test(m[2]) || Math.abs(score) > 21)
      throw new UsageError(`${name} line ${i + 1}: score ${m[2]} is not allowed: it must be an integer in [-21..21]`);
    let position: Position;
    try {
      position = Position.parse(m[1]);
    } catch (e) {
      if (e instanceof RangeError) throw new UsageError(`${name} line ${i + 1}: ${e.message}`);
      throw e;
    }
    out.push({ line: i + 1, moves: m[1], position, score });
  }
  return out;
}
