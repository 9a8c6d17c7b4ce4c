/**
 * `gtlab match --limit moves:N|time:MS[,…] [flags]`: Rivest's Table 2 on Connect-Four — min/max
 * approximation against iterative-deepening alpha-beta, every opening played with both colours
 * (shared/rivest/match-play.ts).
 */
import { checked, choice, num, parse } from '../args.ts';
import { type CommandFlags, commandFlagOptions } from '../command-flags.ts';
import { flagValue, requestFlag, variantList, variantListFlag } from '../study-flags.ts';
import { UsageError } from '../usage-error.ts';
import {
  RIVEST_TABLE2,
  openings,
  rivestScore,
  runMatch,
  type MoveLimit,
  type Tally,
} from '../../shared/rivest/match-play.ts';
import { matchStudy } from '../../shared/rivest/match-study.ts';
import { schemaDef } from '../../shared/util/fields.ts';
import { quoted } from '../../shared/util/quoted.ts';

/**
 * The flags of the match study's fields (shared/rivest/match-study.ts): --openings gives its opening plies,
 * --limit a list of its limits (one match each). MM's parameters are the command's own: the study leaves
 * them at their defaults.
 */
const OPENINGS = requestFlag(matchStudy.schema, 'plies', 'openings');
const COUNT = requestFlag(matchStudy.schema, 'count');
const SEED = requestFlag(matchStudy.schema, 'seed');
const LIMITS = variantListFlag(
  'limit',
  schemaDef(matchStudy.schema).shape!.limit,
  'limit',
  'per-move limit(s), each its own match',
);

/** The study's flags and the command's own: MM's parameters and the JSON output. */
export const MATCH_FLAGS: CommandFlags = {
  requests: [matchStudy.schema],
  study: [LIMITS, OPENINGS, COUNT, SEED],
  values: ['p', 'backup', 'weights', 'reverse-c', 'scale'],
  switches: ['json'],
};

const MATCH_HELP = `gtlab match --limit moves:N|time:MS[,…] [flags]

Connect-Four matches (Rivest 1987, Table 2): min/max approximation (MM: generalized-mean back-up,
penalty = −log of the derivative, least-penalty tip expanded) against iterative-deepening alpha-beta
(AB: transposition table, centre-first order, the Connect-Four evaluation at the horizon). Every
opening is played twice, colours swapped. Rivest (490 games each): under time limits MM–AB–ties
186–239–65; under move-call limits 249–190–51.

  ${LIMITS.help}: moves:N = N calls of the move routine
                         (child positions generated; deterministic), time:MS = MS milliseconds of wall
                         time (not reproducible: depends on the machine and its load)
  ${OPENINGS.help}: every opening of P plies is played (49 of 2)
  ${COUNT.help}: a seeded sample of C openings instead
  ${SEED.help}: the sample's
  --p P                  MM's mean exponent p (default 10)
  --backup B             MM's back-up: mean (M_p, default) | minimax
  --weights W            MM's edge weights: exact (−log of (3), default) | reverse (reverse approximation)
  --reverse-c C          the constant replacing log n in reverse weights (default 1)
  --scale S              MM's logistic map u(v) = 1/(1+exp(−v/S)) of the evaluation (default 0.25)
  --json                 print {"matches": [{"limit", "games", "mmWins", "abWins", "draws", "score", …}], "rivest"}
Progress (the live tally after each game) goes to stderr.
`;

function limitName(l: MoveLimit): string {
  return l.kind === 'moves' ? `moves:${l.n}` : `time:${l.ms}`;
}

export async function match(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, commandFlagOptions(MATCH_FLAGS), MATCH_HELP);
  if (positionals.length !== 0)
    throw new UsageError(`match takes no positional arguments (got ${quoted(positionals[0])}; see gtlab match --help)`);
  const limits = variantList(LIMITS, flags) as MoveLimit[] | undefined;
  if (limits === undefined) throw new UsageError(`--limit is required: ${LIMITS.allowed} for several matches`);
  const plies = flagValue(OPENINGS, flags) as number;
  const count = flagValue(COUNT, flags) as number | undefined;
  const seed = flagValue(SEED, flags) as number;
  const mm = {
    p: num(flags, 'p', 1, 1000, 10),
    backup: choice(flags, 'backup', ['mean', 'minimax'] as const, 'mean'),
    weights: choice(flags, 'weights', ['exact', 'reverse'] as const, 'exact'),
    reverseConstant: num(flags, 'reverse-c', 0, 1000, 1),
    scale: num(flags, 'scale', 0.05, 1e6, 0.25),
  };
  const ops = checked(() => openings(plies, count, seed));
  const matches: (Tally & { limitName: string; seconds: number })[] = [];
  for (const limit of limits) {
    const t0 = performance.now();
    const total = ops.length * 2;
    const tally = checked(() =>
      runMatch({
        limit,
        openings: ops,
        mm,
        onGame: (t) =>
          process.stderr.write(
            `${limitName(limit)}: ${t.games}/${total} games  MM ${t.mmWins} – AB ${t.abWins} – draws ${t.draws}\n`,
          ),
      }),
    );
    matches.push({ ...tally, limitName: limitName(limit), seconds: (performance.now() - t0) / 1000 });
  }
  const rivest = {
    time: { ...RIVEST_TABLE2.time, score: rivestScore('time') },
    moves: { ...RIVEST_TABLE2.moves, score: rivestScore('moves') },
  };
  if (flags.json) {
    process.stdout.write(
      `${JSON.stringify({ matches, rivest, openings: ops.length, plies, mm, deterministic: limits.every((l) => l.kind === 'moves') })}\n`,
    );
  } else {
    for (const m of matches) {
      const s = m.score;
      process.stdout.write(
        `${m.limitName}: ${m.games} games, MM–AB–draws ${m.mmWins}–${m.abWins}–${m.draws}; MM score ${s.p.toFixed(3)} [${s.lo.toFixed(3)}, ${s.hi.toFixed(3)}] (95% Wilson)\n`,
      );
    }
    process.stdout.write(
      `Rivest: time ${RIVEST_TABLE2.time.mmWins}–${RIVEST_TABLE2.time.abWins}–${RIVEST_TABLE2.time.draws} (score ${rivest.time.score.p.toFixed(3)}); moves ${RIVEST_TABLE2.moves.mmWins}–${RIVEST_TABLE2.moves.abWins}–${RIVEST_TABLE2.moves.draws} (score ${rivest.moves.score.p.toFixed(3)})\n`,
    );
  }
  return 0;
}
