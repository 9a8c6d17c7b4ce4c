/**
 * The shape of a run folder's run.json (RunRecord, ./run-folder.ts) checked when a folder is opened,
 * so a damaged record is named field by field instead of failing later where a field is used.
 */
import type { RunStatus } from '../shared/api/contract.ts';

const STATUSES: readonly RunStatus[] = ['queued', 'running', 'completed', 'cancelled', 'failed', 'interrupted'];
const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

/** What is wrong with a parsed run.json, or null when it is a run record. */
export function runRecordProblem(x: unknown): string | null {
  if (!isObject(x))
    return `must be a JSON object (found ${x === null ? 'null' : Array.isArray(x) ? 'a list' : typeof x})`;
  if (x.format !== 'gtlab-run') return 'format must be "gtlab-run"';
  if (
    !Array.isArray(x.failures) ||
    !x.failures.every((f) => isObject(f) && Number.isSafeInteger(f.tree) && typeof f.reason === 'string')
  ) {
    return 'failures: must be a list of {"tree", "reason"}';
  }
  if (!STATUSES.includes(x.status as RunStatus)) return `status: must be one of ${STATUSES.join(', ')}`;
  for (const k of ['name', 'generator', 'createdAt', 'updatedAt'] as const)
    if (typeof x[k] !== 'string') return `${k}: must be a string`;
  if (x.finishedAt !== null && typeof x.finishedAt !== 'string') return 'finishedAt: must be a string or null';
  if (!Number.isSafeInteger(x.seed)) return 'seed: must be an integer';
  if (!Number.isSafeInteger(x.workers) || (x.workers as number) < 1) return 'workers: must be an integer ≥ 1';
  if (x.shard !== undefined) {
    const s = x.shard;
    if (
      !isObject(s) ||
      !Number.isSafeInteger(s.index) ||
      !Number.isSafeInteger(s.count) ||
      typeof s.specHash !== 'string'
    )
      return 'shard: must be {"index", "count", "specHash"}';
  }
  if (x.notes !== undefined && !isObject(x.notes)) return 'notes: must be an object';
  return null;
}
