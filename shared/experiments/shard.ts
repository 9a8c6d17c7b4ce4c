/**
 * Shards of a run: shard I of N runs exactly the trees t with t mod N = I, so N processes (or Slurm
 * array tasks) cover a spec's trees once, and the numbers do not change because tree t is always
 * generated from (seed, t). A shard set shares one spec, identified by its hash: a canonical JSON
 * (keys sorted) hashed with 64-bit FNV-1a, so every host computes the same hex string.
 */
import type { ExperimentSpec } from './spec.ts';

export interface ShardId {
  index: number;
  count: number;
}

/** The largest number of shards a run may be split into. */
export const MAX_SHARDS = 10_000;

/** "I/N" → {index, count}, or a message naming what is allowed. */
export function parseShardId(text: string): ShardId | string {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const bad = `--shard ${text} is not allowed: write I/N with integers 0 ≤ I < N ≤ ${MAX_SHARDS}`;
  if (!m) return bad;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return count >= 1 && count <= MAX_SHARDS && index < count ? { index, count } : bad;
}

/** The folder name of a shard under DIR/shards/. */
export function shardDirName(s: ShardId): string {
  return `${s.index}-of-${s.count}`;
}

/** A shard folder name back to its id, or null for anything else. */
export function parseShardDirName(name: string): ShardId | null {
  const m = /^(\d+)-of-(\d+)$/.exec(name);
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return count >= 1 && index < count ? { index, count } : null;
}

/** Whether tree t belongs to shard s. */
export function inShard(tree: number, s: ShardId): boolean {
  return tree % s.count === s.index;
}

/** The trees of shard s among `trees` trees, ascending. */
export function shardTrees(trees: number, s: ShardId): number[] {
  const out: number[] = [];
  for (let t = s.index; t < trees; t += s.count) out.push(t);
  return out;
}

/** The trees a shard run skips: every tree of other shards, and those of its own already complete. */
export function shardSkipSet(trees: number, s: ShardId, complete: ReadonlySet<number>): Set<number> {
  const skip = new Set<number>();
  for (let t = 0; t < trees; t++) if (!inShard(t, s) || complete.has(t)) skip.add(t);
  return skip;
}

/** JSON with object keys sorted at every level: the same text for the same value on every host. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The spec's hash: 64-bit FNV-1a over the UTF-16 code units of its canonical JSON, 16 hex digits. */
export function specHash(spec: ExperimentSpec): string {
  const text = canonicalJson(spec);
  const prime = 0x100000001b3n;
  const mask = (1n << 64n) - 1n;
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * prime) & mask;
  }
  return h.toString(16).padStart(16, '0');
}
