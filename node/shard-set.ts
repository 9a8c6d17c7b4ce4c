/**
 * A shard set on disk: DIR/spec.json (the spec, written once; its hash names the set) and one run
 * folder per shard under DIR/shards/I-of-N/ (run.json with the shard and the spec hash, results.jsonl).
 * A shard run opens its folder here: a new one is created, an existing one resumed, and a spec that
 * differs from the set's is refused before anything is written.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RunFolder, RunFolderError } from './run-folder.ts';
import { makeFolder, writeJsonWhole } from './storage.ts';
import { parseSpec, SpecError, type ExperimentSpec } from '../shared/experiments/spec.ts';
import { FormatError } from '../shared/io/format-error.ts';
import { readJsonFile } from './json-file.ts';
import { parseShardDirName, shardDirName, specHash, type ShardId } from '../shared/experiments/shard.ts';

export const shardsDir = (dir: string): string => join(dir, 'shards');

/** The set's spec (DIR/spec.json) or null when there is none yet; a file that is not a spec is an error. */
export function readSetSpec(dir: string): ExperimentSpec | null {
  const p = join(dir, 'spec.json');
  if (!existsSync(p)) return null;
  let raw: unknown;
  try {
    raw = readJsonFile(p);
  } catch (e) {
    throw e instanceof FormatError ? new RunFolderError(e.message) : e;
  }
  try {
    return parseSpec(raw);
  } catch (e) {
    throw e instanceof SpecError ? new RunFolderError(`${p}: ${e.message}`) : e;
  }
}

/** Refuses a set in `dir` of another spec or shard count (nothing is written). */
export function checkSet(dir: string, spec: ExperimentSpec, count: number): void {
  const existing = readSetSpec(dir);
  if (existing && specHash(existing) !== specHash(spec)) {
    throw new RunFolderError(
      `${join(dir, 'spec.json')} holds another spec (hash ${specHash(existing)}; this one is ${specHash(spec)}): shards of one set share one spec; choose another --out`,
    );
  }
  const others = listShardDirs(dir).filter((s) => s.count !== count);
  if (others.length > 0)
    throw new RunFolderError(
      `${shardsDir(dir)} holds shards of ${others[0].count}, not ${count}: --shard I/N must keep the set's N`,
    );
}

/** DIR/spec.json for the set, unless it is there already (call checkSet first). */
export function writeSetSpec(dir: string, spec: ExperimentSpec): void {
  if (!existsSync(join(dir, 'spec.json'))) {
    makeFolder(dir);
    // Array tasks may start together: each writes the same text and renames it into place.
    writeJsonWhole(join(dir, 'spec.json'), spec);
  }
}

/** Open (resume) or create shard `id` of the set in `dir` for `spec`; refuses a set of another spec or shard count. */
export function openShard(dir: string, spec: ExperimentSpec, id: ShardId, workers: number): RunFolder {
  checkSet(dir, spec, id.count);
  writeSetSpec(dir, spec);
  const hash = specHash(spec);
  const shardDir = join(shardsDir(dir), shardDirName(id));
  if (!existsSync(join(shardDir, 'run.json')))
    return RunFolder.create(shardDir, spec, workers, 'running', { ...id, specHash: hash });
  const folder = RunFolder.open(shardDir, spec);
  if (folder.record.shard?.specHash !== hash)
    throw new RunFolderError(
      `${join(shardDir, 'run.json')}: spec hash ${folder.record.shard?.specHash ?? '(none)'} is not the set's ${hash}`,
    );
  folder.prepareToAppend();
  return folder;
}

/** The shard folders present under DIR/shards/ (names I-of-N), by index. */
export function listShardDirs(dir: string): (ShardId & { dir: string })[] {
  if (!existsSync(shardsDir(dir))) return [];
  return readdirSync(shardsDir(dir))
    .map((name) => ({ name, id: parseShardDirName(name) }))
    .filter((e): e is { name: string; id: ShardId } => e.id !== null)
    .map((e) => ({ ...e.id, dir: join(shardsDir(dir), e.name) }))
    .sort((a, b) => a.count - b.count || a.index - b.index);
}
