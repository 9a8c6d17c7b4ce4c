/**
 * `gtlab merge DIR`: a shard set's folders read back into one run. Every shard's results.jsonl is read
 * by the one reader (../shared/io/results-lines.ts): a torn last line (a shard killed while writing) is
 * reported and set aside in the shard's results.torn, as the shard's own resume would; a (tree, depth)
 * seen before is reported as a duplicate (a requeued shard reruns a tree it had begun; its lines are
 * the same), with shard and line number. A damaged line (not JSON, not an object, a missing or
 * ill-typed field), a line that differs from an earlier one of the same (tree, depth), a tree outside
 * its shard, a damaged run.json, or a shard of another spec (hash) or shard count is bad input: it is
 * named and nothing is written. When every tree has all its depths, DIR becomes the run folder a local
 * `gtlab run` of the spec would leave: run.json, results.jsonl sorted by (tree, depth), summary.json and
 * results.csv, and the Fig. 4 extras for those presets, all written into a temporary folder in DIR
 * and moved into place at the end (./atomic-outputs.ts). Merging again with unchanged shards rewrites nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeOutputsAtomically } from './atomic-outputs.ts';
import { damageMessage, prepareForAppend, readResultsFile } from './results-file.ts';
import { RunFolder, runRecord, type RunRecord } from './run-folder.ts';
import { listShardDirs, readSetSpec, shardsDir } from './shard-set.ts';
import { runOutputs } from './run-outputs.ts';
import { compareLines, type ResultLine } from '../shared/io/result-line-fields.ts';
import { seriesLabel, specDepths, type ExperimentSpec } from '../shared/experiments/spec.ts';
import { checkLineOfSpec } from '../shared/experiments/result-line-schema.ts';
import { FormatError } from '../shared/io/format-error.ts';
import { inShard, shardDirName, shardTrees, specHash } from '../shared/experiments/shard.ts';
import { completeTrees } from '../shared/host/run-rules.ts';
import { comparesFastestCutFirst } from '../shared/furtak-buro/fig4-summary.ts';

export class MergeInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MergeInputError';
  }
}

interface MergeProblem {
  shard: number;
  /** 1-based line number in the shard's results.jsonl */
  line: number;
  /** torn: the shard's torn last line (set aside by a merge); duplicate: a line seen before, kept once */
  kind: 'torn' | 'duplicate';
}

export interface ShardState {
  index: number;
  /** the shard's trees (t mod N = index) */
  trees: number;
  /** of those, trees with a line at every depth */
  done: number;
  state: 'complete' | 'incomplete' | 'absent';
}

export interface MergeReport {
  trees: number;
  complete: boolean;
  missing: number[];
  shards: ShardState[];
  problems: MergeProblem[];
  /** whether this merge wrote the merged run (false when incomplete, or already merged from the same lines) */
  written: boolean;
}

interface ShardRead {
  record: RunRecord | null;
  lines: ResultLine[];
}

/** Read every shard of the set in `dir` (with `count` shards, else the count the shard folders say). */
function readShardSet(
  dir: string,
  count?: number,
): { spec: ExperimentSpec; count: number; shards: ShardRead[]; problems: MergeProblem[]; torn: string[] } {
  let spec: ExperimentSpec | null;
  try {
    spec = readSetSpec(dir);
  } catch (e) {
    throw new MergeInputError((e as Error).message);
  }
  if (!spec)
    throw new MergeInputError(
      `${dir} is not a shard set: ${join(dir, 'spec.json')} is missing (write one with gtlab run … --shard I/N --out ${dir})`,
    );
  const found = listShardDirs(dir);
  const counts = [...new Set(found.map((s) => s.count))];
  if (counts.length > 1 || (count !== undefined && counts.length === 1 && counts[0] !== count)) {
    throw new MergeInputError(
      `${shardsDir(dir)} mixes shard counts (${[...new Set([...counts, ...(count === undefined ? [] : [count])])].join(', ')}): one set has one N`,
    );
  }
  const n = count ?? counts[0];
  if (n === undefined) throw new MergeInputError(`${shardsDir(dir)} holds no shard folders (I-of-N)`);
  const hash = specHash(spec);
  const depths = new Set(specDepths(spec));
  const labels = spec.series.map(seriesLabel);
  const problems: MergeProblem[] = [];
  const seen = new Map<string, string>();
  const shards: ShardRead[] = [];
  /** shards' results files with a torn last line, for the merge to set aside */
  const torn: string[] = [];
  for (let index = 0; index < n; index++) {
    const sdir = join(shardsDir(dir), shardDirName({ index, count: n }));
    if (!existsSync(join(sdir, 'run.json'))) {
      shards.push({ record: null, lines: [] });
      continue;
    }
    let record: RunRecord;
    try {
      record = RunFolder.open(sdir, spec).record;
    } catch (e) {
      throw new MergeInputError((e as Error).message);
    }
    if (record.shard?.specHash !== hash) {
      throw new MergeInputError(
        `shard ${index} (${join(sdir, 'run.json')}) was run with spec hash ${record.shard?.specHash ?? '(none)'}, not ${hash} of ${join(dir, 'spec.json')}: refused`,
      );
    }
    const lines: ResultLine[] = [];
    const path = join(sdir, 'results.jsonl');
    const read = readResultsFile(path);
    const damage = damageMessage(path, read);
    if (damage) throw new MergeInputError(`shard ${index}: ${damage}`);
    if (read.torn) {
      problems.push({ shard: index, line: read.torn.line, kind: 'torn' });
      torn.push(path);
    }
    read.lines.forEach(({ no, line: raw }) => {
      const where = `shard ${index}: ${path} line ${no}`;
      let l: ResultLine;
      try {
        l = checkLineOfSpec(raw, spec, depths, labels);
      } catch (e) {
        if (e instanceof FormatError) throw new MergeInputError(`${where}: ${e.message}`);
        throw e;
      }
      if (!inShard(l.tree, { index, count: n })) {
        throw new MergeInputError(
          `${where}: tree ${l.tree} is not one of this shard's (t mod ${n} = ${index}, t < ${spec.trees})`,
        );
      }
      const key = `${l.tree}:${l.depth}`;
      const canonical = JSON.stringify(l);
      const before = seen.get(key);
      if (before !== undefined) {
        if (before !== canonical)
          throw new MergeInputError(
            `${where}: tree ${l.tree} depth ${l.depth} differs from an earlier line of the same tree and depth`,
          );
        problems.push({ shard: index, line: no, kind: 'duplicate' });
        return;
      }
      seen.set(key, canonical);
      lines.push(l);
    });
    shards.push({ record, lines });
  }
  return { spec, count: n, shards, problems, torn };
}

/** What the shards of `dir` hold (nothing is written): the report, and the lines and records to merge. */
export function inspectShardSet(
  dir: string,
  count?: number,
): { spec: ExperimentSpec; report: MergeReport; lines: ResultLine[]; records: RunRecord[]; torn: string[] } {
  const { spec, count: n, shards, problems, torn } = readShardSet(dir, count);
  const all = shards.flatMap((s) => s.lines);
  const done = completeTrees(spec, all);
  const missing = [...Array(spec.trees).keys()].filter((t) => !done.has(t));
  const states: ShardState[] = shards.map((s, index) => {
    const own = shardTrees(spec.trees, { index, count: n });
    const d = own.filter((t) => done.has(t)).length;
    return {
      index,
      trees: own.length,
      done: d,
      state: s.record === null ? 'absent' : d === own.length ? 'complete' : 'incomplete',
    };
  });
  const report: MergeReport = {
    trees: spec.trees,
    complete: missing.length === 0,
    missing,
    shards: states,
    problems,
    written: false,
  };
  const lines = [...all].sort(compareLines);
  return { spec, report, lines, records: shards.map((s) => s.record).filter((r): r is RunRecord => r !== null), torn };
}

/**
 * Merge the shard set in `dir`: torn last lines of shards are set aside; the merged run is written
 * only when complete and changed, all at once.
 */
export async function mergeShardSet(dir: string, count?: number): Promise<MergeReport> {
  const { spec, report, lines: sorted, records, torn } = inspectShardSet(dir, count);
  for (const path of torn) prepareForAppend(path);
  if (!report.complete) return report;

  const text = sorted.map((l) => `${JSON.stringify(l)}\n`).join('');
  const fig4 = comparesFastestCutFirst(spec); // the files runOutputs writes
  const outputs = [
    'run.json',
    'summary.json',
    'results.csv',
    ...(fig4 ? ['fig4-summary.json', 'report.md', 'figure.svg', 'figure.pdf', 'figure.png'] : []),
  ];
  const resultsPath = join(dir, 'results.jsonl');
  if (
    existsSync(resultsPath) &&
    readFileSync(resultsPath, 'utf8') === text &&
    outputs.every((f) => existsSync(join(dir, f)))
  )
    return report;

  const createdAt = records.map((r) => r.createdAt).sort()[0];
  const finishedAt =
    records
      .map((r) => r.finishedAt ?? r.updatedAt)
      .sort()
      .at(-1) ?? createdAt;
  const workers = records.reduce((a, r) => a + r.workers, 0);
  const record = runRecord(spec, {
    createdAt,
    updatedAt: finishedAt,
    finishedAt,
    status: 'completed',
    workers,
    failures: [],
  });
  await writeOutputsAtomically(dir, 'run.json', async (tmp) => {
    const folder = RunFolder.merged(tmp, spec, record, text);
    folder.writeSummary(folder.summary(sorted), sorted);
    const outputs = runOutputs(spec, {
      workers,
      wallSeconds: () => (Date.parse(finishedAt) - Date.parse(createdAt)) / 1000,
    });
    await outputs?.(folder, 'completed');
  });
  report.written = true;
  return report;
}
