/**
 * `gtlab search FILE --algorithm A [--ordering …] [--depth D] [--horizon H] [--json]` (A: any algorithm of the registry):
 * one search (or iterative deepening with --id) on a gtlab-graph file, with the project's node counts.
 */
import { checked, choice, int, parse, str, flagOptions } from '../args.ts';
import { loadGraph } from '../load-graph.ts';
import { UsageError } from '../usage-error.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { HORIZON_DESCRIPTION, HORIZONS } from '../../shared/game/game.ts';
import { runSearch } from '../../shared/search/algorithms.ts';
import {
  ALGORITHM_REGISTRY,
  algorithmDescriptor,
  algorithmHelp,
  ALGORITHMS,
  SERIES_ALGORITHMS,
} from '../../shared/search/registry.ts';
import { COUNTING_CONVENTION } from '../../shared/search/counters.ts';
import { iterativeDeepening } from '../../shared/search/iterative-deepening.ts';
import { ORDERING_SYNTAX, parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';
import { TranspositionTable } from '../../shared/search/transposition-table.ts';

const SEARCH_HELP = `gtlab search FILE --algorithm ${ALGORITHMS.join('|')} [flags]

Search a gtlab-graph file from its root and report the value and node counts.
Counting: ${COUNTING_CONVENTION}.

  --algorithm A      (required) one of
${algorithmHelp(ALGORITHMS, '                       ')}
  --ordering O       ${ORDERING_SYNTAX} (default estimate)
  --depth D          search depth (default: the graph's height)
  --horizon H        estimate|exact: ${HORIZON_DESCRIPTION} (default exact; estimate needs the file's estimate field)
  --id               iterative deepening 1..D, ordered by the previous passes; counts are cumulative
  --tt               use a transposition table (DAGs); ${ALGORITHM_REGISTRY.filter((d) => d.capabilities.needsMemory)
    .map((d) => d.name)
    .join(', ')} always have one
  --first-guess G    the first guess of ${ALGORITHM_REGISTRY.filter((d) => d.capabilities.firstGuess)
    .map((d) => d.name)
    .join(', ')} (default 0)
  --max-nodes N      refuse graphs larger than N nodes (default 5000000)
  --json             print {"value", "visited", "expanded", "leaves", ...} on stdout
`;

export async function search(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    flagOptions(['algorithm', 'ordering', 'depth', 'horizon', 'first-guess', 'max-nodes'], ['id', 'tt', 'json']),
    SEARCH_HELP,
  );
  if (positionals.length !== 1) throw new UsageError('search takes exactly one graph FILE (see gtlab search --help)');
  const algorithm = choice(flags, 'algorithm', ALGORITHMS);
  const ordering = checked(() => parseOrdering(str(flags, 'ordering') ?? 'estimate'));
  const horizon = choice(flags, 'horizon', HORIZONS, 'exact');
  const graph = loadGraph(positionals[0], int(flags, 'max-nodes', 1, 50_000_000, 5_000_000));
  if (horizon === 'estimate' && graph.estimate === null) {
    throw new UsageError(
      `--horizon estimate needs the graph's estimate field, and ${positionals[0]} has none (files written by gtlab generate carry it)`,
    );
  }
  const game = new ExplicitGame(graph, { horizon });
  const depth = int(flags, 'depth', 0, 10_000, game.maxPly);
  const firstGuess = int(flags, 'first-guess', -999_999_999, 999_999_999, 0);
  const tt = flags.tt ? new TranspositionTable(ttBits(game.graph.nodeCount)) : null;
  const t0 = performance.now();
  let summary: Record<string, unknown>;
  if (flags.id) {
    if (!algorithmDescriptor(algorithm).capabilities.iterativeDeepening)
      throw new UsageError(`--id applies to ${SERIES_ALGORITHMS.join(', ')}`);
    const passes = iterativeDeepening(game, algorithm, depth, {
      ordering,
      tt,
      memory: game.graph.kind === 'dag' || tt ? 'tt' : 'annotations',
      firstGuess,
    });
    const last = passes[passes.length - 1];
    summary = {
      value: last?.value ?? game.evaluate(),
      ...(last?.cumulative ?? { visited: 0, expanded: 0, leaves: 0 }),
      passes: passes.map((p) => ({ depth: p.depth, value: p.value, ...p.pass })),
    };
  } else {
    const r = runSearch(algorithm, game, depth, { ordering, tt }, firstGuess);
    summary = { value: r.value, ...r.counters, bestMove: r.bestMove };
  }
  const seconds = (performance.now() - t0) / 1000;
  summary = {
    ...summary,
    algorithm,
    ordering: ordering.name,
    depth,
    ...(horizon === 'exact' ? {} : { horizon }),
    seconds,
    counting: COUNTING_CONVENTION,
  };
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else
    process.stdout.write(
      `${algorithm} (${ordering.name}) depth ${depth}: value ${summary.value}; visited ${summary.visited}, expanded ${summary.expanded}, leaves ${summary.leaves}\n`,
    );
  return 0;
}

function ttBits(nodes: number): number {
  return Math.min(26, Math.max(10, Math.ceil(Math.log2(nodes * 2 + 1))));
}
