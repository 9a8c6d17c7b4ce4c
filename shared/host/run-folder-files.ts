/**
 * A results folder written by the CLI (`gtlab run --out DIR`, a merged `gtlab merge DIR`, or a sweep
 * `gtlab sweep … --out DIR`, perhaps copied back from a cluster) read from its files' texts, so the app
 * can keep it in History beside its own runs: the desktop app and the browser both hand the files over
 * as (path relative to the folder, text). Everything is validated (the spec by its schema, run.json's
 * format, every line by the one reader of results.jsonl, ../io/results-lines.ts, and its tree and depth
 * against the spec); a damaged line refuses the folder, naming the file and line. A torn last line from
 * a crash is left out, as the CLI's readers do: its tree is not complete, so the run shows as stopped;
 * the folder's `notices` say so, for the app to tell its user.
 */
import type { ImportedSweep, RunData } from '../api/contract.ts';
import { compareLines, type ResultLine } from '../io/result-line-fields.ts';
import { parseSpec, seriesLabel, SpecError, specDepths, type ExperimentSpec } from '../experiments/spec.ts';
import { checkLineOfSpec } from '../experiments/result-line-schema.ts';
import { parseSweepRecord } from '../experiments/sweep-record.ts';
import { FormatError } from '../io/format-error.ts';
import { describeJsonProblem, readJsonText } from '../io/json-text.ts';
import { describeLineProblems, readResultLines } from '../io/results-lines.ts';

export interface FolderFile {
  /** path inside the chosen folder, "/"-separated ("spec.json", "cells/e=0/results.jsonl") */
  path: string;
  text: string;
}

interface ImportedRun {
  /** where in the folder: "" for a run folder, "cells/<slug>" for a sweep's cell */
  at: string;
  run: Omit<RunData, 'id'>;
  /** what reading it left out that its user should hear of (a torn last line) */
  notices: string[];
}

export interface ImportedFolder {
  runs: ImportedRun[];
  /** a sweep folder's record (sweep.json) */
  sweep: ImportedSweep | null;
  /** every run's notices, in the order of the runs */
  notices: string[];
}

/** Largest folder the app reads (a 500-tree depth-10 Fig. 4 run is ~5 MB of results). */
const MAX_FOLDER_BYTES = 200 * 1024 * 1024;

export class FolderFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FolderFormatError';
  }
}

function parseJson(file: FolderFile): unknown {
  const json = readJsonText(file.text);
  if (!json.ok) throw new FolderFormatError(`${file.path}: ${describeJsonProblem(json.problem)}`);
  return json.value;
}

/**
 * The lines of results.jsonl, each checked against the spec; a torn last line is left out, with the
 * notice that says so.
 */
function parseLines(file: FolderFile, spec: ExperimentSpec): { lines: ResultLine[]; notice: string | null } {
  const read = readResultLines(file.text);
  const damage = read.problems.filter((p) => p !== read.torn);
  if (damage.length > 0) throw new FolderFormatError(describeLineProblems(file.path, damage));
  const depths = new Set(specDepths(spec));
  const labels = spec.series.map(seriesLabel);
  const out = new Map<string, ResultLine>();
  for (const { no, line: raw } of read.lines) {
    let l: ResultLine;
    try {
      l = checkLineOfSpec(raw, spec, depths, labels);
    } catch (e) {
      if (e instanceof FormatError) throw new FolderFormatError(`${file.path} line ${no}: ${e.message}`);
      throw e;
    }
    out.set(`${l.tree}:${l.depth}`, l);
  }
  const notice = read.torn
    ? `${file.path} line ${read.torn.line}: ${read.torn.message}; it was left out, so its tree counts as not finished (resume the run to compute it again)`
    : null;
  return { lines: [...out.values()].sort(compareLines), notice };
}

function readRun(files: Map<string, FolderFile>, at: string): ImportedRun {
  const f = (name: string) => files.get(at === '' ? name : `${at}/${name}`);
  const specFile = f('spec.json'),
    runFile = f('run.json'),
    resultsFile = f('results.jsonl');
  const where = at === '' ? 'the folder' : at;
  if (!specFile || !runFile)
    throw new FolderFormatError(
      `${where} is not a run folder: it needs spec.json and run.json (a shard set needs gtlab merge first)`,
    );
  let spec: ExperimentSpec;
  try {
    spec = parseSpec(parseJson(specFile));
  } catch (e) {
    if (e instanceof SpecError) throw new FolderFormatError(`${specFile.path}: ${e.message}`);
    throw e;
  }
  const record = parseJson(runFile) as {
    format?: unknown;
    status?: unknown;
    createdAt?: unknown;
    generator?: unknown;
    failures?: unknown;
  };
  if (record === null || typeof record !== 'object' || record.format !== 'gtlab-run')
    throw new FolderFormatError(`${runFile.path}: format must be "gtlab-run"`);
  const statuses = ['queued', 'running', 'completed', 'cancelled', 'failed', 'interrupted'];
  // A run the CLI left running is not running here: it was interrupted (it can be resumed).
  const status =
    record.status === 'running' || record.status === 'queued'
      ? 'interrupted'
      : statuses.includes(String(record.status))
        ? String(record.status)
        : 'interrupted';
  const failures = Array.isArray(record.failures)
    ? record.failures.filter(
        (x): x is { tree: number; reason: string } =>
          x !== null &&
          typeof x === 'object' &&
          Number.isInteger((x as { tree: unknown }).tree) &&
          typeof (x as { reason: unknown }).reason === 'string',
      )
    : [];
  const read = resultsFile ? parseLines(resultsFile, spec) : { lines: [], notice: null };
  return {
    at,
    notices: read.notice === null ? [] : [read.notice],
    run: {
      spec,
      status: status as RunData['status'],
      failures,
      createdAt: typeof record.createdAt === 'string' ? record.createdAt : new Date(0).toISOString(),
      generator: typeof record.generator === 'string' ? record.generator : 'unknown',
      lines: read.lines,
    },
  };
}

/**
 * The runs of a folder's files: one run (a run folder or a merged shard set) or every finished or
 * partial cell of a sweep folder (sweep.json + cells/<slug>/). Paths may carry the folder's own name
 * as their first segment (a browser's directory upload does): it is stripped.
 */
export function readRunFolderFiles(input: readonly FolderFile[]): ImportedFolder {
  if (input.length === 0) throw new FolderFormatError('the folder is empty');
  const bytes = input.reduce((a, f) => a + f.text.length, 0);
  if (bytes > MAX_FOLDER_BYTES)
    throw new FolderFormatError(`the folder holds ${bytes} bytes of text; at most ${MAX_FOLDER_BYTES} are read`);
  const names = input.map((f) => f.path.replace(/\\/g, '/').replace(/^\.\//, ''));
  const first = names[0].split('/')[0];
  const atRoot = names.some((n) => n === 'spec.json' || n === 'run.json' || n === 'sweep.json');
  const strip = !atRoot && names.every((n) => n.startsWith(`${first}/`)) ? first.length + 1 : 0;
  const files = new Map(input.map((f, k) => [names[k].slice(strip), { path: names[k].slice(strip), text: f.text }]));
  const sweepFile = files.get('sweep.json');
  if (sweepFile) {
    let rec: ReturnType<typeof parseSweepRecord>;
    try {
      rec = parseSweepRecord(parseJson(sweepFile), 'sweep.json');
    } catch (e) {
      throw e instanceof FormatError ? new FolderFormatError(e.message) : e;
    }
    const cells = rec.cells.map(({ slug, params }) => ({ slug, params }));
    const runs = cells
      .filter((c) => files.has(`cells/${c.slug}/run.json`))
      .map((c) => readRun(files, `cells/${c.slug}`));
    if (runs.length === 0)
      throw new FolderFormatError('the sweep folder has no cell with a run yet (on a cluster: wait for the merge job)');
    return {
      runs,
      sweep: { name: rec.name, axes: rec.axes, figureAxes: rec.figureAxes ?? rec.axes, cells },
      notices: runs.flatMap((r) => r.notices),
    };
  }
  const run = readRun(files, '');
  return { runs: [run], sweep: null, notices: run.notices };
}
