/**
 * A run on disk (Node hosts: CLI and the Electron main process). One folder per run:
 *   spec.json      the experiment spec, exactly as run
 *   run.json       format, version of the workbench, seed, timestamps, status, workers, failures
 *   results.jsonl  one line per tree and depth, appended (and flushed) as each arrives
 *   results.torn   only after a crash tore the last line: that text, set aside when the run resumed
 *   summary.json   the summary statistics, written when the run ends
 *   results.csv    the same lines as a tidy table (one row per tree, depth and series), written at the end
 * A crash or cancel keeps every line written so far; `--resume` reruns only the trees not complete.
 * A shard of a sharded run (../shared/experiments/shard.ts) is a run folder without spec.json: its
 * spec is the shard set's DIR/spec.json, and run.json names the shard and that spec's hash.
 */
import { seriesIdsAndNames } from '../shared/experiments/display-names.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareLines, type ResultLine } from '../shared/io/result-line-fields.ts';
import { parseSpec, SpecError, type ExperimentSpec } from '../shared/experiments/spec.ts';
import { FormatError } from '../shared/io/format-error.ts';
import { readJsonFile } from './json-file.ts';
import { damageMessage, prepareForAppend, readResultsFile, tornNotice } from './results-file.ts';
import { runRecordProblem } from './run-record-check.ts';
import { clearUnfinished, unfinishedRunFolder } from './unfinished-run-folder.ts';
import { completeTrees, latestLines } from '../shared/host/run-rules.ts';
import { StoredLines } from '../shared/host/stored-lines.ts';
import { summarizeRun, type RunSummary } from '../shared/experiments/statistics.ts';
import { GENERATOR } from '../shared/version.ts';
import { COUNTING_CONVENTION } from '../shared/search/counters.ts';
import { resultsCsv } from '../shared/io/results-csv.ts';
import type { RunNotes } from '../shared/api/contract.ts';
import { LOCK_FILE } from './run-folder-lock.ts';
import { appendWhole, makeFolder, storing, writeFileWhole, writeJsonWhole } from './storage.ts';

export interface RunRecord {
  format: 'gtlab-run';
  version: 1;
  name: string;
  seed: number;
  generator: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** 'queued': created by the app's run host, waiting for the run before it */
  status: 'queued' | 'running' | 'completed' | 'cancelled' | 'failed' | 'interrupted';
  workers: number;
  failures: { tree: number; reason: string }[];
  /** only in a shard's folder: which shard, and the hash of the shard set's spec */
  shard?: { index: number; count: number; specHash: string };
  /** the title, notes and tags given in the app's History */
  notes?: RunNotes;
}

/** run.json's record of a run of `spec` in `state`: the format, the spec's name and seed, this workbench's version. */
export function runRecord(
  spec: ExperimentSpec,
  state: Omit<RunRecord, 'format' | 'version' | 'name' | 'seed' | 'generator'>,
): RunRecord {
  return { format: 'gtlab-run', version: 1, name: spec.name, seed: spec.seed, generator: GENERATOR, ...state };
}

export class RunFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunFolderError';
  }
}

/** The spec of a spec.json's parsed JSON, its errors naming the file. */
function specOf(path: string, raw: unknown): ExperimentSpec {
  try {
    return parseSpec(raw);
  } catch (e) {
    if (e instanceof SpecError) throw new RunFolderError(`${path}: ${e.message}`);
    throw e;
  }
}

export class RunFolder {
  /** what opening the folder did that its user should hear of (a torn line set aside, an unfinished folder completed) */
  readonly notices: string[] = [];
  /** the lines results.jsonl holds, by tree and depth: read when appending is prepared or first done */
  private stored: StoredLines | null = null;

  private constructor(
    readonly dir: string,
    readonly spec: ExperimentSpec,
    public record: RunRecord,
  ) {}

  get resultsPath(): string {
    return join(this.dir, 'results.jsonl');
  }

  /**
   * A new run folder; refuses a folder that already holds a run (resume it instead). A shard's folder
   * (`shard` given) gets no spec.json: its spec lives in the shard set's folder. run.json is written
   * last: a folder a kill left without it is cleared and created again here (./unfinished-run-folder.ts).
   * The folder may hold the lock its writer took first (./run-folder-lock.ts).
   */
  static create(
    dir: string,
    spec: ExperimentSpec,
    workers: number,
    status: 'queued' | 'running' = 'running',
    shard?: RunRecord['shard'],
  ): RunFolder {
    const unfinished = unfinishedRunFolder(dir);
    if (
      unfinished &&
      unfinished.spec !== undefined &&
      JSON.stringify(specOf(join(dir, 'spec.json'), unfinished.spec)) !== JSON.stringify(spec)
    ) {
      throw new RunFolderError(
        `${dir} holds spec.json of another spec but no run.json (a run whose folder was never finished): move it away or choose another --out`,
      );
    }
    if (unfinished) clearUnfinished(dir);
    if (existsSync(join(dir, 'run.json')) || existsSync(join(dir, 'results.jsonl'))) {
      throw new RunFolderError(`${dir} already holds a run; use --resume to continue it, or choose another --out`);
    }
    if (existsSync(dir) && storing(dir, 'listing the folder', () => readdirSync(dir)).some((f) => f !== LOCK_FILE))
      throw new RunFolderError(`${dir} is not empty; choose a new or empty folder for --out`);
    makeFolder(dir);
    const now = new Date().toISOString();
    const record = runRecord(spec, {
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
      status,
      workers,
      failures: [],
      ...(shard ? { shard } : {}),
    });
    if (!shard) writeJsonWhole(join(dir, 'spec.json'), spec);
    writeFileWhole(join(dir, 'results.jsonl'), '');
    writeJsonWhole(join(dir, 'run.json'), record);
    const folder = new RunFolder(dir, spec, record);
    if (unfinished)
      folder.notices.push(
        `${dir} held ${unfinished.spec === undefined ? 'no run.json' : 'spec.json but no run.json'} (stopped while its folder was being created, before any result): created anew`,
      );
    return folder;
  }

  /**
   * An existing run folder, for resuming or reading (a shard's folder with its set's `spec`).
   */
  static open(dir: string, shardSpec?: ExperimentSpec): RunFolder {
    const read = (f: string) => {
      const p = join(dir, f);
      if (!existsSync(p)) throw new RunFolderError(`${dir} is not a run folder: ${f} is missing`);
      try {
        return readJsonFile(p);
      } catch (e) {
        throw e instanceof FormatError ? new RunFolderError(e.message) : e;
      }
    };
    const spec = shardSpec ?? specOf(join(dir, 'spec.json'), read('spec.json'));
    const record = read('run.json');
    const bad = runRecordProblem(record);
    if (bad) throw new RunFolderError(`${join(dir, 'run.json')}: ${bad}`);
    return new RunFolder(dir, spec, record as RunRecord);
  }

  /**
   * Open a run to continue it (`gtlab run --resume`, a shard run again, the app's resume), ready to
   * append to (see prepareToAppend). A folder whose creation a kill cut short is created anew.
   */
  static resume(dir: string, shardSpec?: ExperimentSpec): RunFolder {
    const unfinished = shardSpec ? null : unfinishedRunFolder(dir);
    if (unfinished?.spec !== undefined)
      return RunFolder.create(dir, specOf(join(dir, 'spec.json'), unfinished.spec), 1);
    const folder = RunFolder.open(dir, shardSpec);
    folder.prepareToAppend();
    return folder;
  }

  /**
   * Before resuming: a damaged line refuses the run (named, nothing written); a torn last line from a
   * crash is set aside in results.torn, so the lines appended next make the file a clean run's.
   */
  prepareToAppend(): void {
    const read = readResultsFile(this.resultsPath);
    const damage = damageMessage(this.resultsPath, read);
    if (damage) throw new RunFolderError(damage);
    const notice = prepareForAppend(this.resultsPath);
    if (notice) this.notices.push(notice);
    this.stored = new StoredLines(read.lines.map((l) => l.line));
  }

  /** The lines results.jsonl holds (its whole lines, read once), which append adds to. */
  private storedLines(): StoredLines {
    this.stored ??= new StoredLines(readResultsFile(this.resultsPath).lines.map((l) => l.line));
    return this.stored;
  }

  /**
   * The run folder of a merged shard set (written into a temporary folder that the merge then moves
   * beside the set's spec.json): run.json and results.jsonl (`resultsText`: the lines sorted by tree
   * and depth, one JSON object a line) are written as a run of its own would leave them.
   */
  static merged(dir: string, spec: ExperimentSpec, record: RunRecord, resultsText: string): RunFolder {
    writeJsonWhole(join(dir, 'run.json'), record);
    writeFileWhole(join(dir, 'results.jsonl'), resultsText);
    return new RunFolder(dir, spec, record);
  }

  /**
   * Durably append one result line, once per tree and depth: a line results.jsonl holds already (a
   * resumed run reruns each tree that was not complete, computing its stored depths again) is not
   * written again, so the file ends as an uninterrupted run's. A line with other numbers than the
   * stored one of its tree and depth is refused, a LineConflictError naming the fields, nothing written.
   */
  append(line: ResultLine): void {
    const stored = this.storedLines();
    if (!stored.isNew(line, this.resultsPath)) return;
    appendWhole(this.resultsPath, `${JSON.stringify(line)}\n`);
    stored.add(line);
  }

  /**
   * Every result line so far, one per (tree, depth) (append writes each once; of two that a file from
   * elsewhere holds, the later counts). A damaged line
   * refuses the folder, naming it; a torn last line (a run being written, or killed) is left out and
   * said in `torn`.
   */
  readLines(): { lines: ResultLine[]; torn: string | null } {
    const read = readResultsFile(this.resultsPath);
    const damage = damageMessage(this.resultsPath, read);
    if (damage) throw new RunFolderError(damage);
    return {
      lines: latestLines(read.lines.map((l) => l.line)).sort(compareLines),
      torn: tornNotice(this.resultsPath, read),
    };
  }

  /** readLines' lines. */
  lines(): ResultLine[] {
    return this.readLines().lines;
  }

  /** Trees with a line at every depth of the spec. */
  completeTrees(lines = this.lines()): Set<number> {
    return completeTrees(this.spec, lines);
  }

  summary(lines = this.lines()): RunSummary {
    return summarizeRun(this.spec, lines);
  }

  update(patch: Partial<RunRecord>): void {
    this.record = { ...this.record, ...patch, updatedAt: new Date().toISOString() };
    writeJsonWhole(join(this.dir, 'run.json'), this.record);
  }

  /** Write summary.json and results.csv (both derived from results.jsonl, which stays the record). */
  writeSummary(summary: RunSummary, lines = this.lines()): void {
    writeJsonWhole(join(this.dir, 'summary.json'), {
      name: this.spec.name,
      seed: this.spec.seed,
      generator: GENERATOR,
      counting: COUNTING_CONVENTION,
      ...summary,
    });
    writeFileWhole(
      join(this.dir, 'results.csv'),
      resultsCsv(lines, {
        name: this.spec.name,
        seed: this.spec.seed,
        generator: GENERATOR,
        counting: COUNTING_CONVENTION,
        series: seriesIdsAndNames(this.spec.series),
      }),
    );
  }
}
