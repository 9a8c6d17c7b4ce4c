/**
 * A run on disk (Node hosts: CLI and the Electron main process). One folder per run:
 *   spec.json      the experiment spec, exactly as run
 *   run.json       format, version of the workbench, seed, timestamps, status, workers, failures
 *   results.jsonl  one line per tree and depth, appended (and flushed) as each arrives
 *   summary.json   the summary statistics, written when the run ends
 *   results.csv    the same lines as a tidy table (one row per tree, depth and series), written at the end
 * A crash or cancel keeps every line written so far; `--resume` reruns only the trees not complete.
 * A shard of a sharded run (../shared/experiments/shard.ts) is a run folder without spec.json: its
 * spec is the shard set's DIR/spec.json, and run.json names the shard and that spec's hash.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareLines, type ResultLine } from '../shared/experiments/run-tree.ts';
import { parseSpec, type ExperimentSpec } from '../shared/experiments/spec.ts';
import { completeTrees, latestLines } from '../shared/host/run-rules.ts';
import { summarizeRun, type RunSummary } from '../shared/experiments/statistics.ts';
import { GENERATOR } from '../shared/version.ts';
import { COUNTING_CONVENTION } from '../shared/search/counters.ts';
import { resultsCsv } from '../shared/io/results-csv.ts';
import type { RunNotes } from '../shared/api/contract.ts';
import { LOCK_FILE } from './run-folder-lock.ts';

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

export class RunFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunFolderError';
  }
}

/** Write JSON (pretty, newline-terminated) atomically: a temp file renamed into place. */
export function writeJson(path: string, value: unknown): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, path);
}

export class RunFolder {
  private constructor(readonly dir: string, readonly spec: ExperimentSpec, public record: RunRecord) {}

  get resultsPath(): string {
    return join(this.dir, 'results.jsonl');
  }

  /**
   * A new run folder; refuses a folder that already holds a run (resume it instead). A shard's folder
   * (`shard` given) gets no spec.json: its spec lives in the shard set's folder. The folder may hold
   * the lock its writer took first (./run-folder-lock.ts).
   */
  static create(dir: string, spec: ExperimentSpec, workers: number, status: 'queued' | 'running' = 'running', shard?: RunRecord['shard']): RunFolder {
    if (existsSync(join(dir, 'run.json')) || existsSync(join(dir, 'results.jsonl'))) {
      throw new RunFolderError(`${dir} already holds a run; use --resume to continue it, or choose another --out`);
    }
    if (existsSync(dir) && readdirSync(dir).some((f) => f !== LOCK_FILE)) throw new RunFolderError(`${dir} is not empty; choose a new or empty folder for --out`);
    mkdirSync(dir, { recursive: true });
    const now = new Date().toISOString();
    const record: RunRecord = {
      format: 'gtlab-run', version: 1, name: spec.name, seed: spec.seed, generator: GENERATOR,
      createdAt: now, updatedAt: now, finishedAt: null, status, workers, failures: [], ...(shard ? { shard } : {}),
    };
    if (!shard) writeJson(join(dir, 'spec.json'), spec);
    writeJson(join(dir, 'run.json'), record);
    writeFileSync(join(dir, 'results.jsonl'), '');
    return new RunFolder(dir, spec, record);
  }

  /**
   * An existing run folder, for resuming or reading (a shard's folder with its set's `spec`).
   */
  static open(dir: string, shardSpec?: ExperimentSpec): RunFolder {
    const read = (f: string) => {
      const p = join(dir, f);
      if (!existsSync(p)) throw new RunFolderError(`${dir} is not a run folder: ${f} is missing`);
      try {
        return JSON.parse(readFileSync(p, 'utf8')) as unknown;
      } catch (e) {
        throw new RunFolderError(`${p}: not valid JSON (${(e as Error).message})`);
      }
    };
    const spec = shardSpec ?? parseSpec(read('spec.json'));
    const record = read('run.json') as RunRecord;
    if (record.format !== 'gtlab-run') throw new RunFolderError(`${join(dir, 'run.json')}: format must be "gtlab-run"`);
    return new RunFolder(dir, spec, record);
  }

  /**
   * Open a run to continue it (`gtlab run --resume`, a shard run again, the app's resume): its torn last
   * line, if a crash left one, gets its line end first, so the lines appended next stay whole.
   */
  static resume(dir: string, shardSpec?: ExperimentSpec): RunFolder {
    const folder = RunFolder.open(dir, shardSpec);
    folder.endTornLine();
    return folder;
  }

  /** Before resuming: a torn last line from a crash gets its line end, so the lines appended next stay whole. */
  endTornLine(): void {
    if (!existsSync(this.resultsPath)) return;
    const text = readFileSync(this.resultsPath, 'utf8');
    if (text.length > 0 && !text.endsWith('\n')) appendFileSync(this.resultsPath, '\n');
  }

  /**
   * The run folder of a merged shard set: `dir` already holds spec.json; run.json and results.jsonl
   * (`resultsText`: the lines sorted by tree and depth, one JSON object a line) are written as a run of
   * its own would leave them.
   */
  static merged(dir: string, spec: ExperimentSpec, record: RunRecord, resultsText: string): RunFolder {
    writeJson(join(dir, 'run.json'), record);
    const tmp = join(dir, `results.jsonl.tmp-${process.pid}`);
    writeFileSync(tmp, resultsText);
    renameSync(tmp, join(dir, 'results.jsonl'));
    return new RunFolder(dir, spec, record);
  }

  /** Durably append one result line. */
  append(line: ResultLine): void {
    appendFileSync(this.resultsPath, `${JSON.stringify(line)}\n`);
  }

  /**
   * Every result line so far, one per (tree, depth) (a rerun tree's later line wins); a torn last line
   * from a crash is skipped.
   */
  lines(): ResultLine[] {
    if (!existsSync(this.resultsPath)) return [];
    const parsed: ResultLine[] = [];
    for (const text of readFileSync(this.resultsPath, 'utf8').split('\n')) {
      if (text.trim() === '') continue;
      try {
        parsed.push(JSON.parse(text) as ResultLine);
      } catch {
        continue;
      }
    }
    return latestLines(parsed).sort(compareLines);
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
    writeJson(join(this.dir, 'run.json'), this.record);
  }

  /** Write summary.json and results.csv (both derived from results.jsonl, which stays the record). */
  writeSummary(summary: RunSummary, lines = this.lines()): void {
    writeJson(join(this.dir, 'summary.json'), { name: this.spec.name, seed: this.spec.seed, generator: GENERATOR, counting: COUNTING_CONVENTION, ...summary });
    const csv = join(this.dir, 'results.csv');
    writeFileSync(`${csv}.tmp-${process.pid}`, resultsCsv(lines, { name: this.spec.name, seed: this.spec.seed, generator: GENERATOR, counting: COUNTING_CONVENTION }));
    renameSync(`${csv}.tmp-${process.pid}`, csv);
  }
}
