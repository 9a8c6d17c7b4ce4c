/**
 * `gtlab run SPEC|PRESET --out DIR [--workers W] [--trees N] [--depth D] [--horizon H] [--problems P] [--size-info S] [--size-stand-in X]
 * [--tt-move M] [--guess G] [--resume] [--shard I/N] [--json]`:
 * run an experiment through the run host (../../shared/host/run-host.ts, as the app's runs go) on a
 * pool of worker processes, writing the run folder as results arrive. With
 * --shard, only the trees t mod N = I, into DIR/shards/I-of-N/ (node/shard-set.ts); `gtlab merge`
 * joins the shards. The run folder (or the shard's) is locked while the run writes it
 * (node/run-folder-lock.ts). SIGINT, SIGTERM, SIGHUP and SIGUSR1 stop the run (../stop-signals.ts):
 * no new trees, running ones cancelled, every finished line kept, run.json "cancelled" or
 * "interrupted", exit 128 + the signal's number; a rerun (--resume, or the same --shard command) resumes.
 */
import { cpus } from 'node:os';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checked, choice, int, parse, requireStr, str, type Flags, flagOptions } from '../args.ts';
import { confirmRunSize, YES_HELP } from '../run-size.ts';
import { DEFAULT_NODE_RATE, estimateRun } from '../../shared/experiments/run-estimate.ts';
import { readText } from '../files.ts';
import { makeProgressPrinter } from '../progress-bar.ts';
import { UsageError } from '../usage-error.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { spawnChildProcessWorker } from '../../node/child-process-worker.ts';
import { OneRunFolderStore } from '../../node/one-run-folder-store.ts';
import type { RunOutcome } from '../../shared/experiments/run-experiment.ts';
import { RunHost } from '../../shared/host/run-host.ts';
import {
  DESCRIPTION_MAX,
  GUESSES,
  parseSpec,
  SIZE_INFOS,
  SIZE_STAND_INS,
  TT_MOVES,
  type ExperimentSpec,
} from '../../shared/experiments/spec.ts';
import { PRESETS, presetNames } from '../../shared/experiments/presets.ts';
import { describeJsonProblem, readJsonText } from '../../shared/io/json-text.ts';
import { TUNING } from '../../shared/furtak-buro/tuned-weights.ts';
import { runOutputs } from '../../node/run-outputs.ts';
import type { Fig4Summary } from '../../shared/furtak-buro/fig4-summary.ts';
import type { StorageError } from '../../node/storage.ts';
import { checkSet, openShard, shardsDir } from '../../node/shard-set.ts';
import { lockRunFolder, type RunFolderLock } from '../../node/run-folder-lock.ts';
import { onStop, stopRequested, watchStopSignals } from '../stop-signals.ts';
import { parseShardId, shardDirName, shardSkipSet, shardTrees, type ShardId } from '../../shared/experiments/shard.ts';
import { specFileTooLarge } from '../../shared/host/run-rules.ts';
import { EXPERIMENT_MAX_DEPTH } from '../../shared/util/range.ts';
import { HORIZON_DESCRIPTION, HORIZONS } from '../../shared/game/game.ts';
import { PROBLEM_SET_NAMES } from '../../shared/othello/fforum-problems.ts';
import { kindsWithField } from '../../shared/models/registry.ts';
import { quoted } from '../../shared/util/quoted.ts';

const RUN_HELP = `gtlab run SPEC|PRESET --out DIR [flags]

Run an experiment: SPEC is a gtlab-experiment JSON file (as saved from the app), or a preset name:
${presetNames()
  .map((n) => `  ${n}`)
  .join('\n')}
Results are appended to DIR/results.jsonl as each tree finishes (one line per tree and depth), with
DIR/spec.json, DIR/run.json (seed, version, timestamps, status) and, at the end, DIR/summary.json.
A spec that compares a value-only series with a fastest-cut-first one in the same algorithm (the
furtak-buro-fig4* and othello-endgame-fcf presets, and any spec file derived from them, whatever its name)
also writes DIR/fig4-summary.json (reductions with 95 % intervals),
DIR/report.md and the figure DIR/figure.svg|pdf|png; their --json summary adds "reduction",
"reductionCi95", "comparisons", "counting" and "tuning", and each series its "algorithm" and "ordering".
Progress with ETA goes to stderr. The folder is locked while the run writes it (DIR/gtlab.lock, or
the shard's): a second run into it is refused (exit 2) naming the first.
Ctrl-C (SIGINT), SIGTERM, SIGHUP or SIGUSR1 stop the run, keeping every finished tree: run.json says
"cancelled" ("interrupted" for Slurm's USR1 or a TERM inside a Slurm job), exit 128 + the signal's
number (130 INT, 143 TERM, 129 HUP, 138 USR1); --resume (a shard: the same command) continues it.

  --out DIR        the run folder (new or empty; with --resume, an existing run)
  --workers W      worker processes (default: cores - 1, at least 1)
  --trees N        override the number of trees
  --depth D        override the depth
  --seed S         override the seed
  --horizon H      override the model's horizon, estimate|exact (models with the field: ${kindsWithField('horizon').join(', ')}):
                   ${HORIZON_DESCRIPTION}
  --problems P     override the Othello endgame model's problem set, ${PROBLEM_SET_NAMES.join('|')}: whose exact best
                   lines give the positions (FForum 1-19: 14-16 empties; FFO #40-#59: 20-34 empties)
  --size-info S    for which children the orderings know S_i, the out-degree: all | searched | expanded
                   (every child; children an earlier pass searched; children an earlier pass expanded)
  --size-stand-in X S_i of a child whose size is not known: mean (the model's mean out-degree) |
                   last (after the children with a known S_i, ordered among themselves by value)
  --tt-move M      a transposition table's stored move: first (before any ordering) | ordered (no priority)
  --guess G        MTD(f)'s first guess of each iterative-deepening pass: previous (the last pass's value) | zero
  --resume         continue the run in DIR: only trees without all their lines are run (a last line a
                   crash tore is set aside in DIR/results.torn; any other damaged line is named and refused)
  --shard I/N      run only the trees t with t mod N = I, into DIR/shards/I-of-N/ (the spec once in
                   DIR/spec.json); run the same command again to resume the shard; gtlab merge DIR joins them
  --json           print the summary as one JSON object on stdout
${YES_HELP}
                   (a shard never asks: it runs in batch jobs)
`;

/** The id of the one run in the CLI's run host. */
const RUN_ID = 'cli-run';

export interface RunContext {
  /** the caller says how to continue after a stop (a sweep: the sweep again), not this run */
  callerResumes?: boolean;
}

export async function run(argv: string[], context: RunContext = {}): Promise<number> {
  const unwatch = watchStopSignals(); // from the start: a signal while the folder is prepared stops the run too
  try {
    return await runCommand(argv, context);
  } finally {
    unwatch();
  }
}

async function runCommand(argv: string[], context: RunContext): Promise<number> {
  const { flags, positionals } = parse(
    argv,
    flagOptions(['out', 'workers', ...SPEC_FLAGS, 'shard'], ['resume', 'json', 'yes']),
    RUN_HELP,
  );
  const out = requireStr(flags, 'out');
  const workers = int(flags, 'workers', 1, 256, Math.max(1, cpus().length - 1));
  let shard = null as ShardId | null; // set inside the checked block below
  let lock = null as RunFolderLock | null;
  const folder: RunFolder = checked(() => {
    try {
      const shardArg = str(flags, 'shard');
      if (shardArg !== undefined) {
        if (flags.resume)
          throw new UsageError('--shard resumes by itself: run the same command again, without --resume');
        const id = parseShardId(shardArg);
        if (typeof id === 'string') throw new UsageError(id);
        if (positionals.length !== 1)
          throw new UsageError('run --shard takes one SPEC file or preset name (see gtlab run --help)');
        shard = id;
        const spec = loadSpec(positionals[0], flags);
        judgeSize(spec, shardTrees(spec.trees, id).length, workers, flags, false);
        checkSet(out, spec, id.count); // a set of another spec is refused before the lock creates a folder
        lock = lockRunFolder(join(shardsDir(out), shardDirName(id)));
        return openShard(out, spec, id, workers);
      }
      if (flags.resume) {
        if (positionals.length > 0) throw new UsageError('--resume takes the spec from the run folder: give no SPEC');
        const changes = SPEC_FLAGS.filter((f) => flags[f] !== undefined);
        if (changes.length > 0) {
          throw new UsageError(
            `--resume continues the run in ${out} with its own spec: ${changes.map((f) => `--${f}`).join(', ')} would change it; drop ${changes.length > 1 ? 'them' : 'it'}, or start a new run in another --out`,
          );
        }
        const opened = openRun(out, null, workers);
        lock = opened.lock;
        judgeSize(opened.folder.spec, opened.folder.spec.trees - opened.folder.completeTrees().size, workers, flags);
        return opened.folder;
      }
      if (positionals.length !== 1)
        throw new UsageError('run takes one SPEC file or preset name (see gtlab run --help)');
      const spec = loadSpec(positionals[0], flags);
      judgeSize(spec, spec.trees, workers, flags);
      const opened = openRun(out, spec, workers);
      lock = opened.lock;
      return opened.folder;
    } catch (e) {
      lock?.release();
      throw e;
    }
  });
  for (const notice of folder.notices) process.stderr.write(`gtlab: ${notice}\n`);
  try {
    return await runInFolder(folder, out, shard, workers, flags, context);
  } finally {
    lock?.release();
  }
}

/**
 * The run folder `out` opened under its lock: a new run of `spec`, or (`spec` null) the run it holds,
 * resumed. A refusal releases the lock again.
 */
function openRun(
  out: string,
  spec: ExperimentSpec | null,
  workers: number,
): { folder: RunFolder; lock: RunFolderLock | null } {
  let lock: RunFolderLock | null = null;
  try {
    if (spec === null) {
      if (existsSync(out)) lock = lockRunFolder(out); // a missing folder: resume says it is not a run
      return { folder: RunFolder.resume(out), lock };
    }
    lock = lockRunFolder(out);
    return { folder: RunFolder.create(out, spec, workers), lock };
  } catch (e) {
    lock?.release();
    throw e;
  }
}

/**
 * `gtlab run` of a spec already read and judged by its caller (a sweep's cell): into the new run folder
 * `out`, or (`spec` null) continuing the run there. The exit code is `gtlab run`'s.
 */
export async function runSpec(
  out: string,
  spec: ExperimentSpec | null,
  workers: number,
  context: RunContext = {},
): Promise<number> {
  const unwatch = watchStopSignals();
  try {
    const { folder, lock } = checked(() => openRun(out, spec, workers));
    for (const notice of folder.notices) process.stderr.write(`gtlab: ${notice}\n`);
    try {
      return await runInFolder(folder, out, null, workers, {}, context);
    } finally {
      lock?.release();
    }
  } finally {
    unwatch();
  }
}

async function runInFolder(
  folder: RunFolder,
  out: string,
  shard: ShardId | null,
  workers: number,
  flags: Flags,
  context: RunContext,
): Promise<number> {
  const spec = folder.spec;
  const done = shard ? shardSkipSet(spec.trees, shard, folder.completeTrees()) : folder.completeTrees();
  // The run goes through the run host as the app's do, over this one folder; progress, failed trees
  // and the end come back as the host's events.
  const t0 = performance.now();
  // The run's outputs (Figure 4's, for a spec that compares FCF) are written before run.json says how it ended.
  const written: { fig4: Fig4Summary | null } = { fig4: null };
  const outputs = shard
    ? undefined // a shard's outputs are the merged run's
    : runOutputs(spec, {
        workers,
        wallSeconds: () => (performance.now() - t0) / 1000,
        fig4: (f) => {
          written.fig4 = f;
        },
      });
  const store = new OneRunFolderStore(RUN_ID, folder, workers, outputs);
  const printProgress = makeProgressPrinter();
  let ended: (outcome: RunOutcome) => void = () => {};
  const finished = new Promise<RunOutcome>((resolve) => {
    ended = resolve;
  });
  const host = new RunHost({
    store,
    spawn: spawnChildProcessWorker,
    workers,
    keepLines: false,
    emit: (e) => {
      if (e.type === 'progress') printProgress(e.progress);
      else if (e.type === 'tree-failed') process.stderr.write(`\ngtlab: tree ${e.tree} failed: ${e.reason}\n`);
      else if (e.type === 'finished') ended(e.outcome);
    },
  });
  await host.runOpened(RUN_ID, done);
  // A stop cancels the run (at once if it came while the folder was prepared), recorded as the stop's
  // status; a second one ends the process after recording where the run stopped and ending the workers.
  const unsubscribe = onStop(
    (s) => void host.cancelRun(RUN_ID, s.status),
    (s) => {
      folder.update({ status: s.status, finishedAt: new Date().toISOString() });
      host.close();
    },
  );
  const outcome = await finished;
  unsubscribe();
  const wallSeconds = (performance.now() - t0) / 1000;
  host.close();
  const stop = stopRequested();
  const status = outcome.status === 'cancelled' && stop ? stop.status : outcome.status;
  if (store.storageError) return storageStop(store.storageError, folder, out, shard, context);
  // A failure of no tree (the run could not start, or its end could not be written) has had no event.
  for (const f of outcome.failures) if (f.tree < 0) process.stderr.write(`gtlab: ${f.reason}\n`);
  const summary = store.summary;
  if (!summary) return 1;
  const fig4 = written.fig4;
  if (flags.json) {
    const extra = fig4
      ? {
          ...fig4,
          tuning: {
            seed: TUNING.seed,
            trees: TUNING.trees,
            depth: TUNING.depth,
            unexpanded: TUNING.unexpanded,
            procedure: TUNING.procedure,
            command: TUNING.command,
          },
        }
      : {};
    process.stdout.write(
      `${JSON.stringify({ out, ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}), status, failures: outcome.failures, wallSeconds, workers, ...summary, ...extra })}\n`,
    );
  }
  if (stop && status !== 'completed') {
    const { kept, total } = treesKept(folder, shard);
    process.stderr.write(
      `gtlab: ${status} by ${stop.signal}: ${kept} of ${total} trees complete, kept in ${folder.resultsPath}\n`,
    );
    if (!context.callerResumes)
      process.stderr.write(
        `gtlab: to continue: ${shard ? 'run the same command again' : `gtlab run --resume --out ${out}`}\n`,
      );
    return stop.exitCode;
  }
  if (!flags.json) process.stderr.write(`${status}: ${summary.trees} trees in ${out}\n`);
  return status === 'completed' ? 0 : 1;
}

/** The run's (or the shard's) trees, and how many of them are complete in its folder. */
function treesKept(folder: RunFolder, shard: ShardId | null): { kept: number; total: number } {
  const trees = shard ? shardTrees(folder.spec.trees, shard) : null;
  const complete = folder.completeTrees();
  return trees
    ? { kept: trees.filter((t) => complete.has(t)).length, total: trees.length }
    : { kept: complete.size, total: folder.spec.trees };
}

/**
 * A run the disk stopped (full, read-only): what is kept and how to go on, exit 2. Every line written
 * before the refusal is whole and stays; a resume once there is room runs the rest and the outputs.
 */
function storageStop(
  error: StorageError,
  folder: RunFolder,
  out: string,
  shard: ShardId | null,
  context: RunContext,
): number {
  let kept = '';
  try {
    const n = treesKept(folder, shard);
    kept = `; ${n.kept} of ${n.total} trees complete are kept in ${folder.resultsPath}`;
  } catch {
    // the results cannot be read back: the message names the refusal alone
  }
  process.stderr.write(`gtlab: ${error.message}${kept}\n`);
  if (!context.callerResumes)
    process.stderr.write(
      `gtlab: once the disk has room, continue with: ${shard ? 'the same command again' : `gtlab run --resume --out ${out}`}\n`,
    );
  return 2;
}

/** The estimate of `trees` trees of the spec on `workers` workers, judged before anything is written. */
function judgeSize(spec: ExperimentSpec, trees: number, workers: number, flags: Flags, ask = true): void {
  if (trees <= 0) return;
  confirmRunSize(
    estimateRun(spec, workers, DEFAULT_NODE_RATE, trees),
    trees === spec.trees ? `this run (${trees} trees)` : `the ${trees} trees left of this run`,
    flags,
    ask,
  );
}

type FlagValues = Record<string, string | boolean | undefined>;
/** An override: its flag's value checked (before the spec is read), then set into the unparsed spec. */
type SpecOverride = (flags: FlagValues) => (spec: Record<string, unknown>) => void;

/** The override of a top-level spec field by a flag's checked value. */
const field =
  (key: string, read: (flags: FlagValues) => unknown): SpecOverride =>
  (flags) => {
    const v = read(flags);
    return (spec) => {
      spec[key] = v;
    };
  };

/**
 * The flags that change the spec, by flag name: the one list of them. loadSpec applies them, and
 * --resume refuses each (the run keeps its own spec), so a flag added here is covered by both.
 */
const SPEC_OVERRIDES: Record<string, SpecOverride> = {
  trees: field('trees', (f) => int(f, 'trees', 1, 100_000)),
  depth: field('depth', (f) => int(f, 'depth', 1, EXPERIMENT_MAX_DEPTH)),
  seed: field('seed', (f) => int(f, 'seed', -(2 ** 53 - 1), 2 ** 53 - 1)),
  'size-info': field('sizeInfo', (f) => choice(f, 'size-info', SIZE_INFOS)),
  'size-stand-in': field('sizeStandIn', (f) => choice(f, 'size-stand-in', SIZE_STAND_INS)),
  'tt-move': field('ttMove', (f) => choice(f, 'tt-move', TT_MOVES)),
  guess: field('guess', (f) => choice(f, 'guess', GUESSES)),
  horizon: (flags) => {
    const horizon = choice(flags, 'horizon', HORIZONS);
    return (spec) => {
      const kinds = kindsWithField('horizon');
      const model = spec.model as { kind?: unknown } | undefined;
      if (typeof model?.kind === 'string' && !(kinds as string[]).includes(model.kind)) {
        throw new UsageError(
          `--horizon applies to ${kinds.join(' and ')} models; ${model.kind} trees have no horizon option`,
        );
      }
      spec.model = { ...model, horizon };
    };
  },
  problems: (flags) => {
    const problems = choice(flags, 'problems', PROBLEM_SET_NAMES);
    return (spec) => {
      const model = spec.model as { kind?: unknown } | undefined;
      if (typeof model?.kind === 'string' && model.kind !== 'othello') {
        throw new UsageError(`--problems applies to othello models; ${model.kind} trees have no problem set`);
      }
      spec.model = { ...model, problems };
    };
  },
};

/** The names of the flags that change the spec (without the leading --). */
export const SPEC_FLAGS: readonly string[] = Object.keys(SPEC_OVERRIDES);

/**
 * A spec file or preset with the overrides of the flags given among SPEC_OVERRIDES (also for gtlab
 * slurm submit): the overrides go into the unparsed spec, which is then parsed (validated) once.
 */
export function loadSpec(arg: string, flags: FlagValues): ExperimentSpec {
  const given = SPEC_FLAGS.filter((f) => flags[f] !== undefined);
  const input = specInput(arg);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return parseSpec(input);
  const spec = { ...(input as Record<string, unknown>) };
  for (const f of given) SPEC_OVERRIDES[f](flags)(spec);
  // The description is the preset's or the file's prose: it says which of its statements the flags overrode.
  const changed = `${DESCRIPTION_CHANGED}${given.map((f) => `--${f} ${String(flags[f])}`).join(', ')}.`;
  if (
    given.length > 0 &&
    typeof spec.description === 'string' &&
    spec.description.length + changed.length + 1 <= DESCRIPTION_MAX
  )
    spec.description = `${spec.description} ${changed}`;
  return parseSpec(spec);
}

/** The start of the sentence loadSpec adds to a description the flags changed. */
export const DESCRIPTION_CHANGED = 'Changed from the above on the command line: ';

/**
 * The unparsed spec of a preset or of a spec file; a file that is not strict JSON (../../shared/io/json-text.ts:
 * a syntax error, a key twice in one object) is refused naming the file, line and column.
 */
function specInput(arg: string): unknown {
  const preset = existsSync(arg) ? undefined : PRESETS.find((p) => p.name === arg);
  if (preset) return preset.spec();
  if (!existsSync(arg))
    throw new UsageError(`${quoted(arg)}: no such spec file, and not a preset (presets: ${presetNames().join(', ')})`);
  const tooLarge = specFileTooLarge(arg, statSync(arg).size);
  if (tooLarge) throw new UsageError(tooLarge);
  const json = readJsonText(readText(arg, 'spec file'));
  if (!json.ok) throw new UsageError(`${arg}: ${describeJsonProblem(json.problem)}`);
  return json.value;
}
