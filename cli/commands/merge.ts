/**
 * `gtlab merge DIR [--json]`: join the shards of DIR/shards/ (gtlab run … --shard I/N --out DIR) into
 * the run folder DIR (node/shard-merge.ts). Exit 0 complete, 1 incomplete (what is missing is named),
 * 2 bad input (a shard of another spec or shard count, a conflicting line; nothing is written), or
 * DIR locked by another writer (node/run-folder-lock.ts): a merge takes DIR's lock while it writes.
 */
import { existsSync } from 'node:fs';
import { checked, checkedAsync, parse } from '../args.ts';
import { lockRunFolder } from '../../node/run-folder-lock.ts';
import { UsageError } from '../usage-error.ts';
import { mergeShardSet, type MergeReport } from '../../node/shard-merge.ts';

const MERGE_HELP = `gtlab merge DIR [--json]

Join the shards DIR/shards/I-of-N/ of a sharded run (gtlab run SPEC --shard I/N --out DIR) into DIR.
When every tree has all its depths, DIR gets run.json, results.jsonl (sorted by tree and depth),
summary.json and results.csv as a local gtlab run of DIR/spec.json would write them (and the Fig. 4
report and figures for those presets), written into a temporary folder in DIR and moved into place
at the end, so a refused or failed merge leaves DIR as it was. A shard's torn last line (a write a
kill cut short) is set aside in its results.torn and reported by shard and line, as are duplicate
lines; any other damaged line (not JSON, not a result line) is named and refused.
Merging again with the same shards changes nothing. DIR is locked (DIR/gtlab.lock) while the merge
writes it: a merge into a folder another process is writing is refused (exit 2), naming that process.
Exit 0 complete, 1 incomplete (the missing trees are named), 2 bad input (nothing written).

  --json   print {"trees","complete","missing","shards":[{"index","trees","done","state"}],"problems"}
`;

/** One line per problem and the missing trees, for stderr. */
export function describeMerge(dir: string, r: MergeReport): string {
  const out = r.problems.map(
    (p) =>
      `gtlab: shard ${p.shard} line ${p.line}: ${p.kind === 'torn' ? "torn last line (a write cut short), set aside in the shard's results.torn; running the shard again completes its tree" : 'duplicate of an earlier line (kept once)'}\n`,
  );
  if (r.complete)
    out.push(`complete: ${r.trees} trees merged into ${dir}${r.written ? '' : ' (already merged, unchanged)'}\n`);
  else {
    const shards = r.shards
      .filter((s) => s.state !== 'complete')
      .map((s) => `${s.index} (${s.state}, ${s.done}/${s.trees} trees)`);
    out.push(
      `incomplete: ${r.missing.length} of ${r.trees} trees missing: ${r.missing.join(', ')}; shards not complete: ${shards.join(', ')}\n`,
    );
  }
  return out.join('');
}

export async function merge(argv: string[]): Promise<number> {
  const { flags, positionals } = parse(argv, { json: { type: 'boolean' } }, MERGE_HELP);
  if (positionals.length !== 1)
    throw new UsageError('merge takes one DIR, the --out of the shard runs (see gtlab merge --help)');
  const dir = positionals[0];
  const lock = existsSync(dir) ? checked(() => lockRunFolder(dir)) : null; // a missing DIR: the merge says it is no shard set
  let report: MergeReport;
  try {
    report = await checkedAsync(() => mergeShardSet(dir));
  } finally {
    lock?.release();
  }
  process.stderr.write(describeMerge(positionals[0], report));
  if (flags.json) process.stdout.write(`${JSON.stringify(report)}\n`);
  return report.complete ? 0 : 1;
}
