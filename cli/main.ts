/**
 * `gtlab`: the headless command line of Game Tree Lab. Exit codes: 0 success, 1 a negative answer
 * (an invalid proof), 2 bad input or a path that cannot be written (the message names the flag, field
 * or path and what to do; nothing was overwritten), 3 an internal error.
 * With --json a command prints one JSON object on stdout; progress and messages go to stderr.
 */
import { HelpRequested } from './help-requested.ts';
import { UsageError } from './usage-error.ts';
import { GENERATE_MODELS, generate } from './commands/generate.ts';
import { solve } from './commands/solve.ts';
import { search } from './commands/search.ts';
import { validate } from './commands/validate.ts';
import { run } from './commands/run.ts';
import { plot } from './commands/plot.ts';
import { merge } from './commands/merge.ts';
import { slurm } from './commands/slurm.ts';
import { sweep } from './commands/sweep.ts';
import { reproduce } from './commands/reproduce.ts';
import { setcover } from './commands/setcover.ts';
import { montecarlo } from './commands/montecarlo.ts';
import { c4 } from './commands/c4.ts';
import { othello } from './commands/othello.ts';
import { match } from './commands/match.ts';
import { pathology } from './commands/pathology.ts';
import { tune } from './commands/tune.ts';
import { study } from './commands/study.ts';
import { ALGORITHMS } from '../shared/search/registry.ts';
import { STUDY_KINDS } from '../shared/studies/registry.ts';
import { VERSION } from '../shared/version.ts';
import { quoted } from '../shared/util/quoted.ts';
import { didYouMean } from '../shared/util/did-you-mean.ts';
import { asStorageError, StorageError, syscallDoing } from '../node/storage.ts';

/**
 * A file-system refusal that reached the top without passing the write layer (a Node system error with
 * a path and a storage code), as the StorageError that layer would have made; null for anything else.
 */
function systemStorageError(e: unknown): StorageError | null {
  const err = e as NodeJS.ErrnoException | null;
  if (typeof err?.path !== 'string') return null;
  const s = asStorageError(e, err.path, syscallDoing(err.syscall));
  return s instanceof StorageError ? s : null;
}

export const HELP = `gtlab ${VERSION}: game-tree search experiments from the command line

Usage: gtlab COMMAND [flags]   (gtlab COMMAND --help for the flags of each)

Commands:
  generate MODEL   generate a tree: ${GENERATE_MODELS.join(', ')}
  solve FILE       exact value and minimum proof tree (minimax or target) of a graph file
  search FILE      run a search on a graph file: ${ALGORITHMS.join(', ')}
  validate G P     check a proof file against a graph file
  run SPEC|PRESET  run an experiment on worker processes into a run folder
  merge DIR        join the shards of a sharded run (run --shard I/N) into one run folder
  slurm submit|status|resubmit   a sharded run as a Slurm job array and a merge job
  sweep SWEEP|PRESET  a grid of runs, locally or as one Slurm array; sweep summarize DIR: table, heatmap
  plot RUN_DIR     draw a run's figure (SVG, vector PDF, PNG at 300 dpi)
  tune PRESET      tune the fastest-cut-first weights of a Furtak & Buro preset on training trees
  reproduce li-T   Li's thesis tables (2.1 … 4.3), corrected or as printed
  montecarlo li-N  Monte-Carlo checks of Li's formulas on generated trees
  c4 solve|bench   Connect-Four positions solved with Pons' solver steps
  othello solve    Othello endgames solved exactly (FForum .obf problems), any search x ordering
  othello export   an Othello position's game tree and its minimum proof tree as gtlab-graph / gtlab-proof files
  match            Rivest's min/max approximation vs alpha-beta on Connect-Four
  pathology        P(correct move) vs depth: minimax vs Althöfer's negamax
  study KIND       any study of the app's Studies tab, with its CSV and figure: ${STUDY_KINDS.join(', ')}
  setcover …       the set-cover reduction (F&B Sec. 4): exact minimum proof graphs, the 2 + n + k* study

Example:
  gtlab generate prefix-value --depth 6 --branching 2..4 --damage 6 --noise 4 --seed 1 --out tree.json
  gtlab solve tree.json --proof minimax --out proof.json --json
  gtlab search tree.json --algorithm negascout --ordering estimate --json
  gtlab validate tree.json proof.json
`;

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  generate,
  solve,
  search,
  validate,
  run,
  merge,
  slurm,
  sweep,
  plot,
  reproduce,
  setcover,
  montecarlo,
  c4,
  othello,
  match,
  pathology,
  study,
  tune,
};

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    process.stdout.write(HELP);
    return cmd === undefined ? 2 : 0;
  }
  if (cmd === '--version' || cmd === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const run = COMMANDS[cmd];
  try {
    if (!run)
      throw new UsageError(
        `unknown command ${quoted(cmd)}${didYouMean(cmd, Object.keys(COMMANDS))}: use one of ${Object.keys(COMMANDS).join(', ')} (gtlab --help)`,
      );
    return await run(rest);
  } catch (e) {
    if (e instanceof HelpRequested) return 0;
    if (e instanceof UsageError || e instanceof StorageError) {
      process.stderr.write(`gtlab: ${e.message}\n`);
      return 2;
    }
    const storage = systemStorageError(e);
    if (storage) {
      process.stderr.write(`gtlab: ${storage.message}\n`);
      return 2;
    }
    process.stderr.write(`gtlab: internal error: ${(e as Error).stack ?? String(e)}\n`);
    return 3;
  }
}
